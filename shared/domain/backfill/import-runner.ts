import { randomUUID } from 'node:crypto';
import { failImport, importIdOf, parseBackfillKey } from './import-end';
import { findOrganizationContext } from '../organization/organization.service';
import type { OrgContext } from '../organization/organization.schema';
import { ConflictError, NotFoundError } from '../errors';
import { TelemetryDeviceIdentifier } from '../telemetry/telemetry-body';
import { storeHistory } from '../telemetry/telemetry.service';
import * as repo from './backfill.repository';
import { BACKFILL_ROOT, errorForReason, IMPORT_ID_PATTERN, IMPORT_DEADLINE_MS, importNotRetryable, IMPORT_NOT_FOUND, MAX_STORED_REJECTIONS, REASONS, type ImportStatus, type PrefixMapping } from './backfill.schema';
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

export { failAfterLastAttempt, failImport, importIdOf, parseBackfillKey, sweepStalledImports } from './import-end';

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
    deadlineAt: nowMs + IMPORT_DEADLINE_MS,
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

/** What `import retry` answers: where it continued from and, when it ran here, how the import ended. */
export interface RetryResult {
  organizationId: string;
  importId: string;
  continuedFrom: number;
  /** `running` when the table stream continues it (AWS); else the status it ended with. */
  status: ImportStatus | undefined;
  rowsRead?: number;
  rowsWritten?: number;
  rowsRejected?: number;
}

/**
 * `import retry`: a failed import becomes running again from its checkpoint. In AWS the resume
 * marker hands it to the table stream (the backfill function continues it); `continueHere` runs
 * the continuation in this process instead (the operator CLI against the local stack, which has
 * no stream between processes). A continuation that fails here leaves the import failed with the
 * error, like a last attempt.
 */
export async function retryImport(
  organizationId: string,
  rawImportId: string,
  options: { continueHere?: Omit<RunOptions, 'canPause'>; now?: () => number } = {},
): Promise<RetryResult> {
  const now = options.now ?? Date.now;
  const org = await findOrganizationContext(organizationId);
  if (!org) throw new NotFoundError(`Organization not found: ${organizationId.slice(0, 64)}`);
  const importId = rawImportId.trim().toLowerCase();
  const item = IMPORT_ID_PATTERN.test(importId) ? await repo.getImport(org.organizationId, importId) : undefined;
  if (!item) throw new NotFoundError(`${IMPORT_NOT_FOUND}: ${rawImportId.slice(0, 64)}`);
  if (item.status !== 'failed') throw new ConflictError(importNotRetryable(importId, item.status));
  const nowMs = now();
  if (!(await repo.reopenFailedImport(org.organizationId, importId, { now: new Date(nowMs).toISOString(), deadlineAt: nowMs + IMPORT_DEADLINE_MS }))) {
    const current = await repo.getImport(org.organizationId, importId);
    throw new ConflictError(importNotRetryable(importId, current?.status ?? 'gone'));
  }
  const continuedFrom = item.checkpoint?.line ?? 0;
  if (!options.continueHere) return { organizationId: org.organizationId, importId, continuedFrom, status: 'running' };
  let outcome: RunOutcome;
  try {
    outcome = await continueImport(org.organizationId, importId, { ...options.continueHere, canPause: false, now });
  } catch (error) {
    const text = errorForReason(error);
    await failImport(org.organizationId, importId, (line) => REASONS.attemptsFailed(line, text), now());
    throw new Error(`Import ${importId} failed again: ${text}`);
  }
  if (outcome.outcome === 'finished') {
    const { outcome: _o, ...rest } = outcome;
    return { organizationId: org.organizationId, continuedFrom, ...rest };
  }
  return { organizationId: org.organizationId, importId, continuedFrom, status: 'status' in outcome ? outcome.status : 'running' };
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
  await mapLimit([...batch.records.entries()], DEVICE_CONCURRENCY, ([deviceIdentifier, records]) => storeHistory(org, { deviceIdentifier, records }, receivedAtMs));
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
    const checkpoint = status === 'failed' ? { line: committed.line, plan: committed.plan } : undefined;
    const done = await repo.finishImport(orgId, importId, owner, { status, reason, ...counters, finishedAt: new Date(now()).toISOString(), mapping, checkpoint });
    if (!done) return { outcome: 'duplicate', importId, status: (await repo.getImport(orgId, importId))?.status };
    return { outcome: 'finished', importId, status, ...counters };
  };

  const deadlineMs = item.deadlineAt ?? Date.parse(item.startedAt) + IMPORT_DEADLINE_MS;
  const pastDeadline = () => now() > deadlineMs;
  const deadlineReason = () => REASONS.deadline(IMPORT_DEADLINE_MS / 3_600_000, committed.line);

  try {
    if (pastDeadline()) return await end('failed', deadlineReason());
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
        // Leaving the loop closes the scan (and the object stream).
        if (pastDeadline()) return await end('failed', deadlineReason());
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
    await repo.releaseLease(orgId, importId, owner, errorForReason(error)).catch(() => undefined);
    throw error;
  }
}
