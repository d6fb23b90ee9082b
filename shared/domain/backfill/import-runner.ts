import { createHash, randomUUID } from 'node:crypto';
import { findOrganizationContext } from '../organization/organization.service';
import type { OrgContext } from '../organization/organization.schema';
import { TelemetryDeviceIdentifier } from '../telemetry/telemetry.schema';
import { storeRecordsOnly } from '../telemetry/telemetry.service';
import * as repo from './backfill.repository';
import { BACKFILL_ROOT, MAX_STORED_REJECTIONS, REASONS, type ImportStatus, type PrefixMapping } from './backfill.schema';
import { FileProblem, scanCsv, type ScanBatch } from './csv-scan';
import type { ObjectRef, ObjectStore } from './object-store';
import { compileTemplate, longestPrefixMatch, matchTemplate } from './path-template';

/**
 * One S3 object version → one import. The import item is claimed with a conditional put, so the
 * same event delivered twice (or twice at once) gives one import; the claim is a lease that each
 * progress write renews. When the invocation's time runs low the runner saves a checkpoint (the
 * last line done, the counters, the plan) and hands the lease back with the resume marker; the
 * next part re-reads the object, skips to the checkpoint and carries on, so the result is that of
 * a single pass.
 */

export const unknownOrganization = (organizationId: string) => `Unknown organization in backfill key: ${organizationId.slice(0, 64)}`;

/** Rows per write batch: large enough that the write pool rarely idles between batches. */
export const DEFAULT_BATCH_ROWS = 2000;
/** Stop and checkpoint when less than this is left of the invocation. */
export const DEFAULT_RESERVE_MS = 60_000;
/** Progress (and the lease) is saved at least this often, so a crash loses little and the status shows movement. */
const CHECKPOINT_INTERVAL_MS = 10_000;
/** Lease beyond the invocation's own deadline (clock skew between invocations). */
const LEASE_SLACK_MS = 5_000;
/** Devices written side by side within one batch (each write keeps its own few requests in flight). */
const DEVICE_CONCURRENCY = 4;

export interface RunOptions {
  store: ObjectStore;
  /** Milliseconds left in this invocation (Lambda's getRemainingTimeInMillis). */
  remainingMs: () => number;
  /** Whether a paused import gets continued (the table stream is wired); otherwise it runs to the end. */
  canPause: boolean;
  reserveMs?: number;
  batchRows?: number;
  now?: () => number;
}

export type RunOutcome =
  | { outcome: 'finished'; importId: string; status: ImportStatus; rowsRead: number; rowsWritten: number; rowsRejected: number }
  | { outcome: 'paused'; importId: string; line: number }
  /** Already finished, or another invocation holds it right now. */
  | { outcome: 'duplicate'; importId: string; status: ImportStatus | undefined }
  | { outcome: 'ignored'; reason: string };

/** `backfill/{organizationId}/{rest}` → its parts; undefined for keys outside the backfill root. */
export function parseBackfillKey(key: string): { organizationId: string; rest: string } | undefined {
  if (!key.startsWith(BACKFILL_ROOT)) return undefined;
  const tail = key.slice(BACKFILL_ROOT.length);
  const slash = tail.indexOf('/');
  return slash === -1 ? { organizationId: tail, rest: '' } : { organizationId: tail.slice(0, slash), rest: tail.slice(slash + 1) };
}

