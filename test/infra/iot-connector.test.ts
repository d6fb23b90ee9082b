import { App } from 'aws-cdk-lib';
import { CONNECTOR_RULE_NAME, readConnectorConfig, SECRET_JSON_KEY, SECRET_PLACEHOLDER, TELEMETRY_PATH } from '../../lib/iot-connector-stack';
import { logicalId, resourcesOf, synthConnector } from './synth';

type Statement = { Action: string | string[]; Effect: string; Resource: unknown; Principal?: unknown; Condition?: unknown };
const HOST = 'https://abc123.execute-api.eu-west-1.amazonaws.com';
const TELEMETRY_URL = `${HOST}${TELEMETRY_PATH}`;

const c = synthConnector();
const rule = () => Object.values(resourcesOf(c.template, 'AWS::IoT::TopicRule'))[0]?.Properties as {
  RuleName: string;
  TopicRulePayload: { Sql: string; AwsIotSqlVersion: string; Actions: { Http: { Url: string; ConfirmationUrl: string; Headers: { Key: string; Value: unknown }[] } }[]; ErrorAction: { Sqs: { QueueUrl: unknown; RoleArn: { 'Fn::GetAtt': [string, string] } } } };
};
const statementsOfRole = (roleId: string, template = c.template): Statement[] =>
  Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((p) => JSON.stringify((p.Properties as { Roles: unknown }).Roles).includes(`"${roleId}"`))
    .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);
/** The header value as a template string, CloudFormation references shown as {Ref:…} / {GetAtt:…}. */
const flatten = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const v = value as Record<string, unknown>;
  if (v['Fn::Join']) return ((v['Fn::Join'] as [string, unknown[]])[1]).map(flatten).join('');
  if (v.Ref) return `{Ref:${String(v.Ref)}}`;
  if (v['Fn::GetAtt']) return `{GetAtt:${(v['Fn::GetAtt'] as string[]).join('.')}}`;
  return JSON.stringify(value);
};

describe('connector stack: rule, HTTPS action, destination', () => {
  test('SQL takes the identifier from the configured topic segment, version 2016-03-23', () => {
    expect(rule().RuleName).toBe(CONNECTOR_RULE_NAME);
    expect(rule().TopicRulePayload.Sql).toBe("SELECT *, topic(2) AS deviceIdentifier FROM 'things/+/telemetry'");
    expect(rule().TopicRulePayload.AwsIotSqlVersion).toBe('2016-03-23');
  });

  test('one HTTPS action to {fleetdeskUrl}/api/telemetry (trailing slash of the URL dropped), JSON content type', () => {
    const actions = rule().TopicRulePayload.Actions;
    expect(actions).toHaveLength(1);
    expect(actions[0]?.Http).toMatchObject({ Url: TELEMETRY_URL, ConfirmationUrl: TELEMETRY_URL });
    expect(actions[0]?.Http.Headers.find((h) => h.Key === 'content-type')?.Value).toBe('application/json');
  });

  test('x-api-key is read at send time with get_secret(secret ARN, SecretString, apiKey, reader role ARN)', () => {
    const header = rule().TopicRulePayload.Actions[0]?.Http.Headers.find((h) => h.Key === 'x-api-key');
    const secretId = logicalId(c.stack, c.stack.node.findChild('ApiKey').node.defaultChild);
    const roleId = Object.keys(resourcesOf(c.template, 'AWS::IAM::Role')).find((k) => k.startsWith('SecretReaderRole')) as string;
    expect(flatten(header?.Value)).toBe(`\${get_secret('{Ref:${secretId}}', 'SecretString', '${SECRET_JSON_KEY}', '{GetAtt:${roleId}.Arn}')}`);
  });

  test('the secret reader role: IoT for this rule only, GetSecretValue on that one secret only', () => {
    const roleId = Object.keys(resourcesOf(c.template, 'AWS::IAM::Role')).find((k) => k.startsWith('SecretReaderRole')) as string;
    const secretId = logicalId(c.stack, c.stack.node.findChild('ApiKey').node.defaultChild);
    expect(statementsOfRole(roleId)).toEqual([{ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: secretId } }]);
    const trust = resourcesOf(c.template, 'AWS::IAM::Role')[roleId]?.Properties?.AssumeRolePolicyDocument as { Statement: Statement[] };
    expect(trust.Statement).toHaveLength(1);
    expect(trust.Statement[0]?.Principal).toEqual({ Service: 'iot.amazonaws.com' });
    expect(flatten((trust.Statement[0]?.Condition as { ArnLike: { 'aws:SourceArn': unknown } }).ArnLike['aws:SourceArn'])).toContain(`:rule/${CONNECTOR_RULE_NAME}`);
  });

  test('the created secret holds only a placeholder the operator replaces', () => {
    const secret = Object.values(resourcesOf(c.template, 'AWS::SecretsManager::Secret'))[0]?.Properties as { SecretString: string };
    expect(JSON.parse(secret.SecretString)).toEqual({ [SECRET_JSON_KEY]: SECRET_PLACEHOLDER });
  });

  test('a topic rule destination confirms the telemetry URL, and the rule is created after it', () => {
    c.template.resourceCountIs('AWS::IoT::TopicRuleDestination', 1);
    c.template.hasResourceProperties('AWS::IoT::TopicRuleDestination', { HttpUrlProperties: { ConfirmationUrl: TELEMETRY_URL } });
    const destinationId = logicalId(c.stack, c.stack.destination);
    expect(Object.values(resourcesOf(c.template, 'AWS::IoT::TopicRule'))[0]?.DependsOn).toContain(destinationId);
  });

  test('error action: SQS queue (encrypted, TLS-only, 14 days) with a depth alarm, through a send-only role', () => {
    const queueId = logicalId(c.stack, c.stack.errorQueue.queue.node.defaultChild);
    const err = rule().TopicRulePayload.ErrorAction.Sqs;
    expect(err.QueueUrl).toEqual({ Ref: queueId });
    expect(statementsOfRole(err.RoleArn['Fn::GetAtt'][0])).toEqual([{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [queueId, 'Arn'] } }]);
    expect(resourcesOf(c.template, 'AWS::SQS::Queue')[queueId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    const alarms = Object.values(resourcesOf(c.template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties ?? {});
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }] });
    c.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
  });

  test('no Lambda, no table: the connector only forwards', () => {
    c.template.resourceCountIs('AWS::Lambda::Function', 0);
    c.template.resourceCountIs('AWS::DynamoDB::Table', 0);
  });
});

