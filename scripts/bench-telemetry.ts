/**
 * Telemetry benchmark against the local stack (the same handlers behind the local HTTP server,
 * DynamoDB Local), all figures from one run:
 *   - DynamoDB requests per REST call, counted on the wire: a single record, a batch of 100
 *     (auth included; goals ≤ 3 and ≤ 10), and the anomaly detector's requests per record they
 *     cause, separately (goals ≤ 2 one at a time, ≤ 0.3 in batches), with the read and write
 *     capacity units DynamoDB (Local) reports for them (ReturnConsumedCapacity); the detector's
 *     single-record figures are averaged over 30 records (three cycles of its deferred state write);
 *   - REST ingest rate beside the rate of the cheapest authenticated route (`GET /ticket/{unknown id}`),
 *     measured in alternating rounds with the same concurrency, with the table stream and the
 *     detector running in process as in `npm start` (each ingest round waits for the detector to
 *     catch up, inside its timing) (goal: ratio ≥ 0.8);
 *   - the full cost per million records (ingest + detection), from the measured capacity units at
 *     the list prices of docs/telemetry.md (scripts/bench/telemetry-cost.ts).
 *
 *   npm run bench:telemetry [-- --seconds 3] [-- --rounds 3] [-- --concurrency 8] [-- --without-detector]
 *
 * `--without-detector` stops the stream before the rate rounds (ingest alone, for comparison).
 *
 * Starts its own DynamoDB Local on a free port unless DYNAMODB_ENDPOINT is set.
 */
import './bench/quiet-env';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ChildProcess } from 'node:child_process';
import { documentClient, tableName } from '../shared/db/client';
import * as keys from '../shared/db/key-builders';
import { CHUNK_SK_PREFIX } from '../shared/domain/telemetry/record-chunks';
import { costPerMillion, type Units } from './bench/telemetry-cost';
import { itemBytes } from '../shared/db/item-size';
import { addThresholdRule, DETECTOR_STATE_CACHE_ENV } from '../shared/domain/anomaly/anomaly.service';
import { startLocalTableStream } from '../shared/local/table-stream';
import { logger, setLogLevel } from '../shared/logging/logger';
import { ensureTable, startDynamoDbLocal } from '../shared/local/dynamodb-local';
import { startHttpServer } from '../shared/local/server';
import { authenticate, createOrganization } from '../shared/domain/organization/organization.service';
import { freePort } from '../shared/local/free-port';
import { processCpuMs } from './bench/harness';

const GOAL = {
  singleRequests: 3,
  batchRequests: 10,
  detectionSingle: 2,
  detectionBatchPerRecord: 0.3,
  rateRatio: 0.8,
  costRestSingle: 3.5,
  costBasicIngestSingle: 3.0,
  costBatch: 0.5,
} as const;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i === -1 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** DynamoDB requests sent while `fn` runs (the server runs in this process, on the same client), with the capacity units reported for them. */
async function measure(fn: () => Promise<unknown>): Promise<Units & { requests: number }> {
  const out = { requests: 0, rru: 0, wru: 0 };
  const name = `bench-count-${randomUUID()}`;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      out.requests++;
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const units = [consumed ?? []].flat().reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
      if (/^(Get|BatchGet|Query|Scan|TransactGet)/.test(String((context as { commandName?: string }).commandName))) out.rru += units;
      else out.wru += units;
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    await fn();
  } finally {
    documentClient().middlewareStack.remove(name);
  }
  return out;
}

const minus = <T extends Units & { requests: number }>(a: T, b: T) => ({ requests: a.requests - b.requests, rru: a.rru - b.rru, wru: a.wru - b.wru });
const per = (u: Units & { requests: number }, n: number) => ({ requests: u.requests / n, rru: u.rru / n, wru: u.wru / n });
const units = (u: Units) => `${u.rru.toFixed(2)} RRU + ${u.wru.toFixed(2)} WRU`;

