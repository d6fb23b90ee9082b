import { Match } from 'aws-cdk-lib/assertions';
import { ENV } from '../../shared/config/env';
import { TABLE } from '../../shared/db/table';
import { CLASSIFIER_ENV } from '../../shared/domain/ticket/classifier/classifier';
import { CHAT_DELIVERY_STREAM, CHAT_ENV } from '../../shared/domain/ticket/notification/chat-delivery';
import { gatewayRouteKey, ingestion, notFoundRoute, queueWorkers, routes, schedules, workers, type RouteDefinition, type WorkerDefinition } from '../../shared/routes';
import { TABLE_ACTIONS } from '../../lib/constructs/fleet-function';
import { API_THROTTLE } from '../../lib/fleetdesk-stack';
import { STREAM_DISPATCHER } from '../../shared/workers/stream-dispatch';
import { DESTINATION_ENV } from '../../shared/domain/telemetry/destination-confirmation';
import { logicalId, resourcesOf, synth, type Synth } from './synth';

type Statement = { Action: string | string[]; Effect: string; Resource: unknown };
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

let s: Synth;
beforeAll(() => {
  s = synth({ alarmEmail: 'ops@example.com' });
});

/** The function serving a route, worker or ingestion id (routes sharing one name it in `functionId`). */
const functionIdOf = (id: string) => routes.find((r) => r.id === id)?.functionId ?? id;
/** Distinct functions of the route table (the MCP endpoint's three methods are one function, the docs page and its assets another). */
const routeFunctionIds = [...new Set(routes.map((r) => r.functionId ?? r.id))];

function fnLogicalId(id: string): string {
  const f = s.stack.functions.get(functionIdOf(id));
  if (!f) throw new Error(`no function ${id}`);
  return logicalId(s.stack, f.fn.node.defaultChild);
}

