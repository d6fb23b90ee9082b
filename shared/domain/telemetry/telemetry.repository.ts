import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { recordItemsPage } from './record-page';
import { nextWriteStamp, recordWriteItems } from './record-chunks';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { batchGet, batchPut } from '../../db/operations';
import { BadRequestError } from '../errors';
import { MAX_MEASUREMENT_NAMES_PER_DEVICE, mergeRecords, SNAPSHOT_FULL, type TelemetryRecord, type TelemetrySource } from './telemetry.limits';
import type { TelemetryRecordView } from './telemetry.schema';

/**
 * Telemetry access patterns (docs/data-model.md). A device's telemetry lives in its own partition
 * `ORG#<org>#TELEMETRY#<identifier>`: a call's one record as its own item, sort key
 * `<ISO timestamp>#<source>` (a replay overwrites), a call's several records as chunk items of many
 * records each (record-chunks.ts), plus the `LATEST` snapshot holding, per measurement, the newest
 * value and its timestamp as a top-level attribute `M#<name>` = `{ v, t }`. The snapshot only moves forward:
 * every write is conditioned on each measurement's stored `t` not being newer.
 */

/** Top-level attribute of one measurement in the latest snapshot. */
const LATEST_PREFIX = 'M#';
/** Measurements per snapshot UpdateItem: keeps the condition expression well under DynamoDB's 4 KB. */
const LATEST_UPDATE_CHUNK = 100;
const MAX_LATEST_ATTEMPTS = 10;
/** Snapshot UpdateItems of one call in flight at once (they all hit one item). */
const LATEST_UPDATE_CONCURRENCY = 4;
/** The snapshot's string set of every measurement name it holds: what the per-device cap counts. */
const NAMES_ATTRIBUTE = 'names';

/** One measurement's newest value. */
export interface LatestValue {
  value: number;
  timestamp: string;
  /** When the record it came from expires (epoch seconds): the value is not served after that. */
  expiresAt?: number;
}

interface StoredLatest {
  v: number;
  t: string;
  /** The record's `expiresAt`; absent on values written before it was stored. */
  e?: number;
}

/** What ingestion stores for one record. */
function recordItem(organizationId: string, identifier: string, record: TelemetryRecord, source: TelemetrySource, receivedAt: string, expiresAt: number) {
  return {
    ...keys.telemetryRecord(organizationId, identifier, record.timestamp, source),
    entity: 'telemetry',
    organizationId,
    identifier,
    timestamp: record.timestamp,
    source,
    m: record.measurements,
    receivedAt,
    expiresAt,
  };
}

/** Per measurement, the newest value among `records` (later records win ties, as a replay would). */
export function newestByMeasurement(records: TelemetryRecord[], expiresAt: (record: TelemetryRecord) => number): Map<string, LatestValue> {
  const newest = new Map<string, LatestValue>();
  for (const record of records) {
    for (const [name, value] of Object.entries(record.measurements)) {
      const current = newest.get(name);
      if (!current || current.timestamp <= record.timestamp) newest.set(name, { value, timestamp: record.timestamp, expiresAt: expiresAt(record) });
    }
  }
  return newest;
}

/**
 * The conditional snapshot update for some measurements: set each unless the stored one is newer,
 * and add their names to the snapshot's name set unless that could take it past
 * {@link MAX_MEASUREMENT_NAMES_PER_DEVICE}: `newNames` is how many of them may be new (all of
 * them until the stored snapshot has been seen), so the set must have room for that many.
 */
