/**
 * `npm run bench:backfill`: the S3 backfill import on a generated gzipped CSV of 1,000,000 rows
 * (4 measurements), all figures from one run:
 *   (a) import rows/s with a null sink beside gunzip + csv-parse alone on the same file (goal ≥ 0.8);
 *   (b) import rows/s into DynamoDB Local beside a plain BatchWriteItem loop writing the same items
 *       with the same concurrency (goal ≥ 0.8);
 *   (c) peak RSS of the import at 1M rows beside 100k rows, each in its own child process (goal ≤ 1.2).
 * BENCH_ROWS overrides the row count (and BENCH_DB_ROWS the rows written in (b), default all).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';

import { spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { parse } from 'csv-parse';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
// The domain reads its environment (DYNAMODB_ENDPOINT, TABLE_NAME) on first use, after main() sets it.
import { documentClient, tableName } from '../shared/db/client';
import * as keys from '../shared/db/key-builders';
import { addMapping } from '../shared/domain/backfill/backfill.service';
import type { PrefixMapping } from '../shared/domain/backfill/backfill.schema';
import { scanCsv } from '../shared/domain/backfill/csv-scan';
import { importObject } from '../shared/domain/backfill/import-runner';
import { createOrganization, setTelemetryRetention } from '../shared/domain/organization/organization.service';
import { ensureTable, startDynamoDbLocal } from '../shared/local/dynamodb-local';
import { freePort } from '../shared/local/free-port';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SMALL_ROWS = Math.round(ROWS / 10);
const mapping: PrefixMapping = { prefix: 'bench/', pathTemplate: '{deviceIdentifier}.csv.gz' };
const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

/** Row i of the generated file: one reading per second up to now, 4 measurements. */
const rowTime = (start: number, i: number) => start + i * 1000;

async function generate(file: string, rows: number, start: number): Promise<void> {
  async function* lines() {
    yield 'timestamp,temperature,humidity,pressure,battery\n';
    let chunk = '';
    for (let i = 0; i < rows; i++) {
      chunk += `${new Date(rowTime(start, i)).toISOString()},${(20 + (i % 100) / 10).toFixed(1)},${40 + (i % 30)},${1000 + (i % 50)},${(100 - (i % 1000) / 10).toFixed(1)}\n`;
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
}

async function timeIt<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t0 = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, result };
}

/** The baseline of (a): gunzip + csv-parse, nothing else. */
async function parseOnly(file: string): Promise<number> {
  let n = 0;
  const parser = parse();
  const done = pipeline(createReadStream(file), createGunzip(), parser);
  for await (const _record of parser) n++;
  await done;
  return n - 1;
}

/** The import's read side with a null sink: gunzip, parse, row checks, batching; nothing written. */
async function importNullSink(file: string, nowMs: number): Promise<number> {
  let n = 0;
  for await (const batch of scanCsv(createReadStream(file), { mapping, path: { deviceIdentifier: 'BENCH-1' }, nowMs, retentionDays: 3650, batchRows: 2000 })) {
    n += batch.accepted + batch.rejections.length;
  }
  return n;
}

