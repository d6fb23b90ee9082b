/**
 * Side probe for `npm run bench:load -- --probe FILE` (issue 21): from its own process (own event
 * loop, own sockets), sends DynamoDB Local a consistent GetItem and a small PutItem (to an item of
 * its own, beside the stack's) in turn, one at a time, every 50 ms, and writes one JSON line on each
 * SIGUSR2 (the bench's phase ends, labelled as the stack probe's) to the file given: what a read and a write cost inside the JVM under the load, free of the
 * stack process's event loop and HTTP agent. Arguments: endpoint table outFile.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const [endpoint, table, outFile] = process.argv.slice(2);
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { DynamoDBClient, GetItemCommand, PutItemCommand } = require('@aws-sdk/client-dynamodb');
const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const key = { pk: { S: 'PROBE#side' }, sk: { S: 'probe' } };
let samples = { get: [], put: [] };
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 10) / 10 : null;
};
const flush = () => {
  const w = samples;
  samples = { get: [], put: [] };
  let label;
  try {
    label = process.env.PROBE_LABEL_FILE ? readFileSync(process.env.PROBE_LABEL_FILE, 'utf8').trim() : undefined;
  } catch {
    label = undefined;
  }
  const line = { at: new Date().toISOString(), label, side: Object.fromEntries(Object.entries(w).map(([k, xs]) => [k, { n: xs.length, p50: q(xs, 0.5), p90: q(xs, 0.9), p99: q(xs, 0.99) }])) };
  appendFileSync(outFile, `${JSON.stringify(line)}\n`);
};
process.on('SIGUSR2', flush);
for (let i = 0; ; i++) {
  const t = performance.now();
  try {
    if (i % 2) await client.send(new PutItemCommand({ TableName: table, Item: { ...key, n: { N: String(i) } } }));
    else await client.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true }));
    samples[i % 2 ? 'put' : 'get'].push(performance.now() - t);
  } catch {
    // The stack is stopping.
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