/** The import id of an object version: stable across duplicate events, distinct per version. */
export function importIdOf(ref: ObjectRef): string {
  return createHash('sha256').update([ref.bucket, ref.key, ref.versionId ?? '', (ref.eTag ?? '').replace(/"/g, '')].join('\u0000')).digest('hex').slice(0, 32);
}

async function orgOrThrow(organizationId: string): Promise<OrgContext> {
  const org = await findOrganizationContext(organizationId);
  // No organization to file the import under: fail loudly so the dead-letter queue keeps the event with this reason.
  if (!org) throw new Error(unknownOrganization(organizationId));
  return org;
}

/** An object-created event: claims the object's import and runs it (or reports the duplicate). */
export async function importObject(ref: ObjectRef, options: RunOptions): Promise<RunOutcome> {
  const parsed = parseBackfillKey(ref.key);
  if (!parsed) return { outcome: 'ignored', reason: `key outside ${BACKFILL_ROOT}` };
  const org = await orgOrThrow(parsed.organizationId);
  const now = options.now ?? Date.now;
  const importId = importIdOf(ref);
  const owner = randomUUID();
  const nowMs = now();
  const leaseUntil = nowMs + options.remainingMs() + LEASE_SLACK_MS;
  const startedAt = new Date(nowMs).toISOString();
  const fresh: repo.ImportItem = {
    organizationId: org.organizationId,
    importId,
    bucket: ref.bucket,
    key: ref.key,
    ...(ref.versionId ? { versionId: ref.versionId } : {}),
    ...(ref.eTag ? { eTag: ref.eTag.replace(/"/g, '') } : {}),
    status: 'running',
    rowsRead: 0,
    rowsWritten: 0,
    rowsRejected: 0,
    startedAt,
    updatedAt: startedAt,
    leaseOwner: owner,
    leaseUntil,
    parts: 1,
  };
  if (await repo.createImport(fresh)) return run(org, fresh, owner, options);
  // Seen before: continue it only if its holder paused or died; otherwise this event is the duplicate.
  const taken = await repo.takeOverImport(org.organizationId, importId, owner, leaseUntil, nowMs);
  if (taken) return run(org, taken, owner, options);
  return { outcome: 'duplicate', importId, status: (await repo.getImport(org.organizationId, importId))?.status };
}

/** A paused import's resume marker (from the table stream): takes the lease and carries on from the checkpoint. */
export async function continueImport(organizationId: string, importId: string, options: RunOptions): Promise<RunOutcome> {
  const org = await orgOrThrow(organizationId);
  const now = options.now ?? Date.now;
  const owner = randomUUID();
  const nowMs = now();
  const taken = await repo.takeOverImport(organizationId, importId, owner, nowMs + options.remainingMs() + LEASE_SLACK_MS, nowMs);
  if (!taken) return { outcome: 'duplicate', importId, status: (await repo.getImport(organizationId, importId))?.status };
  return run(org, taken, owner, options);
}

/** Marks an import failed after its last attempt failed (no lease needed: it is only ever set while running). */
export async function failImport(organizationId: string, importId: string, nowMs = Date.now()): Promise<void> {
  const item = await repo.getImport(organizationId, importId);
  if (!item || item.status !== 'running') return;
  await repo.finishImport(organizationId, importId, undefined, {
    status: 'failed',
    reason: REASONS.internal,
    rowsRead: item.rowsRead,
    rowsWritten: item.rowsWritten,
    rowsRejected: item.rowsRejected,
    finishedAt: new Date(nowMs).toISOString(),
  });
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Writes one batch: each device's records through the telemetry domain, then the first rejections. */
async function writeBatch(org: OrgContext, importId: string, batch: ScanBatch, rejectedBefore: number, receivedAtMs: number): Promise<void> {
  await mapLimit([...batch.records.entries()], DEVICE_CONCURRENCY, ([deviceIdentifier, records]) =>
    storeRecordsOnly(org, { deviceIdentifier, records }, 's3', receivedAtMs),
  );
  const stored = batch.rejections
    .map((rejection, i) => ({ ordinal: rejectedBefore + i, rejection }))
    .filter(({ ordinal }) => ordinal < MAX_STORED_REJECTIONS);
  await repo.putRejections(org.organizationId, importId, stored);
}

const advance = (from: repo.Progress, batch: ScanBatch): repo.Progress => ({
  rowsRead: from.rowsRead + batch.accepted + batch.rejections.length,
  rowsWritten: from.rowsWritten + batch.accepted,
  rowsRejected: from.rowsRejected + batch.rejections.length,
  line: batch.lastLine,
  plan: batch.plan ?? from.plan,
});

/** Resolves the mapping and the key's path values, opens the object and streams it in; ends, pauses, or throws for a retry. */
async function run(org: OrgContext, item: repo.ImportItem, owner: string, options: RunOptions): Promise<RunOutcome> {
  const now = options.now ?? Date.now;
  const { importId } = item;
  const orgId = org.organizationId;
  let committed: repo.Progress = {
    rowsRead: item.rowsRead,
    rowsWritten: item.rowsWritten,
    rowsRejected: item.rowsRejected,
    line: item.checkpoint?.line ?? 0,
    plan: item.checkpoint?.plan,
  };
  let mapping: PrefixMapping | undefined = item.mapping;
  const end = async (status: ImportStatus, reason?: string): Promise<RunOutcome> => {
    const counters = { rowsRead: committed.rowsRead, rowsWritten: committed.rowsWritten, rowsRejected: committed.rowsRejected };
    const done = await repo.finishImport(orgId, importId, owner, { status, reason, ...counters, finishedAt: new Date(now()).toISOString(), mapping });
    if (!done) return { outcome: 'duplicate', importId, status: (await repo.getImport(orgId, importId))?.status };
    return { outcome: 'finished', importId, status, ...counters };
  };

  try {
    const { rest } = parseBackfillKey(item.key) as { rest: string };
    if (!mapping) {
      const found = longestPrefixMatch(await repo.listMappings(orgId), rest);
      if (!found) return await end('rejected', REASONS.noMapping(rest));
      const { createdAt: _createdAt, ...chosen } = found;
      mapping = chosen;
    }
    const path = matchTemplate(compileTemplate(mapping.pathTemplate), rest.slice(mapping.prefix.length));
    if (!path) return await end('rejected', REASONS.templateMismatch(mapping.pathTemplate));
    if ('badDate' in path) return await end('rejected', REASONS.badPathDate);
    if (path.deviceIdentifier !== undefined) {
      const identifier = TelemetryDeviceIdentifier.safeParse(path.deviceIdentifier);
      if (!identifier.success) return await end('rejected', `Device identifier in the key: ${identifier.error.issues[0]?.message}`);
      path.deviceIdentifier = identifier.data;
    }

    const opened = await options.store.open({ bucket: item.bucket, key: item.key, versionId: item.versionId, eTag: item.eTag });
    if ('missing' in opened) return await end(opened.missing === 'gone' ? 'rejected' : 'failed', opened.missing === 'gone' ? REASONS.objectGone : REASONS.objectReplaced);
    if (opened.contentLength === 0) {
      opened.body.destroy();
      return await end('rejected', REASONS.empty);
    }

    const startedMs = Date.parse(item.startedAt);
    const reserveMs = options.reserveMs ?? DEFAULT_RESERVE_MS;
    const scan = scanCsv(opened.body, {
      mapping,
      path,
      nowMs: startedMs,
      retentionDays: org.telemetryRetentionDays ?? 90,
      batchRows: options.batchRows ?? DEFAULT_BATCH_ROWS,
      plan: committed.plan,
      afterLine: committed.line,
    });
    let planned = committed;
    let inFlight: Promise<void> | undefined;
    let written = 0;
    let savedAt = now();
    try {
      // While batch k is written, the loop's next() parses batch k+1: gunzip and parsing overlap the writes.
      for await (const batch of scan) {
        if (inFlight) {
          await inFlight;
          committed = planned;
          written++;
        }
        if (options.canPause && written > 0 && options.remainingMs() < reserveMs) {
          const saved = await repo.saveProgress(orgId, importId, owner, committed, { leaseUntil: 0, pause: true, now: new Date(now()).toISOString(), mapping });
          return saved ? { outcome: 'paused', importId, line: committed.line } : { outcome: 'duplicate', importId, status: 'running' };
        }
        if (now() - savedAt >= CHECKPOINT_INTERVAL_MS) {
          const leaseUntil = now() + options.remainingMs() + LEASE_SLACK_MS;
          if (!(await repo.saveProgress(orgId, importId, owner, committed, { leaseUntil, pause: false, now: new Date(now()).toISOString(), mapping }))) {
            return { outcome: 'duplicate', importId, status: 'running' };
          }
          savedAt = now();
        }
        planned = advance(committed, batch);
        inFlight = writeBatch(org, importId, batch, committed.rowsRejected, startedMs);
      }
      if (inFlight) await inFlight;
      committed = planned;
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      if (inFlight) await inFlight;
      committed = planned;
      return await end(error.partial || committed.rowsWritten > 0 ? 'failed' : 'rejected', error.message);
    }
    return await end(committed.rowsRejected > 0 ? 'completed_with_errors' : 'completed');
  } catch (error) {
    // Hand the lease back so the retry can take over at once instead of waiting for it to run out.
    await repo.releaseLease(orgId, importId, owner).catch(() => undefined);
    throw error;
  }
}
