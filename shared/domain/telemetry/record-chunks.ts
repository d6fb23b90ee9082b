import { createHash } from 'node:crypto';
import { attributeValueBytes, itemBytes } from '../../db/item-size';
import * as keys from '../../db/key-builders';

/**
 * Chunk items (issue 21: the cost of a batch). A call that stores several records of one device
 * writes them as a few **chunk items** instead of one item each: DynamoDB bills a write by the
 * item's size rounded up to 1 KB, so 100 records of ~300 B cost 100 WRU one per item and ~8 WRU
 * packed ~40 to an item, and the table stream (the anomaly detector's input) carries one image per
 * chunk instead of one per record. A call of one record keeps its own item (`<ts>#<source>`):
 * appending to a growing item would bill the whole item at every write.
 *
 * A chunk (`C#<inverted first time>#<first ts>#<source>#<last ts>#<tag>`, newest first; docs/data-model.md) holds records of one source,
 * sorted by timestamp, each `{ t, m, e }` (timestamp, measurements, its own expiry), spanning at
 * most {@link CHUNK_MAX_SPAN_MS} (so a reader knows how far before a time to look for a chunk that
 * reaches it) and at most {@link CHUNK_MAX_BYTES} as stored. The item's `expiresAt` is the latest
 * of its records' (TTL deletes it once every record has expired; readers drop each expired record
 * before that). Chunking depends only on the records, so a retried batch writes the same keys
 * (idempotent, and no new stream INSERT); a different set of records never shares a key (`tag`).
 *
 * Duplicates: a (timestamp, source) stored more than once (a single item and a chunk, or two
 * chunks of overlapping batches) is served from the write received last (`receivedAt`; on a tie the
 * item written later (`w`), then the greater sort key): the "a replay overwrites" rule
 * of single items, kept across items.
 */

/** The longest time a chunk's records span: how far back a reader looks for a chunk reaching a time. */
export const CHUNK_MAX_SPAN_MS = 15 * 60_000;
/** A chunk's size budget as stored (under 4 KB: its write rounds to at most 4 WRU). */
export const CHUNK_MAX_BYTES = 3_900;
/** Sort-key prefix of chunk items (between the records' digits and `LATEST`). */
export const CHUNK_SK_PREFIX = 'C#';

/** A record as one chunk entry stores it: timestamp, measurements, expiry (epoch seconds). */
export interface ChunkEntry {
  t: string;
  m: Record<string, number>;
  e: number;
}

/** A record as readers see it, from a single item or a chunk. */
export interface StoredRecord {
  /** The record's own sort key `<timestamp>#<source>` (what cursors carry), whichever item holds it. */
  sk: string;
  timestamp: string;
  source: string;
  m: Record<string, number>;
  receivedAt?: string;
  expiresAt?: number;
  /** The item it came from: decides between duplicates (see the module comment). */
  itemSk: string;
  /** When the item was written (`w`, epoch ms, strictly increasing per process): breaks a `receivedAt` tie. */
  writtenAt?: number;
}

export const isChunkSk = (sk: string) => sk.startsWith(CHUNK_SK_PREFIX);

/** The first timestamp of a chunk's sort key (`C#<15 digits>#<first ts>#…`). */
export const chunkFirstTimestamp = (sk: string) => sk.slice(CHUNK_SK_PREFIX.length + 16, CHUNK_SK_PREFIX.length + 16 + 24);

/** Numbers may be up to a byte or two larger than estimated: kept inside the budget. */
const NUMBER_SLACK_PER_ENTRY = 4;

/**
 * The items one call writes for one device's distinct records (distinct timestamps) of one source:
 * one record → its own item (`single`); more → chunk items, records in timestamp order, a new chunk
 * whenever the next record would take a chunk past {@link CHUNK_MAX_SPAN_MS} or {@link CHUNK_MAX_BYTES}
 * (a chunk that would hold one record is that record's own item).
 */
