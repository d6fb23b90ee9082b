import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { freePort } from '../../shared/local/free-port';
import { freshClone } from '../support/fresh-clone';
import { hostileEnv } from '../support/hostile-aws-env';
import { ctrlC, dynamoDbLocalPids, portIsFree, startLocalStack, waitForBanner } from '../support/local-process';

/**
 * `npm start` as a newcomer runs it, in a fresh copy of the repository with its own `.data/` and its
 * own DynamoDB Local (Java), on non-default ports, in a shell holding AWS credentials that would
 * fail against every stand-in: it checks its ports first, stops what it started on any failure,
 * the operator CLI finds it without being told its ports, and Ctrl-C stops everything it started.
 */

const clone = freshClone();
afterAll(() => clone.remove());

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ports() {
  return { PORT: await freePort(), DYNAMODB_PORT: await freePort(), MQTT_PORT: await freePort(), S3_PORT: await freePort() };
}

function stackEnv(p: Record<string, number>): NodeJS.ProcessEnv {
  const env = hostileEnv();
  delete env.DYNAMODB_ENDPOINT; // jest's DynamoDB Local: this stack starts its own
  delete env.TABLE_NAME;
  return { ...env, ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])) };
}

/** Pastes `line` into a clean shell (no DYNAMODB_* variables, hostile AWS ones) in the clone. */
function paste(line: string) {
  const env = hostileEnv();
  for (const name of ['DYNAMODB_ENDPOINT', 'DYNAMODB_PORT', 'TABLE_NAME', 'PORT', 'MQTT_PORT', 'S3_PORT']) delete env[name];
  return spawnSync('bash', ['-c', line], { cwd: clone.dir, env, encoding: 'utf8', timeout: 90_000 });
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('npm start on non-default ports (fresh clone, own DynamoDB Local)', () => {
  it('a busy port stops it before anything starts, with one line naming the port and its variable', async () => {
    const p = await ports();
    const blocker = await listen(p.MQTT_PORT);
    try {
      const stack = startLocalStack(clone.dir, stackEnv(p));
      expect(await stack.exited).toBe(1);
      expect(stack.output().trim().split('\n')).toEqual([
        `Port ${p.MQTT_PORT} (MQTT_PORT) is already in use; stop what holds it or set MQTT_PORT to a free port.`,
      ]);
      expect(dynamoDbLocalPids(p.DYNAMODB_PORT)).toEqual([]);
      for (const port of [p.PORT, p.DYNAMODB_PORT, p.S3_PORT]) expect(await portIsFree(port)).toBe(true);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  }, 120_000);

  it('a failure after DynamoDB Local started stops DynamoDB Local too', async () => {
    const p = await ports();
    // DynamoDB refuses a two-character table name: ensureTable fails after DynamoDB Local is up.
    const stack = startLocalStack(clone.dir, { ...stackEnv(p), TABLE_NAME: 'ab' });
    expect(await stack.exited).toBe(1);
    expect(stack.output()).toMatch(/table\/index name/i);
    expect(dynamoDbLocalPids(p.DYNAMODB_PORT)).toEqual([]);
    expect(await portIsFree(p.DYNAMODB_PORT)).toBe(true);
  }, 180_000);

  it('the CLI finds the running stack, the printed lines work when pasted, and Ctrl-C stops everything it started', async () => {
    const p = await ports();
    const stack = startLocalStack(clone.dir, stackEnv(p));
    let stackPid: number | undefined;
    try {
      const banner = await waitForBanner(stack);
      stackPid = (JSON.parse(readFileSync(path.join(clone.dir, '.data', 'local-stack.json'), 'utf8')) as { pid: number }).pid;
      expect(dynamoDbLocalPids(p.DYNAMODB_PORT)).toHaveLength(1);
      expect(existsSync(path.join(clone.dir, '.data', 'local-stack.json'))).toBe(true);

      // The printed CLI line, pasted into a shell that knows none of the stack's ports.
      const mappingLine = /^ {2}(npm run admin -- mapping add .*)$/m.exec(banner)?.[1];
      expect(mappingLine).toBeDefined();
      const added = paste(mappingLine as string);
      expect(added.stderr).not.toMatch(/ECONNREFUSED/);
      expect(added.status).toBe(0);
      expect(added.stdout).toContain('"prefix":"thermostats/"');

      // The variables line and the curl and MQTT lines, pasted.
      const pasteLine = /^ {2}(BASE=\S+ ORG=\S+ KEY=\S+)$/m.exec(banner)?.[1] as string;
      const org = paste(`${pasteLine}; npm run -s admin -- org list`);
      expect(org.status).toBe(0);
      expect(org.stdout).toContain(/ORG=(\S+)/.exec(pasteLine)?.[1]);
      const lines = banner.split('\n').filter((l) => /^ {2}(curl|npx mqtt|printf) /.test(l));
      expect(lines.length).toBeGreaterThanOrEqual(6);
      const run = paste(['set -e', ...lines.map((l) => l.trim())].join('\n'));
      expect(run.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn'))).toEqual([]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Device created successfully');
      expect(run.stdout).not.toMatch(/"error"|<Error>/);
    } finally {
      ctrlC(stack.child);
    }
    // `npm start` is `node --import tsx bin/local.ts`: the process that got Ctrl-C is the stack itself, and
    // it exits 0 only after it stopped everything (no relaying parent that could kill it half-way).
    expect(stackPid).toBe(stack.child.pid);
    expect(await stack.exited).toBe(0);
    expect(alive(stackPid as number)).toBe(false);
    // Everything it started has exited: DynamoDB Local, and every port is free again.
    expect(dynamoDbLocalPids(p.DYNAMODB_PORT)).toEqual([]);
    for (const port of Object.values(p)) expect(await portIsFree(port)).toBe(true);
    expect(existsSync(path.join(clone.dir, '.data', 'local-stack.json'))).toBe(false);
  }, 300_000);
});
