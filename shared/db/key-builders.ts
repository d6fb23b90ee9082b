/**
 * Pure key builders for every item type in the single table. Nothing else in the code base
 * writes a `pk`/`sk` string by hand. Free-form parts (device identifiers, emails) are
 * URI-encoded so a `#` inside a value can never forge another item's key or widen a
 * `begins_with` query.
 *
 * One export per builder, imported as a namespace (`import * as keys from '.../db/key-builders'`,
 * then `keys.device(...)`): esbuild keeps only the builders a function calls, where one `keys`
 * object kept all of them in every bundle (5.4 KiB; issue 21's bundle budgets).
 */

export interface Key {
  pk: string;
  sk: string;
}

const part = (value: string) => encodeURIComponent(value);

const orgPk = (orgId: string) => `ORG#${orgId}`;
const customerPk = (orgId: string, customerId: string) => `${orgPk(orgId)}#CUSTOMER#${customerId}`;
const devicePk = (orgId: string, identifier: string) => `${orgPk(orgId)}#DEVICE#${part(identifier)}`;
const ticketPk = (orgId: string, ticketId: string) => `${orgPk(orgId)}#TICKET#${ticketId}`;
/** A device's telemetry (records and latest snapshot), apart from the device partition that GET /device reads whole. */
const telemetryPk = (orgId: string, identifier: string) => `${orgPk(orgId)}#TELEMETRY#${part(identifier)}`;
/** A device's anomaly detection items, apart from its telemetry partition (owned by the telemetry domain). */
const anomalyPk = (orgId: string, identifier: string) => `${orgPk(orgId)}#ANOMALY#${part(identifier)}`;

/** Which ticket list a ticket index entry belongs to. */
export type TicketIndexFacet = { all: true } | { source: string } | { deviceIdentifier: string } | { customerId: string };
function ticketIndexPk(orgId: string, facet: TicketIndexFacet): string {
  if ('source' in facet) return `${orgPk(orgId)}#TIDX#S#${part(facet.source)}`;
  if ('deviceIdentifier' in facet) return `${orgPk(orgId)}#TIDX#D#${part(facet.deviceIdentifier)}`;
  if ('customerId' in facet) return `${orgPk(orgId)}#TIDX#C#${part(facet.customerId)}`;
  return `${orgPk(orgId)}#TIDX#ALL`;
}
/**
 * Which "recently updated" ticket list an entry belongs to (issue 16): every ticket has one entry
 * per facet, sorted by `updatedAt`, moved in the transaction of each change.
 */
export type TicketActivityFacet =
  | { all: true }
  | { status: string }
  | { assignee: string | null }
  | { priority: string }
  | { category: string }
  | { source: string }
  | { deviceIdentifier: string }
  | { customerId: string };
function ticketActivityPk(orgId: string, facet: TicketActivityFacet): string {
  const base = `${orgPk(orgId)}#TUPD`;
  if ('status' in facet) return `${base}#ST#${part(facet.status)}`;
  // `#AS` with nothing after it is the unassigned list (an assignee is never empty).
  if ('assignee' in facet) return facet.assignee === null ? `${base}#UNASSIGNED` : `${base}#AS#${part(facet.assignee)}`;
  if ('priority' in facet) return `${base}#PR#${part(facet.priority)}`;
  if ('category' in facet) return `${base}#CA#${part(facet.category.trim().toLowerCase())}`;
  if ('source' in facet) return `${base}#S#${part(facet.source)}`;
  if ('deviceIdentifier' in facet) return `${base}#D#${part(facet.deviceIdentifier)}`;
  if ('customerId' in facet) return `${base}#C#${part(facet.customerId)}`;
  return `${base}#ALL`;
}
/** One partition per org for ticket configuration (settings, categories, routing rules): createTicket reads it with one query. */
const orgConfigPk = (orgId: string) => `${orgPk(orgId)}#CONFIG`;

/**
 * Sort keys and sort-key prefixes. An enum, not an object: esbuild inlines each member where it is
 * used (`SK.ticket` becomes `"TICKET"`) and drops the table from a bundle that uses it no other way,
 * where an object of 19 strings stayed whole in every function that reads or writes one key. At run
 * time it is the same object (string members have no reverse mapping).
 */
