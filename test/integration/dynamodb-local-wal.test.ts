import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { ensureTable, localClient, startDynamoDbLocal } from '../../shared/local/dynamodb-local';
import { freePort } from '../../shared/local/free-port';
import { emptyWalDatabase, SHARED_DB_FILE, switchToWal, useWriteAheadLog } from '../../shared/local/sqlite-wal';

/**
 * Issue 21, load test round 6: DynamoDB Local's persisted database runs in SQLite's WAL mode (one
 * fsync a write instead of four, as durable). The journal mode is the file header's bytes 18 and 19
 * (1 = rollback journal, 2 = WAL).
 */

const modeBytes = (file: string) => [...readFileSync(file).subarray(18, 20)];

/** What `sqlite3 rollback.db 'create table x(a)'` writes: a rollback-mode database of two pages (header fields as SQLite writes them). */
function rollbackDatabase(): Buffer {
  const db = Buffer.concat([emptyWalDatabase(), Buffer.alloc(4096)]);
  db[18] = 1;
  db[19] = 1;
  db.writeUInt32BE(2, 28);
  return db;
}

describe('DynamoDB Local database in WAL mode', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-wal-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('creates the shared database as an empty WAL database (the bytes `sqlite3 new.db "PRAGMA journal_mode=WAL"` writes)', () => {
    const dir = tempDir();
    expect(useWriteAheadLog(dir, true)).toEqual({ [SHARED_DB_FILE]: 'created' });
    const file = readFileSync(path.join(dir, SHARED_DB_FILE));
    expect(file.length).toBe(4096);
    expect(file.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    expect(modeBytes(path.join(dir, SHARED_DB_FILE))).toEqual([2, 2]);
    // The page-1 b-tree header of an empty table leaf: type 13, no cells, content area at the page's end.
    expect([...file.subarray(100, 108)]).toEqual([0x0d, 0, 0, 0, 0, 0x10, 0, 0]);
    // A second start finds it already in WAL mode and leaves it alone.
    expect(useWriteAheadLog(dir, true)).toEqual({ [SHARED_DB_FILE]: 'already' });
  });

  it('switches an existing rollback-mode database, and only that', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, SHARED_DB_FILE), rollbackDatabase());
    writeFileSync(path.join(dir, 'local_local.db'), rollbackDatabase());
    writeFileSync(path.join(dir, 'notes.db'), 'not a database at all, but named like one');
    writeFileSync(path.join(dir, 'other.txt'), rollbackDatabase());
    expect(useWriteAheadLog(dir, true)).toEqual({ [SHARED_DB_FILE]: 'switched', 'local_local.db': 'switched', 'notes.db': 'not sqlite' });
    expect(modeBytes(path.join(dir, SHARED_DB_FILE))).toEqual([2, 2]);
    expect(modeBytes(path.join(dir, 'local_local.db'))).toEqual([2, 2]);
    // Everything but the two bytes is as it was.
    const after = readFileSync(path.join(dir, SHARED_DB_FILE));
    const before = rollbackDatabase();
    expect(after.subarray(0, 18).equals(before.subarray(0, 18)) && after.subarray(20).equals(before.subarray(20))).toBe(true);
    expect(readFileSync(path.join(dir, 'notes.db'), 'utf8')).toBe('not a database at all, but named like one');
    expect(modeBytes(path.join(dir, 'other.txt'))).toEqual([1, 1]);
  });

  it('leaves a database with a hot journal (an interrupted transaction) in rollback mode, for SQLite to roll it back', () => {
    const dir = tempDir();
    const file = path.join(dir, SHARED_DB_FILE);
    writeFileSync(file, rollbackDatabase());
    writeFileSync(`${file}-journal`, Buffer.alloc(512, 1));
    expect(switchToWal(file)).toBe('hot journal');
    expect(modeBytes(file)).toEqual([1, 1]);
    // An empty journal is no hot journal.
    writeFileSync(`${file}-journal`, '');
    expect(switchToWal(file)).toBe('switched');
  });

  it('DynamoDB Local stores, keeps across a kill and serves items from the WAL database', async () => {
    const dir = tempDir();
    const table = 'wal-test';
    const item = { pk: { S: 'DEVICE#1' }, sk: { S: 'LATEST' }, v: { N: '21.5' } };
    const run = async (fn: (endpoint: string) => Promise<void>) => {
      const port = await freePort();
      const child: ChildProcess = await startDynamoDbLocal({ port, dbPath: dir, timeoutMs: 120_000 });
      try {
        await fn(`http://127.0.0.1:${port}`);
      } finally {
        // A kill, as Ctrl-C or a crash leaves it: no clean close folds the log back.
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      }
    };
    await run(async (endpoint) => {
      await ensureTable(endpoint, table);
      const client = localClient(endpoint);
      try {
        await client.send(new PutItemCommand({ TableName: table, Item: item }));
      } finally {
        client.destroy();
      }
      // The write went to the log, the file's header still says WAL.
      expect(existsSync(path.join(dir, `${SHARED_DB_FILE}-wal`))).toBe(true);
      expect(modeBytes(path.join(dir, SHARED_DB_FILE))).toEqual([2, 2]);
    });
    await run(async (endpoint) => {
      const client = localClient(endpoint);
      try {
        const out = await client.send(new GetItemCommand({ TableName: table, Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true }));
        expect(out.Item).toEqual(item);
      } finally {
        client.destroy();
      }
    });
  }, 300_000);
});