export function recordWriteItems(
  organizationId: string,
  identifier: string,
  records: { timestamp: string; measurements: Record<string, number> }[],
  source: string,
  receivedAt: string,
  expiresAt: (record: { timestamp: string; measurements: Record<string, number> }) => number,
  single: (record: { timestamp: string; measurements: Record<string, number> }) => Record<string, unknown>,
): Record<string, unknown>[] {
  if (records.length <= 1) return records.map(single);
  const sorted = [...records].sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
  const groups: { record: (typeof sorted)[number]; entry: ChunkEntry }[][] = [];
  const base = itemBytes(chunkItem(organizationId, identifier, source, receivedAt, [{ t: sorted[0]!.timestamp, m: {}, e: 0 }])) + 40;
  let current: { record: (typeof sorted)[number]; entry: ChunkEntry }[] = [];
  let bytes = base;
  for (const record of sorted) {
    const entry: ChunkEntry = { t: record.timestamp, m: record.measurements, e: expiresAt(record) };
    const size = 1 + attributeValueBytes(entry) + NUMBER_SLACK_PER_ENTRY;
    const first = current[0];
    if (first && (bytes + size > CHUNK_MAX_BYTES || Date.parse(record.timestamp) - Date.parse(first.entry.t) > CHUNK_MAX_SPAN_MS)) {
      groups.push(current);
      current = [];
      bytes = base;
    }
    current.push({ record, entry });
    bytes += size;
  }
  if (current.length > 0) groups.push(current);
  return groups.map((group) => (group.length === 1 ? single(group[0]!.record) : chunkItem(organizationId, identifier, source, receivedAt, group.map((g) => g.entry))));
}

/** A chunk item of `entries` (sorted, distinct timestamps, at least one). */
export function chunkItem(organizationId: string, identifier: string, source: string, receivedAt: string, entries: ChunkEntry[]) {
  const first = entries[0]!.t;
  const last = entries[entries.length - 1]!.t;
  const tag = createHash('sha256')
    .update(entries.map((e) => e.t).join(','))
    .digest('hex')
    .slice(0, 12);
  return {
    ...keys.telemetryChunk(organizationId, identifier, first, source, last, tag),
    entity: 'telemetry',
    organizationId,
    identifier,
    timestamp: first,
    source,
    r: entries,
    receivedAt,
    expiresAt: entries.reduce((max, e) => Math.max(max, e.e), 0),
  };
}

/**
 * The records a stored item (or a stream image) holds: a single record item's one record, or a
 * chunk's records; nothing for anything else.
 */
export function recordsOfItem(item: Record<string, unknown>): StoredRecord[] {
  const sk = typeof item.sk === 'string' ? item.sk : '';
  const source = item.source as string;
  const receivedAt = typeof item.receivedAt === 'string' ? item.receivedAt : undefined;
  const writtenAt = typeof item.w === 'number' ? { writtenAt: item.w } : {};
  if (Array.isArray(item.r)) {
    return (item.r as Partial<ChunkEntry>[]).flatMap((entry) =>
      typeof entry?.t === 'string'
        ? [{ sk: `${entry.t}#${source}`, timestamp: entry.t, source, m: (entry.m ?? {}) as Record<string, number>, receivedAt, expiresAt: typeof entry.e === 'number' ? entry.e : (item.expiresAt as number | undefined), itemSk: sk, ...writtenAt }]
        : [],
    );
  }
  if (typeof item.timestamp !== 'string') return [];
  return [{ sk: `${item.timestamp}#${source}`, timestamp: item.timestamp, source, m: (item.m ?? {}) as Record<string, number>, receivedAt, expiresAt: item.expiresAt as number | undefined, itemSk: sk, ...writtenAt }];
}

/** Whether `a` was written after `b` (two stored copies of one (timestamp, source)). */
export function writtenAfter(a: StoredRecord, b: StoredRecord): boolean {
  const ra = a.receivedAt ?? '';
  const rb = b.receivedAt ?? '';
  if (ra !== rb) return ra > rb;
  // Same receivedAt (every batch of one S3 import, or two calls in one millisecond): the later write.
  const wa = a.writtenAt ?? -1;
  const wb = b.writtenAt ?? -1;
  if (wa !== wb) return wa > wb;
  return a.itemSk > b.itemSk;
}

let lastWriteStamp = 0;
/** A write's stamp `w` (epoch ms, strictly increasing in this process): orders writes of equal `receivedAt`. */
export function nextWriteStamp(now = Date.now()): number {
  lastWriteStamp = Math.max(now, lastWriteStamp + 1);
  return lastWriteStamp;
}
