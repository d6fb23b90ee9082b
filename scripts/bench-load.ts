/**
 * Load test (issue 21): the local stack as `npm start` runs it (bin/local.ts in a child process:
 * DynamoDB Local, the API, the table stream with the anomaly detector and every worker in process),
 * on free loopback ports and a temporary data directory, driven by autocannon with a fixed mix:
 *
 *   70% POST /api/telemetry  (half single records, half batches of 50; over --devices devices)
 *   20% reads                (half GET /device/{id}, half GET /ticket/{id})
 *   10% POST /ticket/createTicket
 *
 * for --duration seconds at --connections concurrent connections, then again at twice that. Prints
 * per route the count, rate, p50 and p99, the stack process's peak RSS, the p99 growth from the first
 * run to the second, and single-record telemetry p50 ÷ GET /device/{id} p50 at the same concurrency
 * (goal ≤ 3). Exits non-zero on any connection error, timeout or non-2xx answer (a 4xx means the
 * bench sent something wrong, a 5xx that the stack failed). Stops the stack by itself.
 *
 *   npm run bench:load [-- --duration 60] [-- --connections 8] [-- --devices 50] [-- --rate N] [-- --cpu-prof DIR] [-- --probe FILE]
 *
 * `--rate N` caps the offered load at N requests a second over all connections (autocannon's
 * `overallRate`), so two versions can be compared at the same load: at a fixed concurrency alone a
 * faster stack is sent more work, and its single-record latency is measured under that.
 *
 * `--cpu-prof DIR` writes a V8 CPU profile of the stack process into DIR when it stops (open it in
 * Chrome DevTools, or summarise it by function).
 *
 * `--probe FILE` measures where the time goes: the stack process is started with
 * scripts/bench/stack-probe.mjs preloaded (each SDK call timed by command and by the request that
 * sent it, each request's stages, the event loop's delay and utilisation) and a second process,
 * scripts/bench/dynamo-side-probe.mjs, times a GetItem and a PutItem of its own against the stack's
 * DynamoDB Local every 50 ms (the JVM's latency free of the stack's event loop); each writes one JSON
 * line per phase to FILE (the side probe to FILE.side), and the CPU time of the stack process and
 * of DynamoDB Local's JVM per phase is printed. Nothing the stack does changes.
 *
 * A figure, not a test: the numbers depend on the machine and what else runs on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { readStackFile } from '../shared/local/stack-file';
import { intArg, percentile, processCpuMs, startLocalStack, type LocalStack } from './bench/harness';

const BATCH = 50;
/** The 70/20/10 mix as 20 slots, interleaved so every stretch of requests has the same shares. */
const MIX = [
  'telemetry', 'batch', 'device', 'telemetry', 'batch', 'ticket', 'telemetry', 'batch', 'create', 'telemetry',
  'batch', 'device', 'telemetry', 'batch', 'ticket', 'telemetry', 'batch', 'create', 'telemetry', 'batch',
] as const;
type Route = (typeof MIX)[number];
const LABEL: Record<Route, string> = {
  telemetry: 'POST /api/telemetry (1 record)',
  batch: `POST /api/telemetry (${BATCH} records)`,
  device: 'GET /device/{id}',
  ticket: 'GET /ticket/{id}',
  create: 'POST /ticket/createTicket',
};
const ROUTES = Object.keys(LABEL) as Route[];
/** The issue's goal: single-record telemetry p50 at most this many times GET /device/{id}'s. */
const TELEMETRY_TO_READ_GOAL = 3;

interface Phase {
  connections: number;
  seconds: number;
  latencies: Record<Route, number[]>;
  statuses: Record<Route, Record<number, number>>;
  /** Requests of each route written to a connection, answered or not (still in flight when the run ended). */
  sent: Record<Route, number>;
  result: autocannon.Result;
  peakRss: number | undefined;
}

