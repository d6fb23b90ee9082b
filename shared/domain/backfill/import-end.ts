import { createHash } from 'node:crypto';
import { logger } from '../../logging/logger';
import * as repo from './backfill.repository';
import { BACKFILL_ROOT, errorForReason, IMPORT_DEADLINE_MS, IMPORT_SWEEP_MINUTES, REASONS } from './backfill.schema';
import type { ObjectRef } from './object-store';

/**
 * How an import ends when its own run cannot end it: the last attempt failed, the local stack's
 * retries gave up, or the stall sweep found it without a lease or progress. Free of the CSV
 * parser, so the sweep's function stays small.
 */

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

/**
 * Marks a running import failed from outside its run (no lease needed): after its last attempt
 * failed (the queue's last receive, the local stack's dead letter), or from the stall sweep. The
 * counters and checkpoint stay those last saved, so `import retry` continues from there. `reason`
 * gets the checkpoint line; false when the import was not running (finished meanwhile) or an
 * invocation holds its lease (took it over since: that run ends it).
 */
export async function failImport(
  organizationId: string,
  importId: string,
  reason: (line: number, item: repo.ImportItem) => string,
  nowMs = Date.now(),
): Promise<boolean> {
  const item = await repo.getImport(organizationId, importId);
  if (!item || item.status !== 'running') return false;
  return repo.finishImport(organizationId, importId, undefined, {
    status: 'failed',
    reason: reason(item.checkpoint?.line ?? 0, item),
    rowsRead: item.rowsRead,
    rowsWritten: item.rowsWritten,
    rowsRejected: item.rowsRejected,
    finishedAt: new Date(nowMs).toISOString(),
    leaseExpiredBefore: nowMs,
  });
}

/** The last attempt at an object failed with `error`: its import (when it has one) becomes failed with that error as the reason. */
export async function failAfterLastAttempt(ref: ObjectRef, error: unknown, nowMs = Date.now()): Promise<void> {
  const parsed = parseBackfillKey(ref.key);
  if (!parsed) return;
  const text = errorForReason(error);
  await failImport(parsed.organizationId, importIdOf(ref), (line) => REASONS.attemptsFailed(line, text), nowMs);
}

/**
 * The stall sweep (schedule `BackfillSweep`): every running import whose lease has run out and
 * that made no progress for a sweep interval is failed with a reason naming what is known (the
 * last attempt's error, or a timeout), so no import stays `running` longer than its lease plus
 * one sweep. One import failing to be swept never stops the others.
 */
export async function sweepStalledImports(nowMs = Date.now()): Promise<{ running: number; failed: number; errors: number }> {
  const running = await repo.listRunningImports();
  const stallMs = IMPORT_SWEEP_MINUTES * 60_000;
  let failed = 0;
  let errors = 0;
  for (const { organizationId, importId } of running) {
    try {
      const item = await repo.getImport(organizationId, importId);
      if (!item || item.status !== 'running') {
        await repo.deleteRunningEntry(organizationId, importId);
        continue;
      }
      const leaseOver = (item.leaseUntil ?? 0) < nowMs;
      const overDeadline = item.deadlineAt !== undefined && nowMs > item.deadlineAt;
      const idle = Date.parse(item.updatedAt) <= nowMs - stallMs;
      if (!leaseOver || !(idle || overDeadline)) continue;
      const reason = (line: number, current: repo.ImportItem) =>
        overDeadline ? REASONS.deadline(IMPORT_DEADLINE_MS / 3_600_000, line) : REASONS.stalled(line, Math.max(IMPORT_SWEEP_MINUTES, Math.round((nowMs - Date.parse(current.updatedAt)) / 60_000)), current.lastError);
      if (await failImport(organizationId, importId, reason, nowMs)) failed++;
    } catch (error) {
      errors++;
      logger.error('backfill sweep: import not swept', { organizationId, importId, error: errorForReason(error) });
    }
  }
  return { running: running.length, failed, errors };
}

