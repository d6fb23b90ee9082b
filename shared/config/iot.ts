/**
 * Names shared by the CDK stack (the device IoT policy) and the operator CLI (`iot provision`,
 * `iot revoke`), so the policy the stack deploys, the thing attributes its variables read and the
 * things the CLI creates cannot drift apart. Pure: no AWS SDK, no aws-cdk-lib.
 */

/**
 * The device policy's name. Fixed, because the CLI attaches it by name and IoT policy names are
 * unique per account and Region, like the MQTT topic space itself: one stage per account and Region
 * owns MQTT ingestion (see `iotIngestion` in docs/operations.md).
 */
export const DEVICE_POLICY_NAME = 'FleetdeskDevice';

/** The stage `npm run admin -- iot provision` assumes without `--stage` (the CDK default) and the local broker's. */
export const DEFAULT_STAGE = 'dev';

/** The `ingestion` entry (shared/routes.ts) whose IoT topic rule receives device telemetry. */
export const TELEMETRY_INGESTION_ID = 'IotTelemetryIngest';

/**
 * The telemetry topic rule's name in a stage, as the stack names it (`fleetdesk_<stage>_<id>`, IoT
 * rule names allow letters, digits and `_`): the Basic Ingest topic a device publishes to names it.
 */
export const telemetryRuleName = (stage: string) => ['fleetdesk', stage, TELEMETRY_INGESTION_ID].join('_').replace(/[^A-Za-z0-9_]/g, '_');

/** Thing attributes the device policy's variables read (`iot:Connection.Thing.Attributes[...]`). */
export const THING_ATTRIBUTES = { organizationId: 'organizationId', deviceIdentifier: 'deviceIdentifier' } as const;

/** Prefix of every thing the CLI creates, so Fleetdesk's things are recognisable in a shared registry. */
export const THING_NAME_PREFIX = 'fd';

// IoT thing names: [a-zA-Z0-9:_-]{1,128}. Attribute values: [a-zA-Z0-9_.,@/:#=\[\]-]{0,800}.
// An MQTT topic segment must not contain `/`, `+` or `#`. What is left for a device identifier that
// travels as an attribute and as a topic segment:
const MQTT_IDENTIFIER = /^[A-Za-z0-9_.,@:=[\]-]+$/;
const THING_NAME_MAX = 128;
// Kept verbatim in the thing name; every other allowed character is escaped as `_XX` (hex), and
// `_` itself too, so two identifiers never share a thing name.
const THING_NAME_VERBATIM = /[A-Za-z0-9:-]/;

/** Why a device identifier cannot be provisioned for MQTT; undefined when it can. */
export function mqttIdentifierProblem(organizationId: string, deviceIdentifier: string): string | undefined {
  if (deviceIdentifier.length === 0) return 'Device identifier must not be empty';
  if (!MQTT_IDENTIFIER.test(deviceIdentifier)) {
    return `Device identifier "${deviceIdentifier}" cannot be used over MQTT: only letters, digits and _ . , @ : = [ ] - are allowed (IoT thing attribute and MQTT topic segment rules)`;
  }
  if (thingNameFor(organizationId, deviceIdentifier).length > THING_NAME_MAX) {
    return `Device identifier "${deviceIdentifier}" is too long for an IoT thing name (at most ${THING_NAME_MAX} characters once combined with the organization id)`;
  }
  return undefined;
}

/**
 * The thing (and MQTT client id) of one device: `fd-<organizationId>-<identifier>`, with characters
 * thing names refuse escaped. Deterministic, so provisioning twice finds the same thing, and
 * injective, so two devices never share one.
 */
export function thingNameFor(organizationId: string, deviceIdentifier: string): string {
  const encoded = [...deviceIdentifier]
    .map((c) => (THING_NAME_VERBATIM.test(c) ? c : `_${c.codePointAt(0)?.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
  return `${THING_NAME_PREFIX}-${organizationId}-${encoded}`;
}