function latestUpdate(organizationId: string, identifier: string, values: [string, LatestValue][], newNames = values.length) {
  const names: Record<string, string> = { '#names': NAMES_ATTRIBUTE };
  const attributeValues: Record<string, unknown> = {
    ':entity': 'telemetryLatest',
    ':identifier': identifier,
    ':names': new Set(values.map(([name]) => name)),
    ':room': MAX_MEASUREMENT_NAMES_PER_DEVICE - newNames,
  };
  const sets = ['entity = :entity', 'identifier = :identifier'];
  // A snapshot written before the cap has no set yet: it starts counting at its next write.
  const room = '(attribute_not_exists(#names) OR size(#names) <= :room)';
  const newer: string[] = [];
  values.forEach(([name, latest], i) => {
    names[`#a${i}`] = `${LATEST_PREFIX}${name}`;
    attributeValues[`:v${i}`] = { v: latest.value, t: latest.timestamp, e: latest.expiresAt } satisfies StoredLatest;
    attributeValues[`:t${i}`] = latest.timestamp;
    sets.push(`#a${i} = :v${i}`);
    newer.push(`#a${i}.t > :t${i}`);
  });
  return {
    TableName: tableName(),
    Key: keys.telemetryLatest(organizationId, identifier),
    UpdateExpression: `SET ${sets.join(', ')} ADD #names :names`,
    // A missing attribute makes its comparison false, so NOT(...) also admits a first value.
    // `NOT (a OR b …)` rather than `NOT a AND NOT b …`: two operators a name, so 100 names and the
    // room check stay under DynamoDB's 300 operators per expression.
    ConditionExpression: `${room} AND NOT (${newer.join(' OR ')})`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: attributeValues,
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
}

/** The stored snapshot as `name → { v, t }`. */
function storedLatest(item: Record<string, unknown> | undefined): Map<string, StoredLatest> {
  const result = new Map<string, StoredLatest>();
  for (const [attribute, value] of Object.entries(item ?? {})) {
    if (attribute.startsWith(LATEST_PREFIX)) result.set(attribute.slice(LATEST_PREFIX.length), value as StoredLatest);
  }
  return result;
}

/** Every name the stored snapshot holds (its name set, and the attributes of a snapshot written before the set). */
function storedNames(item: Record<string, unknown> | undefined): Set<string> {
  const set = item?.[NAMES_ATTRIBUTE];
  const result = new Set<string>(set instanceof Set ? (set as Set<string>) : []);
  for (const name of storedLatest(item).keys()) result.add(name);
  return result;
}

/** How many of `names` the stored snapshot lacks; a 400 naming the cap when they do not fit. */
function newNamesWithin(identifier: string, names: string[], stored: Set<string>): number {
  const fresh = names.filter((name) => !stored.has(name)).length;
  if (fresh > 0 && stored.size + fresh > MAX_MEASUREMENT_NAMES_PER_DEVICE) throw new BadRequestError(SNAPSHOT_FULL(identifier));
  return fresh;
}

/** Drops the values the stored snapshot already has something newer for. */
function stillNewer(values: [string, LatestValue][], stored: Map<string, StoredLatest>): [string, LatestValue][] {
  return values.filter(([name, latest]) => {
    const current = stored.get(name);
    return !current || current.t <= latest.timestamp;
  });
}

async function readLatestItem(organizationId: string, identifier: string) {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.telemetryLatest(organizationId, identifier), ConsistentRead: true }),
  );
  return out.Item;
}

/**
 * Moves the snapshot forward for `values` (≤ {@link LATEST_UPDATE_CHUNK}) with one conditional
 * UpdateItem and returns the snapshot item: as written (`ALL_NEW`), or as stored when nothing was
 * left to move. When a condition fails (an out-of-order or concurrent newer value), the failure
 * returns the stored snapshot (`ReturnValuesOnConditionCheckFailure`) and the values that are still
 * newer than what is stored are retried; a value that lost is dropped, never written back over
 * the newer one.
 */
async function advanceLatestChunk(organizationId: string, identifier: string, values: [string, LatestValue][], knownNewNames?: number) {
  let pending = values;
  let newNames = knownNewNames ?? values.length;
  let stored: Record<string, unknown> | undefined;
  for (let attempt = 0; attempt < MAX_LATEST_ATTEMPTS; attempt++) {
    if (pending.length === 0) return stored;
    const update = latestUpdate(organizationId, identifier, pending, newNames);
    try {
      const out = await documentClient().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      return out.Attributes;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      stored = error.Item ? unmarshall(error.Item) : await readLatestItem(organizationId, identifier);
    }
    // Over the cap (checked on what is stored now): refused, and nothing was written.
    newNames = newNamesWithin(identifier, pending.map(([name]) => name), storedNames(stored));
    pending = stillNewer(pending, storedLatest(stored));
  }
  throw new Error(`Latest telemetry of ${identifier} kept changing under ${MAX_LATEST_ATTEMPTS} attempts`);
}

/**
 * Stores records and advances the latest snapshot. Records with the same timestamp are merged
 * (a later value wins per name), and the snapshot gets one value per measurement name (the
 * newest), never one write per record. Returns the number of distinct records stored.
 */
export async function storeRecords(
  organizationId: string,
  identifier: string,
  records: TelemetryRecord[],
  source: TelemetrySource,
  options: { receivedAt: string; expiresAt: (record: TelemetryRecord) => number },
): Promise<number> {
  return storeRecordsBesideSnapshot(organizationId, identifier, records, source, options);
}

/**
 * Per device (`organization|identifier`), the measurement names its snapshot was last seen holding
 * in this process (the name set an update returned): a hint that lets a write skip waiting. The set
 * only ever grows (updates `ADD` to it, nothing removes from it, and the one delete of a snapshot,
 * `deleteEmptySnapshots`, requires it to have no names), so when
 * every name of a write is in it, the write adds no name and its update cannot be refused by the
 * cap, whatever other writers did since: its records may be written beside the update instead of
 * after it. Anything else (a name not seen yet, a device not seen yet or not remembered: more than
 * {@link KNOWN_NAMES_SET_MAX} names, or pushed out by newer devices) takes the ordered path.
 */
