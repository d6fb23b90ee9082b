/**
 * Issue 22: faults that synth, cfn-lint and cdk-nag do not catch, each asserted on the template.
 * (#3's bucket name is in backfill.test.ts and the stage check in config.test.ts; #1's handler path
 * in test/integration/trailing-slash.test.ts.)
 */
import { Match } from 'aws-cdk-lib/assertions';
import { ROUTE_THROTTLES, throttleOf } from '../../lib/constructs/route-throttles';
import { MAX_EVENT_FILTERS, WORKER_MAX_RECEIVES, dispatcherFilters } from '../../lib/constructs/stream-dispatch';
import { BEDROCK_FAILURE_THRESHOLD } from '../../lib/fleetdesk-stack';
import { DESTINATION_ENV } from '../../shared/domain/telemetry/destination-confirmation';
import { gatewayRouteKey, notFoundRoute, routes, workers, type WorkerDefinition } from '../../shared/routes';
import { DISPATCH_ENV, STREAM_DISPATCHER } from '../../shared/workers/stream-dispatch';
import { logicalId, resourcesOf, synth, synthConnector, type Synth } from './synth';

type Statement = { Sid?: string; Action: string | string[]; Effect: string; Resource: unknown; Principal?: unknown; Condition?: Record<string, Record<string, unknown>> };
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

let s: Synth;
beforeAll(() => {
  s = synth({ alarmEmail: 'ops@example.com' });
});

const fnId = (id: string, from: Synth = s) => logicalId(from.stack, from.stack.functions.get(id)?.fn.node.defaultChild);
const envOf = (id: string, from: Synth = s) =>
  (resourcesOf(from.template, 'AWS::Lambda::Function')[fnId(id, from)]?.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;
const tableId = (from: Synth = s) => logicalId(from.stack, from.stack.tableConstruct.table.node.defaultChild);
const streamArn = (from: Synth = s) => ({ 'Fn::GetAtt': [tableId(from), 'StreamArn'] });
const streamMappings = (from: Synth = s) =>
  Object.values(resourcesOf(from.template, 'AWS::Lambda::EventSourceMapping')).filter((m) => JSON.stringify(m.Properties?.EventSourceArn) === JSON.stringify(streamArn(from)));

describe('#2 the alarm topic accepts CloudWatch', () => {
  const cloudWatchAllow = (template: Synth['template']) =>
    Object.values(resourcesOf(template, 'AWS::SNS::TopicPolicy'))
      .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((st) => st.Effect === 'Allow' && JSON.stringify(st.Principal) === JSON.stringify({ Service: 'cloudwatch.amazonaws.com' }));

  test.each([
    ['main stack', () => s.template],
    ['connector stack', () => synthConnector().template],
  ])('%s: sns:Publish for cloudwatch.amazonaws.com, only from this account\'s alarms', (_name, template) => {
    const allow = cloudWatchAllow(template());
    expect(allow).toHaveLength(1);
    expect(allow[0]?.Action).toBe('sns:Publish');
    expect(allow[0]?.Condition?.StringEquals).toEqual({ 'aws:SourceAccount': { Ref: 'AWS::AccountId' } });
    expect(JSON.stringify(allow[0]?.Condition?.ArnLike?.['aws:SourceArn'])).toMatch(/:cloudwatch:.*AWS::Region.*AWS::AccountId.*:alarm:\*/);
  });
});

describe('#4 at most two readers of the table stream', () => {
  test('the stream dispatcher and the backfill continuation are the only readers, whatever the number of workers', () => {
    const readers = streamMappings().map((m) => JSON.stringify(m.Properties?.FunctionName));
    expect(readers.length).toBeLessThanOrEqual(2);
    expect(readers).toContain(JSON.stringify({ Ref: fnId(STREAM_DISPATCHER.id) }));
    for (const w of workers) expect(readers).not.toContain(JSON.stringify({ Ref: fnId(w.id) }));
    // Ten more workers (the webhook fan-out, …) still add no reader.
    const many: WorkerDefinition[] = Array.from({ length: 10 }, (_, i) => ({ ...(workers[0] as WorkerDefinition), id: `Extra${i}`, filter: { eventName: 'INSERT', newImage: { entity: `e${i}` } } }));
    // (without the routes: the full route table plus ten more workers would pass CloudFormation's 500 resources)
    const big = synth({}, { routes: [], workers: [...workers, ...many] });
    expect(streamMappings(big).length).toBeLessThanOrEqual(2);
  });

  test('the dispatcher is told every worker\'s queue and filter, may send to those queues only, and reads no table', () => {
    const env = envOf(STREAM_DISPATCHER.id);
    const targets = JSON.stringify(env[DISPATCH_ENV.targets]);
    for (const w of workers) {
      expect(targets).toContain(`\\"id\\":\\"${w.id}\\"`);
      expect(targets).toContain(JSON.stringify(JSON.stringify(w.filter)).slice(1, -1));
      expect(targets).toContain(logicalId(s.stack, s.stack.streamDispatch?.workerQueues.get(w.id)?.queue.node.defaultChild));
    }
    expect(env).not.toHaveProperty('TABLE_NAME');
  });

  test('the dispatcher\'s event source passes the union of the workers\' filters (up to Lambda\'s limit), with a DLQ', () => {
    const mine = streamMappings().find((m) => JSON.stringify(m.Properties?.FunctionName) === JSON.stringify({ Ref: fnId(STREAM_DISPATCHER.id) }));
    const filters = (mine?.Properties?.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) => JSON.parse(f.Pattern) as { eventName: string[] });
    expect(filters).toHaveLength(new Set(workers.map((w) => JSON.stringify(w.filter))).size);
    expect(mine?.Properties).toMatchObject({ FunctionResponseTypes: ['ReportBatchItemFailures'], BisectBatchOnFunctionError: true, StartingPosition: 'LATEST' });
    expect(JSON.stringify(mine?.Properties?.DestinationConfig)).toContain(logicalId(s.stack, s.stack.streamDispatch?.deadLetterQueue.queue.node.defaultChild));
    // Past the limit the dispatcher reads every record and filters itself (no filter is dropped silently).
    const six = Array.from({ length: MAX_EVENT_FILTERS + 1 }, (_, i) => ({ eventName: 'INSERT' as const, newImage: { entity: `e${i}` } }));
    expect(dispatcherFilters(six)).toEqual([]);
  });

  test.each(workers.map((w) => [w.id] as const))('%s keeps its own retries, DLQ and alarm: its queue, a DLQ after %#+5 receives, an SQS event source with partial batch responses', (id) => {
    const q = s.stack.streamDispatch?.workerQueues.get(id);
    const dlqArn = { 'Fn::GetAtt': [logicalId(s.stack, q?.deadLetterQueue.queue.node.defaultChild), 'Arn'] };
    expect(resourcesOf(s.template, 'AWS::SQS::Queue')[logicalId(s.stack, q?.queue.node.defaultChild)]?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: { deadLetterTargetArn: dlqArn, maxReceiveCount: WORKER_MAX_RECEIVES },
    });
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId(id) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(s.stack, q?.queue.node.defaultChild), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(s.stack, q?.deadLetterQueue.queue.node.defaultChild), 'QueueName'] } }],
    });
  });

  test('ListStreams (an action that takes only "*") is granted nowhere', () => {
    const actions = Object.values(resourcesOf(s.template, 'AWS::IAM::Policy')).flatMap((p) =>
      (p.Properties?.PolicyDocument as { Statement: Statement[] }).Statement.flatMap((st) => asArray(st.Action)),
    );
    expect(actions).not.toContain('dynamodb:ListStreams');
    expect(actions).toContain('dynamodb:GetRecords');
  });
});

