import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { LOCAL_STACK_NODE_ARGS } from '../../shared/local/stack-file';

/** Helpers of the console's browser tests: the real local stack, the operator CLI, Debian's Chromium. */
export const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
export const CHROMIUM = '/usr/bin/chromium';

/** Playwright drives Debian's chromium package; nothing is downloaded. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium fonts-liberation`);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

export interface LocalStack {
  url: string;
  signInLink: string;
  apiKey: string;
  organizationId: string;
  env: NodeJS.ProcessEnv;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `npm start` (bin/local.ts) on free ports with its own table and waits for its banner. */
export async function startLocalStack(): Promise<LocalStack> {
  const env = { ...process.env, PORT: '0', MQTT_PORT: '0', S3_PORT: '0', TABLE_NAME: `console-${randomUUID()}` };
  const child: ChildProcess = spawn(process.execPath, [...LOCAL_STACK_NODE_ARGS], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in time:\n${out}`)), 120_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ctrl-C')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
  const lines = out.split('\n');
  const first = lines.find((l) => l.startsWith('Console: ')) ?? '';
  const signInLink = /one-time link: (\S+)/.exec(first)?.[1] ?? '';
  const url = /^(http:\/\/localhost:\d+)/.exec(signInLink)?.[1] ?? '';
  const apiKey = /API key \(shown once\): (fdk_\S+)/.exec(out)?.[1] ?? '';
  const organizationId = /Created organization (\S+)/.exec(out)?.[1] ?? '';
  const port = new URL(url).port;
  return {
    url,
    signInLink,
    apiKey,
    organizationId,
    env: { ...env, PORT: port },
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** `npm run admin -- …` against the stack's table; returns the JSON line it printed. */
export function admin(stack: LocalStack, ...args: string[]): Record<string, unknown> {
  const run = spawnSync(process.execPath, [tsx, 'bin/admin.ts', ...args], { cwd: root, env: stack.env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() as string) as Record<string, unknown>;
}

/** The axe-core source, injected into pages (no network). */
export const axeSource = () => readFileSync(require.resolve('axe-core'), 'utf8');