const knownNames = new Map<string, ReadonlySet<string>>();
/** Devices remembered, and the largest name set remembered: under 10 MB even with 64-character names, typically a few hundred KB. */
const KNOWN_NAMES_MAX = 2_000;
export const KNOWN_NAMES_SET_MAX = 32;

function rememberNames(device: string, snapshot: Record<string, unknown> | undefined): void {
  const set = snapshot?.[NAMES_ATTRIBUTE];
  knownNames.delete(device);
  if (!(set instanceof Set) || set.size > KNOWN_NAMES_SET_MAX) return;
  if (knownNames.size >= KNOWN_NAMES_MAX) knownNames.delete(knownNames.keys().next().value as string);
  knownNames.set(device, set as ReadonlySet<string>);
}

function namesKnownToFit(device: string, values: [string, LatestValue][]): boolean {
  const known = knownNames.get(device);
  return known !== undefined && values.every(([name]) => known.has(name));
}

/**
 * {@link storeRecords}, handing the snapshot item the (first) UpdateItem returned to `alongside`,
 * which runs beside the record writes (ingestion reads the denormalised owners from it).
 *
 * Order: snapshot first, then the records. One record: one conditional UpdateItem, then one
 * PutItem, no transaction (half the write units). A crash between the two leaves the snapshot
 * holding a value whose record is missing until the caller's retry: the record key is the same
 * (device + timestamp + source) and the snapshot condition admits an equal timestamp, so the retry
 * writes both again and nothing needs undoing. A refused update (the names cap) writes nothing.
 * The order only matters for that refusal: when this process has seen the device's snapshot hold
 * every name of the write ({@link knownNames}), no refusal is possible and the records are written
 * at the same time as the update (one round trip less; a crash leaves either one, repaired the same way).
 * More records: one UpdateItem per 100 names (over 100: after one consistent read of the
 * snapshot), at most {@link LATEST_UPDATE_CONCURRENCY} in flight, then BatchWriteItem, 25 a
 * request. A call that would give the device more than {@link MAX_MEASUREMENT_NAMES_PER_DEVICE}
 * distinct names is refused with a 400 before anything is written (the check is exact against the
 * read; only a concurrent call adding other new names between that read and these writes can make
 * a later chunk refuse after earlier ones moved the snapshot).
 */
export async function storeRecordsBesideSnapshot(
  organizationId: string,
  identifier: string,
  records: TelemetryRecord[],
  source: TelemetrySource,
  options: { receivedAt: string; expiresAt: (record: TelemetryRecord) => number },
  alongside?: (snapshot: Record<string, unknown> | undefined) => Promise<void>,
): Promise<number> {
  const byTimestamp = new Map<string, TelemetryRecord>();
  for (const record of records) byTimestamp.set(record.timestamp, mergeRecords(byTimestamp.get(record.timestamp), record));
  const distinct = [...byTimestamp.values()];
  // One record: its own item; more: chunk items of several records each (record-chunks.ts).
  // `w`: the write's stamp, which orders copies of equal receivedAt (record-chunks.ts writtenAfter).
  const w = nextWriteStamp();
  const items = recordWriteItems(organizationId, identifier, distinct, source, options.receivedAt, options.expiresAt, (record) =>
    recordItem(organizationId, identifier, record, source, options.receivedAt, options.expiresAt(record)),
  ).map((item) => ({ ...item, w }));
  const newest = [...newestByMeasurement(distinct, options.expiresAt).entries()];

  const device = `${organizationId}|${identifier}`;
  try {
    // The device's snapshot is known to hold every name already: its update cannot be refused, so the records need not wait for it.
    if (newest.length <= LATEST_UPDATE_CHUNK && namesKnownToFit(device, newest)) {
      const advanced = advanceLatestChunk(organizationId, identifier, newest, 0).then((snapshot) => {
        rememberNames(device, snapshot);
        return alongside?.(snapshot);
      });
      const written = items.length === 1 ? documentClient().send(new PutCommand({ TableName: tableName(), Item: items[0] as Record<string, unknown> })) : batchPut(items);
      await Promise.all([advanced, written]);
      return distinct.length;
    }
    if (items.length === 1 && newest.length <= LATEST_UPDATE_CHUNK) {
      const snapshot = await advanceLatestChunk(organizationId, identifier, newest);
      rememberNames(device, snapshot);
      await Promise.all([
        documentClient().send(new PutCommand({ TableName: tableName(), Item: items[0] as Record<string, unknown> })),
        alongside?.(snapshot),
      ]);
      return distinct.length;
    }
    if (newest.length > MAX_MEASUREMENT_NAMES_PER_DEVICE) throw new BadRequestError(SNAPSHOT_FULL(identifier));
    const chunks: [string, LatestValue][][] = [];
    for (let i = 0; i < newest.length; i += LATEST_UPDATE_CHUNK) chunks.push(newest.slice(i, i + LATEST_UPDATE_CHUNK));
    // One snapshot update checks the cap itself (its condition), before the records are written.
    // Several must not half-apply: the cap is checked on a read before any of them is sent.
    let stored: Set<string> | undefined;
    if (chunks.length > 1) {
      stored = storedNames(await readLatestItem(organizationId, identifier));
      newNamesWithin(identifier, newest.map(([name]) => name), stored);
    }
    // Snapshot first, a few updates at a time (they all hit one item), then the records.
    let snapshot: Record<string, unknown> | undefined;
    for (let i = 0; i < chunks.length; i += LATEST_UPDATE_CONCURRENCY) {
      const written = await Promise.all(
        chunks.slice(i, i + LATEST_UPDATE_CONCURRENCY).map((chunk) =>
          advanceLatestChunk(organizationId, identifier, chunk, stored && chunk.filter(([name]) => !stored.has(name)).length),
        ),
      );
      snapshot ??= written[0];
    }
    if (chunks.length === 1) rememberNames(device, snapshot);
    await Promise.all([batchPut(items), alongside?.(snapshot)]);
    return distinct.length;
  } catch (error) {
    if (isItemTooLarge(error)) throw new BadRequestError(SNAPSHOT_FULL(identifier));
    throw error;
  }
}

