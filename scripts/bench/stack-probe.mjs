/**
 * Measurement probe for `npm run bench:load -- --probe FILE` (issue 21): preloaded into the stack
 * process (`node --import ./scripts/bench/stack-probe.mjs --import tsx bin/local.ts`), it changes no
 * behaviour and writes one JSON line to PROBE_OUT every PROBE_EVERY_MS (5 s; 0: only on SIGUSR2,
 * which the bench sends at the end of each phase) with:
 *
 * - every SDK call by command (DynamoDB and the others): count, p50/p90/p99 ms, how many were in
 *   flight when it started, split by who sent it: the HTTP request being answered (`req:<route>`),
 *   or work that went on after the response (`bg`: the stream workers, schedules);
 * - per HTTP route (single-record telemetry, batch, GET device, ...): server-side time from the
 *   request's arrival to its response's end, and for each stage of the request (the time before its
 *   first SDK call, each call in order, the time after the last one);
 * - the event loop: delay (perf_hooks.monitorEventLoopDelay, p50/p99/max) and utilisation;
 * - `lastBackgroundMs`: when, from the window's start, the last background call ended (after the
 *   load: how long the workers took to catch up).
 *
 * Plain ESM (it loads before tsx); the SDK's shared client class is patched through the same
 * `require` cache the stack uses, so the stack's own clients are the ones timed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const out = process.env.PROBE_OUT;
const every = Number(process.env.PROBE_EVERY_MS || 5000);
const require = createRequire(path.join(process.cwd(), 'package.json'));
const als = new AsyncLocalStorage();
const now = () => performance.now();

/** Per window: samples by key. */
let samples = new Map();
const add = (key, value) => {
  let xs = samples.get(key);
  if (!xs) samples.set(key, (xs = []));
  xs.push(value);
};
let inFlight = 0;
/** When the last background call (stream workers, schedules) ended: how long the workers took to catch up after a phase. */
let lastBackground = 0;
let windowStart = now();

function routeOf(req) {
  const url = (req.url || '').split('?')[0];
  if (req.method === 'POST' && url === '/api/telemetry') return Number(req.headers['content-length'] || 0) > 1000 ? 'batch' : 'telemetry';
  if (req.method === 'GET' && /\/device\/[^/]+$/.test(url)) return 'device';
  if (req.method === 'GET' && /\/ticket\/[^/]+$/.test(url)) return 'ticket';
  if (req.method === 'POST' && url.endsWith('/createTicket')) return 'create';
  return 'other';
}

/** What a call touched, in a word: the item kind of a put, the sort key prefix of a get or update. */
function target(command) {
  const input = command.input || {};
  if (input.Item) return String(input.Item.entity || input.Item.sk || '').slice(0, 24);
  if (input.Key && typeof input.Key.sk === 'string') return input.Key.sk.replace(/[#:].*$/, '').slice(0, 24);
  return '';
}

// The SDK's shared client class, as @aws-sdk/client-dynamodb itself loads it.
const { Client } = createRequire(require.resolve('@aws-sdk/client-dynamodb'))('@smithy/core/client');
const send = Client.prototype.send;
Client.prototype.send = function probedSend(command, ...rest) {
  const store = als.getStore();
  const name = `${command.constructor.name.replace(/Command$/, '')}${target(command) ? `(${target(command)})` : ''}`;
  const started = now();
  const concurrent = inFlight++;
  const done = () => {
    inFlight--;
    const ms = now() - started;
    const who = store && !store.finished ? `req:${store.route}` : 'bg';
    if (who === 'bg') lastBackground = now();
    add(`sdk ${who} ${name}`, ms);
    add(`inflight ${who} ${name}`, concurrent);
    if (store && !store.finished) store.calls.push({ name, start: started - store.t0, end: started - store.t0 + ms });
  };
  const result = send.call(this, command, ...rest);
  if (result && typeof result.then === 'function') result.then(done, done);
  else done();
  return result;
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function probedEmit(event, req, res) {
  if (event !== 'request') return emit.apply(this, arguments);
  const store = { route: routeOf(req), t0: now(), calls: [], finished: false };
  res.once('finish', () => {
    const total = now() - store.t0;
    store.finished = true;
    add(`route ${store.route} total`, total);
    const calls = store.calls.sort((a, b) => a.start - b.start);
    if (calls.length) {
      add(`route ${store.route} before-first-call`, calls[0].start);
      // The request's SDK calls in the order they started: the usual sequence is one stage each.
      const shape = calls.map((c) => c.name).join(' > ');
      add(`shape ${store.route} ${shape}`, total);
      calls.forEach((c, i) => add(`stage ${store.route} ${i}:${c.name} (start, dur)`, [c.start, c.end - c.start]));
      add(`route ${store.route} after-last-call`, total - Math.max(...calls.map((c) => c.end)));
    }
  });
  return als.run(store, () => emit.apply(this, arguments));
};

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let elu = performance.eventLoopUtilization();

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 10) / 10 : null;
};

function flush(label) {
  const window = samples;
  samples = new Map();
  const stats = {};
  for (const [key, xs] of [...window.entries()].sort()) {
    if (Array.isArray(xs[0])) {
      stats[key] = { n: xs.length, startP50: q(xs.map((x) => x[0]), 0.5), durP50: q(xs.map((x) => x[1]), 0.5), durP90: q(xs.map((x) => x[1]), 0.9) };
    } else {
      stats[key] = { n: xs.length, p50: q(xs, 0.5), p90: q(xs, 0.9), p99: q(xs, 0.99), mean: Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 };
    }
  }
  const next = performance.eventLoopUtilization();
  const utilisation = performance.eventLoopUtilization(next, elu).utilization;
  elu = next;
  const line = {
    at: new Date().toISOString(),
    ...(typeof label === 'string' ? { label } : {}),
    // ms from this window's start to the last background call's end (the workers' catch-up when the window follows the load).
    lastBackgroundMs: lastBackground > windowStart ? Math.round(lastBackground - windowStart) : null,
    loop: { delayP50: loop.percentile(50) / 1e6, delayP99: loop.percentile(99) / 1e6, delayMax: loop.max / 1e6, utilisation: Math.round(utilisation * 1000) / 1000 },
    stats,
  };
  loop.reset();
  windowStart = now();
  if (out) appendFileSync(out, `${JSON.stringify(line)}\n`);
}
// PROBE_EVERY_MS=0: only on SIGUSR2 (the bench's phase boundaries), labelled with the contents of PROBE_LABEL_FILE.
if (every > 0) setInterval(flush, every).unref();
process.on('SIGUSR2', () => {
  let label;
  try {
    label = process.env.PROBE_LABEL_FILE ? readFileSync(process.env.PROBE_LABEL_FILE, 'utf8').trim() : undefined;
  } catch {
    label = undefined;
  }
  flush(label);
});
