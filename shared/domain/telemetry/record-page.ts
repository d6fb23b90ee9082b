import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { CHUNK_MAX_SPAN_MS, CHUNK_SK_PREFIX, chunkFirstTimestamp, isChunkSk, recordsOfItem, writtenAfter, type StoredRecord } from './record-chunks';

/**
 * One page of a device's telemetry records between two record sort keys (inclusive), expired ones
 * left out: the Query loop the history API (telemetry.repository.ts `queryRecords`) and the anomaly
 * detector's replay (anomaly.repository.ts `telemetryPage`) share.
 *
 * Records live in two kinds of items (record-chunks.ts): single record items (`<ts>#<source>`) and
 * chunk items (`C#<first ts>#…`, records of at most {@link CHUNK_MAX_SPAN_MS}). Two Queries read
 * them side by side in the page's order: the single items in the asked range (after the cursor),
 * and the chunks whose first record is at most {@link CHUNK_MAX_SPAN_MS} before the range's near end.
 * A record is handed out only once both Queries have passed it (nothing unread can still hold it or a
 * later copy of it); duplicates of one (timestamp, source) resolve to the copy written last; expired
 * records are dropped after that (an expired later copy hides an older one, as an overwrite did).
 * Each item is a page element `{ sk, timestamp, source, m, receivedAt? }` where `sk` is the
 * record's own sort key `<ts>#<source>`, so a cursor is a record's key whichever item holds it.
 * Asks for one record more than `limit`, which tells whether another page exists.
 */