async function send(stack: LocalStack, method: string, url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json', 'x-api-key': stack.apiKey }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`setup ${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Devices and tickets to read, made before the clock starts (setup, not measured). */
async function seed(stack: LocalStack, devices: string[]): Promise<string[]> {
  for (const identifier of devices) await send(stack, 'POST', `${stack.base}/device`, { identifier, type: 'thermostat' });
  const tickets: string[] = [];
  for (let i = 0; i < 10; i++) {
    const created = await send(stack, 'POST', `${stack.base}/ticket/createTicket`, ticketBody(i));
    tickets.push(created.ticketId as string);
  }
  return tickets;
}

function ticketBody(n: number) {
  return {
    title: `Heater ${n} stays cold`,
    customerEmail: `customer${n % 20}@example.com`,
    messages: [{ role: 'customer', content: 'The heater does not warm up since yesterday evening.' }],
  };
}

async function run(stack: LocalStack, connections: number, seconds: number, devices: string[], tickets: string[], rate?: number): Promise<Phase> {
  const latencies = Object.fromEntries(ROUTES.map((r) => [r, [] as number[]])) as Record<Route, number[]>;
  const statuses = Object.fromEntries(ROUTES.map((r) => [r, {}])) as Record<Route, Record<number, number>>;
  const sent: Record<Route, number> = { telemetry: 0, batch: 0, device: 0, ticket: 0, create: 0 };
  // Timestamps per device move forward by a millisecond a record from now: no two requests write the
  // same record, and a minute of this stays far inside the 5-minute future tolerance.
  const clock = new Map<string, number>();
  const nextTimestamp = (device: string) => {
    const t = Math.max(Date.now(), (clock.get(device) ?? 0) + 1);
    clock.set(device, t);
    return t;
  };
  let n = 0;
  const counters: Record<Route, number> = { telemetry: 0, batch: 0, device: 0, ticket: 0, create: 0 };
  // A new object per request: autocannon writes the body's Content-Length into the headers it is given.
  const json = () => ({ 'content-type': 'application/json', 'x-api-key': stack.apiKey });
  const build: Record<Route, () => autocannon.Request> = {
    telemetry: () => {
      const device = devices[counters.telemetry++ % devices.length] as string;
      const i = counters.telemetry;
      return { method: 'POST', path: '/api/telemetry', headers: json(), body: JSON.stringify({ deviceIdentifier: device, timestamp: nextTimestamp(device), temperature: 21 + (i % 5) / 10, humidity: 40 + (i % 3) }) };
    },
    batch: () => {
      const device = devices[(counters.batch++ * 7) % devices.length] as string;
      const records = Array.from({ length: BATCH }, (_, k) => ({ timestamp: nextTimestamp(device), temperature: 21 + (k % 5) / 10, humidity: 40 + (k % 3) }));
      return { method: 'POST', path: '/api/telemetry', headers: json(), body: JSON.stringify({ deviceIdentifier: device, records }) };
    },
    device: () => ({ method: 'GET', path: `/api/ext-v1/device/${devices[counters.device++ % devices.length]}`, headers: json() }),
    ticket: () => ({ method: 'GET', path: `/api/ext-v1/ticket/${tickets[counters.ticket++ % tickets.length]}`, headers: json() }),
    create: () => ({ method: 'POST', path: '/api/ext-v1/ticket/createTicket', headers: json(), body: JSON.stringify(ticketBody(counters.create++)) }),
  };

  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: stack.url,
        connections,
        duration: seconds,
        timeout: 30,
        ...(rate ? { overallRate: rate } : {}),
        requests: [
          {
            // Called just before each request is written; the route rides in the connection's context
            // (one request in flight per connection) to the response event below.
            setupRequest: (_request, context) => {
              const route = MIX[n++ % MIX.length] as Route;
              context.route = route;
              sent[route]++;
              return build[route]();
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const route = client.requestIterator.context.route as Route | undefined;
      if (!route) return;
      latencies[route].push(responseTime);
      statuses[route][statusCode] = (statuses[route][statusCode] ?? 0) + 1;
    });
  });
  return { connections, seconds, latencies, statuses, sent, result, peakRss: stack.peakRssBytes() };
}

