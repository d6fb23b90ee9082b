import { closeSync, existsSync, openSync, readdirSync, readSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Write-ahead logging for DynamoDB Local's persisted database (issue 21, load test round 6).
 *
 * DynamoDB Local keeps a persisted table in one SQLite file (`-dbPath`; `shared-local-instance.db`
 * with `-sharedDb`) and opens it in SQLite's default rollback-journal mode: every committed write
 * creates a journal file, fsyncs it, the directory and the database, then deletes the journal (4
 * fsyncs and 3 file operations a write, counted with strace), while DynamoDB Local holds its table's
 * write lock, so every other write waits for them. In WAL mode a commit appends to the `-wal` file and
 * fsyncs it once; SQLite's default `synchronous=FULL` still syncs before the commit returns, so a
 * write DynamoDB Local acknowledged is on disk exactly as before (durable across a crash of the JVM
 * or of the machine), and readers never wait for writers.
 *
 * WAL mode is a property of the database file, not of the connection: SQLite opens a file whose
 * header says "file format version 2" (bytes 18 and 19) in WAL mode. DynamoDB Local sets no journal
 * mode of its own, so this module, run before DynamoDB Local starts, makes its files WAL files:
 * a missing shared database is created as an empty WAL database, and an existing database in
 * rollback mode is switched by those two header bytes, which is what `PRAGMA journal_mode=WAL`
 * writes; never while a hot journal (an interrupted transaction SQLite has yet to roll back) lies
 * beside it. The database then lives in two files (`.db` and `.db-wal`, plus the `-shm` index while
 * open): copy both to copy the data (SQLite folds the log back into the `.db` file when DynamoDB
 * Local closes it cleanly, and replays it when it opens it after a kill).
 */

/** The file DynamoDB Local keeps its tables in with `-sharedDb`. */
export const SHARED_DB_FILE = 'shared-local-instance.db';

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const PAGE_SIZE = 4096;
/** Offsets of the file format write and read versions: 1 = rollback journal, 2 = WAL. */
const WRITE_VERSION = 18;
const READ_VERSION = 19;
const WAL = 2;
const ROLLBACK = 1;

/**
 * An empty SQLite database (one page, no schema) in WAL mode, byte for byte what
 * `sqlite3 new.db 'PRAGMA journal_mode=WAL'` writes (SQLite 3.40).
 */
export function emptyWalDatabase(): Buffer {
  const page = Buffer.alloc(PAGE_SIZE);
  HEADER.copy(page, 0);
  page.writeUInt16BE(PAGE_SIZE, 16);
  page[WRITE_VERSION] = WAL;
  page[READ_VERSION] = WAL;
  page[20] = 0; // reserved bytes per page
  page[21] = 64; // maximum embedded payload fraction
  page[22] = 32; // minimum embedded payload fraction
  page[23] = 32; // leaf payload fraction
  page.writeUInt32BE(1, 24); // file change counter
  page.writeUInt32BE(1, 28); // database size in pages
  page.writeUInt32BE(1, 92); // version-valid-for (= the change counter: the size above is valid)
  page.writeUInt32BE(3_040_001, 96); // SQLITE_VERSION_NUMBER of the writer
  // Page 1's b-tree header: an empty table leaf (sqlite_schema), cell content area at the page's end.
  page[100] = 0x0d;
  page.writeUInt16BE(PAGE_SIZE, 105);
  return page;
}

export type WalOutcome = 'created' | 'switched' | 'already' | 'hot journal' | 'not sqlite';

/** The journal mode bytes of one database file, switched to WAL when that is safe (see the module comment). */
export function switchToWal(file: string): WalOutcome {
  const fd = openSync(file, 'r+');
  try {
    const head = Buffer.alloc(100);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read < head.length || !head.subarray(0, HEADER.length).equals(HEADER)) return 'not sqlite';
    if (head[WRITE_VERSION] === WAL && head[READ_VERSION] === WAL) return 'already';
    if (head[WRITE_VERSION] !== ROLLBACK || head[READ_VERSION] !== ROLLBACK) return 'not sqlite';
    const journal = `${file}-journal`;
    if (existsSync(journal) && statSync(journal).size > 0) return 'hot journal';
    writeSync(fd, Buffer.from([WAL, WAL]), 0, 2, WRITE_VERSION);
    return 'switched';
  } finally {
    closeSync(fd);
  }
}

/**
 * Before DynamoDB Local opens `dbPath`: every database file there in WAL mode, and with `sharedDb`
 * the shared file created as an empty WAL database when it does not exist yet. Returns what was
 * done per file name.
 */
export function useWriteAheadLog(dbPath: string, sharedDb: boolean): Record<string, WalOutcome> {
  const outcomes: Record<string, WalOutcome> = {};
  const shared = path.join(dbPath, SHARED_DB_FILE);
  // DynamoDB Local creates the file when missing; an empty one (0 bytes) is no database yet either.
  if (sharedDb && (!existsSync(shared) || statSync(shared).size === 0)) {
    writeFileSync(shared, emptyWalDatabase());
    outcomes[SHARED_DB_FILE] = 'created';
  }
  for (const name of readdirSync(dbPath)) {
    if (!name.endsWith('.db') || outcomes[name]) continue;
    const file = path.join(dbPath, name);
    if (statSync(file).isFile()) outcomes[name] = switchToWal(file);
  }
  return outcomes;
}
