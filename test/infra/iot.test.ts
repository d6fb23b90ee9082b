import { Match } from 'aws-cdk-lib/assertions';
import { TABLE_ACTIONS } from '../../lib/constructs/fleet-function';
import { DEVICE_POLICY_NAME, telemetryRuleName } from '../../shared/config/iot';
import { TELEMETRY_RULE_SQL, TELEMETRY_RULE_SQL_VERSION } from '../../shared/domain/telemetry/mqtt';
import { ingestion, type IngestionDefinition } from '../../shared/routes';
import { logicalId, resourcesOf, synth, type Synth } from './synth';

type Statement = { Sid?: string; Action: string | string[]; Effect: string; Resource: unknown; Condition?: unknown };
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);
const iotRules = ingestion.filter((d) => d.source === 'iotRule');

let s: Synth;
beforeAll(() => {
  s = synth({ alarmEmail: 'ops@example.com' });
});

const idOf = (construct: { node: { defaultChild?: unknown } } | undefined) => logicalId(s.stack, construct?.node.defaultChild);
const fnId = (id: string) => idOf(s.stack.functions.get(id)?.fn);
const queueId = (id: string, which: 'ruleErrors' | 'functionFailures') => idOf(s.stack.ingestionQueues.get(id)?.[which].queue);
const statementsOfRole = (roleLogicalId: string, from: Synth = s): Statement[] =>
  Object.values(resourcesOf(from.template, 'AWS::IAM::Policy'))
    .filter((p) => JSON.stringify((p.Properties as { Roles: unknown }).Roles).includes(`"${roleLogicalId}"`))
    .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);

test('the route table declares exactly one iotRule ingestion: the telemetry handler', () => {
  expect(iotRules.map((d) => d.entry)).toEqual(['functions/ingest/iot.ts']);
});

