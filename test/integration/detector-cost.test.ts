import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { CHUNK_SK_PREFIX, recordsOfItem } from '../../shared/domain/telemetry/record-chunks';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { countDynamoRequests, useTestTable } from '../support/dynamo';
import * as repo from '../../shared/domain/anomaly/anomaly.repository';
import { newOrg } from '../support/orgs';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { handler as detectorWorker } from '../../functions/workers/anomaly-detector';
import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';

/**
 * Issue 21 item 5: the detector's DynamoDB requests and capacity units per live record, through the
 * stream worker with the values the stream records carry: one record at a time an eventually
 * consistent BatchGetItem (and a Query of the records after the committed state), the state written
 * only every DEFER.records records or when incidents or the watch change; ≤ 0.3 requests per record
 * in batches; exactly once under redelivery, concurrency and reordering.
 */

useTestTable();

const MIN = 60_000;
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

let sequence = 0;
/**
 * The stream records of `records` as the table stream would deliver them (new images, read back
 * from the table): a single record's own item, and the chunk items a batch's records are stored in
 * (shared/domain/telemetry/record-chunks.ts), in time order.
 */
async function streamRecordsOf(org: OrgContext, identifier: string, timestamps: string[]): Promise<DynamoDBRecord[]> {
  const query = async (low: string, high: string) =>
    (
      await documentClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
          ExpressionAttributeValues: { ':pk': keys.telemetryPartition(org.organizationId, identifier), ':low': low, ':high': high },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];
  const first = timestamps[0] as string;
  const last = timestamps.at(-1) as string;
  const singles = await query(first, `${last}#~`);
  const chunks = (await query(keys.telemetryChunkPrefix(last), `${CHUNK_SK_PREFIX}~`)).filter((c) => recordsOfItem(c).some((r) => r.timestamp >= first && r.timestamp <= last));
  const items = [...singles, ...chunks].sort((a, b) => (String(a.timestamp) < String(b.timestamp) ? -1 : 1));
  return items.map((item) => ({
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: { SequenceNumber: String(++sequence), NewImage: marshall(item, { removeUndefinedValues: true }) as never },
  }));
}
/** How many records the stream records carry (a chunk's image carries many). */
const recordsIn = (events: DynamoDBRecord[]) => events.reduce((n, e) => n + recordsOfItem(unmarshall(e.dynamodb?.NewImage as never)).length, 0);

const reading = (i: number, value?: number) => ({ timestamp: iso(NOW - (200 - i) * MIN), measurements: { temperature: value ?? 21 + 0.3 * Math.sin(i * 1.7), humidity: 40 + 0.5 * Math.cos(i) } });

/** Requests and the capacity units DynamoDB (Local) reports for them, by kind. */
async function measure<T>(fn: () => Promise<T>): Promise<{ requests: number; byCommand: Record<string, number>; rru: number; wru: number }> {
  let rru = 0;
  let wru = 0;
  const name = `capacity-${Math.random()}`;
  const stack = documentClient().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const units = [consumed ?? []].flat().reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
      if (/^(Get|BatchGet|Query|Scan|TransactGet)/.test(String((context as { commandName?: string }).commandName))) rru += units;
      else wru += units;
      return out;
    },
    { step: 'initialize', name },
  );
  try {
    const { requests, byCommand } = await countDynamoRequests(fn);
    return { requests, byCommand, rru, wru };
  } finally {
    stack.remove(name);
  }
}