/** One timed round: requests per second, and the CPU it took per call in this process and in DynamoDB Local's JVM. */
interface Round {
  rate: number;
  calls: number;
  nodeCpuMs: number;
  dynamoCpuMs: number | undefined;
}

/**
 * Requests per second of `call` with `concurrency` callers for `seconds`; every answer must have status
 * `expect`. CPU per call: this process's (the server, the table stream and its workers, and the bench's
 * own HTTP client) and, given its pid, DynamoDB Local's: unlike the rates, these barely depend on what
 * else the machine runs.
 */
async function rate(call: (i: number) => Promise<Response>, expectStatus: number, seconds: number, concurrency: number, drain?: () => Promise<void>, dynamoPid?: number): Promise<Round> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const dynamoBefore = processCpuMs(dynamoPid);
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i += concurrency) {
        const res = await call(i);
        await res.arrayBuffer();
        if (res.status !== expectStatus) throw new Error(`unexpected status ${res.status}`);
        done++;
      }
    }),
  );
  await drain?.();
  const cpu = process.cpuUsage(cpuBefore);
  const dynamoAfter = processCpuMs(dynamoPid);
  return {
    rate: done / ((performance.now() - start) / 1000),
    calls: done,
    nodeCpuMs: (cpu.user + cpu.system) / 1000 / done,
    dynamoCpuMs: dynamoBefore === undefined || dynamoAfter === undefined ? undefined : (dynamoAfter - dynamoBefore) / done,
  };
}