/** DynamoDB's refusal of an update that would take an item past 400 KB (plain or inside a transaction). */
function isItemTooLarge(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const reasons = (error as { CancellationReasons?: { Code?: string; Message?: string }[] }).CancellationReasons ?? [];
  return [error.message, ...reasons.map((r) => r.Message ?? '')].some((m) => /item size .*exceeded|maximum allowed size/i.test(m));
}

/**
 * The device item (is it known?) and its latest snapshot: one consistent BatchGetItem. Values
 * whose record has expired by `nowEpochSeconds` are left out (the snapshot has no TTL of its own:
 * a value is served exactly as long as the record it came from); `latest` is empty when none is left.
 */
export async function getDeviceAndLatest(
  organizationId: string,
  identifier: string,
  nowEpochSeconds = Math.floor(Date.now() / 1000),
): Promise<{ deviceKnown: boolean; latest: Map<string, LatestValue> }> {
  const items = await batchGet<Record<string, unknown>>([keys.device(organizationId, identifier), keys.telemetryLatest(organizationId, identifier)]);
  const device = items.find((item) => item.sk === SK.device);
  const latestItem = items.find((item) => item.sk === SK.telemetryLatest);
  const latest = new Map<string, LatestValue>();
  for (const [name, { v, t, e }] of storedLatest(latestItem)) {
    if (e === undefined || e > nowEpochSeconds) latest.set(name, { value: v, timestamp: t });
  }
  return { deviceKnown: device !== undefined, latest };
}

/** A page of records between two sort keys (inclusive), expired ones filtered out. */
export async function queryRecords(
  organizationId: string,
  identifier: string,
  range: { lowSk: string; highSk: string; ascending: boolean; limit: number; afterSk?: string; nowEpochSeconds: number },
): Promise<{ records: (TelemetryRecordView & { sk: string })[]; hasMore: boolean }> {
  const page = await recordItemsPage(organizationId, identifier, { ...range, consistent: true });
  const records = page.items.map((item) => ({ sk: item.sk as string, timestamp: item.timestamp as string, source: item.source as TelemetrySource, measurements: item.m as Record<string, number> }));
  return { records, hasMore: page.hasMore };
}

/** Keeps an MQTT message the ingestion refused, with its reason, for the operator (TTL as telemetry). */
export async function putRejectedMessage(
  organizationId: string,
  message: { messageId: string; receivedAt: string; topic: string; reason: string; payload: string; expiresAt: number },
): Promise<void> {
  await documentClient().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.rejectedMessage(organizationId, message.receivedAt, message.messageId), entity: 'rejectedMessage', ...message } }),
  );
}

/** The newest rejected MQTT messages of an organization (operator CLI). */
export async function listRejectedMessages(organizationId: string, limit: number) {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.rejectedMessagePartition(organizationId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(({ messageId, receivedAt, topic, reason, payload }) => ({ messageId, receivedAt, topic, reason, payload }));
}