describe('#5 Bedrock failures are counted and alarmed', () => {
  test('no Bedrock, no metric filter; with Bedrock, each calling function counts its failures into one alarmed metric', () => {
    s.template.resourceCountIs('AWS::Logs::MetricFilter', 0);
    const b = synth({ classifier: 'bedrock', bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0', diagnosis: 'bedrock' });
    const filters = Object.values(resourcesOf(b.template, 'AWS::Logs::MetricFilter'));
    const callers = [...b.stack.functions.values()].filter((f) => f.bedrockFailures);
    expect(callers.length).toBeGreaterThanOrEqual(2); // CreateTicket (classifier) and TicketDiagnosis at least
    expect(filters).toHaveLength(callers.length);
    for (const f of filters) {
      expect(f.Properties?.FilterPattern).toMatch(/\$\.message = "classifier failed\*"/);
      expect(f.Properties?.FilterPattern).toMatch(/\$\.message = "diagnosis summarizer failed\*"/);
      expect(f.Properties?.MetricTransformations).toEqual([expect.objectContaining({ MetricName: 'BedrockFailures', MetricValue: '1' })]);
    }
    b.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'BedrockFailures',
      Threshold: BEDROCK_FAILURE_THRESHOLD,
      AlarmActions: Match.anyValue(),
    });
  });
});

