import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { syncOrganization } from '../../shared/domain/connector/connector-sync';
import { jobQueueFromEnv, parseJob } from '../../shared/domain/connector/sync-jobs';
import { logger } from '../../shared/logging/logger';

/** Time kept back for writing the last page's results and sending the continuation. */
const RESERVE_MS = 30_000;

/**
 * ConnectorSync (SQS, shared/routes.ts `queueWorkers`): one organization's crash-reporting sync
 * per message. Device failures are recorded on their connections and do not fail the message; a
 * table failure does (SQS redelivers; after maxReceiveCount the message goes to the DLQ and its
 * alarm). Out of time, it sends itself a continuation from where it stopped.
 */
export async function handler(event: SQSEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const job = parseJob(record.body);
      const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - RESERVE_MS : undefined;
      const report = await syncOrganization(job.organizationId, { window: job.window, startKey: job.startKey, deadline });
      if (report.nextKey) await jobQueueFromEnv()?.send([{ ...job, startKey: report.nextKey }]);
      const failed = report.devices.filter((d) => d.status !== 'synced').length;
      logger.info('crash sync', { organizationId: job.organizationId, window: job.window, status: report.status, devices: report.devices.length, failed });
    } catch (error) {
      logger.error('crash sync job failed; SQS will redeliver', { messageId: record.messageId, error: String(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