export async function recordItemsPage(
  organizationId: string,
  identifier: string,
  range: { lowSk: string; highSk: string; ascending: boolean; limit: number; afterSk?: string; nowEpochSeconds: number; consistent: boolean; withReceivedAt?: boolean },
): Promise<{ items: Record<string, unknown>[]; hasMore: boolean }> {
  const pk = keys.telemetryPartition(organizationId, identifier);
  const ascending = range.ascending;
  const wanted = range.limit + 1;
  const after = range.afterSk;
  const inRange = (sk: string) => sk >= range.lowSk && sk <= range.highSk && (after === undefined || (ascending ? sk > after : sk < after));

  // Chunk sort-key bounds (newest chunk first in key order): chunks starting from a span before the
  // near end (ascending: the cursor or `lowSk`) up to the far end.
  const lowTs = timestampOf(ascending && after !== undefined ? after : range.lowSk);
  const highTs = timestampOf(!ascending && after !== undefined ? after : range.highSk) ?? LAST_TIMESTAMP;
  const oldestChunkStart = lowTs === undefined ? undefined : new Date(Math.max(0, Date.parse(lowTs) - CHUNK_MAX_SPAN_MS)).toISOString();
  const chunkLow = keys.telemetryChunkPrefix(highTs);
  const chunkHigh = oldestChunkStart === undefined ? `${CHUNK_SK_PREFIX}~` : `${keys.telemetryChunkPrefix(oldestChunkStart)}#~`;

  const best = new Map<string, StoredRecord>();
  const consider = (item: Record<string, unknown>) => {
    for (const record of recordsOfItem(item)) {
      if (!inRange(record.sk)) continue;
      const held = best.get(record.sk);
      if (!held || writtenAfter(record, held)) best.set(record.sk, record);
    }
  };

  const projection = 'sk, #ts, #source, m, r, receivedAt, expiresAt, w';
  const names = { '#ts': 'timestamp', '#source': 'source' };
  interface Stream {
    started: boolean;
    done: boolean;
    /** Singles: every unread item sorts after it (ascending) or before it. Chunks: the first timestamp of the last chunk read. */
    frontier?: string;
    startKey?: Record<string, unknown>;
  }
  const singles: Stream = { started: false, done: false, startKey: after !== undefined ? { pk, sk: after } : undefined };
  const chunks: Stream = { started: false, done: false };
  const query = (low: string, high: string, forward: boolean, limit: number, startKey: Record<string, unknown> | undefined) =>
    documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
        ExpressionAttributeValues: { ':pk': pk, ':low': low, ':high': high },
        ProjectionExpression: projection,
        ExpressionAttributeNames: names,
        ScanIndexForward: forward,
        ConsistentRead: range.consistent,
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    );
  const readSingles = async (limit: number) => {
    const out = await query(range.lowSk, range.highSk, ascending, limit, singles.startKey);
    for (const item of out.Items ?? []) consider(item);
    singles.started = true;
    singles.startKey = out.LastEvaluatedKey;
    singles.done = !out.LastEvaluatedKey;
    singles.frontier = out.LastEvaluatedKey?.sk as string | undefined;
  };
  // Chunks in the page's time order: newest first in key order, so ascending time reads the keys backwards.
  const readChunks = async (limit: number) => {
    const out = await query(chunkLow, chunkHigh, !ascending, limit, chunks.startKey);
    for (const item of out.Items ?? []) consider(item);
    chunks.started = true;
    chunks.startKey = out.LastEvaluatedKey;
    chunks.done = !out.LastEvaluatedKey;
    chunks.frontier = out.LastEvaluatedKey ? chunkFirstTimestamp(out.LastEvaluatedKey.sk as string) : undefined;
  };
  /**
   * Ascending to the end of a device's records (the detector's replay, a history without `to`): the
   * records after the low end and the chunks starting a span before it are one key range, read by
   * one Query (a device without chunks: the Query it always was). Read to its end, it settles
   * everything; stopped among the records, the chunks are read on their own after it.
   */
  const readTail = async (limit: number) => {
    const out = await query(range.lowSk, chunkHigh, true, limit, singles.startKey);
    for (const item of out.Items ?? []) consider(item);
    const last = out.LastEvaluatedKey?.sk as string | undefined;
    singles.started = true;
    if (last === undefined || isChunkSk(last)) {
      singles.done = true;
      singles.startKey = undefined;
      // Every chunk in range was read (or is read again below, in time order).
      chunks.done = last === undefined;
      chunks.started = last === undefined;
    } else {
      singles.startKey = out.LastEvaluatedKey;
      singles.frontier = last;
    }
  };

  /** Whether nothing unread can hold a copy of the record with sort key `sk`. */
  const settled = (sk: string) => {
    if (!singles.started || !chunks.started) return singles.done && chunks.done;
    if (ascending) {
      // Unread singles sort after the frontier; unread chunks start at or after theirs (so hold no record before it).
      return (singles.done || sk <= (singles.frontier as string)) && (chunks.done || sk < (chunks.frontier as string));
    }
    // Unread chunks start at or before their frontier, so hold records up to a span after it.
    return (singles.done || sk >= (singles.frontier as string)) && (chunks.done || sk > chunkReach(chunks.frontier as string));
  };
  const order = (a: StoredRecord, b: StoredRecord) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0) * (ascending ? 1 : -1);
  const live = () => [...best.values()].filter((r) => r.expiresAt === undefined || r.expiresAt > range.nowEpochSeconds);

  const chunkLimit = Math.max(4, Math.ceil(wanted / 16));
  if (ascending && oldestChunkStart !== undefined && range.highSk >= LAST_TIMESTAMP) await readTail(wanted);
  else await Promise.all([readSingles(wanted), readChunks(chunkLimit)]);
  for (;;) {
    if (!singles.started && !singles.done) await readSingles(wanted);
    if (!chunks.started && !chunks.done) await readChunks(chunkLimit);
    const ready = live().filter((r) => settled(r.sk));
    if (ready.length >= wanted || (singles.done && chunks.done)) break;
    // Read on in the Query that holds the others back: the one whose frontier is nearer.
    let next: 'singles' | 'chunks';
    if (singles.done) next = 'chunks';
    else if (chunks.done) next = 'singles';
    else if (ascending) next = (singles.frontier as string) < (chunks.frontier as string) ? 'singles' : 'chunks';
    else next = (singles.frontier as string) > chunkReach(chunks.frontier as string) ? 'singles' : 'chunks';
    if (next === 'singles') await readSingles(Math.max(1, wanted - ready.length));
    else await readChunks(chunkLimit);
  }
  const ready = live()
    .filter((r) => settled(r.sk))
    .sort(order);
  const items = ready.slice(0, range.limit).map((r) => ({
    sk: r.sk,
    timestamp: r.timestamp,
    source: r.source,
    m: r.m,
    ...(range.withReceivedAt && r.receivedAt !== undefined ? { receivedAt: r.receivedAt } : {}),
  }));
  return { items, hasMore: ready.length > range.limit };
}

const LAST_TIMESTAMP = '9999-12-31T23:59:59.999Z';

/** The highest record key a chunk starting at `firstTimestamp` can hold. */
const chunkReach = (firstTimestamp: string) => `${new Date(Date.parse(firstTimestamp) + CHUNK_MAX_SPAN_MS).toISOString()}#~`;

/** The ISO timestamp a record sort key (or bound) starts with, when it does. */
function timestampOf(sk: string): string | undefined {
  const ts = sk.slice(0, 24);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(ts) && Number.isFinite(Date.parse(ts)) ? ts : undefined;
}
