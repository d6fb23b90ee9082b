import { fitsKeyPart } from '../common.schema';
import { getCustomerSummaries } from '../customer/customer.repository';
import { getDeviceWithOwnerIds } from '../device/device.repository';
import { DEVICE_NOT_FOUND } from '../device/device.limits';
import type { DeviceOwner } from '../device/device.schema';
import { BadRequestError, NotFoundError } from '../errors';
import { retentionDaysOf } from '../organization/organization.service';
import type { OrgContext } from '../organization/organization.schema';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../db/client';
import { ownersOfSnapshot, ownersRepair } from './owner-snapshot';
import * as repo from './telemetry.repository';
import {
  CURSOR_INVALID,
  FROM_AFTER_TO,
  fromToInvalid,
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  LIMIT_INVALID,
  ORDER_INVALID,
  parseTelemetryPayload,
  parseTimestamp,
  TELEMETRY_SOURCES,
  type TelemetryBatch,
  type TelemetryRecord,
  type TelemetrySource,
} from './telemetry.limits';
import type { HistoryQuery, IngestTelemetryResponse, TelemetryRecordView } from './telemetry.schema';
import type * as z from 'zod/mini';
import { decodeSortKeyCursor, encodeSortKeyCursor } from '../../db/cursor';

/**
 * The one writer of telemetry. REST, MQTT (and later S3 backfill and the crash-service sync) turn
 * their input into records and call {@link storeTelemetry}; reads serve the latest snapshot and
 * the history.
 */

const DAY_SECONDS = 86_400;

/** Owner of a device as the ingestion response names it. */
export type Owner = z.infer<typeof DeviceOwner>;

/** What POST /api/telemetry (and an MQTT message) answers: the response schema is the type. */
export type IngestResult = z.infer<typeof IngestTelemetryResponse>;

/** TTL of a record: its own timestamp plus the organization's retention. */
export const recordExpiry = (retentionDays: number) => (record: TelemetryRecord) =>
  Math.floor(Date.parse(record.timestamp) / 1000) + retentionDays * DAY_SECONDS;

/** The device's current owners (one consistent query, plus one BatchGetItem for their emails when it has any). */
export async function resolveOwners(organizationId: string, identifier: string): Promise<{ deviceKnown: boolean; owners: Owner[] }> {
  const found = await getDeviceWithOwnerIds(organizationId, identifier);
  if (!found) return { deviceKnown: false, owners: [] };
  return { deviceKnown: true, owners: await getCustomerSummaries(organizationId, found.ownerIds) };
}

/**
 * Who owns the device, from the snapshot item the ingest's UpdateItem returned (owners are
 * denormalised onto it: telemetry/owner-snapshot.ts). A snapshot not marked complete (written
 * before the owners were, or an unknown device) falls back to the owner query; for a known
 * device the result is written back, conditioned on no assignment having changed the owners since
 * the snapshot was returned, so the next ingest needs no query.
 */
