import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../../shared/logging/logger';
import { getChatWebhookUrl } from '../../shared/domain/ticket-config/ticket-config.repository';
import { postChatNotification } from '../../shared/domain/ticket/notification/chat-delivery';
import { toJob } from '../../shared/domain/ticket/notification/chat-message';
import { CHAT_OUTBOX } from '../../shared/domain/ticket/notification/outbox';
import { readyDiagnosisSummary } from '../../shared/domain/diagnosis/diagnosis-read';
import { processStreamRecords } from '../../shared/workers/stream-batch';
import { streamWorker } from '../../shared/workers/queued-stream';

async function processRecord(record: DynamoDBRecord): Promise<void> {
  // aws-lambda's AttributeValue is structurally the SDK's; the cast only bridges the two typings.
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  const item = image ? unmarshall(image) : {};
  // The event source filter already drops these; checking again keeps a widened filter harmless.
  if (record.eventName !== 'INSERT' || item[CHAT_OUTBOX.markerAttribute] !== CHAT_OUTBOX.markerValue) return;
  const job = toJob(item[CHAT_OUTBOX.jobAttribute]);
  // Read at delivery time: a webhook changed or removed since the ticket was created is honoured.
  // The diagnosis summary is read alongside (no added latency) and included when it is ready by now.
  const [url, diagnosisSummary] = await Promise.all([getChatWebhookUrl(job.organizationId), readyDiagnosisSummary(job.organizationId, job.ticketId)]);
  if (!url) return logger.info('chat webhook removed; notification dropped', { organizationId: job.organizationId, ticketId: job.ticketId });
  await postChatNotification(url, { ...job, diagnosisSummary });
}

/**
 * ChatNotifier: drains the ticket outbox from the table's stream (new tickets carrying a chat
 * notification job), one webhook attempt per record, records side by side. Failed records are
 * reported by SequenceNumber: Lambda retries the shard from the lowest one (so a record after it
 * may be posted twice: delivery is at least once), and after the event source's retries the
 * batch's stream position goes to the on-failure dead-letter queue.
 */
export const handler = streamWorker((event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processStreamRecords(event, processRecord, 'chat notification failed; the stream will retry'));
