import { Aws, CfnOutput, RemovalPolicy, SecretValue, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { CfnTopicRule, CfnTopicRuleDestination } from 'aws-cdk-lib/aws-iot';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct, Node } from 'constructs';
import { ALARM_PERIOD, Alarms } from './constructs/alarms';
import { DeadLetterQueue } from './constructs/dead-letter-queue';
import { iotRuleRole, SqsErrorAction, topicRuleName } from './constructs/iot-topic-rule';

/** The connector's stack name: `npx cdk deploy FleetdeskIotConnector -c fleetdeskUrl=...`. */
export const CONNECTOR_STACK_NAME = 'FleetdeskIotConnector';

/** Fleetdesk's REST telemetry path, appended to `fleetdeskUrl`. */
export const TELEMETRY_PATH = '/api/telemetry';

/** Key of the API key inside the secret's JSON (`{"apiKey":"fdk_..."}`). */
export const SECRET_JSON_KEY = 'apiKey';

/** What the created secret holds until the operator puts the organization's key in it. */
export const SECRET_PLACEHOLDER = 'REPLACE_WITH_FLEETDESK_API_KEY';

/** The rule's name (unique per account and Region, so one connector per maker account and Region). */
export const CONNECTOR_RULE_NAME = topicRuleName('fleetdesk', 'connector', 'telemetry');

/** Context keys of the connector, documented in docs/operations.md. */
export const CONNECTOR_CONTEXT_KEYS = {
  fleetdeskUrl: 'fleetdeskUrl',
  topicFilter: 'topicFilter',
  identifierSegment: 'identifierSegment',
  apiKeySecretName: 'apiKeySecretName',
} as const;

export interface ConnectorConfig {
  /** Fleetdesk's host URL (the main stack's `ApiUrl`), without a trailing slash. */
  fleetdeskUrl: string;
  /** The maker's MQTT topic filter, e.g. `things/+/telemetry`. */
  topicFilter: string;
  /** 1-based topic segment holding the device identifier (`topic(N)` in the rule SQL). */
  identifierSegment: number;
  /** An existing secret to read the key from; when unset the stack creates one. */
  apiKeySecretName?: string;
}

function str(node: Node, key: string): string | undefined {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined || raw === null) return undefined;
  const value = String(raw).trim();
  return value === '' ? undefined : value;
}

/**
 * Reads and validates the connector's context. Undefined when `fleetdeskUrl` is not given (the
 * app then has no connector stack, so `npm run synth` needs none of this); throws a message naming
 * the bad key otherwise.
 */
export function readConnectorConfig(node: Node): ConnectorConfig | undefined {
  const K = CONNECTOR_CONTEXT_KEYS;
  const url = str(node, K.fleetdeskUrl);
  if (url === undefined) {
    const stray = [K.topicFilter, K.identifierSegment, K.apiKeySecretName].filter((k) => str(node, k) !== undefined);
    if (stray.length > 0) throw new Error(`Context ${stray.map((k) => `"${k}"`).join(', ')} given without "${K.fleetdeskUrl}": the connector stack needs -c ${K.fleetdeskUrl}=https://...`);
    return undefined;
  }
  const fleetdeskUrl = validateUrl(url);

  const topicFilter = str(node, K.topicFilter);
  if (topicFilter === undefined) throw new Error(`Context "${K.topicFilter}" is required for the connector stack (e.g. -c ${K.topicFilter}='things/+/telemetry')`);
  const segments = validateTopicFilter(topicFilter);

  const rawSegment = str(node, K.identifierSegment);
  if (rawSegment === undefined) throw new Error(`Context "${K.identifierSegment}" is required for the connector stack: the 1-based topic segment that holds the device identifier`);
  const identifierSegment = Number(rawSegment);
  if (!Number.isInteger(identifierSegment) || identifierSegment < 1) {
    throw new Error(`Context "${K.identifierSegment}" must be a whole number from 1 (got "${rawSegment}")`);
  }
  const multiLevel = segments.indexOf('#') + 1; // 0 when the filter has no `#`
  const segment = segments[identifierSegment - 1];
  const pointsAtWildcard = segment === '+' || (multiLevel > 0 && identifierSegment >= multiLevel);
  if (!pointsAtWildcard) {
    // A literal segment is the same for every device: every record would land on one device.
    throw new Error(
      `Context "${K.identifierSegment}" must point at a + (or #) segment of "${topicFilter}"; segment ${identifierSegment} is ${segment === undefined ? 'past the end' : `"${segment}"`}`,
    );
  }

  const apiKeySecretName = str(node, K.apiKeySecretName);
  if (apiKeySecretName !== undefined && !/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(apiKeySecretName)) {
    throw new Error(`Context "${K.apiKeySecretName}" must be a Secrets Manager secret name (letters, digits, /_+=.@-) (got "${apiKeySecretName}")`);
  }
  return { fleetdeskUrl, topicFilter, identifierSegment, apiKeySecretName };
}

