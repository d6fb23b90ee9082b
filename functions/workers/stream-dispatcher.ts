import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { dispatchStreamRecords, readDispatchTargets, type SendBatch } from '../../shared/workers/stream-dispatch';

let sqs: SQSClient | undefined;
const send: SendBatch = async (queueUrl, entries) => {
  const out = await (sqs ??= new SQSClient({})).send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
  return (out.Failed ?? []).map((f) => f.Id ?? '');
};

/**
 * StreamDispatcher: the table stream's one reader for every worker of shared/routes.ts `workers`.
 * Copies each record to the queue of each worker whose filter it matches (shared/workers/stream-dispatch.ts).
 */
export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => dispatchStreamRecords(event, readDispatchTargets(), send);
