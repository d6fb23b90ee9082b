import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { diagnoseTicket } from '../../shared/domain/diagnosis/diagnosis.service';
import { TICKET_ENTITY } from '../../shared/domain/ticket/notification/outbox';
import { processStreamRecords } from '../../shared/workers/stream-batch';
import { streamWorker } from '../../shared/workers/queued-stream';

async function processRecord(record: DynamoDBRecord): Promise<void> {
  // aws-lambda's AttributeValue is structurally the SDK's; the cast only bridges the two typings.
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  const item = image ? unmarshall(image) : {};
  // The event source filter already drops these; checking again keeps a widened filter harmless.
  if (record.eventName !== 'INSERT' || item.entity !== TICKET_ENTITY) return;
  if (typeof item.organizationId !== 'string' || typeof item.ticketId !== 'string') throw new Error('ticket record without organizationId or ticketId');
  await diagnoseTicket(item.organizationId, item.ticketId);
}

/**
 * TicketDiagnosis: fills in the pending diagnosis of every new ticket from the table's stream,
 * records side by side. Failed records are reported by SequenceNumber (partial batch response);
 * after the event source's retries the batch's stream position goes to the dead-letter queue.
 */
export const handler = streamWorker((event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processStreamRecords(event, processRecord, 'ticket diagnosis failed; the stream will retry'));
