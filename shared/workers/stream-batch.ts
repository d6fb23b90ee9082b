import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logging/logger';
import { noteFailure } from './failure-reasons';

/**
 * Runs a table-stream worker's records side by side and reports each failed one by its
 * SequenceNumber (partial batch response): Lambda retries the shard from the lowest failed record,
 * and after the event source's retries the batch's stream position goes to the worker's
 * dead-letter queue. `failure` is the warning logged for each failed record.
 */
export async function processStreamRecords(
  event: DynamoDBStreamEvent,
  processRecord: (record: DynamoDBRecord) => Promise<unknown>,
  failure: string,
): Promise<DynamoDBBatchResponse> {
  const results = await Promise.allSettled(event.Records.map(processRecord));
  const batchItemFailures = event.Records.flatMap((record, i) => {
    const result = results[i];
    if (result?.status !== 'rejected') return [];
    const itemIdentifier = record.dynamodb?.SequenceNumber ?? '';
    logger.warn(failure, { sequenceNumber: itemIdentifier, error: String(result.reason) });
    noteFailure(itemIdentifier, String(result.reason));
    return [{ itemIdentifier }];
  });
  return { batchItemFailures };
}
