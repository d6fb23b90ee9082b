import { Match } from 'aws-cdk-lib/assertions';
import { ENV } from '../../shared/config/env';
import { TABLE } from '../../shared/db/table';
import { QUEUE_URL_ENV, routes, workers, type RouteDefinition, type WorkerDefinition } from '../../shared/routes';
import { TABLE_ACTIONS } from '../../lib/constructs/fleet-function';
import { API_THROTTLE } from '../../lib/fleetdesk-stack';
import { logicalId, resourcesOf, synth, type Synth } from './synth';

type Statement = { Action: string | string[]; Effect: string; Resource: unknown };
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

let s: Synth;
beforeAll(() => {
  s = synth({ alarmEmail: 'ops@example.com' });
});

function fnLogicalId(id: string): string {
  const f = s.stack.functions.get(id);
  if (!f) throw new Error(`no function ${id}`);
  return logicalId(s.stack, f.fn.node.defaultChild);
}

/** The statements of the inline policy attached to a function's role. */
function statementsOf(id: string): Statement[] {
  const f = s.stack.functions.get(id);
  if (!f) throw new Error(`no function ${id}`);
  const roleId = logicalId(s.stack, f.role.node.defaultChild);
  const policies = Object.values(resourcesOf(s.template, 'AWS::IAM::Policy')).filter((p) =>
    JSON.stringify((p.Properties as { Roles: unknown }).Roles).includes(`"${roleId}"`),
  );
  return policies.flatMap((p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);
}

const tableId = () => logicalId(s.stack, s.stack.tableConstruct.table.node.defaultChild);
const everyDefinition: readonly (RouteDefinition | WorkerDefinition)[] = [...routes, ...workers];

describe('functions from the route table', () => {
  test('exactly one function per route and per worker, and nothing else', () => {
    s.template.resourceCountIs('AWS::Lambda::Function', routes.length + workers.length);
    expect([...s.stack.functions.keys()].sort()).toEqual(everyDefinition.map((d) => d.id).sort());
  });

  test.each(everyDefinition.map((d) => [d.id, d] as const))('%s has the house defaults and TABLE_NAME', (id) => {
    const props = resourcesOf(s.template, 'AWS::Lambda::Function')[fnLogicalId(id)]?.Properties;
    expect(props).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 512,
      Environment: { Variables: { [ENV.tableName]: { Ref: tableId() } } },
      LoggingConfig: { LogGroup: expect.anything() },
    });
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
  test('routes equal the route table (method + path)', () => {
    const keys = Object.values(resourcesOf(s.template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties?.RouteKey);
    expect(keys.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  test('each route integrates with the function generated for it', () => {
    const integrations = resourcesOf(s.template, 'AWS::ApiGatewayV2::Integration');
    const routeResources = Object.values(resourcesOf(s.template, 'AWS::ApiGatewayV2::Route'));
    for (const route of routes) {
      const r = routeResources.find((x) => x.Properties?.RouteKey === `${route.method} ${route.path}`);
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
    expect(outputs.ChatNotificationsQueueName).toBeDefined();
    expect(outputs.ChatNotificationsDlqName).toBeDefined();
  });
});

describe('least privilege', () => {
  test('no statement grants a service wildcard or Resource "*"', () => {
    for (const policy of Object.values(resourcesOf(s.template, 'AWS::IAM::Policy'))) {
      for (const st of (policy.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement) {
        for (const action of asArray(st.Action)) expect(action).not.toMatch(/\*/);
        expect(asArray(st.Resource)).not.toContain('*');
        expect(JSON.stringify(st.Resource)).not.toMatch(/index\/\*/);
      }
    }
  });

  test('no AWS managed policies on function roles', () => {
    for (const role of Object.values(resourcesOf(s.template, 'AWS::IAM::Role'))) {
      expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
    }
  });

  test.each(everyDefinition.map((d) => [d.id, d] as const))('%s gets exactly its table actions', (id, d) => {
    const onTable = statementsOf(id).filter((st) => JSON.stringify(st.Resource) === JSON.stringify({ 'Fn::GetAtt': [tableId(), 'Arn'] }));
    const actions = onTable.flatMap((st) => asArray(st.Action)).filter((a) => a.startsWith('dynamodb:'));
    expect(actions.sort()).toEqual([...TABLE_ACTIONS[d.table]].sort());
    if (d.table === 'read') expect(actions.some((a) => /Put|Update|Delete|Write|ConditionCheck/.test(a))).toBe(false);
    const onIndex = statementsOf(id).filter((st) => JSON.stringify(st.Resource).includes(`/index/${TABLE.gsi1.indexName}`));
    expect(onIndex.flatMap((st) => asArray(st.Action))).toEqual(['dynamodb:Query']);
  });

  test('queue senders get the URL env var and sqs:SendMessage on that queue only', () => {
    for (const route of routes) {
      const fn = resourcesOf(s.template, 'AWS::Lambda::Function')[fnLogicalId(route.id)]?.Properties as { Environment: { Variables: Record<string, unknown> } };
      const sends = statementsOf(route.id).filter((st) => asArray(st.Action).some((a) => a.startsWith('sqs:Send')));
      for (const name of Object.keys(QUEUE_URL_ENV) as (keyof typeof QUEUE_URL_ENV)[]) {
        const queueId = logicalId(s.stack, s.stack.queues.get(name)?.queue.node.defaultChild);
        const declared = route.sendsTo?.includes(name) ?? false;
        expect(fn.Environment.Variables[QUEUE_URL_ENV[name]] !== undefined).toBe(declared);
        const toThisQueue = sends.filter((st) => JSON.stringify(st.Resource).includes(`"${queueId}"`));
        expect(toThisQueue.length > 0).toBe(declared);
        for (const st of toThisQueue) expect(asArray(st.Action)).toEqual(['sqs:SendMessage']);
      }
    }
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
      }),
    });
  });
});

describe('queues, workers and alarms', () => {
  test('each work queue is encrypted, TLS-only and redrives to an encrypted DLQ', () => {
    for (const [, wq] of s.stack.queues) {
      const qid = logicalId(s.stack, wq.queue.node.defaultChild);
      const dlqId = logicalId(s.stack, wq.deadLetterQueue.node.defaultChild);
      const queues = resourcesOf(s.template, 'AWS::SQS::Queue');
      expect(queues[qid]?.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: 5 },
      });
      expect(queues[dlqId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true });
      for (const id of [qid, dlqId]) {
        s.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
          Queues: [{ Ref: id }],
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        });
      }
    }
  });

  test('workers consume their queue with partial batch responses', () => {
    s.template.resourceCountIs('AWS::Lambda::EventSourceMapping', workers.length);
    for (const w of workers) {
      const qid = logicalId(s.stack, s.stack.queues.get(w.queue)?.queue.node.defaultChild);
      s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: fnLogicalId(w.id) },
        EventSourceArn: { 'Fn::GetAtt': [qid, 'Arn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });

  test('an errors alarm per function, an API 5xx alarm and a DLQ depth alarm, all to the topic', () => {
    const alarms = Object.values(resourcesOf(s.template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties ?? {});
    const topicId = Object.keys(resourcesOf(s.template, 'AWS::SNS::Topic'))[0];
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
    for (const d of everyDefinition) {
      expect(alarms.some((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(`"${fnLogicalId(d.id)}"`))).toBe(true);
    }
    expect(alarms.some((a) => a.MetricName === '5xx' && a.Namespace === 'AWS/ApiGateway')).toBe(true);
    expect(alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible')).toHaveLength(s.stack.queues.size);
    s.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
  });
});

describe('route and worker lists of any length', () => {
  test('no workers: no event source mapping, the queue still exists for senders', () => {
    const small = synth({}, { routes: routes.slice(0, 1), workers: [] });
    small.template.resourceCountIs('AWS::Lambda::Function', 1);
    small.template.resourceCountIs('AWS::Lambda::EventSourceMapping', 0);
    small.template.resourceCountIs('AWS::SQS::Queue', 2 * Object.keys(QUEUE_URL_ENV).length);
    // No alarm e-mail configured: no subscription.
    small.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  test('several workers each get a function and an event source', () => {
    const extra: WorkerDefinition[] = [
      { id: 'WorkerA', entry: 'functions/http/device/get-device.ts', queue: 'chatNotifications', table: 'read' },
      { id: 'WorkerB', entry: 'functions/http/device/get-device.ts', queue: 'chatNotifications', table: 'readwrite' },
    ];
    const two = synth({}, { routes: [], workers: extra });
    two.template.resourceCountIs('AWS::Lambda::Function', 2);
    two.template.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
  });
});