async function ownersFromSnapshot(organizationId: string, identifier: string, snapshot: Record<string, unknown> | undefined) {
  const denormalised = ownersOfSnapshot(snapshot);
  if (denormalised) return { deviceKnown: true, owners: denormalised };
  const ownership = await resolveOwners(organizationId, identifier);
  if (ownership.deviceKnown) {
    try {
      await documentClient().send(new UpdateCommand(ownersRepair(organizationId, identifier, snapshot ?? {}, ownership.owners)));
    } catch (error) {
      // An assignment committed meanwhile: it wrote its own change; a later ingest repairs.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return ownership;
}

/**
 * Stores validated records for one device and tells who owns it right now: the owners come back
 * with the snapshot update (no owner query once the snapshot has them); an unknown device's
 * records are stored all the same (its history shows them once the device is created).
 */
export async function storeTelemetry(org: OrgContext, batch: TelemetryBatch, source: TelemetrySource, receivedAtMs: number): Promise<IngestResult> {
  let ownership: { deviceKnown: boolean; owners: Owner[] } = { deviceKnown: false, owners: [] };
  await repo.storeRecordsBesideSnapshot(
    org.organizationId,
    batch.deviceIdentifier,
    batch.records,
    source,
    { receivedAt: new Date(receivedAtMs).toISOString(), expiresAt: recordExpiry(retentionDaysOf(org)) },
    async (snapshot) => {
      ownership = await ownersFromSnapshot(org.organizationId, batch.deviceIdentifier, snapshot);
    },
  );
  return { success: true, accepted: batch.records.length, ...ownership };
}

/**
 * Stores validated records for one device without the owner lookup, for sources nobody waits on
 * (S3 backfill). `receivedAtMs` is when the records arrived (an import's start), which tells
 * consumers such as anomaly detection how old a record already was on arrival.
 */
export async function storeRecordsOnly(org: OrgContext, batch: TelemetryBatch, source: TelemetrySource, receivedAtMs: number): Promise<number> {
  return repo.storeRecords(org.organizationId, batch.deviceIdentifier, batch.records, source, {
    receivedAt: new Date(receivedAtMs).toISOString(),
    expiresAt: recordExpiry(retentionDaysOf(org)),
  });
}

/**
 * Stores history for one device (S3 backfill): records of any age, each kept for the
 * organization's retention counted from `receivedAtMs` (the import's start), not from its own
 * timestamp, so a year-old row is not deleted on arrival. The latest snapshot moves only where a
 * record is newer than what it holds, so history never moves a latest value back.
 */
export async function storeHistory(org: OrgContext, batch: TelemetryBatch, receivedAtMs: number): Promise<number> {
  const expiresAt = Math.floor(receivedAtMs / 1000) + retentionDaysOf(org) * DAY_SECONDS;
  return repo.storeRecords(org.organizationId, batch.deviceIdentifier, batch.records, 's3', {
    receivedAt: new Date(receivedAtMs).toISOString(),
    expiresAt: () => expiresAt,
  });
}

/**
 * A REST body or MQTT payload for one device: validated whole (a batch with one bad record is
 * refused, nothing stored), then stored.
 */
export async function ingestTelemetry(
  org: OrgContext,
  deviceIdentifier: string,
  payload: Record<string, unknown>,
  source: TelemetrySource,
  receivedAtMs = Date.now(),
): Promise<IngestResult> {
  const parsed = parseTelemetryPayload(payload, receivedAtMs, retentionDaysOf(org));
  if (!parsed.ok) throw new BadRequestError(parsed.error);
  const stored = await storeTelemetry(org, { deviceIdentifier, records: parsed.value }, source, receivedAtMs);
  // Every record sent is accepted; records sharing a timestamp were merged into one stored record.
  return { ...stored, accepted: Array.isArray(payload.records) ? payload.records.length : 1 };
}

/** A path parameter that cannot be an identifier matches nothing stored: 404 like an unknown device. */
function identifierOrNotFound(raw: string | undefined): string {
  const identifier = raw?.trim() ?? '';
  if (identifier === '' || !fitsKeyPart('deviceIdentifier', identifier)) throw new NotFoundError(DEVICE_NOT_FOUND);
  return identifier;
}

/** `GET /device/{identifier}/telemetry/latest`. */
export async function getLatestTelemetry(org: OrgContext, rawIdentifier: string | undefined) {
  const identifier = identifierOrNotFound(rawIdentifier);
  const { deviceKnown, latest } = await repo.getDeviceAndLatest(org.organizationId, identifier);
  if (!deviceKnown && latest.size === 0) throw new NotFoundError(DEVICE_NOT_FOUND);
  const measurements = Object.fromEntries([...latest].sort(([a], [b]) => (a < b ? -1 : 1)));
  const lastSeenAt = [...latest.values()].reduce<string | null>((max, { timestamp }) => (max === null || timestamp > max ? timestamp : max), null);
  return { identifier, deviceKnown, lastSeenAt, measurements };
}

// Sort-key bounds of a device's records: every record's sort key starts with a digit, the snapshot with `L`.
const LOWEST_SK = '0';
const HIGHEST_SK = '9999-12-31T23:59:59.999Z#~';
const RECORD_SK = new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z#(${TELEMETRY_SOURCES.join('|')})$`);

/** `from`/`to` as ISO 8601 or epoch milliseconds (digits); undefined when absent. */
function queryTime(name: 'from' | 'to', raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const ms = parseTimestamp(/^-?\d+$/.test(raw) ? Number(raw) : raw);
  if (ms === undefined || ms < 0 || ms > Date.UTC(9999, 11, 31)) throw new BadRequestError(fromToInvalid(name));
  return new Date(ms).toISOString();
}

/** The page cursor's sort key (shared/db/cursor.ts), also inside this query's range. */
function decodeCursor(raw: string, lowSk: string, highSk: string): string {
  const sk = decodeSortKeyCursor(raw, RECORD_SK);
  // Outside this query's range DynamoDB would refuse the start key; a forged key must not reach it.
  if (sk === undefined || sk < lowSk || sk > highSk) throw new BadRequestError(CURSOR_INVALID);
  return sk;
}

/** `GET /device/{identifier}/telemetry?from=&to=&limit=&cursor=&order=`. */
export async function queryTelemetry(
  org: OrgContext,
  rawIdentifier: string | undefined,
  query: HistoryQuery,
): Promise<{ identifier: string; records: TelemetryRecordView[]; nextCursor: string | null }> {
  const identifier = identifierOrNotFound(rawIdentifier);
  const order = query.order ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw new BadRequestError(ORDER_INVALID);
  let limit = HISTORY_DEFAULT_LIMIT;
  if (query.limit !== undefined) {
    if (!/^\d{1,7}$/.test(query.limit) || Number(query.limit) < 1) throw new BadRequestError(LIMIT_INVALID);
    limit = Math.min(Number(query.limit), HISTORY_MAX_LIMIT);
  }
  const from = queryTime('from', query.from);
  const to = queryTime('to', query.to);
  if (from && to && from > to) throw new BadRequestError(FROM_AFTER_TO);
  const lowSk = from ?? LOWEST_SK;
  const highSk = to ? `${to}#~` : HIGHEST_SK;
  const afterSk = query.cursor ? decodeCursor(query.cursor, lowSk, highSk) : undefined;

  const page = await repo.queryRecords(org.organizationId, identifier, {
    lowSk,
    highSk,
    ascending: order === 'asc',
    limit,
    afterSk,
    nowEpochSeconds: Math.floor(Date.now() / 1000),
  });
  if (page.records.length === 0 && !afterSk) {
    // Nothing in range: still 200 for a device this organization knows or has telemetry for.
    const { deviceKnown, latest } = await repo.getDeviceAndLatest(org.organizationId, identifier);
    if (!deviceKnown && latest.size === 0) throw new NotFoundError(DEVICE_NOT_FOUND);
  }
  const last = page.records.at(-1);
  return {
    identifier,
    records: page.records.map(({ timestamp, source, measurements }) => ({ timestamp, source, measurements })),
    nextCursor: page.hasMore && last ? encodeSortKeyCursor(last.sk) : null,
  };
}