export enum SK {
  org = 'ORG',
  apiKey = 'APIKEY',
  customer = 'CUSTOMER',
  email = 'EMAIL',
  device = 'DEVICE',
  /** Prefix of a device's owner links inside the device partition. */
  ownerPrefix = 'OWNER#',
  /** Prefix of a customer's device links inside the customer partition. */
  deviceLinkPrefix = 'DEVICE#',
  ticket = 'TICKET',
  /** Prefix of a ticket's activity events inside the ticket partition (before `TICKET` in sort order). */
  ticketEventPrefix = 'EVENT#',
  idempotency = 'IDEMPOTENCY',
  /** Org settings item inside the config partition (chat webhook URL, category count, rule sequence). */
  orgSettings = 'SETTINGS',
  /** Prefix of category items inside the config partition. */
  categoryPrefix = 'CATEGORY#',
  /** Prefix of routing-rule items inside the config partition; the zero-padded position sorts them. */
  rulePrefix = 'RULE#',
  /** The latest-telemetry snapshot inside a device's telemetry partition. */
  telemetryLatest = 'LATEST',
  /** The detector state inside a device's anomaly partition. */
  anomalyState = 'STATE',
  /** The dropout watch entry inside a device's anomaly partition. */
  anomalyWatch = 'WATCH',
  /** Prefix of incident items inside a device's anomaly partition. */
  incidentPrefix = 'INCIDENT#',
  /** A device's crash-reporting connection, inside the device partition (GET /device reads it with the same query). */
  deviceConnection = 'CONNECTION',
  /** The org's crash-reporting connector configuration. */
  connector = 'CONNECTOR',
}

/** Width of a routing rule's zero-padded position, so sort-key order is rule order. */
const RULE_POSITION_WIDTH = 6;

export const org = (orgId: string): Key => ({ pk: orgPk(orgId), sk: SK.org });
/** Sparse GSI1 entry that lists organizations (operator CLI `org list`). */
export const orgListing = (orgId: string) => ({ gsi1pk: 'ORGS', gsi1sk: orgPk(orgId) });
export const orgListingPartition = 'ORGS';
/** API keys are found by the SHA-256 hash of the presented key; the key itself is never stored. */
export const apiKey = (keyHash: string): Key => ({ pk: `APIKEY#${keyHash}`, sk: SK.apiKey });
export const customer = (orgId: string, customerId: string): Key => ({ pk: customerPk(orgId, customerId), sk: SK.customer });
export const customerPartition = customerPk;
/** Uniqueness guard: one item per normalised email per organization. */
export const customerEmail = (orgId: string, normalizedEmail: string): Key => ({
  pk: `${orgPk(orgId)}#EMAIL#${part(normalizedEmail)}`,
  sk: SK.email,
});
export const device = (orgId: string, identifier: string): Key => ({ pk: devicePk(orgId, identifier), sk: SK.device });
export const devicePartition = devicePk;
/** Assignment, device side: lives with the device so "owners of a device" is one query. */
export const deviceOwner = (orgId: string, identifier: string, customerId: string): Key => ({
  pk: devicePk(orgId, identifier),
  sk: `${SK.ownerPrefix}${customerId}`,
});
/** Assignment, customer side: lives with the customer so "devices of a customer" is one query. */
export const customerDevice = (orgId: string, customerId: string, identifier: string): Key => ({
  pk: customerPk(orgId, customerId),
  sk: `${SK.deviceLinkPrefix}${part(identifier)}`,
});
export const ticket = (orgId: string, ticketId: string): Key => ({ pk: ticketPk(orgId, ticketId), sk: SK.ticket });
/** A request's Idempotency-Key record: per organization (not per API key, which rotates), one partition per key. */
export const idempotency = (orgId: string, idempotencyKey: string): Key => ({
  pk: `${orgPk(orgId)}#IDEMPOTENCY#${part(idempotencyKey)}`,
  sk: SK.idempotency,
});
/** The org's ticket-configuration partition (settings + categories + rules: one query). */
export const orgConfigPartition = orgConfigPk;
export const orgSettings = (orgId: string): Key => ({ pk: orgConfigPk(orgId), sk: SK.orgSettings });
/** Category by its normalised (trimmed, lowercased) name: the key itself holds per-org uniqueness. */
export const category = (orgId: string, normalizedName: string): Key => ({
  pk: orgConfigPk(orgId),
  sk: `${SK.categoryPrefix}${part(normalizedName)}`,
});
/** A device's telemetry partition: records sorted by time, plus the latest snapshot. */
export const telemetryPartition = telemetryPk;
/**
 * One telemetry record: the same device, timestamp and source always give the same key, so a
 * replay overwrites instead of duplicating. `timestamp` is ISO 8601 UTC with milliseconds
 * (fixed width, so sort-key order is time order).
 */