describe('#6 the connector token key outlives the stack', () => {
  test('retained (DeletionPolicy and UpdateReplacePolicy), and reused by ARN after a teardown', () => {
    s.template.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    const arn = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    const again = synth({ connectorKeyArn: arn });
    again.template.resourceCountIs('AWS::KMS::Key', 0);
    again.template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'kms:Decrypt', Resource: arn })]) },
    });
  });
});

describe('#7 makers\' upload grants come from context', () => {
  const org = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const bucketPolicy = (from: Synth) =>
    Object.values(resourcesOf(from.template, 'AWS::S3::BucketPolicy'))
      .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((st) => st.Effect === 'Allow' && asArray(st.Action).includes('s3:PutObject') && JSON.stringify(st.Principal).includes('"AWS"'));

  test('none by default; each entry a PutObject grant on its organization\'s prefix only', () => {
    expect(bucketPolicy(s)).toEqual([]);
    const u = synth({ backfillUploaders: `${org}=111122223333,${org}=arn:aws:iam::444455556666:role/uploader` });
    const grants = bucketPolicy(u);
    expect(grants).toHaveLength(2);
    for (const g of grants) {
      expect(asArray(g.Action).sort()).toEqual(['s3:AbortMultipartUpload', 's3:PutObject']);
      expect(JSON.stringify(g.Resource)).toContain(`/backfill/${org}/*`);
      expect(asArray(g.Action)).not.toContain('s3:ListBucket');
    }
    expect(JSON.stringify(grants.map((g) => g.Principal))).toContain(':iam::111122223333:root');
    expect(JSON.stringify(grants.map((g) => g.Principal))).toContain('arn:aws:iam::444455556666:role/uploader');
  });

  test.each([['nope=111122223333', /organization id/], [`${org}=*`, /principal/], [`${org}`, /principal/]])('refuses %s', (value, message) => {
    expect(() => synth({ backfillUploaders: value })).toThrow(message);
  });
});

describe('#8 throttles per route', () => {
  const stageProps = () => Object.values(resourcesOf(s.template, 'AWS::ApiGatewayV2::Stage'))[0];

  test('every route has its own throttle; telemetry far above the CRUD routes', () => {
    const settings = stageProps()?.Properties?.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    // A group behind one greedy route (the console's API) has that route's one throttle.
    expect(Object.keys(settings).sort()).toEqual([...new Set(routes.map(gatewayRouteKey))].sort());
    for (const r of routes) {
      expect(settings[gatewayRouteKey(r)]).toEqual({ ThrottlingRateLimit: throttleOf(r).rateLimit, ThrottlingBurstLimit: throttleOf(r).burstLimit });
    }
    expect(settings['POST /api/telemetry']?.ThrottlingRateLimit).toBe(ROUTE_THROTTLES.telemetry.rateLimit);
    expect(ROUTE_THROTTLES.telemetry.rateLimit).toBeGreaterThanOrEqual(5 * ROUTE_THROTTLES.api.rateLimit);
  });

  test('the stage waits for the routes its settings name (a missing route key fails the deploy)', () => {
    const dependsOn = (stageProps()?.DependsOn ?? []) as string[];
    for (const [id, r] of Object.entries(resourcesOf(s.parent, 'AWS::ApiGatewayV2::Route'))) {
      if (r.Properties?.RouteKey !== '$default') expect(dependsOn).toContain(id);
    }
    // The console groups' routes are in the nested stack (lib/route-groups.ts): the stage waits for that whole stack.
    const nested = s.stack.routeGroupsStack;
    expect(Object.keys(resourcesOf(s.nested[nested?.node.id as string] as never, 'AWS::ApiGatewayV2::Route')).length).toBeGreaterThan(0);
    expect(dependsOn).toContain(logicalId(s.stack, nested?.nestedStackResource));
  });
});

describe('#1 and issue 23 #8: the fallback serves the trailing-slash forms, confirmations only for known accounts', () => {
  test('the not-found function has the slash-form routes\' table access and the accepted accounts', () => {
    const env = envOf(notFoundRoute.id);
    expect(env.TABLE_NAME).toEqual({ Ref: tableId() });
    expect(JSON.stringify(env[DESTINATION_ENV.accounts])).toContain('AWS::AccountId');
    expect(envOf('IngestTelemetry')[DESTINATION_ENV.accounts]).toEqual(env[DESTINATION_ENV.accounts]);
    const c = synth({ iotConnectorAccounts: '111122223333,444455556666' });
    expect(JSON.stringify(envOf('IngestTelemetry', c)[DESTINATION_ENV.accounts])).toMatch(/AWS::AccountId.*,111122223333,444455556666/);
    expect(() => synth({ iotConnectorAccounts: '12345' })).toThrow(/iotConnectorAccounts/);
  });
});