describe.each(iotRules.map((d) => [d.id, d] as const))('%s: IoT topic rule', (id: string, def: IngestionDefinition) => {
  const rule = () => resourcesOf(s.template, 'AWS::IoT::TopicRule')[logicalId(s.stack, s.stack.topicRules.get(id)?.rule)];

  test('SQL and SQL version come from the shared MQTT contract', () => {
    expect(rule()?.Properties).toMatchObject({
      RuleName: `fleetdesk_dev_${id}`,
      TopicRulePayload: { Sql: TELEMETRY_RULE_SQL, AwsIotSqlVersion: TELEMETRY_RULE_SQL_VERSION, RuleDisabled: false },
    });
    expect(TELEMETRY_RULE_SQL_VERSION).toBe('2016-03-23');
    // The payload travels base64 so a non-JSON message still reaches the handler.
    expect(TELEMETRY_RULE_SQL).toContain("encode(*, 'base64') AS payload");
  });

  test('one action: invoke the ingestion function', () => {
    expect((rule()?.Properties?.TopicRulePayload as { Actions: unknown }).Actions).toEqual([{ Lambda: { FunctionArn: { 'Fn::GetAtt': [fnId(id), 'Arn'] } } }]);
  });

  test('error action: the original message (JSON, base64 payload inside) to the rule error queue, through a role that may only send there', () => {
    const errorAction = (rule()?.Properties?.TopicRulePayload as { ErrorAction: { Sqs: { QueueUrl: unknown; RoleArn: { 'Fn::GetAtt': [string, string] }; UseBase64: boolean } } }).ErrorAction;
    expect(errorAction.Sqs.QueueUrl).toEqual({ Ref: queueId(id, 'ruleErrors') });
    expect(errorAction.Sqs.UseBase64).toBe(false);
    const roleId = errorAction.Sqs.RoleArn['Fn::GetAtt'][0];
    expect(statementsOfRole(roleId)).toEqual([{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [queueId(id, 'ruleErrors'), 'Arn'] } }]);
    // Only IoT, only for this rule of this account.
    const trust = resourcesOf(s.template, 'AWS::IAM::Role')[roleId]?.Properties?.AssumeRolePolicyDocument as { Statement: Statement[] };
    expect(trust.Statement).toHaveLength(1);
    expect(trust.Statement[0]).toMatchObject({
      Principal: { Service: 'iot.amazonaws.com' },
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } }, ArnLike: { 'aws:SourceArn': expect.anything() } },
    });
    expect(JSON.stringify(trust.Statement[0]?.Condition)).toContain(`:rule/fleetdesk_dev_${id}`);
  });

  test('IoT may invoke the function only for this rule of this account, and the rule waits for that permission', () => {
    const perms = Object.entries(resourcesOf(s.template, 'AWS::Lambda::Permission')).filter(([, p]) => p.Properties?.Principal === 'iot.amazonaws.com');
    expect(perms).toHaveLength(1);
    const [permId, perm] = perms[0] as [string, { Properties: Record<string, unknown> }];
    expect(perm.Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [fnId(id), 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
    expect(JSON.stringify(perm.Properties.SourceArn)).toContain(`:rule/fleetdesk_dev_${id}`);
    expect(rule()?.DependsOn).toContain(permId);
  });

  test('the function: house defaults, async retries then its own failure queue, table access exactly as declared, nothing more', () => {
    s.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId(id) },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId(id, 'functionFailures'), 'Arn'] } } },
    });
    expect(resourcesOf(s.template, 'AWS::Lambda::Function')[fnId(id)]?.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 30 });

    const roleId = idOf(s.stack.functions.get(id)?.role);
    const statements = statementsOfRole(roleId);
    const tableId = idOf(s.stack.tableConstruct.table);
    const onTable = statements.filter((st) => JSON.stringify(st.Resource) === JSON.stringify({ 'Fn::GetAtt': [tableId, 'Arn'] }));
    expect(onTable.flatMap((st) => asArray(st.Action)).sort()).toEqual([...TABLE_ACTIONS[def.table]].sort());
    const everything = statements.flatMap((st) => asArray(st.Action));
    // Logs, the table (and its index for Query), and sending its failures: no stream, no IoT, no other queue.
    expect(everything.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:')).sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    const sqs = statements.filter((st) => asArray(st.Action).some((a) => a.startsWith('sqs:')));
    expect(sqs.map((st) => st.Resource)).toEqual([{ 'Fn::GetAtt': [queueId(id, 'functionFailures'), 'Arn'] }]);
    expect(everything.filter((a) => /^dynamodb:(.*Stream|GetRecords|GetShardIterator)/.test(a))).toEqual([]);
  });

  test('both queues are encrypted, TLS-only, kept 14 days, alarmed, and named in the outputs', () => {
    const alarms = Object.values(resourcesOf(s.template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties ?? {});
    const outputs = s.template.findOutputs('*');
    for (const which of ['ruleErrors', 'functionFailures'] as const) {
      const q = queueId(id, which);
      expect(resourcesOf(s.template, 'AWS::SQS::Queue')[q]?.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
      s.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: q }],
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
      expect(alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Dimensions).includes(`"${q}"`))).toHaveLength(1);
    }
    expect(alarms.some((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(`"${fnId(id)}"`))).toBe(true);
    expect(outputs[`${id}RuleErrorsQueueName`]?.Value).toEqual({ 'Fn::GetAtt': [queueId(id, 'ruleErrors'), 'QueueName'] });
    expect(outputs[`${id}FailuresQueueName`]?.Value).toEqual({ 'Fn::GetAtt': [queueId(id, 'functionFailures'), 'QueueName'] });
    expect(outputs[`${id}RuleName`]?.Value).toBe(`fleetdesk_dev_${id}`);
  });
});