/** The statements of the inline policy attached to a function's role. */
function statementsOf(id: string, from: Synth = s): Statement[] {
  const f = from.stack.functions.get(functionIdOf(id));
  if (!f) throw new Error(`no function ${id}`);
  const roleId = logicalId(from.stack, f.role.node.defaultChild);
  const policies = Object.values(resourcesOf(from.template, 'AWS::IAM::Policy')).filter((p) =>
    JSON.stringify((p.Properties as { Roles: unknown }).Roles).includes(`"${roleId}"`),
  );
  return policies.flatMap((p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);
}

const tableId = () => logicalId(s.stack, s.stack.tableConstruct.table.node.defaultChild);
const everyDefinition: readonly (RouteDefinition | WorkerDefinition)[] = [...routes, ...workers];
// IoT-rule ingestion functions (test/infra/iot.test.ts covers them in detail): one function and two queues each.
const iotIngestionIds = ingestion.filter((d) => d.source === 'iotRule').map((d) => d.id);
// S3 backfill functions (test/infra/backfill.test.ts covers them): one function, its queue and two dead-letter queues,
// two SQS statements (consume its queue, send stream failures) and a second event source (the table stream) each.
const s3IngestionIds = ingestion.filter((d) => d.source === 's3').map((d) => d.id);
// Schedules (test/infra/anomaly.test.ts, connector.test.ts): one function, an EventBridge rule and a DLQ each.
const scheduleIds = schedules.map((d) => d.id);
// Queue-fed workers: one function, its work queue and that queue's DLQ, an SQS event source; it may send to its own
// queue (continuations), and so may each schedule that feeds it.
const queueWorkerIds = queueWorkers.map((d) => d.id);
const queueFeeders = schedules.filter((d) => d.feeds !== undefined).length;
const envOf = (id: string, from: Synth = s) =>
  (resourcesOf(from.template, 'AWS::Lambda::Function')[logicalId(from.stack, from.stack.functions.get(functionIdOf(id))?.fn.node.defaultChild)]?.Properties as {
    Environment: { Variables: Record<string, unknown> };
  }).Environment.Variables;

describe('functions from the route table', () => {
  test('exactly one function per route (or per shared functionId), per worker and per IoT ingestion, plus the not-found fallback, and nothing else', () => {
    s.template.resourceCountIs(
      'AWS::Lambda::Function',
      // + the dispatcher + the not-found fallback + aws-cdk-lib's BucketDeployment provider (it uploads the console at deploy time).
      routeFunctionIds.length + workers.length + iotIngestionIds.length + s3IngestionIds.length + scheduleIds.length + queueWorkerIds.length + 1 + 1 + CONSOLE_DEPLOYMENT_FUNCTIONS,
    );
    expect([...s.stack.functions.keys()].sort()).toEqual(
      [...routeFunctionIds, ...workers.map((d) => d.id), ...iotIngestionIds, ...s3IngestionIds, ...scheduleIds, ...queueWorkerIds, notFoundRoute.id, STREAM_DISPATCHER.id].sort(),
    );
  });

  test('the not-found function: the table access and env of the slash-form routes it serves (issue 22 #1), no other grant', () => {
    expect(Object.keys(envOf(notFoundRoute.id)).sort()).toEqual([DESTINATION_ENV.accounts, 'POWERTOOLS_SERVICE_NAME', ENV.tableName].sort());
    const actions = statementsOf(notFoundRoute.id).flatMap((st) => asArray(st.Action));
    expect(actions.sort()).toEqual([...TABLE_ACTIONS.readwrite, 'dynamodb:Query', 'logs:CreateLogStream', 'logs:PutLogEvents'].sort());
  });

  test.each(everyDefinition.map((d) => [d.id, d] as const))('%s has the house defaults and TABLE_NAME (none without table access)', (id, d) => {
    const props = resourcesOf(s.template, 'AWS::Lambda::Function')[fnLogicalId(id)]?.Properties;
    expect(props).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 512,
      LoggingConfig: { LogGroup: expect.anything() },
    });
    const env = (props as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;
    expect(env[ENV.tableName]).toEqual(d.table ? { Ref: tableId() } : undefined);
    // Source maps are off by default, so nothing asks Node to load them.
    expect(JSON.stringify(props)).not.toContain('enable-source-maps');
  });

  test('every function logs to its own log group with the configured retention', () => {
    const groups = resourcesOf(s.template, 'AWS::Logs::LogGroup');
    for (const d of everyDefinition) {
      const props = resourcesOf(s.template, 'AWS::Lambda::Function')[fnLogicalId(d.id)]?.Properties as { LoggingConfig: { LogGroup: { Ref: string } } };
      expect(groups[props.LoggingConfig.LogGroup.Ref]?.Properties).toMatchObject({ RetentionInDays: 30 });
    }
  });
});