const ms = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(0));
const p = (xs: number[], q: number) => (xs.length ? percentile(xs, q) : NaN);

function report(phase: Phase): string[] {
  const problems: string[] = [];
  const { result } = phase;
  console.log(`\n${phase.connections} connections, ${phase.seconds} s: ${result.requests.total} requests (${(result.requests.total / phase.seconds).toFixed(0)}/s), ${result['2xx']} 2xx, ${result.non2xx} non-2xx (${result['5xx']} 5xx), ${result.errors} errors, ${result.timeouts} timeouts`);
  console.log(`  ${'route'.padEnd(34)} ${'count'.padStart(6)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  statuses (unanswered at the end: sent, cut off when the run stopped)`);
  for (const route of ROUTES) {
    const xs = phase.latencies[route];
    const unanswered = phase.sent[route] - xs.length;
    const statuses = `${Object.entries(phase.statuses[route]).map(([s, c]) => `${s}x${c}`).join(' ')}${unanswered > 0 ? ` (${unanswered} unanswered)` : ''}`;
    console.log(`  ${LABEL[route].padEnd(34)} ${String(xs.length).padStart(6)} ${(xs.length / phase.seconds).toFixed(1).padStart(6)} ${ms(p(xs, 0.5)).padStart(7)} ${ms(p(xs, 0.99)).padStart(7)}  ${statuses}`);
    if (xs.length === 0) problems.push(`${LABEL[route]} got no answer at all at ${phase.connections} connections`);
    const bad = Object.entries(phase.statuses[route]).filter(([s]) => Number(s) < 200 || Number(s) > 299);
    if (bad.length) problems.push(`${LABEL[route]} at ${phase.connections} connections answered ${bad.map(([s, c]) => `${s} x${c}`).join(', ')}`);
  }
  const ratio = p(phase.latencies.telemetry, 0.5) / p(phase.latencies.device, 0.5);
  console.log(`  single-record telemetry p50 / GET /device/{id} p50: ${ratio.toFixed(2)} (goal <= ${TELEMETRY_TO_READ_GOAL})`);
  console.log(`  stack process peak RSS so far: ${phase.peakRss === undefined ? 'unknown (no /proc)' : `${(phase.peakRss / 1024 / 1024).toFixed(0)} MiB`}`);
  if (result.errors > 0 || result.timeouts > 0) problems.push(`${result.errors} connection errors and ${result.timeouts} timeouts at ${phase.connections} connections`);
  if (result['5xx'] > 0) problems.push(`${result['5xx']} 5xx answers at ${phase.connections} connections`);
  return problems;
}

/** The stack's DynamoDB Local: the stack process's child running java (Linux /proc), if any. */
function childPid(pid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
    return children.find((c) => readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('DynamoDBLocal'));
  } catch {
    return undefined;
  }
}

