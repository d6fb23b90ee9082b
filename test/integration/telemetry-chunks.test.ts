import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { getLatestTelemetry, queryTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { storeRecords } from '../../shared/domain/telemetry/telemetry.repository';
import { itemBytes } from '../../shared/db/item-size';
import { CHUNK_MAX_BYTES, CHUNK_MAX_SPAN_MS, CHUNK_SK_PREFIX, recordWriteItems } from '../../shared/domain/telemetry/record-chunks';
import type { TelemetryRecordView, TelemetrySource } from '../../shared/domain/telemetry/telemetry.schema';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';

useTestTable();

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const FAR = Math.floor(Date.now() / 1000) + 86_400;

async function chunkItems(org: OrgContext, identifier: string) {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
      ExpressionAttributeValues: { ':pk': keys.telemetryPartition(org.organizationId, identifier), ':c': CHUNK_SK_PREFIX },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** Every page of a history query, following the cursors; each page checked for its size. */
async function allPages(org: OrgContext, identifier: string, query: { from?: string; to?: string; order?: 'asc' | 'desc'; limit: number }) {
  const records: TelemetryRecordView[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await queryTelemetry(org, identifier, { ...query, limit: String(query.limit), ...(cursor ? { cursor } : {}) });
    records.push(...page.records);
    if (page.nextCursor === null) return records;
    // A page that hands out a cursor is full.
    expect(page.records).toHaveLength(query.limit);
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

describe('chunk items: what a batch writes', () => {
  const records = (n: number, stepMs: number, names = 2) =>
    Array.from({ length: n }, (_, i) => ({ timestamp: iso(Date.UTC(2026, 0, 1) + i * stepMs), measurements: Object.fromEntries(Array.from({ length: names }, (_, k) => [`m${k}`, i + k / 10])) }));
  const single = (r: { timestamp: string }) => ({ single: r.timestamp });
  const build = (rs: ReturnType<typeof records>) => recordWriteItems('org', 'D', rs, 'rest', iso(Date.now()), () => FAR, single);

  it('one record keeps its own item; 100 records a second apart fit two chunks of at most 4 KB', () => {
    expect(build(records(1, 1000))).toEqual([{ single: records(1, 1000)[0]?.timestamp }]);
    const items = build(records(100, 1000));
    expect(items.length).toBeLessThanOrEqual(3);
    for (const item of items) expect(itemBytes(item)).toBeLessThanOrEqual(CHUNK_MAX_BYTES);
    expect(items.flatMap((i) => (i.r as { t: string }[]).map((e) => e.t))).toEqual(records(100, 1000).map((r) => r.timestamp));
  });

  it('a chunk never spans more than its span: records a minute apart start a new chunk after 15 minutes', () => {
    const items = build(records(60, MIN, 1));
    expect(items.length).toBeGreaterThanOrEqual(4);
    for (const item of items) {
      const ts = (item.r as { t: string }[]).map((e) => Date.parse(e.t));
      expect(Math.max(...ts) - Math.min(...ts)).toBeLessThanOrEqual(CHUNK_MAX_SPAN_MS);
    }
    // Exactly at the span: still one chunk; one millisecond more: two.
    const at = (ms: number) => [records(1, 1)[0]!, { timestamp: iso(Date.UTC(2026, 0, 1) + ms), measurements: { m0: 1 } }];
    expect(build(at(CHUNK_MAX_SPAN_MS))).toHaveLength(1);
    expect(build(at(CHUNK_MAX_SPAN_MS + 1))).toEqual([{ single: at(0)[0]?.timestamp }, { single: at(CHUNK_MAX_SPAN_MS + 1)[1]?.timestamp }]);
  });

  it('the size budget splits wide records: every chunk within it, none lost', () => {
    const wide = records(50, 1000, 30);
    const items = build(wide);
    expect(items.length).toBeGreaterThan(3);
    for (const item of items) expect(itemBytes(item)).toBeLessThanOrEqual(CHUNK_MAX_BYTES);
    expect(items.reduce((n, i) => n + ((i.r as unknown[] | undefined)?.length ?? 1), 0)).toBe(50);
  });

  it('the same records give the same keys (a retried batch overwrites itself); another set of records never shares one', () => {
    const a = build(records(30, 1000)).map((i) => i.sk);
    expect(build(records(30, 1000)).map((i) => i.sk)).toEqual(a);
    const other = records(30, 1000).filter((_, i) => i !== 7);
    expect(build(other).map((i) => i.sk)).not.toContain(a[0]);
  });
});

describe('chunk items in the table', () => {
  it('a batch of 100 costs 1 BatchWriteItem of a few WRU; a retried batch writes the same chunk items', async () => {
    const { org } = await newOrg();
    const base = Date.now() - 10 * MIN;
    const batch = Array.from({ length: 100 }, (_, i) => ({ timestamp: iso(base + i * 1000), measurements: { temperature: 20 + (i % 5) / 10, humidity: 40 + (i % 7) } }));
    const options = { receivedAt: iso(Date.now()), expiresAt: () => FAR };
    const { byCommand } = await countDynamoRequests(() => storeRecords(org.organizationId, 'CH-1', batch, 'rest', options));
    expect(byCommand).toEqual({ UpdateItemCommand: 1, BatchWriteItemCommand: 1 });
    const items = await chunkItems(org, 'CH-1');
    const wru = items.reduce((n, i) => n + Math.ceil(itemBytes(i) / 1024), 0);
    expect(wru).toBeLessThanOrEqual(10);
    await storeRecords(org.organizationId, 'CH-1', batch, 'rest', { ...options, receivedAt: iso(Date.now() + 1) });
    expect((await chunkItems(org, 'CH-1')).map((i) => i.sk)).toEqual(items.map((i) => i.sk));
    expect(await allPages(org, 'CH-1', { limit: 1000 })).toHaveLength(100);
  });

  it('a crash between the snapshot update and the chunk writes is repaired by the retry of the same batch', async () => {
    const { org } = await newOrg();
    const base = Date.now() - 10 * MIN;
    const batch = Array.from({ length: 60 }, (_, i) => ({ timestamp: iso(base + i * 1000), measurements: { t: i } }));
    const options = { receivedAt: iso(Date.now()), expiresAt: () => FAR };
    const name = `crash-${Math.random()}`;
    documentClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (['BatchWriteItemCommand', 'PutItemCommand'].includes(String((context as { commandName?: string }).commandName))) throw new Error('lost connection');
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await expect(storeRecords(org.organizationId, 'CR-1', batch, 'rest', options)).rejects.toThrow('lost connection');
    } finally {
      documentClient().middlewareStack.remove(name);
    }
    // The snapshot moved; the records are missing until the client's retry.
    expect((await getLatestTelemetry(org, 'CR-1')).measurements.t).toMatchObject({ value: 59 });
    expect(await chunkItems(org, 'CR-1')).toHaveLength(0);
    await storeRecords(org.organizationId, 'CR-1', batch, 'rest', { ...options, receivedAt: iso(Date.now() + 1) });
    expect((await allPages(org, 'CR-1', { limit: 25 })).map((r) => r.measurements.t)).toEqual(batch.map((r) => r.measurements.t));
  });

  it('each record of a chunk expires on its own: expired ones are never served, a chunk of only expired records neither', async () => {
    const { org } = await newOrg();
    const base = Date.now() - 10 * MIN;
    const now = Math.floor(Date.now() / 1000);
    const batch = Array.from({ length: 10 }, (_, i) => ({ timestamp: iso(base + i * 1000), measurements: { t: i } }));
    // Records 0-3 expired already, the rest in a day.
    await storeRecords(org.organizationId, 'EX-1', batch, 'rest', { receivedAt: iso(Date.now()), expiresAt: (r) => (r.measurements.t! < 4 ? now - 10 : now + 86_400) });
    expect((await allPages(org, 'EX-1', { limit: 3 })).map((r) => r.measurements.t)).toEqual([4, 5, 6, 7, 8, 9]);
    expect((await allPages(org, 'EX-1', { limit: 4, order: 'desc' })).map((r) => r.measurements.t)).toEqual([9, 8, 7, 6, 5, 4]);
    // A later chunk of the same records, all expired, hides the older copies (as an overwrite did).
    const later = batch.slice(6).map((r) => ({ ...r, measurements: { t: 100 } }));
    await storeRecords(org.organizationId, 'EX-1', later, 'rest', { receivedAt: iso(Date.now() + 5), expiresAt: () => now - 1 });
    expect((await allPages(org, 'EX-1', { limit: 100 })).map((r) => r.measurements.t)).toEqual([4, 5]);
  });

  it('a chunk that started earlier but reaches into the page is waited for (more chunks than one read brings, both orders)', async () => {
    const { org } = await newOrg();
    const base = Math.floor((Date.now() - 3_600_000) / MIN) * MIN;
    const at = (slot: number) => iso(base + slot * 90_000);
    const write = (slots: number[], v: number, i: number) =>
      storeRecords(org.organizationId, 'OV-1', slots.map((s) => ({ timestamp: at(s), measurements: { v, s } })), 'rest', { receivedAt: iso(base + 7_200_000 + i), expiresAt: () => FAR });
    // A: slots 0-9 in one chunk; later, five chunks of two that overwrite all of A but slot 9 and 0.
    await write([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 1, 0);
    for (const [i, pair] of [[1, 2], [3, 4], [5, 6], [7, 8], [10, 11]].entries()) await write(pair, 2, i + 1);
    const expected = Array.from({ length: 12 }, (_, s) => ({ timestamp: at(s), source: 'rest', measurements: { v: s === 0 || s === 9 ? 1 : 2, s } }));
    for (const limit of [1, 2, 5, 12]) {
      expect(await allPages(org, 'OV-1', { limit, order: 'desc' })).toEqual([...expected].reverse());
      expect(await allPages(org, 'OV-1', { limit, order: 'asc' })).toEqual(expected);
      expect(await allPages(org, 'OV-1', { limit, order: 'asc', from: at(9) })).toEqual(expected.slice(9));
      expect(await allPages(org, 'OV-1', { limit, order: 'desc', to: at(9) })).toEqual(expected.slice(0, 10).reverse());
    }
  });

  /**
   * Any sequence of single records and batches of one device, overlapping and replayed, reads back
   * like a simple model: per (timestamp, source) the last write, in order, within the asked range,
   * page by page with the cursors, ascending and descending.
   */
  it('reads back like the model: last write of each (timestamp, source) wins, ordered, ranged, paged (property)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fc = require('fast-check') as typeof import('fast-check');
    const { org } = await newOrg();
    const base = Math.floor((Date.now() - 3 * 3_600_000) / MIN) * MIN;
    const STEP = 90_000; // 60 slots over 90 minutes: batches span several chunks.
    const slot = fc.integer({ min: 0, max: 59 });
    const source = fc.constantFrom<TelemetrySource>('rest', 'rest', 'mqtt');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('single' as const), slots: slot.map((s) => [s]), source, v: fc.integer({ min: 0, max: 999 }) }),
      fc.record({ kind: fc.constant('batch' as const), slots: fc.uniqueArray(slot, { minLength: 2, maxLength: 60 }), source, v: fc.integer({ min: 0, max: 999 }) }),
      fc.record({ kind: fc.constant('replay' as const), of: fc.nat() }),
    );
    const query = fc.record({
      from: fc.option(fc.integer({ min: -2, max: 61 }), { nil: undefined }),
      to: fc.option(fc.integer({ min: -2, max: 61 }), { nil: undefined }),
      limit: fc.integer({ min: 1, max: 9 }),
      order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), fc.array(query, { minLength: 1, maxLength: 3 }), async (ops, queries) => {
        const device = `PROP-${run++}`;
        const model = new Map<string, TelemetryRecordView>();
        const written: { slots: number[]; source: TelemetrySource; v: number }[] = [];
        for (const [i, o] of ops.entries()) {
          const w = o.kind === 'replay' ? written[o.of % Math.max(1, written.length)] : o;
          if (!w) continue;
          written.push(w);
          const records = w.slots.map((s) => ({ timestamp: iso(base + s * STEP), measurements: { v: w.v, s, ...(s % 3 === 0 ? { w: w.v + s } : {}) } }));
          await storeRecords(org.organizationId, device, records, w.source, { receivedAt: iso(base + 4 * 3_600_000 + i), expiresAt: () => FAR });
          for (const r of records) model.set(`${r.timestamp}#${w.source}`, { timestamp: r.timestamp, source: w.source, measurements: r.measurements });
        }
        if (written.length === 0) return;
        for (const q of queries) {
          const from = q.from === undefined ? undefined : iso(base + q.from * STEP);
          const to = q.to === undefined ? undefined : iso(base + q.to * STEP);
          if (from && to && from > to) continue;
          const expected = [...model.entries()]
            .filter(([, r]) => (from === undefined || r.timestamp >= from) && (to === undefined || r.timestamp <= to))
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([, r]) => r);
          if (q.order === 'desc') expected.reverse();
          const got = await allPages(org, device, { ...(from ? { from } : {}), ...(to ? { to } : {}), limit: q.limit, order: q.order });
          expect(got).toEqual(expected);
        }
      }),
      { numRuns: 40, seed: 2121 },
    );
  });
});