export const telemetryRecord = (orgId: string, identifier: string, timestamp: string, source: string): Key => ({
  pk: telemetryPk(orgId, identifier),
  sk: `${timestamp}#${source}`,
});
/** A call marked pure: esbuild would otherwise keep it in every bundle that imports a key builder, read or not. */
const TELEMETRY_CHUNK_TIME_MAX = /* @__PURE__ */ Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/**
 * Several records of one device and source written by one call (shared/domain/telemetry/record-chunks.ts):
 * `C#<inverted first time>#<first timestamp>#<source>#<last timestamp>#<tag>`. The inverted time
 * (15 digits, 9999-12-31 minus the first record's epoch ms) sorts the newest chunk first, right after
 * the record items (digits) and before `LATEST`: one Query from a record key to a chunk key reads
 * the records after a time and the chunks starting after another. `tag` hashes the chunk's
 * timestamps, so the same records (a retried batch) give the same key and another set never
 * overwrites this one.
 */
export const telemetryChunk = (orgId: string, identifier: string, firstTimestamp: string, source: string, lastTimestamp: string, tag: string): Key => ({
  pk: telemetryPk(orgId, identifier),
  sk: `${telemetryChunkPrefix(firstTimestamp)}#${firstTimestamp}#${source}#${lastTimestamp}#${tag}`,
});
/** The sort-key prefix of chunks starting at `timestamp` (ISO): a bound for chunk ranges. */
export const telemetryChunkPrefix = (timestamp: string) => `C#${String(TELEMETRY_CHUNK_TIME_MAX - Date.parse(timestamp)).padStart(15, '0')}`;
/** The device's latest value per measurement; `L` sorts after every timestamp, so history ranges never reach it. */
export const telemetryLatest = (orgId: string, identifier: string): Key => ({ pk: telemetryPk(orgId, identifier), sk: SK.telemetryLatest });
/** An MQTT message the ingestion refused (bad JSON, bad measurement), kept with its reason; sorted by receive time. */
export const rejectedMessage = (orgId: string, receivedAt: string, messageId: string): Key => ({
  pk: `${orgPk(orgId)}#REJECTED`,
  sk: `${receivedAt}#${messageId}`,
});
export const rejectedMessagePartition = (orgId: string) => `${orgPk(orgId)}#REJECTED`;
/** An IoT rule destination's confirmation (no organization: it arrives without a key), by the hash of its ARN. */
export const destinationConfirmation = (arnHash: string): Key => ({ pk: 'IOT#DESTINATIONS', sk: arnHash });
export const destinationConfirmationPartition = 'IOT#DESTINATIONS';
export const routingRule = (orgId: string, position: number): Key => ({
  pk: orgConfigPk(orgId),
  sk: `${SK.rulePrefix}${String(position).padStart(RULE_POSITION_WIDTH, '0')}`,
});
/**
 * The ticket classifier's learned counts for an org: one item, updated with atomic ADDs. Its
 * own partition, so the config query of every createTicket never drags it along.
 */
export const classifierModel = (orgId: string): Key => ({ pk: `${orgPk(orgId)}#CLASSIFIER`, sk: 'MODEL' });
/** An org's S3 backfill prefix mappings: one partition, so the ingestion reads them all with one Query. */
export const backfillMappingPartition = (orgId: string) => `${orgPk(orgId)}#BACKFILL`;
/** One prefix mapping; the (encoded) prefix is the key, so one mapping per prefix per org. */
export const backfillMapping = (orgId: string, prefix: string): Key => ({ pk: `${orgPk(orgId)}#BACKFILL`, sk: `MAPPING#${part(prefix)}` });
/** One import per S3 object version (importId: a hash of bucket, key and version); its rejections share the partition. */
export const backfillImportPartition = (orgId: string, importId: string) => `${orgPk(orgId)}#IMPORT#${importId}`;
export const backfillImport = (orgId: string, importId: string): Key => ({ pk: `${orgPk(orgId)}#IMPORT#${importId}`, sk: 'IMPORT' });
/** A rejected row of an import, by its position among the rejections (zero-padded: sort order is file order). */
export const backfillRejection = (orgId: string, importId: string, ordinal: number): Key => ({
  pk: `${orgPk(orgId)}#IMPORT#${importId}`,
  sk: `REJECTION#${String(ordinal).padStart(4, '0')}`,
});
/** GSI1 entry listing an org's imports, newest first by start time. */
export const backfillImportListing = (orgId: string, startedAt: string, importId: string) => ({ gsi1pk: `${orgPk(orgId)}#IMPORTS`, gsi1sk: `${startedAt}#${importId}` });
export const backfillImportListingPartition = (orgId: string) => `${orgPk(orgId)}#IMPORTS`;
/**
 * The registry of running imports, across organizations: one small item per running import,
 * written and deleted in the same transaction as the import's status, so the stall sweep reads
 * every running import with one Query (imports run a few at a time: the partition stays small).
 */
