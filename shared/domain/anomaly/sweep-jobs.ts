import { jobSenderFromEnv, type JobSender } from '../../workers/sqs-jobs';
import { listOrganizations } from '../organization/organization-listing';
import { isoTime as iso } from '../../iso-time';

/**
 * The dropout sweep's fan-out on its own (no detection code): the DropoutSweep schedule's Lambda
 * bundle imports only this (functions/schedules/dropout-sweep.ts), since in AWS the schedule always
 * has the DropoutSweepWorker queue and never sweeps in process; anomaly.service's sweepDropouts
 * uses the same fan-out, and sweeps in process without a queue (local stack, the CLI).
 */

/** The queue URL variable of the DropoutSweepWorker queue worker (shared/routes.ts `queueWorkers`). */
export const SWEEP_QUEUE_URL_ENV = 'DROPOUT_SWEEP_QUEUE_URL';

/** One organization's sweep, as a queue message: `at` is the schedule's clock, so a redelivery sweeps the same moment. */
export interface SweepJob {
  organizationId: string;
  at: string;
}

/** What a sweep run did: devices checked and incidents opened in process, or organizations `enqueued` for the worker. */
export type SweepTotals = {
  organizations: number;
  checked: number;
  opened: number;
  failed: number;
  failedOrganizations: number;
  enqueued: number;
  at: string;
};

/** Sends one job per organization to `queue`; nothing is swept here. */
export async function enqueueSweeps(orgIds: string[], queue: JobSender<SweepJob>, now: number): Promise<SweepTotals> {
  const at = iso(now);
  await queue.send(orgIds.map((organizationId) => ({ organizationId, at })));
  return { organizations: orgIds.length, checked: 0, opened: 0, failed: 0, failedOrganizations: 0, enqueued: orgIds.length, at };
}

/**
 * The schedule's run in Lambda: every organization's job to the DropoutSweepWorker queue. The stack
 * always sets the queue's URL on the schedule (`feeds`); without it this throws (the invocation
 * fails and EventBridge retries) instead of sweeping in a function that carries no detection code.
 */
export async function fanOutSweeps(now = Date.now()): Promise<SweepTotals> {
  const queue = jobSenderFromEnv<SweepJob>(SWEEP_QUEUE_URL_ENV);
  if (!queue) throw new Error(`${SWEEP_QUEUE_URL_ENV} is not set: the dropout sweep's Lambda only fans out to the DropoutSweepWorker queue`);
  const orgIds = (await listOrganizations()).map((o) => o.organizationId);
  return enqueueSweeps(orgIds, queue, now);
}
