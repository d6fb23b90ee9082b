import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { fanOut } from '../../shared/domain/webhook/fan-out';
import { streamWorker } from '../../shared/workers/queued-stream';
import { processStreamRecords } from '../../shared/workers/stream-batch';

async function processRecord(record: DynamoDBRecord): Promise<void> {
  if (record.eventName !== 'INSERT') return;
  // aws-lambda's AttributeValue is structurally the SDK's; the cast only bridges the two typings.
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (image) await fanOut(unmarshall(image));
}

/**
 * WebhookFanOut (table stream, shared/routes.ts `workers`): each new ticket activity event or
 * webhook outbox item becomes one delivery per subscribed endpoint, queued for WebhookDelivery.
 * Deliveries have ids derived from endpoint and event, so a record retried after a partial
 * failure creates nothing twice.
 */
export const handler = streamWorker((event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  processStreamRecords(event, processRecord, 'webhook fan-out failed; the stream will retry'));