export const backfillRunning = (orgId: string, importId: string): Key => ({ pk: 'BACKFILL#RUNNING', sk: `${orgId}#${importId}` });
export const backfillRunningPartition = 'BACKFILL#RUNNING';
/** A device's anomaly partition: its detector state, its dropout watch entry and its incidents. */
export const anomalyPartition = anomalyPk;
/** The device's detector state (every series, the cadence, the open incidents): one item, one version. */
export const anomalyState = (orgId: string, identifier: string): Key => ({ pk: anomalyPk(orgId, identifier), sk: SK.anomalyState });
/**
 * The device's dropout watch entry: sparse gsi1 entry `ORG#<org>#DROPOUT` / due time (ISO), so the
 * sweep queries the overdue devices of an org instead of scanning. The identifier stays out of
 * the index key (a GSI sort key holds only 1024 bytes); the item's own pk names the device.
 */
export const anomalyWatch = (orgId: string, identifier: string, dueIso: string) => ({
  pk: anomalyPk(orgId, identifier),
  sk: SK.anomalyWatch,
  gsi1pk: `${orgPk(orgId)}#DROPOUT`,
  gsi1sk: dueIso,
});
export const dropoutWatchPartition = (orgId: string) => `${orgPk(orgId)}#DROPOUT`;
/** An incident; the start time first, so a device's incidents list newest first with a descending query. */
export const incident = (orgId: string, identifier: string, startedAtIso: string, incidentId: string): Key => ({
  pk: anomalyPk(orgId, identifier),
  sk: `${SK.incidentPrefix}${startedAtIso}#${incidentId}`,
});
/** An org's webhook endpoints and their count guard: one partition, so listing is one Query (issue 19). */
export const webhookPartition = (orgId: string) => `${orgPk(orgId)}#WEBHOOKS`;
export const webhook = (orgId: string, webhookId: string): Key => ({ pk: `${orgPk(orgId)}#WEBHOOKS`, sk: `WEBHOOK#${webhookId}` });
/** The org's endpoint count, moved in the same transaction as each create and delete (the 10-endpoint limit under races). */
export const webhookCount = (orgId: string): Key => ({ pk: `${orgPk(orgId)}#WEBHOOKS`, sk: 'COUNT' });
/** A webhook event's outbox item, written in the transaction of the change that causes it (stream → fan-out). */
export const webhookEvent = (orgId: string, eventId: string): Key => ({ pk: `${orgPk(orgId)}#WHEVENT#${eventId}`, sk: 'EVENT' });
/** One event to one endpoint: its payload, status and attempt count (the deliveryId is derived from both). */
export const webhookDelivery = (orgId: string, deliveryId: string): Key => ({ pk: `${orgPk(orgId)}#WHDELIVERY#${deliveryId}`, sk: 'DELIVERY' });
/**
 * Sparse GSI1 entry of a delivery waiting for its next attempt, by due time: the sweep queries the
 * due ones (waits longer than SQS's 15-minute delay, and anything a lost message left behind).
 */
export const webhookDue = (dueIso: string, orgId: string, deliveryId: string) => ({ gsi1pk: 'WEBHOOK#DUE', gsi1sk: `${dueIso}#${orgId}#${deliveryId}` });
export const webhookDuePartition = 'WEBHOOK#DUE';
/** One delivery attempt in an endpoint's log; time first, so the log lists newest first with a descending Query. */
export const webhookAttemptPartition = (orgId: string, webhookId: string) => `${orgPk(orgId)}#WEBHOOK#${webhookId}#ATTEMPTS`;
export const webhookAttempt = (orgId: string, webhookId: string, atIso: string, deliveryId: string, attempt: number): Key => ({
  pk: `${orgPk(orgId)}#WEBHOOK#${webhookId}#ATTEMPTS`,
  sk: `${atIso}#${deliveryId}#${String(attempt).padStart(3, '0')}`,
});
/** The org's threshold rules (`monitor rule add`): one item, read with the detector state in one BatchGetItem. */
export const monitorRules = (orgId: string): Key => ({ pk: `${orgPk(orgId)}#MONITOR`, sk: 'RULES' });
/**
 * Ticket list index entries, written in the ticket's own transaction: one per facet (all,
 * source, device, customer), sorted by creation time, so each list filter is one Query.
 */
