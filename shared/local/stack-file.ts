import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `.data/local-stack.json`: where a running `npm start` is reachable, written when it is ready and
 * removed when it stops. The operator CLI reads it, so `npm run admin` (and every line `npm start`
 * prints) reaches the running stack on whatever ports it was started with.
 */

export const STACK_FILE = 'local-stack.json';

/**
 * Node's arguments for the stack as `npm start` runs it (package.json: `node --import tsx bin/local.ts`,
 * no relaying parent process): for tests and benchmarks that start it as a child, from the repository root.
 */
export const LOCAL_STACK_NODE_ARGS: readonly string[] = ['--import', 'tsx', 'bin/local.ts'];

export interface LocalStackInfo {
  pid: number;
  api: string;
  dynamodbEndpoint: string;
  tableName: string;
  mqttPort: number;
  s3Endpoint: string;
  bucket: string;
}

/** Records the running stack under `dataDir`. */
export function writeStackFile(dataDir: string, info: LocalStackInfo): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, STACK_FILE), `${JSON.stringify(info, null, 2)}\n`);
}

/** Removes the record if it is this process's (a second, failed start must not remove the first's). */
export function removeStackFile(dataDir: string, pid = process.pid): void {
  if (readStackFile(dataDir)?.pid === pid) rmSync(path.join(dataDir, STACK_FILE), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The stack recorded under `dataDir`, or undefined when there is none or its process is gone. */
export function readStackFile(dataDir: string): LocalStackInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(path.join(dataDir, STACK_FILE), 'utf8')) as LocalStackInfo;
    return typeof info.pid === 'number' && typeof info.dynamodbEndpoint === 'string' && alive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The DynamoDB the operator CLI uses: `DYNAMODB_ENDPOINT` when set (`aws` for real AWS), else
 * DynamoDB Local on `DYNAMODB_PORT`, else the running `npm start` recorded under `dataDir`, else
 * port 8000. The table: `TABLE_NAME`, else the running stack's, else `fleetdesk`.
 */
export function resolveCliTarget(env: NodeJS.ProcessEnv, dataDir: string): { endpoint: string; tableName: string } {
  const running = readStackFile(dataDir);
  const endpoint =
    (env.DYNAMODB_ENDPOINT?.trim() || undefined) ??
    (env.DYNAMODB_PORT?.trim() ? `http://127.0.0.1:${env.DYNAMODB_PORT.trim()}` : undefined) ??
    running?.dynamodbEndpoint ??
    'http://127.0.0.1:8000';
  const tableName = (env.TABLE_NAME?.trim() || undefined) ?? (running && running.dynamodbEndpoint === endpoint ? running.tableName : undefined) ?? 'fleetdesk';
  return { endpoint, tableName };
}
