import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseSweepJob, sweepOrganization } from '../../shared/domain/anomaly/anomaly.service';
import { logger } from '../../shared/logging/logger';

/** Time kept back so the device being checked can finish before the function's timeout. */
const RESERVE_MS = 30_000;

/**
 * DropoutSweepWorker (SQS, shared/routes.ts `queueWorkers`): one organization's dropout sweep per
 * message, sent by the DropoutSweep schedule. A device that fails is skipped and the others are checked;
 * then the message fails, so SQS redelivers it (checked devices have moved on and cost nothing
 * again) and after maxReceiveCount the DLQ alarm tells the operator. Devices left at the deadline
 * stay due for the next run.
 */
export async function handler(event: SQSEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const job = parseSweepJob(record.body);
      const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - RESERVE_MS : undefined;
      const result = await sweepOrganization(job.organizationId, Date.parse(job.at), deadline);
      logger.info('dropout sweep', { organizationId: job.organizationId, at: job.at, ...result });
      if (result.failed > 0) throw new Error(`${result.failed} device(s) could not be checked`);
    } catch (error) {
      logger.error('dropout sweep job failed; SQS will redeliver', { messageId: record.messageId, error: String(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
