import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { logger } from '../../logging/logger';
import { jobSenderFromEnv, type JobSender } from '../../workers/sqs-jobs';
import { listConnectorOrganizations } from './connector.repository';
import { syncOrganization, syncWindowStart, type SyncReport } from './connector-sync';

/**
 * The scheduled sync's fan-out: one job per organization with a connector. In AWS the jobs go to
 * the ConnectorSync queue (shared/routes.ts `queueWorkers`), so one organization's slow or failing
 * crash service never delays another's, and a job that fails every receive lands in the DLQ. The
 * local stack has no queue: it syncs in process, once per sync window per organization.
 */

/** One organization's sync: the window its records are stamped with, and where a continuation starts. */
export interface SyncJob {
  organizationId: string;
  window: string;
  startKey?: Record<string, unknown>;
}

export type JobQueue = JobSender<SyncJob>;

/** The queue URL variable (the route table's ConnectorSync `queueUrlEnv`). */
export const SYNC_QUEUE_URL_ENV = 'CONNECTOR_SYNC_QUEUE_URL';

let override: JobQueue | null | undefined;

/** The configured queue, or undefined when there is none (the local stack: sync in process). */
export function jobQueueFromEnv(): JobQueue | undefined {
  if (override !== undefined) return override ?? undefined;
  return jobSenderFromEnv<SyncJob>(SYNC_QUEUE_URL_ENV);
}

/** Tests: a fake queue, `null` for "no queue", `undefined` to read the environment again. */
export function setJobQueue(queue: JobQueue | null | undefined): void {
  override = queue;
}

/** Parses a queue message; throws on anything that is not a job (the message then goes to the DLQ). */
export function parseJob(body: string): SyncJob {
  const job = JSON.parse(body) as Partial<SyncJob>;
  if (typeof job.organizationId !== 'string' || typeof job.window !== 'string' || Number.isNaN(Date.parse(job.window))) throw new Error('not a sync job');
  if (job.startKey !== undefined && (job.startKey === null || typeof job.startKey !== 'object')) throw new Error('sync job with a bad startKey');
  return { organizationId: job.organizationId, window: new Date(job.window).toISOString(), ...(job.startKey ? { startKey: job.startKey } : {}) };
}

/**
 * Claims `window` for an organization's in-process sync (conditional UpdateItem on its connector),
 * so the local timer, which fires every minute, syncs each organization once per window.
 */
async function claimWindow(organizationId: string, window: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connector(organizationId),
        UpdateExpression: 'SET lastSyncWindow = :w',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastSyncWindow) OR lastSyncWindow < :w)',
        ExpressionAttributeValues: { ':w': window },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The schedule's run. `scheduledAt` is the EventBridge event's `time` when there is one: a
 * retried or redelivered event then names the same window, so its records overwrite, never add.
 */
export async function fanOutSync(options: { now?: number; scheduledAt?: string; queue?: JobQueue | null } = {}) {
  const now = options.now ?? Date.now();
  const scheduled = options.scheduledAt ? Date.parse(options.scheduledAt) : NaN;
  const window = new Date(Number.isNaN(scheduled) ? syncWindowStart(now) : Math.floor(scheduled / 60_000) * 60_000).toISOString();
  const organizations = await listConnectorOrganizations();
  const queue = options.queue === undefined ? jobQueueFromEnv() : (options.queue ?? undefined);
  if (queue) {
    await queue.send(organizations.map((organizationId) => ({ organizationId, window })));
    return { window, enqueued: organizations.length };
  }
  const reports: SyncReport[] = [];
  for (const organizationId of organizations) {
    if (!(await claimWindow(organizationId, window))) continue;
    try {
      reports.push(await syncOrganization(organizationId, { now, window }));
    } catch (error) {
      logger.error('in-process crash sync failed', { organizationId, error: String(error) });
    }
  }
  return { window, synced: reports.map((r) => ({ organizationId: r.organizationId, devices: r.devices.length })) };
}
