/**
 * The MQTT contract, shared by the CDK stack (IoT Core topic rule and device policy), the local
 * broker and the ingestion handler, so the topic a device publishes to, the rule that selects it
 * and the event the handler receives cannot drift apart.
 */

/** Topic prefix of Fleetdesk's own IoT Core: `fleetdesk/{organizationId}/devices/{deviceIdentifier}/telemetry`. */
export const MQTT_TOPIC_ROOT = 'fleetdesk';

/** Subscription filter of the topic rule (and of the local broker's dispatch). */
export const TELEMETRY_TOPIC_FILTER = `${MQTT_TOPIC_ROOT}/+/devices/+/telemetry`;

/** The topic one device publishes its telemetry to. */
export const telemetryTopic = (organizationId: string, deviceIdentifier: string) =>
  `${MQTT_TOPIC_ROOT}/${organizationId}/devices/${deviceIdentifier}/telemetry`;

/**
 * IoT Core Basic Ingest: a device publishing to `$aws/rules/<rule name>/<topic>` reaches that rule
 * directly, without the message broker, so no messaging charge (docs/telemetry.md). The rule sees
 * `<topic>`: the prefix is not available to the SQL's topic() functions, so the rule, its SQL and
 * the handler are the same for both forms.
 */
export const BASIC_INGEST_PREFIX = '$aws/rules/';

/** The Basic Ingest form of one device's telemetry topic, for the telemetry rule `ruleName`. */
export const basicIngestTopic = (ruleName: string, organizationId: string, deviceIdentifier: string) =>
  `${BASIC_INGEST_PREFIX}${ruleName}/${telemetryTopic(organizationId, deviceIdentifier)}`;

/**
 * The topic the telemetry rule sees for a publish: the topic itself, or with Basic Ingest's
 * `$aws/rules/<ruleName>/` removed; undefined for Basic Ingest to another rule.
 */
export function topicSeenByRule(topic: string, ruleName: string): string | undefined {
  if (!topic.startsWith(BASIC_INGEST_PREFIX)) return topic;
  const own = `${BASIC_INGEST_PREFIX}${ruleName}/`;
  return topic.startsWith(own) ? topic.slice(own.length) : undefined;
}

/** Splits a telemetry topic into its organization and device identifier; undefined when it is not one. */
export function parseTelemetryTopic(topic: string): { organizationId: string; deviceIdentifier: string } | undefined {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== MQTT_TOPIC_ROOT || parts[2] !== 'devices' || parts[4] !== 'telemetry') return undefined;
  const [, organizationId, , deviceIdentifier] = parts as [string, string, string, string, string];
  if (!organizationId || !deviceIdentifier) return undefined;
  return { organizationId, deviceIdentifier };
}

/**
 * The topic rule's SQL (version 2016-03-23). The payload travels base64-encoded so that a message
 * that is not JSON still reaches the handler, which records it with its reason instead of the
 * rule engine dropping it; organization and identifier come from the topic, which the device
 * policy pins to the certificate's thing attributes.
 */
export const TELEMETRY_RULE_SQL =
  `SELECT encode(*, 'base64') AS payload, topic() AS topic, topic(2) AS organizationId, topic(4) AS deviceIdentifier, ` +
  `timestamp() AS receivedAt FROM '${TELEMETRY_TOPIC_FILTER}'`;
export const TELEMETRY_RULE_SQL_VERSION = '2016-03-23';

/** What the topic rule (or the local broker) invokes `functions/ingest/iot.ts` with. */
export interface IotTelemetryEvent {
  /** The raw MQTT payload, base64. */
  payload: string;
  topic: string;
  organizationId: string;
  deviceIdentifier: string;
  /** Broker receive time, epoch milliseconds. */
  receivedAt: number;
}