describe('HTTP API', () => {
  test('routes equal the route table (method + path; a proxied group once, as its greedy route), plus $default', () => {
    const keys = Object.values(resourcesOf(s.template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties?.RouteKey);
    expect(keys.sort()).toEqual([...new Set(routes.map(gatewayRouteKey)), '$default'].sort());
  });

  test('$default (no route matched) integrates with the not-found function, without an authorizer', () => {
    const route = Object.values(resourcesOf(s.template, 'AWS::ApiGatewayV2::Route')).find((r) => r.Properties?.RouteKey === '$default');
    expect(route?.Properties?.AuthorizationType ?? 'NONE').toBe('NONE');
    const integrations = resourcesOf(s.template, 'AWS::ApiGatewayV2::Integration');
    const integrationId = Object.keys(integrations).find((k) => JSON.stringify(route?.Properties?.Target).includes(`"${k}"`));
    expect(JSON.stringify(integrations[integrationId as string]?.Properties?.IntegrationUri)).toContain(`"${fnLogicalId(notFoundRoute.id)}"`);
  });

  test('each route integrates with the function generated for it', () => {
    const integrations = resourcesOf(s.template, 'AWS::ApiGatewayV2::Integration');
    const routeResources = Object.values(resourcesOf(s.template, 'AWS::ApiGatewayV2::Route'));
    for (const route of routes) {
      const r = routeResources.find((x) => x.Properties?.RouteKey === gatewayRouteKey(route));
      const target = JSON.stringify(r?.Properties?.Target);
      const integrationId = Object.keys(integrations).find((k) => target.includes(`"${k}"`));
      expect(integrationId).toBeDefined();
      const integration = integrations[integrationId as string]?.Properties;
      expect(integration).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      expect(JSON.stringify(integration?.IntegrationUri)).toContain(`"${fnLogicalId(route.id)}"`);
    }
  });

  test('the empty-id getCustomer path has its own route to the getCustomer handler', () => {
    const withId = routes.find((r) => r.path.endsWith('/customer/getCustomer/{serviceCustomerId}'));
    const withoutId = routes.find((r) => r.method === 'GET' && r.path.endsWith('/customer/getCustomer'));
    expect(withoutId?.entry).toBe(withId?.entry);
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `GET ${withoutId?.path}` });
  });

  test('a route path with a trailing slash fails at synth, not at deploy', () => {
    const bad: RouteDefinition = { id: 'Bad', method: 'GET', path: '/api/ext-v1/x/', entry: 'functions/http/device/get-device.ts', table: 'read' };
    expect(() => synth({}, { routes: [bad], workers: [] })).toThrow(/ends with "\/"/);
  });

  test('$default stage: auto-deploy, throttling and JSON access logs without headers', () => {
    s.template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    const stage = Object.values(resourcesOf(s.template, 'AWS::ApiGatewayV2::Stage'))[0];
    expect(JSON.stringify(stage?.Properties?.AccessLogSettings)).not.toMatch(/header|x-api-key|body/i);
  });

  test('outputs tell integrators the base URL ends with /api/ext-v1', () => {
    const outputs = s.template.findOutputs('*');
    expect(JSON.stringify(outputs.ApiBaseUrl?.Value)).toMatch(/\/api\/ext-v1"\]\]\}$/);
    expect(outputs.TableName).toBeDefined();
    for (const w of workers) expect(outputs[`${w.id}DlqName`]).toBeDefined();
  });
});

/**
 * aws-cdk-lib's BucketDeployment provider (the console upload, lib/constructs/console-site.ts): not a Fleetdesk
 * function; runs only during deployments; its grants and managed policy are acknowledged for cdk-nag with reasons.
 */
const CONSOLE_DEPLOYMENT_FUNCTIONS = 1;
const notDeploymentProvider = ([id]: [string, unknown]) => !id.startsWith('CustomCDKBucketDeployment');