function validateUrl(raw: string): string {
  const key = CONNECTOR_CONTEXT_KEYS.fleetdeskUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Context "${key}" is not a URL (got "${raw}")`);
  }
  // The IoT HTTP action only posts over HTTPS; `${` would be read as a substitution template.
  if (url.protocol !== 'https:') throw new Error(`Context "${key}" must be an https:// URL (got "${raw}")`);
  if (url.username || url.password || url.search || url.hash || raw.includes('${')) {
    throw new Error(`Context "${key}" must be Fleetdesk's host URL without credentials, query or fragment, e.g. https://abc123.execute-api.eu-west-1.amazonaws.com (got "${raw}")`);
  }
  if (url.pathname.replace(/\/+$/, '').endsWith(TELEMETRY_PATH)) {
    throw new Error(`Context "${key}" is the host URL; the stack appends ${TELEMETRY_PATH} itself (got "${raw}")`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Checks an MQTT topic filter against IoT Core's rules and returns its segments. */
function validateTopicFilter(filter: string): string[] {
  const key = CONNECTOR_CONTEXT_KEYS.topicFilter;
  const bad = (why: string) => new Error(`Context "${key}" ${why} (got "${filter}")`);
  if (Buffer.byteLength(filter) > 256) throw bad('must be at most 256 bytes');
  // The filter is quoted inside the rule SQL.
  if (/['"\\\u0000]/.test(filter)) throw bad('must not contain quotes, backslashes or NUL');
  if (filter.startsWith('$')) throw bad('must not start with $ (reserved topics)');
  const segments = filter.split('/');
  if (segments.length > 8) throw bad('must have at most 7 slashes (an IoT Core limit)');
  segments.forEach((segment, i) => {
    if ((segment.includes('+') || segment.includes('#')) && segment.length > 1) throw bad('may use + and # only as whole segments');
    if (segment === '#' && i !== segments.length - 1) throw bad('may use # only as the last segment');
  });
  return segments;
}

export interface FleetdeskIotConnectorStackProps extends StackProps {
  config: ConnectorConfig;
  /** Subscribed to the alarm topic when set. */
  alarmEmail?: string;
}

/**
 * For makers whose devices already talk to their own AWS IoT Core: one topic rule in the maker's
 * account that forwards each message of `topicFilter` to Fleetdesk's `POST /api/telemetry`, with
 * the device identifier taken from a topic segment and the `x-api-key` header read from Secrets
 * Manager at send time (`get_secret`), through a topic rule destination the Fleetdesk endpoint
 * confirms. What cannot be delivered goes to an SQS error queue with an alarm.
 */
export class FleetdeskIotConnectorStack extends Stack {
  readonly rule: CfnTopicRule;
  readonly destination: CfnTopicRuleDestination;
  readonly errorQueue: DeadLetterQueue;
  /** The secret's id as get_secret reads it: the created secret's ARN, or the given name. */
  readonly secretId: string;
  readonly telemetryUrl: string;

  constructor(scope: Construct, id: string, props: FleetdeskIotConnectorStackProps) {
    super(scope, id, props);
    const { config } = props;
    Tags.of(this).add('app', 'fleetdesk-iot-connector');
    this.telemetryUrl = `${config.fleetdeskUrl}${TELEMETRY_PATH}`;
    const ruleName = CONNECTOR_RULE_NAME;

    // --- The API key ---------------------------------------------------------------------------
    let secretArnForPolicy: string;
    if (config.apiKeySecretName) {
      this.secretId = config.apiKeySecretName;
      // A secret's ARN ends in `-` and six random characters; `??????` matches exactly those.
      secretArnForPolicy = `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${config.apiKeySecretName}-??????`;
    } else {
      const secret = new Secret(this, 'ApiKey', {
        description: `Fleetdesk API key the IoT rule ${ruleName} sends as x-api-key; JSON {"${SECRET_JSON_KEY}":"fdk_..."}`,
        // Not a secret: a marker the operator replaces (docs/operations.md). Fleetdesk answers it 401.
        secretObjectValue: { [SECRET_JSON_KEY]: SecretValue.unsafePlainText(SECRET_PLACEHOLDER) },
        removalPolicy: RemovalPolicy.DESTROY,
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'The value is a Fleetdesk API key that only Fleetdesk issues (`admin key regenerate`); a Secrets Manager rotation function cannot obtain one. Rotation is the documented operator procedure: regenerate in Fleetdesk, then put-secret-value here.',
      });
      this.secretId = secret.secretArn;
      secretArnForPolicy = secret.secretArn;
    }
    const secretReader = iotRuleRole(this, 'SecretReaderRole', ruleName, `IoT rule ${ruleName}: reads the Fleetdesk API key for the x-api-key header`);
    secretReader.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['secretsmanager:GetSecretValue'], resources: [secretArnForPolicy] }));

    // --- Where undeliverable messages go -------------------------------------------------------
    this.errorQueue = new DeadLetterQueue(this, 'RuleErrors');
    const errorAction = new SqsErrorAction(this, 'ErrorAction', { ruleName, queue: this.errorQueue.queue });
    const alarms = new Alarms(this, 'Alarms', { email: props.alarmEmail });
    alarms.add(
      'RuleErrorsDepth',
      this.errorQueue.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
      `IoT rule ${ruleName} could not deliver messages to Fleetdesk; they wait in its error queue`,
    );

    // --- Destination and rule ------------------------------------------------------------------
    // The confirmation POST goes to `{confirmationUrl}/?confirmationToken=...`; using the telemetry
    // URL itself (a prefix of the action URL, as IoT requires) lands it on the handler that confirms it.
    this.destination = new CfnTopicRuleDestination(this, 'Destination', { httpUrlProperties: { confirmationUrl: this.telemetryUrl } });

    const apiKeyHeader = `\${get_secret('${this.secretId}', 'SecretString', '${SECRET_JSON_KEY}', '${secretReader.roleArn}')}`;
    this.rule = new CfnTopicRule(this, 'Rule', {
      ruleName,
      topicRulePayload: {
        // The maker's payload is the REST body without deviceIdentifier (a record, or {"records": [...]}).
        sql: connectorRuleSql(config),
        awsIotSqlVersion: '2016-03-23',
        description: `Forwards ${config.topicFilter} to Fleetdesk ${this.telemetryUrl}`,
        ruleDisabled: false,
        actions: [
          {
            http: {
              url: this.telemetryUrl,
              confirmationUrl: this.telemetryUrl,
              headers: [
                { key: 'x-api-key', value: apiKeyHeader },
                { key: 'content-type', value: 'application/json' },
              ],
            },
          },
        ],
        errorAction: errorAction.action,
      },
    });
    this.rule.node.addDependency(this.destination);

    new CfnOutput(this, 'TopicRuleName', { value: ruleName });
    new CfnOutput(this, 'DestinationArn', { value: this.destination.attrArn, description: 'Confirm it (docs/operations.md) before messages flow' });
    new CfnOutput(this, 'ApiKeySecret', { value: this.secretId, description: `Put {"${SECRET_JSON_KEY}":"fdk_..."} here` });
    new CfnOutput(this, 'RuleErrorsQueueName', { value: this.errorQueue.queue.queueName });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
  }
}

/** `SELECT *, topic(N) AS deviceIdentifier FROM '<filter>'`: the payload's fields plus the identifier from the topic. */
export function connectorRuleSql(config: Pick<ConnectorConfig, 'topicFilter' | 'identifierSegment'>): string {
  return `SELECT *, topic(${config.identifierSegment}) AS deviceIdentifier FROM '${config.topicFilter}'`;
}
