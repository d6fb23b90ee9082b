/**
 * What the benchmarks against the local stack share: DynamoDB Local on a free port with a fresh
 * table, the local HTTP server in process, a seeded organization, DynamoDB requests counted on the
 * wire, and (for bench:load) the whole stack started as `npm start` starts it, in a child process.
 * Loopback only; everything started here is stopped by the returned `stop`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentClient } from '../../shared/db/client';
import { createOrganization } from '../../shared/domain/organization/organization.service';
import { ensureTable, startDynamoDbLocal } from '../../shared/local/dynamodb-local';
import { freePort } from '../../shared/local/free-port';
import { startHttpServer } from '../../shared/local/server';
import { LOCAL_STACK_NODE_ARGS } from '../../shared/local/stack-file';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** `--name <value>` as a positive integer, or the fallback. */
export function intArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i === -1 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

/** The value at fraction `p` (0..1) of the sorted samples (nearest rank, no interpolation). */
export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/**
 * DynamoDB Local on a free port (unless DYNAMODB_ENDPOINT is set) and a fresh table named
 * `<prefix>-<uuid>`; sets DYNAMODB_ENDPOINT and TABLE_NAME for the domain layer, which reads them lazily.
 */
export async function startBenchTable(prefix: string): Promise<{ stop: () => void }> {
  let dynamo: ChildProcess | undefined;
  if (!process.env.DYNAMODB_ENDPOINT) {
    const port = await freePort();
    dynamo = await startDynamoDbLocal({ port, timeoutMs: 90_000 });
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
  }
  process.env.TABLE_NAME = `${prefix}-${randomUUID()}`;
  await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME);
  return { stop: () => void dynamo?.kill() };
}

/** The local HTTP server (the route table's handlers) in this process on a free loopback port. */
export async function startBenchApi(): Promise<{ url: string; base: string; close: () => Promise<void> }> {
  const http = await startHttpServer({ port: 0, host: '127.0.0.1', rootDir: REPO_ROOT });
  const url = `http://127.0.0.1:${new URL(http.url).port}`;
  return { url, base: `${url}/api/ext-v1`, close: http.close };
}

/** A new organization on the bench table; its key is only ever shown here. */
export async function seedOrganization(name = 'bench'): Promise<{ organizationId: string; apiKey: string }> {
  const { organizationId, apiKey } = await createOrganization(name);
  return { organizationId, apiKey };
}

/**
 * DynamoDB requests (retries included) sent while `fn` runs, by command, counted by a middleware on
 * the one document client: only meaningful when the server runs in this process.
 */
export async function countRequests(fn: () => Promise<unknown>): Promise<{ requests: number; byCommand: Record<string, number> }> {
  let requests = 0;
  const byCommand: Record<string, number> = {};
  const name = `bench-count-${randomUUID()}`;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      requests++;
      const command = String((context as { commandName?: string }).commandName ?? 'unknown').replace(/Command$/, '');
      byCommand[command] = (byCommand[command] ?? 0) + 1;
      return next(args);
    },
    { step: 'finalizeRequest', name },
  );
  try {
    await fn();
  } finally {
    documentClient().middlewareStack.remove(name);
  }
  return { requests, byCommand };
}

export interface LocalStack {
  /** `http://127.0.0.1:<port>` (host routes such as /api/telemetry) and the v1 prefix under it. */
  url: string;
  base: string;
  organizationId: string;
  apiKey: string;
  /** The stack's Node process (the API, the table stream with the workers, MQTT, S3; not DynamoDB Local's JVM). */
  pid: number;
  /** Peak resident set of that process so far (Linux VmHWM), in bytes; undefined where /proc is missing. */
  peakRssBytes: () => number | undefined;
  /** Ctrl-C as a person would (SIGINT): the stack stops what it started; killed after 20 s. */
  stop: () => Promise<void>;
  /** Its LOCAL_DATA_DIR (the stack file names its DynamoDB Local endpoint). */
  dataDir: string;
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, from /proc (clock ticks
 * of 10 ms, Linux's USER_HZ); undefined where /proc is missing. For another process's share of a
 * run: DynamoDB Local's JVM beside the bench's own `process.cpuUsage()`.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** VmHWM (peak resident set) of a process, from /proc. */
function peakRss(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The whole local stack as `npm start` runs it (bin/local.ts: DynamoDB Local, the API, the in-process
 * table stream with the anomaly detector and every worker, schedules, MQTT, S3), in a child process on
 * free loopback ports and its own data directory (LOCAL_DATA_DIR, a temporary one), so a stack
 * already running on the default ports is untouched. Run as `node --import tsx bin/local.ts`, which is
 * what `npm start` (`tsx bin/local.ts`) runs, minus tsx's wrapper process: the pid is the server's.
 * Resolves once it printed its first organization's key. `nodeFlags` go before the stack's own
 * arguments (`bench:load -- --cpu-prof DIR` passes `--cpu-prof --cpu-prof-dir DIR`: a V8 profile of
 * the stack process, written when it stops).
 */
export async function startLocalStack(options: { timeoutMs?: number; nodeFlags?: readonly string[] } = {}): Promise<LocalStack> {
  const [port, dynamoPort, mqttPort, s3Port] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DYNAMODB_PORT: String(dynamoPort),
    MQTT_PORT: String(mqttPort),
    S3_PORT: String(s3Port),
    HOST: '127.0.0.1',
    LOCAL_DATA_DIR: dataDir,
    TABLE_NAME: 'fleetdesk',
  };
  // Its own DynamoDB Local, as npm start does by default, never one this shell points at.
  delete env.DYNAMODB_ENDPOINT;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...LOCAL_STACK_NODE_ARGS], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const seeded = await new Promise<{ organizationId: string; apiKey: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the local stack did not start within ${(options.timeoutMs ?? 180_000) / 1000} s:\n${output.slice(-2000)}`)), options.timeoutMs ?? 180_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        // bin/local.ts prints `BASE=… ORG=… KEY=…` for the organization it creates on an empty table.
        const match = /ORG=(\S+) KEY=(\S+)\r?\n/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve({ organizationId: match[1] as string, apiKey: match[2] as string });
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the local stack exited (code ${code}) before it was ready:\n${output.slice(-2000)}`));
      });
    });
    // Keep draining its output (its access log included, as npm start writes it; a full pipe would stall the server).
    child.stdout.removeAllListeners('data');
    child.stdout.resume();
    child.stderr.removeAllListeners('data');
    // Its warnings and errors are shown as they come, except a request aborted by the client (a load
    // generator closing its connections at the end of a run) and what shutting down produces.
    child.stderr.on('data', (chunk: Buffer) => {
      if (stopping) return;
      const lines = chunk.toString('utf8').split('\n').filter((line) => line.trim() !== '' && !/"local router failure","error":"Error: aborted"/.test(line));
      if (lines.length) process.stderr.write(`${lines.join('\n')}\n`);
    });
    const url = `http://127.0.0.1:${port}`;
    return { url, base: `${url}/api/ext-v1`, ...seeded, pid: child.pid as number, peakRssBytes: () => peakRss(child.pid as number), stop, dataDir };
  } catch (error) {
    await stop();
    throw error;
  }
}
