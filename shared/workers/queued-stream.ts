import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../logging/logger';

/** A table-stream worker's handler (partial batch responses by SequenceNumber). */
export type StreamHandler = (event: DynamoDBStreamEvent, context?: Context) => Promise<DynamoDBBatchResponse | void>;

/** Marks handlers wrapped by {@link streamWorker}; test/unit/stream-dispatch.test.ts checks every worker of the route table has it. */
export const STREAM_WORKER = Symbol.for('fleetdesk.streamWorker');

/**
 * Lets a table-stream worker keep its DynamoDB-stream signature while being fed by its own SQS
 * queue (the stream dispatcher's copy of each record, shared/workers/stream-dispatch.ts). A stream
 * event (the local stack, tests) passes through unchanged. An SQS batch becomes the stream event
 * of the records in its bodies, and the worker's reported failures become message failures with
 * stream semantics: every message from the lowest failed record on is retried (a worker may report
 * only the first record of a group, as the anomaly detector does per device), so nothing is
 * dropped; a message whose body is not a stream record fails and, after its receives, waits in the
 * worker's dead-letter queue.
 */
export function streamWorker<R extends DynamoDBBatchResponse | void>(handler: (event: DynamoDBStreamEvent, context?: Context) => Promise<R>): QueuedStreamWorker<R> {
  const wrapped = async (event: DynamoDBStreamEvent | SQSEvent, context?: Context): Promise<DynamoDBBatchResponse | SQSBatchResponse | void> => {
    const first = event.Records[0] as { eventSource?: string } | undefined;
    if (first?.eventSource !== 'aws:sqs') return handler(event as DynamoDBStreamEvent, context);
    const messages = (event as SQSEvent).Records;
    const records: { messageIndex: number; record: DynamoDBRecord }[] = [];
    const unreadable: string[] = [];
    messages.forEach((m, messageIndex) => {
      try {
        const record = JSON.parse(m.body) as DynamoDBRecord;
        if (typeof record?.dynamodb !== 'object') throw new Error('no dynamodb field');
        records.push({ messageIndex, record });
      } catch (error) {
        logger.warn('queued stream record unreadable', { messageId: m.messageId, error: String(error) });
        unreadable.push(m.messageId);
      }
    });
    const out = records.length > 0 ? await handler({ Records: records.map((r) => r.record) }, context) : undefined;
    const failedSequences = new Set((out?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    const firstFailed = records.findIndex((r) => failedSequences.has(r.record.dynamodb?.SequenceNumber ?? ''));
    const retried = firstFailed < 0 ? [] : records.slice(firstFailed).map((r) => messages[r.messageIndex]?.messageId ?? '');
    return { batchItemFailures: [...unreadable, ...retried].map((itemIdentifier) => ({ itemIdentifier })) };
  };
  return Object.assign(wrapped, { [STREAM_WORKER]: true as const }) as unknown as QueuedStreamWorker<R>;
}

/** A wrapped worker: the stream signature it had, plus the SQS one its queue calls it with. */
export interface QueuedStreamWorker<R> {
  (event: DynamoDBStreamEvent, context?: Context): Promise<R>;
  (event: SQSEvent, context?: Context): Promise<SQSBatchResponse>;
  readonly [STREAM_WORKER]: true;
}