export const ticketIndex = (orgId: string, facet: TicketIndexFacet, createdAt: string, ticketId: string): Key => ({
  pk: ticketIndexPk(orgId, facet),
  sk: `${createdAt}#${ticketId}`,
});
export const ticketIndexPartition = (orgId: string, facet: TicketIndexFacet) => ticketIndexPk(orgId, facet);
/**
 * A ticket's activity event, in the ticket's own partition. The ticket's version after the
 * change is the sort key (zero-padded), so events list oldest first and two changes from the
 * same version can never both write an event.
 */
export const ticketEvent = (orgId: string, ticketId: string, version: number): Key => ({
  pk: ticketPk(orgId, ticketId),
  sk: `${SK.ticketEventPrefix}${String(version).padStart(10, '0')}`,
});
/**
 * The `diagnosis_ready` event: a ticket is diagnosed once, without a version of its own (the
 * diagnosis is not an agent's change, so it never makes an If-Match fail). It sorts right after
 * the event of the version it was written at, before the next change's.
 */
export const ticketDiagnosisEvent = (orgId: string, ticketId: string, version: number): Key => ({
  pk: ticketPk(orgId, ticketId),
  sk: `${SK.ticketEventPrefix}${String(version).padStart(10, '0')}#diagnosis_ready`,
});
export const ticketPartition = ticketPk;
/** "Recently updated" list entries (GET /ticket filters, issue 16): one per facet, sorted by `updatedAt`. */
export const ticketActivityIndex = (orgId: string, facet: TicketActivityFacet, updatedAt: string, ticketId: string): Key => ({
  pk: ticketActivityPk(orgId, facet),
  sk: `${updatedAt}#${ticketId}`,
});
export const ticketActivityPartition = (orgId: string, facet: TicketActivityFacet) => ticketActivityPk(orgId, facet);
/** The org's crash-reporting connector (provider, API base, slugs, sealed token): one item. */
export const connector = (orgId: string): Key => ({ pk: `${orgPk(orgId)}#CONNECTOR`, sk: SK.connector });
/** Sparse GSI1 entry listing the organizations that have a connector (the scheduled sync's fan-out). */
export const connectorListing = (orgId: string) => ({ gsi1pk: 'CONNECTORS', gsi1sk: orgPk(orgId) });
export const connectorListingPartition = 'CONNECTORS';
/** A device's connection to the crash-reporting service, in the device partition (one query reads device, owners, connection). */
export const deviceConnection = (orgId: string, identifier: string): Key => ({ pk: devicePk(orgId, identifier), sk: SK.deviceConnection });
/**
 * Sparse GSI1 entry listing an org's connected devices for the sync. The sort key is a hash of
 * the identifier (fixed width), so the identifier's key budget does not shrink for this index.
 */
export const deviceConnectionListing = (orgId: string, identifierHash: string) => ({ gsi1pk: `${orgPk(orgId)}#CONNECTIONS`, gsi1sk: identifierHash });
export const deviceConnectionListingPartition = (orgId: string) => `${orgPk(orgId)}#CONNECTIONS`;
/** The org's console users: one partition, so `user list` is one Query (issue 18). */
export const usersPartition = (orgId: string) => `${orgPk(orgId)}#USERS`;
export const user = (orgId: string, userId: string): Key => ({ pk: `${orgPk(orgId)}#USERS`, sk: `USER#${userId}` });
/** Uniqueness guard: one user per normalised email per organization, written in the user's transaction. */
export const userEmail = (orgId: string, normalizedEmail: string): Key => ({ pk: `${orgPk(orgId)}#USERS`, sk: `EMAIL#${part(normalizedEmail)}` });
/** A one-time sign-in link of the local stack, by the SHA-256 hash of its token (the token itself is never stored). */
export const signInToken = (tokenHash: string): Key => ({ pk: `SIGNIN#${tokenHash}`, sk: 'SIGNIN' });
