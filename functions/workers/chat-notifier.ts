import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../shared/logging/logger';
import { getChatWebhookUrl } from '../../shared/domain/ticket-config/ticket-config.repository';
import { postChatNotification } from '../../shared/domain/ticket/notification/chat-delivery';
import { parseJob } from '../../shared/domain/ticket/notification/chat-message';

async function processRecord(record: SQSRecord): Promise<void> {
  const job = parseJob(record.body);
  // Read at delivery time: a webhook changed or removed since the ticket was created is honoured.
  const url = await getChatWebhookUrl(job.organizationId);
  if (!url) return logger.info('chat webhook removed; notification dropped', { organizationId: job.organizationId, ticketId: job.ticketId });
  await postChatNotification(url, job);
}

/**
 * ChatNotifier: posts queued new-ticket notifications to the org's webhook, one attempt per
 * delivery. Failed records are reported as partial batch failures, so SQS redelivers only
 * those; after the queue's maxReceiveCount they land in the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const results = await Promise.allSettled(event.Records.map(processRecord));
  const batchItemFailures = event.Records.flatMap((record, i) => {
    const result = results[i];
    if (result?.status !== 'rejected') return [];
    logger.warn('chat notification failed; SQS will retry', { messageId: record.messageId, error: String(result.reason) });
    return [{ itemIdentifier: record.messageId }];
  });
  return { batchItemFailures };
}