describe('least privilege', () => {
  test('no statement grants a service wildcard or Resource "*"', () => {
    for (const [, policy] of Object.entries(resourcesOf(s.template, 'AWS::IAM::Policy')).filter(notDeploymentProvider)) {
      for (const st of (policy.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement) {
        for (const action of asArray(st.Action)) expect(action).not.toMatch(/\*/);
        expect(asArray(st.Resource)).not.toContain('*');
        expect(JSON.stringify(st.Resource)).not.toMatch(/index\/\*/);
      }
    }
  });

  test('no AWS managed policies on function roles', () => {
    for (const [, role] of Object.entries(resourcesOf(s.template, 'AWS::IAM::Role')).filter(notDeploymentProvider)) {
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
    }
  });

  test.each(everyDefinition.map((d) => [d.id, d] as const))('%s gets exactly its table actions', (id, d) => {
    const onTable = statementsOf(id).filter((st) => JSON.stringify(st.Resource) === JSON.stringify({ 'Fn::GetAtt': [tableId(), 'Arn'] }));
    const actions = onTable.flatMap((st) => asArray(st.Action)).filter((a) => a.startsWith('dynamodb:'));
    expect(actions.sort()).toEqual(d.table ? [...TABLE_ACTIONS[d.table]].sort() : []);
    if (d.table === 'read') expect(actions.some((a) => /Put|Update|Delete|Write|ConditionCheck/.test(a))).toBe(false);
    const onIndex = statementsOf(id).filter((st) => JSON.stringify(st.Resource).includes(`/index/${TABLE.gsi1.indexName}`));
    expect(onIndex.flatMap((st) => asArray(st.Action))).toEqual(d.table ? ['dynamodb:Query'] : []);
  });

  test('no API function can touch SQS or the stream: createTicket only writes the table (the outbox)', () => {
    const queueArn = (id: string) => ({ 'Fn::GetAtt': [logicalId(s.stack, s.stack.workQueues.get(id)?.queue.node.defaultChild), 'Arn'] });
    for (const route of routes) {
      const actions = statementsOf(route.id).flatMap((st) => asArray(st.Action));
      // The exceptions: routes that queue a webhook attempt (test, redeliver) may send to the delivery
      // queue, and the console's "Sync now" to the connector sync queue, and nothing else.
      const sqs = statementsOf(route.id).filter((st) => asArray(st.Action).some((a) => a.startsWith('sqs:')));
      const allowed = [
        ...(route.uses?.includes('connectorSyncQueue') ? [queueArn('ConnectorSync')] : []),
        ...(route.uses?.includes('webhookQueue') ? [queueArn('WebhookDelivery')] : []),
      ];
      if (allowed.length > 0) {
        expect(sqs.map((st) => st.Resource)).toEqual(allowed);
        for (const st of sqs) expect(asArray(st.Action).filter((a) => a.startsWith('sqs:')).sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
        continue;
      }
      expect(actions.filter((a) => a.startsWith('sqs:'))).toEqual([]);
      expect(actions.filter((a) => /^dynamodb:(.*Stream|GetRecords|GetShardIterator)/.test(a))).toEqual([]);
    }
  });

  test('the only SQS grants: the dispatcher to the workers\' queues, each worker its own queue, each IoT ingestion function to its own failure queue', () => {
    const sqsStatements = Object.values(resourcesOf(s.template, 'AWS::IAM::Policy')).flatMap((p) =>
      (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement.filter((st) => asArray(st.Action).some((a) => a.startsWith('sqs:'))),
    );
    // Dispatcher: its stream DLQ (1) and one send per worker queue; each worker: consume its queue (1);
    // plus one per function that queues webhook attempts (routes and workers with the `webhookQueue` capability).
    // (one statement per function: the routes of a route group share theirs)
    const webhookQueueUsers = new Set([...routes, ...workers].filter((d) => d.uses?.includes('webhookQueue')).map((d) => ('functionId' in d && d.functionId) || d.id)).size;
    const syncQueueUsers = new Set(routes.filter((d) => d.uses?.includes('connectorSyncQueue')).map((d) => d.functionId ?? d.id)).size;
    expect(sqsStatements).toHaveLength(1 + 2 * workers.length + 2 * iotIngestionIds.length + 2 * s3IngestionIds.length + 2 * queueWorkerIds.length + queueFeeders + webhookQueueUsers + syncQueueUsers);
    for (const id of iotIngestionIds) {
      const queueArn = { 'Fn::GetAtt': [logicalId(s.stack, s.stack.ingestionQueues.get(id)?.functionFailures.queue.node.defaultChild), 'Arn'] };
      expect(statementsOf(id).filter((st) => asArray(st.Action).some((a) => a.startsWith('sqs:'))).map((st) => st.Resource)).toEqual([queueArn]);
    }
    for (const w of workers) {
      const queueId = logicalId(s.stack, s.stack.streamDispatch?.workerQueues.get(w.id)?.queue.node.defaultChild);
      const mine = statementsOf(w.id).filter((st) => asArray(st.Action).some((a) => a.startsWith('sqs:')));
      expect(mine).toHaveLength(w.uses?.includes('webhookQueue') ? 2 : 1);
      const consume = mine.filter((st) => JSON.stringify(st.Resource) === JSON.stringify({ 'Fn::GetAtt': [queueId, 'Arn'] }));
      expect(consume).toHaveLength(1);
      expect(asArray(consume[0]?.Action ?? [])).not.toContain('sqs:SendMessage');
    }
    const dispatcherSqs = statementsOf(STREAM_DISPATCHER.id).filter((st) => asArray(st.Action).some((a) => a.startsWith('sqs:')));
    expect(dispatcherSqs.map((st) => JSON.stringify(st.Resource)).sort()).toEqual(
      [
        ...workers.map((w) => JSON.stringify({ 'Fn::GetAtt': [logicalId(s.stack, s.stack.streamDispatch?.workerQueues.get(w.id)?.queue.node.defaultChild), 'Arn'] })),
        JSON.stringify({ 'Fn::GetAtt': [logicalId(s.stack, s.stack.streamDispatch?.deadLetterQueue.queue.node.defaultChild), 'Arn'] }),
      ].sort(),
    );
  });

  test('only the dispatcher reads the stream for the workers: exactly this table\'s stream, without ListStreams', () => {
    for (const w of workers) {
      expect(statementsOf(w.id).filter((st) => JSON.stringify(st.Resource).includes('StreamArn'))).toEqual([]);
    }
    const onStream = statementsOf(STREAM_DISPATCHER.id).filter((st) => JSON.stringify(st.Resource).includes('StreamArn'));
    expect(onStream).toHaveLength(1);
    expect(onStream[0]?.Resource).toEqual({ 'Fn::GetAtt': [tableId(), 'StreamArn'] });
    expect(asArray(onStream[0]?.Action ?? []).sort()).toEqual(['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']);
  });
});

describe('table', () => {
  test('keys and index come from the TABLE constants', () => {
    s.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: TABLE.partitionKey, AttributeType: 'S' },
        { AttributeName: TABLE.sortKey, AttributeType: 'S' },
        { AttributeName: TABLE.gsi1.partitionKey, AttributeType: 'S' },
        { AttributeName: TABLE.gsi1.sortKey, AttributeType: 'S' },
      ]),
      GlobalSecondaryIndexes: [
        {
          IndexName: TABLE.gsi1.indexName,
          KeySchema: [
            { AttributeName: TABLE.gsi1.partitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE.gsi1.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  test('on-demand, PITR, deletion protection, retained, KMS-encrypted, TTL', () => {
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        // SSEEnabled without a key id is the AWS managed KMS key (aws/dynamodb), not the AWS owned one.
        SSESpecification: { SSEEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        // The outbox's delivery channel: new items only, as written.
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
      }),
    });
  });
});

describe('chat delivery through the table stream (the outbox)', () => {
  test('createTicket is told the stream delivers; no other route is', () => {
    for (const route of routes) {
      const expected = route.uses?.includes('chatOutbox') ? CHAT_DELIVERY_STREAM : undefined;
      expect(envOf(route.id)[CHAT_ENV.delivery]).toBe(expected);
    }
    expect(routes.find((r) => r.id === 'CreateTicket')?.uses).toContain('chatOutbox');
  });

  test('one filtered, retried stream event source (the dispatcher) with partial batch responses and a DLQ; each worker an SQS event source', () => {
    // The dispatcher's stream, each worker's queue, the backfill function's queue and stream, each queue worker's queue.
    s.template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1 + workers.length + 2 * s3IngestionIds.length + queueWorkerIds.length);
    const mappings = Object.values(resourcesOf(s.template, 'AWS::Lambda::EventSourceMapping')).map((m) => m.Properties ?? {});
    const dispatcher = mappings.find((m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: fnLogicalId(STREAM_DISPATCHER.id) }));
    const dlqId = logicalId(s.stack, s.stack.streamDispatch?.deadLetterQueue.queue.node.defaultChild);
    expect(dispatcher).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 3600,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlqId, 'Arn'] } } },
    });
    const patterns = (dispatcher?.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) => JSON.parse(f.Pattern) as unknown);
    for (const w of workers) {
      // A list of values means "any of them".
      const newImage = Object.fromEntries(Object.entries(w.filter.newImage).map(([k, v]) => [k, { S: Array.isArray(v) ? v : [v] }]));
      expect(patterns).toContainEqual({ eventName: [w.filter.eventName], dynamodb: { NewImage: newImage } });
      const mine = mappings.find((m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: fnLogicalId(w.id) }));
      expect(mine).toMatchObject({
        EventSourceArn: { 'Fn::GetAtt': [logicalId(s.stack, s.stack.streamDispatch?.workerQueues.get(w.id)?.queue.node.defaultChild), 'Arn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });

  test('the ChatNotifier\'s records are INSERTs of tickets and ticket activity events that carry the notify marker', () => {
    expect(workers.find((w) => w.id === 'ChatNotifier')?.filter).toEqual({ eventName: 'INSERT', newImage: { entity: ['ticket', 'ticketEvent'], notify: 'chat' } });
  });

  test('each dead-letter queue is encrypted, TLS-only and kept 14 days', () => {
    expect(s.stack.deadLetterQueues.size).toBe(workers.length + scheduleIds.length);
    // Each worker's queue (beside its DLQ) and the dispatcher's DLQ.
    const dispatchQueues = workers.length + 1;
    for (const [, dlq] of s.stack.deadLetterQueues) {
      const dlqId = logicalId(s.stack, dlq.queue.node.defaultChild);
      expect(resourcesOf(s.template, 'AWS::SQS::Queue')[dlqId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
      s.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: dlqId }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    }
    s.template.resourceCountIs('AWS::SQS::Queue', dispatchQueues + workers.length + 2 * iotIngestionIds.length + 3 * s3IngestionIds.length + scheduleIds.length + 2 * queueWorkerIds.length);
  });

  test('an errors alarm per function, an API 5xx alarm and a DLQ depth alarm per worker, all to the topic', () => {
    const alarms = Object.values(resourcesOf(s.template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties ?? {});
    const topicId = Object.keys(resourcesOf(s.template, 'AWS::SNS::Topic'))[0];
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
    for (const id of [...everyDefinition.map((d) => d.id), ...iotIngestionIds, ...s3IngestionIds, ...scheduleIds, ...queueWorkerIds, notFoundRoute.id, STREAM_DISPATCHER.id]) {
      expect(alarms.some((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(`"${fnLogicalId(id)}"`))).toBe(true);
    }
    expect(alarms.some((a) => a.MetricName === '5xx' && a.Namespace === 'AWS/ApiGateway')).toBe(true);
    expect(alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible')).toHaveLength(
      1 + workers.length + 2 * iotIngestionIds.length + 2 * s3IngestionIds.length + scheduleIds.length + queueWorkerIds.length,
    );
    s.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
  });
});

describe('classifier configuration', () => {
  const bedrockStatements = (from: Synth) =>
    Object.values(resourcesOf(from.template, 'AWS::IAM::Policy')).flatMap((p) =>
      (p.Properties as { PolicyDocument: { Statement: (Statement & { Condition?: unknown })[] } }).PolicyDocument.Statement.filter((st) =>
        asArray(st.Action).some((a) => a.startsWith('bedrock:')),
      ),
    );
  const arn = (resource: unknown) => JSON.stringify(resource);
  /** Functions configured for the Bedrock classifier in a synth. */
  const bedrockFunctions = (from: Synth) =>
    Object.values(resourcesOf(from.template, 'AWS::Lambda::Function')).filter(
      (f) => (f.Properties as { Environment?: { Variables?: Record<string, unknown> } }).Environment?.Variables?.[CLASSIFIER_ENV.classifier] === 'bedrock',
    ).length;

  test('embedded (default): no classifier env, no Bedrock grant anywhere', () => {
    for (const route of routes) {
      expect(envOf(route.id)[CLASSIFIER_ENV.classifier]).toBeUndefined();
      expect(envOf(route.id)[CLASSIFIER_ENV.bedrockModelId]).toBeUndefined();
    }
    expect(bedrockStatements(s)).toEqual([]);
  });

  test('hybrid: every classifying function gets CLASSIFIER=hybrid, the model id and the same model-scoped grant', () => {
    const modelId = 'anthropic.claude-3-haiku-20240307-v1:0';
    const h = synth({ classifier: 'hybrid', bedrockModelId: modelId });
    for (const route of routes) {
      const env = envOf(route.id, h);
      const classifies = route.uses?.includes('classifier') ?? false;
      expect(env[CLASSIFIER_ENV.classifier]).toBe(classifies ? 'hybrid' : undefined);
      expect(env[CLASSIFIER_ENV.bedrockModelId]).toBe(classifies ? modelId : undefined);
      expect(statementsOf(route.id, h).filter((st) => asArray(st.Action).some((a) => a.startsWith('bedrock:')))).toHaveLength(classifies ? 1 : 0);
    }
  });

  test('bedrock with a foundation model: CreateTicket gets the env and InvokeModel on exactly that model in the stack Region', () => {
    const modelId = 'anthropic.claude-3-haiku-20240307-v1:0';
    const b = synth({ classifier: 'bedrock', bedrockModelId: modelId });
    for (const route of routes) {
      const env = envOf(route.id, b);
      const classifies = route.uses?.includes('classifier') ?? false;
      expect(env[CLASSIFIER_ENV.classifier]).toBe(classifies ? 'bedrock' : undefined);
      expect(env[CLASSIFIER_ENV.bedrockModelId]).toBe(classifies ? modelId : undefined);
      const mine = statementsOf(route.id, b).filter((st) => asArray(st.Action).some((a) => a.startsWith('bedrock:')));
      expect(mine).toHaveLength(classifies ? 1 : 0);
    }
    // One statement per classifying function (CreateTicket, the MCP function's create_ticket, ...), all the same.
    const all = bedrockStatements(b);
    expect(all).toHaveLength(bedrockFunctions(b));
    for (const st of all) {
      expect(asArray(st.Action)).toEqual(['bedrock:InvokeModel']);
      expect(arn(st.Resource)).toBe(
        JSON.stringify({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, `::foundation-model/${modelId}`]] }),
      );
    }
  });

  test('bedrock with an inference profile: the profile ARN, the model in the stack Region, and other Regions only through the profile', () => {
    const modelId = 'us.anthropic.claude-3-5-haiku-20241022-v1:0';
    const b = synth({ classifier: 'bedrock', bedrockModelId: modelId });
    const all = bedrockStatements(b);
    expect(all).toHaveLength(2 * bedrockFunctions(b));
    for (const st of all) {
      expect(asArray(st.Action)).toEqual(['bedrock:InvokeModel']);
      expect(asArray(st.Resource)).not.toContain('*');
    }
    const plain = all.find((st) => !st.Condition);
    const resources = asArray(plain?.Resource).map(arn);
    expect(resources.some((r) => r.includes(`:inference-profile/${modelId}`) && r.includes('AWS::Region') && r.includes('AWS::AccountId'))).toBe(true);
    expect(resources.some((r) => r.includes('::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0') && r.includes('AWS::Region'))).toBe(true);
    const crossRegion = all.find((st) => st.Condition);
    expect(arn(crossRegion?.Resource)).toContain(':bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0');
    expect(arn(crossRegion?.Condition)).toContain(`:inference-profile/${modelId}`);
    expect(arn(crossRegion?.Condition)).toContain('bedrock:InferenceProfileArn');
  });
});

describe('route and worker lists of any length', () => {
  test('no workers and no ingestion: no event source mapping and no queue', () => {
    const small = synth({}, { routes: routes.slice(0, 1), workers: [], ingestion: [], schedules: [], queueWorkers: [] });
    small.template.resourceCountIs('AWS::Lambda::Function', 2 + CONSOLE_DEPLOYMENT_FUNCTIONS); // the route, the not-found fallback, the console upload
    small.template.resourceCountIs('AWS::Lambda::EventSourceMapping', 0);
    small.template.resourceCountIs('AWS::SQS::Queue', 0);
    // No alarm e-mail configured: no subscription.
    small.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  test('several workers each get a function, a queue with its DLQ and an SQS event source; one dispatcher reads the stream', () => {
    const filter = { eventName: 'INSERT', newImage: { entity: 'device' } } as const;
    const extra: WorkerDefinition[] = [
      { id: 'WorkerA', entry: 'functions/http/device/get-device.ts', source: 'tableStream', filter, table: 'read' },
      { id: 'WorkerB', entry: 'functions/http/device/get-device.ts', source: 'tableStream', filter, table: 'readwrite' },
    ];
    const two = synth({}, { routes: [], workers: extra, ingestion: [], schedules: [], queueWorkers: [] });
    two.template.resourceCountIs('AWS::Lambda::Function', 4 + CONSOLE_DEPLOYMENT_FUNCTIONS); // two workers, the dispatcher, the not-found fallback
    two.template.resourceCountIs('AWS::Lambda::EventSourceMapping', 3); // the dispatcher's stream, each worker's queue
    two.template.resourceCountIs('AWS::SQS::Queue', 5); // each worker's queue and DLQ, the dispatcher's DLQ
  });
});