async function main() {
  const seconds = intArg('duration', 60);
  const connections = intArg('connections', 8);
  const devices = Array.from({ length: intArg('devices', 50) }, (_, i) => `LOAD-${String(i).padStart(4, '0')}`);
  const rate = process.argv.includes('--rate') ? intArg('rate', 0) : undefined;
  console.log(`Load test: npm start's stack (bin/local.ts, detection in process) on loopback; ${seconds} s at ${connections} then ${connections * 2} connections${rate ? `, at most ${rate} requests a second` : ''}.`);
  const profileAt = process.argv.indexOf('--cpu-prof');
  const profileDir = profileAt === -1 ? undefined : process.argv[profileAt + 1];
  if (profileAt !== -1 && !profileDir) throw new Error('--cpu-prof needs a directory');
  const probeAt = process.argv.indexOf('--probe');
  const probeFile = probeAt === -1 ? undefined : path.resolve(process.argv[probeAt + 1] ?? '');
  if (probeAt !== -1 && !process.argv[probeAt + 1]) throw new Error('--probe needs a file');
  const nodeFlags = [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [])];
  if (probeFile) {
    nodeFlags.push('--import', pathToFileURL(path.join(__dirname, 'bench', 'stack-probe.mjs')).href);
    process.env.PROBE_OUT = probeFile;
    process.env.PROBE_EVERY_MS = '0';
    process.env.PROBE_LABEL_FILE = `${probeFile}.label`;
  }
  const stack = await startLocalStack({ nodeFlags });
  const problems: string[] = [];
  let side: ChildProcess | undefined;
  try {
    console.log(`Stack up (pid ${stack.pid}, ${stack.url}); seeding ${devices.length} devices and 10 tickets...`);
    const jvm = childPid(stack.pid);
    if (probeFile) {
      const info = readStackFile(stack.dataDir);
      side = spawn(process.execPath, [path.join(__dirname, 'bench', 'dynamo-side-probe.mjs'), info?.dynamodbEndpoint ?? '', info?.tableName ?? '', `${probeFile}.side`], { stdio: 'ignore', env: process.env });
    }
    /** Ends a probe window: both probes write what they saw since the last mark, under `label`. */
    const mark = (label: string) => {
      if (!probeFile) return;
      writeFileSync(`${probeFile}.label`, label);
      process.kill(stack.pid, 'SIGUSR2');
      side?.kill('SIGUSR2');
    };
    const tickets = await seed(stack, devices);
    // A few seconds unmeasured so every handler is loaded and the JIT warm before the clock starts.
    const warm = await run(stack, connections, Math.min(5, seconds), devices, tickets);
    const warmFailures = warm.result.non2xx + warm.result.errors + warm.result.timeouts;
    if (warmFailures > 0) problems.push(`warm-up: ${warm.result.non2xx} non-2xx (${warm.result['5xx']} 5xx), ${warm.result.errors} errors, ${warm.result.timeouts} timeouts`);
    mark('warm-up');
    const cpu = () => ({ stack: processCpuMs(stack.pid), jvm: processCpuMs(jvm) });
    const cpuLine = (before: ReturnType<typeof cpu>, after: ReturnType<typeof cpu>) => {
      const share = (a?: number, b?: number) => (a === undefined || b === undefined ? '?' : `${((b - a) / 10 / seconds).toFixed(0)}%`);
      console.log(`  CPU (of one core): stack process ${share(before.stack, after.stack)}, DynamoDB Local ${share(before.jvm, after.jvm)}${probeFile ? `; probe lines in ${probeFile}(.side)` : ''}`);
    };
    let before = cpu();
    const first = await run(stack, connections, seconds, devices, tickets, rate);
    mark(`${connections} connections`);
    problems.push(...report(first));
    cpuLine(before, cpu());
    before = cpu();
    const second = await run(stack, connections * 2, seconds, devices, tickets, rate);
    mark(`${connections * 2} connections`);
    problems.push(...report(second));
    cpuLine(before, cpu());
    if (probeFile) {
      // The workers' catch-up: the probe's window after the load says when their last call ended.
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      mark('20 s after the load');
    }
    console.log(`\np99 growth from ${connections} to ${connections * 2} connections:`);
    for (const route of ROUTES) {
      const a = p(first.latencies[route], 0.99);
      const b = p(second.latencies[route], 0.99);
      console.log(`  ${LABEL[route].padEnd(34)} ${ms(a).padStart(6)} -> ${ms(b).padStart(6)} ms  x${(b / a).toFixed(2)}`);
    }
    console.log(`  ${'all requests'.padEnd(34)} ${ms(first.result.latency.p99).padStart(6)} -> ${ms(second.result.latency.p99).padStart(6)} ms  x${(second.result.latency.p99 / first.result.latency.p99).toFixed(2)}`);
  } finally {
    side?.kill();
    await stack.stop();
  }
  if (problems.length) {
    console.error(`\nFAILED:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