describe('connector stack with an existing secret (apiKeySecretName)', () => {
  const imported = synthConnector({ apiKeySecretName: 'fleetdesk/acme-key', topicFilter: 'acme/+/+/data', identifierSegment: '3' });

  test('no secret is created; get_secret reads the secret by name; the grant covers only that name', () => {
    imported.template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    const r = Object.values(resourcesOf(imported.template, 'AWS::IoT::TopicRule'))[0]?.Properties as ReturnType<typeof rule>;
    expect(r.TopicRulePayload.Sql).toBe("SELECT *, topic(3) AS deviceIdentifier FROM 'acme/+/+/data'");
    const header = r.TopicRulePayload.Actions[0]?.Http.Headers.find((h) => h.Key === 'x-api-key');
    expect(flatten(header?.Value)).toMatch(/^\$\{get_secret\('fleetdesk\/acme-key', 'SecretString', 'apiKey', '\{GetAtt:SecretReaderRole\w+\.Arn\}'\)\}$/);
    const roleId = Object.keys(resourcesOf(imported.template, 'AWS::IAM::Role')).find((k) => k.startsWith('SecretReaderRole')) as string;
    const statements = statementsOfRole(roleId, imported.template);
    expect(statements).toHaveLength(1);
    expect(flatten(statements[0]?.Resource)).toBe(
      'arn:{Ref:AWS::Partition}:secretsmanager:{Ref:AWS::Region}:{Ref:AWS::AccountId}:secret:fleetdesk/acme-key-??????',
    );
  });
});

describe('connector context validation (at synth, naming the key)', () => {
  const read = (context: Record<string, unknown>) => readConnectorConfig(new App({ context }).node);
  const base = { fleetdeskUrl: HOST, topicFilter: 'things/+/telemetry', identifierSegment: '2' };

  test('no fleetdeskUrl: no connector (plain synth)', () => {
    expect(read({})).toBeUndefined();
  });

  test('normalises the URL and parses the segment', () => {
    expect(read({ ...base, fleetdeskUrl: `${HOST}/` })).toEqual({ fleetdeskUrl: HOST, topicFilter: 'things/+/telemetry', identifierSegment: 2, apiKeySecretName: undefined });
    expect(read({ ...base, topicFilter: 'fleet/#', identifierSegment: '3' })?.identifierSegment).toBe(3);
  });

  test.each([
    [{ topicFilter: 'things/+/telemetry' }, /given without "fleetdeskUrl"/],
    [{ ...base, fleetdeskUrl: 'http://example.com' }, /must be an https:\/\/ URL/],
    [{ ...base, fleetdeskUrl: 'not a url' }, /"fleetdeskUrl" is not a URL/],
    [{ ...base, fleetdeskUrl: `${HOST}/?x=1` }, /without credentials, query or fragment/],
    [{ ...base, fleetdeskUrl: `${HOST}/api/telemetry` }, /appends \/api\/telemetry itself/],
    [{ ...base, topicFilter: undefined }, /"topicFilter" is required/],
    [{ ...base, topicFilter: "things/'+/x" }, /"topicFilter" must not contain quotes/],
    [{ ...base, topicFilter: 'things/a+/x' }, /only as whole segments/],
    [{ ...base, topicFilter: 'things/#/x' }, /# only as the last segment/],
    [{ ...base, topicFilter: '$aws/things/+/shadow' }, /reserved topics/],
    [{ ...base, topicFilter: 'a/b/c/d/e/f/g/h/+' }, /at most 7 slashes/],
    [{ ...base, identifierSegment: undefined }, /"identifierSegment" is required/],
    [{ ...base, identifierSegment: '0' }, /whole number from 1/],
    [{ ...base, identifierSegment: 'two' }, /whole number from 1/],
    [{ ...base, identifierSegment: '1' }, /must point at a \+ \(or #\) segment .* segment 1 is "things"/],
    [{ ...base, identifierSegment: '4' }, /segment 4 is past the end/],
    [{ ...base, apiKeySecretName: "bad'name" }, /"apiKeySecretName" must be a Secrets Manager secret name/],
  ])('rejects %j', (context, message) => {
    expect(() => read(context as Record<string, unknown>)).toThrow(message);
  });
});
