import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { LOCAL_STACK_NODE_ARGS } from '../../shared/local/stack-file';

/** `npm start` (`node --import tsx bin/local.ts`) in `cwd`, in its own process group like a terminal's job. */
export function startLocalStack(cwd: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [...LOCAL_STACK_NODE_ARGS], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Resolves once the banner's last line is out; rejects if the process exits first. */
export async function waitForBanner(stack: ReturnType<typeof startLocalStack>, timeoutMs = 150_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void stack.exited.then((code) => (exitCode = code));
  while (!stack.output().includes('Ctrl-C stops')) {
    if (exitCode !== undefined) throw new Error(`npm start exited (${exitCode}):\n${stack.output()}`);
    if (Date.now() > deadline) throw new Error(`no banner in ${timeoutMs} ms:\n${stack.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return stack.output();
}

/** Ctrl-C as a terminal sends it: SIGINT to the whole process group. */
export function ctrlC(child: ChildProcess): void {
  if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

/** Whether `port` can be bound right now on every interface (nothing holds it). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Pids of DynamoDB Local processes listening on `port` (from /proc; Linux). */
export function dynamoDbLocalPids(port: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some((a) => a.includes('DynamoDBLocal.jar')) && args[args.indexOf('-port') + 1] === String(port)) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}