async function main() {
  const seconds = arg('seconds', 3);
  const rounds = arg('rounds', 3);
  const concurrency = arg('concurrency', 8);
  let dynamo: ChildProcess | undefined;
  if (!process.env.DYNAMODB_ENDPOINT) {
    const port = await freePort();
    dynamo = await startDynamoDbLocal({ port });
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
  }
  process.env.TABLE_NAME = `bench-telemetry-${randomUUID()}`;
  await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME);
  const http = await startHttpServer({ port: 0, rootDir: path.resolve(__dirname, '..') });
  try {
    const { apiKey } = await createOrganization('bench');
    const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };
    const post = (body: unknown) => fetch(`${http.url}/api/telemetry`, { method: 'POST', headers, body: JSON.stringify(body) });
    // A device with an owner, so the owner lookup is part of what is measured.
    await fetch(`${http.url}/api/ext-v1/deviceAssignment/assignDeviceToOwners`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ deviceIdentifier: 'BENCH-1', customerEmails: ['owner@example.com'], autoCreateDevice: true, deviceType: 'sensor' }),
    });
    // Known devices (an unknown device's ingest adds the owner query that finds nothing, every time).
    for (let i = 0; i < 50; i += 10) {
      await Promise.all(
        [...Array.from({ length: 10 }, (_, k) => `BENCH-${i + k}`), ...(i === 0 ? ['BENCH-D', 'BENCH-C', 'BENCH-B'] : [])].map((identifier) =>
          fetch(`${http.url}/api/ext-v1/device`, { method: 'POST', headers, body: JSON.stringify({ identifier, type: 'sensor' }) }),
        ),
      );
    }
    await post({ deviceIdentifier: 'BENCH-1', temperature: 1 }); // warm the handler (and the snapshot's owners)
    // An organization with a monitor rule, so the detector's BatchGetItem reads all three of its items.
    await addThresholdRule((await authenticate(apiKey)).organizationId, { measurement: 'battery', below: '10' });

    // Ingest alone (no stream yet): the requests of the call itself.
    const single = await measure(() => post({ deviceIdentifier: 'BENCH-1', temperature: 21.5, humidity: 40 }));
    const t0 = Date.now() - 400_000;
    const batchOf = (device: string, from: number) =>
      post({ deviceIdentifier: device, records: Array.from({ length: 100 }, (_, i) => ({ timestamp: from + i * 1000, temperature: 20 + (i % 5) / 10, humidity: 40 + (i % 7) })) });
    const batch = await measure(() => batchOf('BENCH-1', t0));

    // The table stream and its workers in process, as `npm start` runs them (their request logs silenced).
    setLogLevel(logger, 'SILENT');
    const stream = startLocalTableStream({ rootDir: path.resolve(__dirname, '..'), tableName: tableName(), deadLetterDir: mkdtempSync(path.join(tmpdir(), 'bench-telemetry-')) });
    const withDetection = async (call: () => Promise<unknown>) => {
      await call();
      await stream.settle();
    };
    // A device the detector knows (its state and watch exist), then 30 records one at a time: three
    // whole cycles of the deferred state write (docs/anomaly-detection.md), ingest subtracted. First
    // without the detector's in-process cache (AWS's worst case, every delivery in a new container:
    // the cost table's figure), then with it (one process, as npm start runs it).
    // The readings of a device in service: one every READING_PERIOD_MS, each stamped with its
    // scheduled time and sent at that time (its delivery lag steady). Readings stamped an hour and a
    // half back and sent back to back would be a backlog draining, whose shrinking lag moves the
    // dropout watch earlier (a transaction) every few records; stamped as sent back to back, the gaps
    // would follow the machine's jitter (a commit's slower round makes the next gap "a hole" for the
    // cadence), so the count would vary from run to run.
    const READING_PERIOD_MS = 250;
    const readingsOf = (device: string) => {
      let due = Date.now();
      return async (i: number) => {
        const at = due;
        due += READING_PERIOD_MS;
        if (at > Date.now()) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
        return { deviceIdentifier: device, timestamp: at, temperature: 21 + 0.3 * Math.sin(i * 1.7), humidity: 40 + 0.5 * Math.cos(i) };
      };
    };
    const detectOneAtATime = async (device: string, cache: 'on' | 'off') => {
      process.env[DETECTOR_STATE_CACHE_ENV] = cache;
      const reading = readingsOf(device);
      for (let i = 0; i < 20; i++) {
        const body = await reading(i);
        await withDetection(() => post(body));
      }
      const cycle = { requests: 0, rru: 0, wru: 0, max: 0 };
      for (let i = 20; i < 50; i++) {
        const body = await reading(i);
        const one = minus(await measure(() => withDetection(() => post(body))), single);
        cycle.requests += one.requests;
        cycle.rru += one.rru;
        cycle.wru += one.wru;
        cycle.max = Math.max(cycle.max, one.requests);
      }
      delete process.env[DETECTOR_STATE_CACHE_ENV];
      return { ...per(cycle, 30), max: cycle.max };
    };
    const detectionSingle = await detectOneAtATime('BENCH-D', 'off');
    const detectionCached = await detectOneAtATime('BENCH-C', 'on');
    await withDetection(() => batchOf('BENCH-B', t0 - 200_000));
    const detectionBatchTotal = minus(await measure(() => withDetection(() => batchOf('BENCH-B', t0 - 100_000))), batch);
    const detectionBatch = per(detectionBatchTotal, 100);
    // The items a batch of 100 is stored in (chunk items, shared/domain/telemetry/record-chunks.ts): one stream record each.
    const chunksOfBatch = (
      await documentClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
          ExpressionAttributeValues: { ':pk': keys.telemetryPartition((await authenticate(apiKey)).organizationId, 'BENCH-1'), ':c': CHUNK_SK_PREFIX },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];
    const chunkCount = Math.max(1, chunksOfBatch.length);
    const chunkBytes = chunksOfBatch.map((c) => itemBytes(c));

    const sizeOf = async (key: { pk: string; sk: string }) =>
      itemBytes(((await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item ?? {}) as Record<string, unknown>);
    const org = (await authenticate(apiKey)).organizationId;
    const history = (await (await fetch(`${http.url}/api/ext-v1/device/BENCH-D/telemetry?order=desc&limit=1`, { headers: { 'x-api-key': apiKey } })).json()) as {
      records?: { timestamp: string; source: string }[];
    };
    const newest = history.records?.[0];
    const recordBytes = newest ? await sizeOf(keys.telemetryRecord(org, 'BENCH-D', newest.timestamp, newest.source)) : 0;
    const snapshotBytes = await sizeOf(keys.telemetryLatest(org, 'BENCH-1'));
    const stateBytes = Math.max(await sizeOf(keys.anomalyState(org, 'BENCH-D')), await sizeOf(keys.anomalyState(org, 'BENCH-B')));

    const unknownTicket = `${http.url}/api/ext-v1/ticket/${randomUUID()}`;
    const cheapest = () => fetch(unknownTicket, { headers: { 'x-api-key': apiKey } });
    const ingest = (i: number) => post({ deviceIdentifier: `BENCH-${i % 50}`, temperature: i % 30, humidity: 40 });
    // The rate rounds' 50 devices, known to the detector as a fleet in service would be: twelve
    // readings each, a minute apart, in the same pattern as the rounds send (the detector past its
    // cadence warm-up and first state writes, so the rounds see its steady state).
    for (let k = 0; k < 12; k++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, d) => post({ deviceIdentifier: `BENCH-${d}`, timestamp: Date.now() - (13 - k) * 60_000, temperature: (d + 50 * k) % 30, humidity: 40 })),
      );
      await stream.settle();
    }
    const withoutDetector = process.argv.includes('--without-detector');
    if (withoutDetector) stream.stop();
    await rate(cheapest, 404, 0.5, concurrency);
    await rate(ingest, 200, 0.5, concurrency);
    await stream.settle();
    const ingestRounds: Round[] = [];
    const cheapestRounds: Round[] = [];
    // Alternating rounds, so drift in machine load hits both sides alike. The detector's backlog of an
    // ingest round is worked off inside that round's time, so it never slows the next cheapest round.
    for (let r = 0; r < rounds; r++) {
      cheapestRounds.push(await rate(cheapest, 404, seconds, concurrency, undefined, dynamo?.pid));
      ingestRounds.push(await rate(ingest, 200, seconds, concurrency, () => stream.settle(), dynamo?.pid));
    }
    const ingestRates = ingestRounds.map((r) => r.rate);
    const cheapestRates = cheapestRounds.map((r) => r.rate);
    /** CPU ms per call over all rounds of a route (weighted by calls). */
    const cpuPerCall = (rs: Round[], of: 'nodeCpuMs' | 'dynamoCpuMs') =>
      rs.some((r) => r[of] === undefined) ? undefined : rs.reduce((n, r) => n + (r[of] as number) * r.calls, 0) / rs.reduce((n, r) => n + r.calls, 0);
    if (!withoutDetector) stream.stop();
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(ingestRates) / mean(cheapestRates);
    const fmt = (n: number) => n.toFixed(0);
    const ok = (pass: boolean) => (pass ? 'OK' : 'MISSED');
    console.log('Telemetry benchmark (local stack: local HTTP server + DynamoDB Local + the table stream and its workers, one process)');
    console.log('  DynamoDB requests (auth included) and the capacity units DynamoDB reports for them:');
    console.log(`    ingest, single record:     ${single.requests}  (${units(single)})    goal <= ${GOAL.singleRequests}  ${ok(single.requests <= GOAL.singleRequests)}`);
    console.log(`    ingest, batch of 100:      ${batch.requests}  (${units(batch)})    goal <= ${GOAL.batchRequests}  ${ok(batch.requests <= GOAL.batchRequests)}`);
    console.log(
      `    detection, single record:  ${detectionSingle.requests.toFixed(2)} a record, mean of 30 (max ${detectionSingle.max}; ${units(detectionSingle)} a record; no in-process cache: AWS worst case)    goal <= ${GOAL.detectionSingle}  ${ok(detectionSingle.requests <= GOAL.detectionSingle)}`,
    );
    console.log(`      with the in-process cache (one process, as npm start): ${detectionCached.requests.toFixed(2)} a record (max ${detectionCached.max}; ${units(detectionCached)} a record)`);
    console.log(
      `    detection, batch of 100:   ${detectionBatchTotal.requests} (${detectionBatch.requests.toFixed(2)} a record; ${units(detectionBatch)} a record; ${chunkCount} stream records of chunk items, 10 a delivery)  goal <= ${GOAL.detectionBatchPerRecord} a record  ${ok(detectionBatch.requests <= GOAL.detectionBatchPerRecord)}`,
    );
    console.log(`  item sizes: record ${recordBytes} B, snapshot ${snapshotBytes} B, detector state ${stateBytes} B (compressed); a batch of 100 in ${chunkCount} chunk items of ${chunkBytes.join(' / ')} B`);
    console.log(`  rate, GET /ticket/{unknown id} (cheapest route), req/s: ${cheapestRates.map(fmt).join(' / ')}  mean ${fmt(mean(cheapestRates))}`);
    console.log(`  rate, POST /api/telemetry (single record, detector caught up), req/s: ${ingestRates.map(fmt).join(' / ')}  mean ${fmt(mean(ingestRates))}`);
    console.log(`  ingest / cheapest: ${ratio.toFixed(2)}   goal >= ${GOAL.rateRatio}  ${ok(ratio >= GOAL.rateRatio)}`);
    const cpu = (rs: Round[]) => {
      const node = cpuPerCall(rs, 'nodeCpuMs') as number;
      const dynamoMs = cpuPerCall(rs, 'dynamoCpuMs');
      return { node, dynamo: dynamoMs, text: `${node.toFixed(2)} ms Node${dynamoMs === undefined ? '' : ` + ${dynamoMs.toFixed(2)} ms DynamoDB Local = ${(node + dynamoMs).toFixed(2)} ms`}` };
    };
    const [cheapCpu, ingestCpu] = [cpu(cheapestRounds), cpu(ingestRounds)];
    console.log(`  CPU per call (this process: server, stream workers, the bench's client; DynamoDB Local's JVM): cheapest ${cheapCpu.text}; ingest ${ingestCpu.text}`);
    if (cheapCpu.dynamo !== undefined && ingestCpu.dynamo !== undefined) {
      console.log(`    cheapest / ingest CPU per call: ${((cheapCpu.node + cheapCpu.dynamo) / (ingestCpu.node + ingestCpu.dynamo)).toFixed(2)} (the rate ratio a CPU-bound machine allows)`);
    }
    console.log(`  (${rounds} alternating rounds of ${seconds} s, concurrency ${concurrency}${withoutDetector ? ', WITHOUT the detector: not the goal\'s condition' : ''})`);
    const costs = costPerMillion({ ingestSingle: single, ingestBatch: batch, detectionSingle, detectionBatch, batchRecordsPerStreamRecord: 100 / chunkCount });
    const goalOf: Record<string, number | undefined> = {
      'REST, one record per call': GOAL.costRestSingle,
      'MQTT, one record per message, Basic Ingest': GOAL.costBasicIngestSingle,
      'REST, 100 records per call': GOAL.costBatch,
    };
    console.log('  full cost per million records in AWS (ingest + detection; list prices of docs/telemetry.md):');
    for (const c of costs) {
      const goal = goalOf[c.path];
      console.log(
        `    ${c.path.padEnd(44)} $${c.total.toFixed(2)}  (DynamoDB $${c.dynamodb.toFixed(2)}, Lambda $${c.lambda.toFixed(2)}, API Gateway/IoT $${c.front.toFixed(2)}, detection $${c.detection.toFixed(2)})` +
          (goal === undefined ? '' : `  goal <= $${goal.toFixed(2)}  ${ok(c.total <= goal)}`),
      );
    }
  } finally {
    await http.close();
    dynamo?.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