describe('detector requests per live record (stream values, deferred state writes)', () => {
  let org: OrgContext;
  beforeAll(async () => {
    ({ org } = await newOrg());
  });

  test.each([
    ['without the in-process cache (AWS worst case: every delivery in a new container)', 'off', 2.0, 2.1],
    ['with the in-process cache of the deferred state (one process, as npm start)', 'on', 1.3, 1.6],
  ])('one record at a time, %s: the state is written every DEFER.records records, not per record', async (_label, cache, maxRequests, maxRru) => {
    process.env.DETECTOR_STATE_CACHE = cache;
    const device = `ONE-${cache}`;
    const totals = { records: 0, requests: 0, rru: 0, wru: 0, writes: 0, queries: 0 };
    // A device in service: each reading is received 2 s and evaluated 20-29 s after it was measured (a
    // jittering lag; only Date is faked: the detector's clock). A clock fixed before all of them would
    // shorten the lag by a minute per record, and a lag that keeps shrinking moves the dropout watch
    // earlier (a real write); a jitter of seconds must not (WATCH_SLACK_MS).
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'] });
    try {
      for (let i = 0; i < 60; i++) {
        const record = reading(i);
        jest.setSystemTime(Date.parse(record.timestamp) + 20_000 + ((i * 7919) % 10) * 1000);
        await storeTelemetry(org, { deviceIdentifier: device, records: [record] }, 'rest', Date.parse(record.timestamp) + 2_000);
        const events = await streamRecordsOf(org, device, [record.timestamp]);
        const m = await measure(() => detectorWorker({ Records: events }));
        // Past the cadence's warm-up (9 reports) and the watch's first entry: the steady state.
        if (i < 20) continue;
        totals.records++;
        totals.requests += m.requests;
        totals.rru += m.rru;
        totals.wru += m.wru;
        totals.writes += (m.byCommand.PutItemCommand ?? 0) + (m.byCommand.TransactWriteItemsCommand ?? 0);
        totals.queries += m.byCommand.QueryCommand ?? 0;
        expect(m.requests).toBeLessThanOrEqual(4);
      }
    } finally {
      jest.useRealTimers();
      delete process.env.DETECTOR_STATE_CACHE;
    }
    // 40 records: a state write every 10 (was 40), each ≤ 2 WRU (the compressed state of two series).
    expect(totals.writes).toBeGreaterThanOrEqual(3);
    expect(totals.writes).toBeLessThanOrEqual(4);
    expect(totals.wru / totals.records).toBeLessThanOrEqual(0.25);
    // Eventually consistent BatchGetItem (3 × 0.5 RRU) + Query (0.5) of the records after the committed state; consistent re-read before a write.
    expect(totals.rru / totals.records).toBeLessThanOrEqual(maxRru);
    expect(totals.requests / totals.records).toBeLessThanOrEqual(maxRequests);
    // With the cache, only the commits read the records (one consistent Query each).
    if (cache === 'on') expect(totals.queries).toBeLessThanOrEqual(totals.writes);
  });

  test('a draining backlog (each record\'s delivery lag a minute shorter than the last) moves the dropout watch at most about once per sweep period, not on every record', async () => {
    // The detector's clock stands still while the readings catch up on it: the learned lag shrinks with
    // every record, so the next due time moves earlier each time (about 30 s a record here). Moving the
    // watch on each of them would be a transaction per record; WATCH_SLACK_MS keeps it to one per 5 minutes.
    const device = 'BACKLOG';
    let writes = 0;
    let records = 0;
    for (let i = 0; i < 60; i++) {
      const record = reading(i);
      await storeTelemetry(org, { deviceIdentifier: device, records: [record] }, 'rest', NOW);
      const events = await streamRecordsOf(org, device, [record.timestamp]);
      const m = await measure(() => detectorWorker({ Records: events }));
      if (i < 20) continue;
      records++;
      writes += (m.byCommand.PutItemCommand ?? 0) + (m.byCommand.TransactWriteItemsCommand ?? 0);
    }
    // 40 records: 4 deferred-state writes and a watch move about every 10 records (40 without the slack).
    expect(records).toBe(40);
    expect(writes).toBeLessThanOrEqual(10);
  });

  test('batches of 100 records: ≤ 0.3 requests per record (SQS delivers 10 stream records at a time; a batch is a few chunk items)', async () => {
    const records = Array.from({ length: 100 }, (_, i) => reading(i));
    await storeTelemetry(org, { deviceIdentifier: 'BATCH', records }, 'rest', NOW);
    const events = await streamRecordsOf(org, 'BATCH', [records[0]!.timestamp, records[99]!.timestamp]);
    expect(recordsIn(events)).toBe(100);
    expect(events.length).toBeLessThan(100);
    let total = 0;
    for (let i = 0; i < 100; i += 10) total += (await countDynamoRequests(() => detectorWorker({ Records: events.slice(i, i + 10) }))).requests;
    expect(total / 100).toBeLessThanOrEqual(0.3);
  });

  test('deliveries out of write order (a batch written 25 at a time in parallel, a standard queue) lose no record: a hole makes the detector read the table', async () => {
    const steady = Array.from({ length: 20 }, (_, i) => reading(i));
    await storeTelemetry(org, { deviceIdentifier: 'ORDER', records: steady }, 'rest', NOW);
    await detectorWorker({ Records: await streamRecordsOf(org, 'ORDER', [steady[0]!.timestamp, steady[19]!.timestamp]) });
    // The next 40 records, a spike among the older half; the newer half reaches the detector first.
    const next = Array.from({ length: 40 }, (_, k) => reading(20 + k, k === 10 ? 85 : undefined));
    await storeTelemetry(org, { deviceIdentifier: 'ORDER', records: next }, 'rest', NOW);
    const events = await streamRecordsOf(org, 'ORDER', [next[0]!.timestamp, next[39]!.timestamp]);
    // The stream records (chunks) holding the newer half.
    const newer = events.filter((e) => String(unmarshall(e.dynamodb?.NewImage as never).timestamp) >= next[20]!.timestamp);
    expect(newer.length).toBeGreaterThan(0);
    expect(newer.length).toBeLessThan(events.length);
    const newerFirst = await countDynamoRequests(() => detectorWorker({ Records: newer }));
    expect(newerFirst.byCommand).toHaveProperty('QueryCommand');
    await detectorWorker({ Records: events.filter((e) => !newer.includes(e)) });
    const { incidents } = await anomaly.listDeviceIncidents(org, 'ORDER', {});
    expect(incidents.filter((i) => i.kind === 'spike' && i.measurement === 'temperature')).toHaveLength(1);
  });

  test('a spike delivered by the stream opens one incident and one ticket, also when the batch is delivered twice at once', async () => {
    const records = Array.from({ length: 62 }, (_, i) => reading(i, i === 60 ? 85 : undefined));
    await storeTelemetry(org, { deviceIdentifier: 'SPIKE', records }, 'rest', NOW);
    const events = await streamRecordsOf(org, 'SPIKE', [records[0]!.timestamp, records[61]!.timestamp]);
    await Promise.all([detectorWorker({ Records: events }), detectorWorker({ Records: events })]);
    await detectorWorker({ Records: events.slice(-2) });
    const { incidents } = await anomaly.listDeviceIncidents(org, 'SPIKE', {});
    expect(incidents.filter((i) => i.kind === 'spike' && i.measurement === 'temperature')).toHaveLength(1);
    const tickets = (await listTickets(org, { source: 'anomaly' })).tickets.filter((t) => t.deviceIdentifier === 'SPIKE');
    expect(tickets).toHaveLength(incidents.length);
  });

  test('a spike among deferred records opens one incident and one ticket, each record delivered twice at once and the whole run redelivered', async () => {
    const records = Array.from({ length: 75 }, (_, i) => reading(i, i === 66 ? 85 : undefined));
    for (const record of records) {
      await storeTelemetry(org, { deviceIdentifier: 'DEFERRED', records: [record] }, 'rest', NOW);
      const events = await streamRecordsOf(org, 'DEFERRED', [record.timestamp]);
      await Promise.all([detectorWorker({ Records: events }), detectorWorker({ Records: events })]);
    }
    const all = await streamRecordsOf(org, 'DEFERRED', [records[0]!.timestamp, records[74]!.timestamp]);
    for (let i = 0; i < all.length; i += 10) await detectorWorker({ Records: all.slice(i, i + 10) });
    const { incidents } = await anomaly.listDeviceIncidents(org, 'DEFERRED', {});
    expect(incidents.filter((i) => i.kind === 'spike')).toEqual([expect.objectContaining({ measurement: 'temperature', startedAt: records[66]!.timestamp })]);
    const tickets = (await listTickets(org, { source: 'anomaly' })).tickets.filter((t) => t.deviceIdentifier === 'DEFERRED');
    expect(tickets).toHaveLength(incidents.length);
  });

  test.each(['on', 'off'])('deferred evaluation ends in the state of per-record commits, also when deliveries come in swapped pairs or another writer commits in between (in-process cache %s)', async (cache) => {
    process.env.DETECTOR_STATE_CACHE = cache;
    const [COMMITTED, LIVE, SWAPPED] = ['COMMITTED', 'LIVE', 'SWAPPED'].map((id) => `${id}-${cache}`) as [string, string, string];
    const records = Array.from({ length: 70 }, (_, i) => reading(i, i === 50 ? 80 : undefined));
    const point = (r: (typeof records)[number]) => ({ t: Date.parse(r.timestamp), m: r.measurements, receivedAt: Date.parse(r.timestamp) + 500 });
    const store = (id: string, r: (typeof records)[number]) => storeTelemetry(org, { deviceIdentifier: id, records: [r] }, 'rest', Date.parse(r.timestamp) + 500);
    for (const r of records) {
      await store(COMMITTED, r);
      await anomaly.detectForDevice(org.organizationId, COMMITTED, Date.parse(r.timestamp) + 1000);
    }
    let behind = 0;
    for (const r of records) {
      await store(LIVE, r);
      await anomaly.detectForDevice(org.organizationId, LIVE, Date.parse(r.timestamp) + 1000, ['device'], { device: [point(r)] });
      behind = Math.max(behind, Date.parse(r.timestamp) - ((await repo.loadDetectorInput(org.organizationId, LIVE)).state.lastTs ?? 0));
    }
    // Deferred: the committed state was behind (up to DEFER.records - 1 records).
    expect(behind).toBeGreaterThanOrEqual(5 * MIN);
    for (let i = 0; i < records.length; i += 2) {
      const pair = records.slice(i, i + 2).reverse();
      for (const r of pair) await store(SWAPPED, r);
      for (const r of pair) await anomaly.detectForDevice(org.organizationId, SWAPPED, Date.parse(pair[1]!.timestamp) + 1000, ['device'], { device: [point(r)] });
    }
    // Another writer commits now and then (a direct call, as the sweep's catch-up would): the cached deferred state is stale then and must not be used.
    const INTERRUPTED = `INTERRUPTED-${cache}`;
    for (const [i, r] of records.entries()) {
      await store(INTERRUPTED, r);
      await anomaly.detectForDevice(org.organizationId, INTERRUPTED, Date.parse(r.timestamp) + 1000, ['device'], { device: [point(r)] });
      if (i % 7 === 3) {
        const next = records[i + 1];
        if (next) {
          await store(INTERRUPTED, next);
          await anomaly.detectForDevice(org.organizationId, INTERRUPTED, Date.parse(next.timestamp) + 1000);
        }
      }
    }
    const stored = async (id: string) => (await repo.loadDetectorInput(org.organizationId, id)).state;
    // A direct call commits whatever is deferred.
    delete process.env.DETECTOR_STATE_CACHE;
    for (const id of [LIVE, SWAPPED, INTERRUPTED]) await anomaly.detectForDevice(org.organizationId, id, Date.parse(records[69]!.timestamp) + 1000);
    const committed = await stored(COMMITTED);
    for (const id of [LIVE, SWAPPED, INTERRUPTED]) {
      const state = await stored(id);
      expect(state.lastTs).toBe(committed.lastTs);
      expect(state.series).toEqual(committed.series);
      expect({ ...state.cadence, lags: [] }).toEqual({ ...committed.cadence, lags: [] });
      expect(Object.keys(state.open)).toEqual(Object.keys(committed.open));
      const spikes = (await anomaly.listDeviceIncidents(org, id, {})).incidents.map((i) => [i.kind, i.measurement, i.startedAt]);
      expect(spikes).toEqual((await anomaly.listDeviceIncidents(org, COMMITTED, {})).incidents.map((i) => [i.kind, i.measurement, i.startedAt]));
    }
  });

  test('the dropout sweep replays records the detector has not committed: a reporting device is not silent, a silent one is', async () => {
    const { org } = await newOrg();
    const t0 = NOW - 80 * MIN;
    const reading1 = (i: number) => ({ timestamp: iso(t0 + i * MIN), measurements: { temperature: 21 + 0.3 * Math.sin(i * 1.7) } });
    // Report until the committed state is at least 3 records behind the last report.
    let last = 0;
    let committed: number | null = null;
    for (let i = 0; i < 40 || last - (committed ?? 0) < 3 * MIN; i++) {
      expect(i).toBeLessThan(60);
      const r = reading1(i);
      last = Date.parse(r.timestamp);
      await storeTelemetry(org, { deviceIdentifier: 'SWEPT', records: [r] }, 'rest', last + 500);
      await anomaly.detectForDevice(org.organizationId, 'SWEPT', last + 1000, ['device'], { device: [{ t: last, m: r.measurements, receivedAt: last + 500 }] });
      committed = (await repo.loadDetectorInput(org.organizationId, 'SWEPT')).state.lastTs;
    }
    // Judged on the committed state alone, the device would be overdue at last + 12 min.
    expect(await anomaly.sweepOrganization(org.organizationId, last + 12 * MIN)).toMatchObject({ opened: 0 });
    expect((await anomaly.listDeviceIncidents(org, 'SWEPT', {})).incidents).toHaveLength(0);
    // Really silent past its limit (15 minutes): a dropout from the last record.
    expect(await anomaly.sweepOrganization(org.organizationId, last + 17 * MIN)).toMatchObject({ opened: 1 });
    const [dropout] = (await anomaly.listDeviceIncidents(org, 'SWEPT', {})).incidents;
    expect(dropout).toMatchObject({ kind: 'dropout', startedAt: iso(last) });
  });

  test('a device that only sent a few records (no device item) is known to the incident list: its first state is written at once', async () => {
    const records = Array.from({ length: 3 }, (_, i) => reading(i));
    for (const record of records) {
      await storeTelemetry(org, { deviceIdentifier: 'FRESH-1', records: [record] }, 'rest', NOW);
      await detectorWorker({ Records: await streamRecordsOf(org, 'FRESH-1', [record.timestamp]) });
    }
    await expect(anomaly.listDeviceIncidents(org, 'FRESH-1', {})).resolves.toEqual({ incidents: [], nextCursor: null });
  });
});