describe('device policy', () => {
  const document = () => {
    const policies = Object.values(resourcesOf(s.template, 'AWS::IoT::Policy'));
    expect(policies).toHaveLength(1);
    expect(policies[0]?.Properties?.PolicyName).toBe(DEVICE_POLICY_NAME);
    return policies[0]?.Properties?.PolicyDocument as { Statement: Statement[] };
  };
  const arnTail = (resource: unknown) => {
    const parts = (resource as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    return parts[parts.length - 1] as string;
  };

  test('exactly two statements: connect as its thing, publish its telemetry', () => {
    expect(document().Statement.map((st) => [st.Effect, st.Action])).toEqual([
      ['Allow', 'iot:Connect'],
      ['Allow', 'iot:Publish'],
    ]);
  });

  test('connect: client id must be the thing name, and a thing must be attached', () => {
    const connect = document().Statement[0] as Statement;
    expect(arnTail(connect.Resource)).toBe(':client/${iot:Connection.Thing.ThingName}');
    expect(connect.Condition).toEqual({ Bool: { 'iot:Connection.Thing.IsAttached': 'true' } });
  });

  test('publish: only the telemetry topic of the thing\'s organizationId and deviceIdentifier attributes, straight or by Basic Ingest to the telemetry rule', () => {
    const publish = document().Statement[1] as Statement;
    const own = 'fleetdesk/${iot:Connection.Thing.Attributes[organizationId]}/devices/${iot:Connection.Thing.Attributes[deviceIdentifier]}/telemetry';
    const rule = s.template.findResources('AWS::IoT::TopicRule');
    const ruleName = Object.values(rule)[0]?.Properties?.RuleName as string;
    expect(ruleName).toBe(telemetryRuleName('dev'));
    expect(asArray(publish.Resource).map(arnTail)).toEqual([`:topic/${own}`, `:topic/$aws/rules/${ruleName}/${own}`]);
    // No wildcard: not another device's topic, not another rule (e.g. the connector's) through Basic Ingest.
    expect(JSON.stringify(publish.Resource)).not.toContain('*');
    expect(JSON.stringify(publish.Resource)).not.toContain('+');
  });

  test('Basic Ingest topic of another stage names that stage\'s rule', () => {
    const prod = synth({ stage: 'prod-eu' });
    const policy = Object.values(resourcesOf(prod.template, 'AWS::IoT::Policy'))[0]?.Properties?.PolicyDocument as { Statement: Statement[] };
    expect(JSON.stringify(policy.Statement[1]?.Resource)).toContain('$aws/rules/fleetdesk_prod_eu_IotTelemetryIngest/fleetdesk/');
  });

  test('no subscribe, receive, shadow or wildcard action anywhere', () => {
    const actions = document().Statement.flatMap((st) => asArray(st.Action));
    expect(actions.filter((a) => a.includes('*') || /Subscribe|Receive|Shadow|Retain/.test(a))).toEqual([]);
    expect(s.template.findOutputs('DevicePolicyName').DevicePolicyName?.Value).toBe(DEVICE_POLICY_NAME);
  });
});

describe('iotIngestion=false (a second stage in the same account and Region)', () => {
  test('no topic rule, no device policy, no ingestion function or queues', () => {
    const off = synth({ iotIngestion: 'false' });
    off.template.resourceCountIs('AWS::IoT::TopicRule', 0);
    off.template.resourceCountIs('AWS::IoT::Policy', 0);
    for (const d of iotRules) expect(off.stack.functions.has(d.id)).toBe(false);
    expect(off.stack.ingestionQueues.size).toBe(0);
  });
});

describe('ingestion list shapes', () => {
  test('a source the stack does not wire fails at synth with the id', () => {
    const unknown = { id: 'Backfill', entry: 'functions/ingest/iot.ts', source: 'ftp', table: 'readwrite' } as unknown as IngestionDefinition;
    expect(() => synth({}, { ingestion: [unknown] })).toThrow(/Backfill \(source ftp\)/);
  });

  test('two iotRule entries (double ingestion of the same topics) fail at synth', () => {
    const two: IngestionDefinition[] = [
      { id: 'A', entry: 'functions/ingest/iot.ts', source: 'iotRule', table: 'readwrite' },
      { id: 'B', entry: 'functions/ingest/iot.ts', source: 'iotRule', table: 'readwrite' },
    ];
    expect(() => synth({}, { ingestion: two })).toThrow(/Only one iotRule ingestion/);
  });

  test('the rule name follows the stage (dashes become underscores)', () => {
    const prod = synth({ stage: 'prod-eu' });
    prod.template.hasResourceProperties('AWS::IoT::TopicRule', { RuleName: `fleetdesk_prod_eu_${iotRules[0]?.id}` });
  });
});
