/**
 * Telemetry benchmark against the local stack (the same handlers behind the local HTTP server,
 * DynamoDB Local), all figures from one run:
 *   - DynamoDB requests per REST call, counted on the wire: a single record, a batch of 100
 *     (auth included; goals ≤ 4 and ≤ 10);
 *   - REST ingest rate beside the rate of the cheapest authenticated route (`GET /ticket/{unknown id}`),
 *     measured in alternating rounds with the same concurrency (goal: ratio ≥ 0.8).
 *
 *   npm run bench:telemetry [-- --seconds 3] [-- --rounds 3] [-- --concurrency 8]
 *
 * Starts its own DynamoDB Local on a free port unless DYNAMODB_ENDPOINT is set.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.AWS_REGION ??= 'local';

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { documentClient } from '../shared/db/client';
import { ensureTable, startDynamoDbLocal } from '../shared/local/dynamodb-local';
import { startHttpServer } from '../shared/local/server';
import { createOrganization } from '../shared/domain/organization/organization.service';
import { freePort } from '../shared/local/free-port';

const GOAL = { singleRequests: 4, batchRequests: 10, rateRatio: 0.8 } as const;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i === -1 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** DynamoDB requests sent while `fn` runs (the server runs in this process, on the same client). */
async function countRequests(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const name = `bench-count-${randomUUID()}`;
  documentClient().middlewareStack.add((next) => async (args) => (n++, next(args)), { step: 'finalizeRequest', name });
  try {
    await fn();
  } finally {
    documentClient().middlewareStack.remove(name);
  }
  return n;
}

/** Requests per second of `call` with `concurrency` callers for `seconds`; every answer must have status `expect`. */
async function rate(call: (i: number) => Promise<Response>, expectStatus: number, seconds: number, concurrency: number): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const start = performance.now();
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
  return done / ((performance.now() - start) / 1000);
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
    await post({ deviceIdentifier: 'BENCH-1', temperature: 1 }); // warm the handler

    const single = await countRequests(() => post({ deviceIdentifier: 'BENCH-1', temperature: 21.5, humidity: 40 }));
    const t0 = Date.now() - 200_000;
    const batch = await countRequests(() =>
      post({ deviceIdentifier: 'BENCH-1', records: Array.from({ length: 100 }, (_, i) => ({ timestamp: t0 + i * 1000, temperature: i, humidity: 40 + (i % 7) })) }),
    );

    const unknownTicket = `${http.url}/api/ext-v1/ticket/${randomUUID()}`;
    const cheapest = () => fetch(unknownTicket, { headers: { 'x-api-key': apiKey } });
    const ingest = (i: number) => post({ deviceIdentifier: `BENCH-${i % 50}`, temperature: i % 30, humidity: 40 });
    await rate(cheapest, 404, 0.5, concurrency);
    await rate(ingest, 200, 0.5, concurrency);
    const ingestRates: number[] = [];
    const cheapestRates: number[] = [];
    // Alternating rounds, so drift in machine load hits both sides alike.
    for (let r = 0; r < rounds; r++) {
      cheapestRates.push(await rate(cheapest, 404, seconds, concurrency));
      ingestRates.push(await rate(ingest, 200, seconds, concurrency));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(ingestRates) / mean(cheapestRates);
    const fmt = (n: number) => n.toFixed(0);
    console.log('Telemetry benchmark (local stack: local HTTP server + DynamoDB Local, one process)');
    console.log(`  DynamoDB requests, single record (auth included):     ${single}   goal <= ${GOAL.singleRequests}  ${single <= GOAL.singleRequests ? 'OK' : 'MISSED'}`);
    console.log(`  DynamoDB requests, batch of 100 (auth included):      ${batch}   goal <= ${GOAL.batchRequests}  ${batch <= GOAL.batchRequests ? 'OK' : 'MISSED'}`);
    console.log(`  rate, GET /ticket/{unknown id} (cheapest route), req/s: ${cheapestRates.map(fmt).join(' / ')}  mean ${fmt(mean(cheapestRates))}`);
    console.log(`  rate, POST /api/telemetry (single record), req/s:        ${ingestRates.map(fmt).join(' / ')}  mean ${fmt(mean(ingestRates))}`);
    console.log(`  ingest / cheapest: ${ratio.toFixed(2)}   goal >= ${GOAL.rateRatio}  ${ratio >= GOAL.rateRatio ? 'OK' : 'MISSED'}`);
    console.log(`  (${rounds} alternating rounds of ${seconds} s, concurrency ${concurrency})`);
  } finally {
    await http.close();
    dynamo?.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