/** Child mode: one null-sink import of `file`; prints its peak RSS (bytes). */
async function child(file: string) {
  const rows = await importNullSink(file, Date.now());
  process.stdout.write(JSON.stringify({ rows, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
}

function peakRss(file: string): { rows: number; maxRssBytes: number } {
  const out = spawnSync(process.execPath, [tsx, __filename, '--child', file], { cwd: root, encoding: 'utf8', env: process.env });
  if (out.status !== 0) throw new Error(`child failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as { rows: number; maxRssBytes: number };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-bench-backfill-'));
  let dynamo: ChildProcess | undefined;
  try {
    const start = Date.now() - ROWS * 1000 - 60_000;
    const big = path.join(dir, 'big.csv.gz');
    const small = path.join(dir, 'small.csv.gz');
    await generate(big, ROWS, start);
    await generate(small, SMALL_ROWS, start);
    console.log(`Generated ${ROWS.toLocaleString()} rows × 4 measurements: ${(statSync(big).size / 1e6).toFixed(1)} MB gzipped`);

    // (a) --------------------------------------------------------------------------------------
    await parseOnly(small); // warm-up (JIT) for both paths
    await importNullSink(small, Date.now());
    const baseline = await timeIt(() => parseOnly(big));
    const nullSink = await timeIt(() => importNullSink(big, Date.now()));
    const parseRate = (baseline.result / baseline.ms) * 1000;
    const nullRate = (nullSink.result / nullSink.ms) * 1000;

    // (b) --------------------------------------------------------------------------------------
    const dbRows = Number(process.env.BENCH_DB_ROWS ?? ROWS);
    const dbFile = dbRows === ROWS ? big : path.join(dir, 'db.csv.gz');
    if (dbFile !== big) await generate(dbFile, dbRows, start);
    const port = await freePort();
    dynamo = await startDynamoDbLocal({ port, timeoutMs: 60_000 });
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
    process.env.TABLE_NAME = 'bench-backfill';
    await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME);
    const { organizationId } = await createOrganization('bench');
    await setTelemetryRetention(organizationId, 3650);
    await addMapping(organizationId, { prefix: mapping.prefix, path: mapping.pathTemplate });
    const size = statSync(dbFile).size;
    const store = { open: async () => ({ body: createReadStream(dbFile), contentLength: size }) };
    const imported = await timeIt(() =>
      importObject({ bucket: 'bench', key: `backfill/${organizationId}/bench/BENCH-1.csv.gz`, eTag: 'e1' }, { store, remainingMs: () => 900_000, canPause: false }),
    );
    if (imported.result.outcome !== 'finished' || imported.result.rowsWritten !== dbRows) throw new Error(`import did not finish: ${JSON.stringify(imported.result)}`);

    // The same items (another device, so both runs write fresh keys), 25 a request, 4 requests in flight.
    const receivedAt = new Date().toISOString();
    const itemOf = (i: number) => {
      const timestamp = new Date(rowTime(start, i)).toISOString();
      return {
        ...keys.telemetryRecord(organizationId, 'BENCH-2', timestamp, 's3'),
        entity: 'telemetry',
        organizationId,
        identifier: 'BENCH-2',
        timestamp,
        source: 's3',
        m: { temperature: 20 + (i % 100) / 10, humidity: 40 + (i % 30), pressure: 1000 + (i % 50), battery: 100 - (i % 1000) / 10 },
        receivedAt,
        expiresAt: Math.floor(rowTime(start, i) / 1000) + 3650 * 86_400,
      };
    };
    const plain = await timeIt(async () => {
      let next = 0;
      const worker = async () => {
        while (next < dbRows) {
          const from = next;
          next = Math.min(dbRows, next + 25);
          let pending = Array.from({ length: next - from }, (_, k) => ({ PutRequest: { Item: itemOf(from + k) } }));
          while (pending.length > 0) {
            const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
            pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
          }
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
    });
    const importRate = (dbRows / imported.ms) * 1000;
    const plainRate = (dbRows / plain.ms) * 1000;

    // (c) --------------------------------------------------------------------------------------
    const rssBig = peakRss(big);
    const rssSmall = peakRss(small);

    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
    const r = (x: number) => Math.round(x).toLocaleString();
    console.log('\n(a) read path, null sink vs gunzip + csv-parse alone');
    console.log(`    gunzip + csv-parse: ${r(parseRate)} rows/s (${(baseline.ms / 1000).toFixed(2)} s)`);
    console.log(`    import, null sink:  ${r(nullRate)} rows/s (${(nullSink.ms / 1000).toFixed(2)} s)`);
    console.log(`(b) into DynamoDB Local, ${dbRows.toLocaleString()} rows, 4 requests in flight`);
    console.log(`    import:             ${r(importRate)} rows/s (${(imported.ms / 1000).toFixed(1)} s)`);
    console.log(`    plain BatchWrite:   ${r(plainRate)} rows/s (${(plain.ms / 1000).toFixed(1)} s)`);
    console.log('(c) peak RSS of the import (null sink), separate processes');
    console.log(`    ${rssBig.rows.toLocaleString()} rows: ${mb(rssBig.maxRssBytes)}; ${rssSmall.rows.toLocaleString()} rows: ${mb(rssSmall.maxRssBytes)}`);
    console.log('\nRatios');
    console.log(`  (a) null-sink import / parse alone:    ${(nullRate / parseRate).toFixed(2)}  (goal ≥ 0.8)`);
    console.log(`  (b) import / plain BatchWriteItem:     ${(importRate / plainRate).toFixed(2)}  (goal ≥ 0.8)`);
    console.log(`  (c) peak RSS 1M rows / 100k rows:      ${(rssBig.maxRssBytes / rssSmall.maxRssBytes).toFixed(2)}  (goal ≤ 1.2)`);
  } finally {
    dynamo?.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  child(process.argv[3] as string).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exit(1);
  });
}
