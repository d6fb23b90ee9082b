import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logging/logger';
import type { TableStreamFilter } from '../routes';
import { targetsOf } from './stream-filter';

/**
 * The table stream has one reader for all workers (AWS documents at most two readers per shard;
 * the other is the backfill continuation): the stream dispatcher. It decides which workers get a
 * record with {@link targetsOf} (the function the local stack's in-process stream uses too) and
 * sends the record, unchanged, to each such worker's own SQS queue, where the worker keeps its own
 * retries, dead-letter queue and alarm. The stack writes the targets, generated from `workers` in
 * shared/routes.ts, into {@link DISPATCH_ENV}.
 */
export const DISPATCH_ENV = { targets: 'STREAM_DISPATCH_TARGETS' } as const;

/** The dispatcher function: not a route-table worker (no business logic); the stack makes it beside them whenever `workers` is not empty. */
export const STREAM_DISPATCHER = { id: 'StreamDispatcher', entry: 'functions/workers/stream-dispatcher.ts' } as const;

export interface DispatchTarget {
  /** The worker's id (shared/routes.ts `workers`). */
  id: string;
  queueUrl: string;
  filter: TableStreamFilter;
}

/** One SendMessageBatch: returns the ids of the entries SQS did not take (throws when the call fails). */
export type SendBatch = (queueUrl: string, entries: { Id: string; MessageBody: string }[]) => Promise<string[]>;

/** SendMessageBatch limits: 10 entries, 1 MiB in all. */
const BATCH_ENTRIES = 10;
const BATCH_BYTES = 1024 * 1024;

/** The targets in the environment; throws a message naming the variable when they are missing or malformed. */
export function readDispatchTargets(env: NodeJS.ProcessEnv = process.env): DispatchTarget[] {
  const raw = env[DISPATCH_ENV.targets];
  if (!raw) throw new Error(`${DISPATCH_ENV.targets} is not set: the stack lists each worker's queue and filter there`);
  const parsed: unknown = JSON.parse(raw);
  const ok =
    Array.isArray(parsed) &&
    parsed.every((t: Partial<DispatchTarget>) => typeof t?.id === 'string' && typeof t.queueUrl === 'string' && typeof t.filter?.eventName === 'string' && typeof t.filter.newImage === 'object');
  if (!ok) throw new Error(`${DISPATCH_ENV.targets} must be a JSON array of { id, queueUrl, filter }`);
  return parsed as DispatchTarget[];
}

/**
 * Sends each record to the queue of every worker whose filter it matches. A record whose send
 * failed is reported (partial batch response) by the lowest such SequenceNumber: Lambda retries the
 * shard from there, so records after it may reach a queue twice (delivery is at least once, as it
 * was with one reader per worker), and nothing is lost.
 */
export async function dispatchStreamRecords(event: DynamoDBStreamEvent, targets: readonly DispatchTarget[], send: SendBatch): Promise<DynamoDBBatchResponse> {
  const perQueue = new Map<string, { Id: string; MessageBody: string; index: number }[]>();
  event.Records.forEach((record, index) => {
    // aws-lambda's AttributeValue is structurally the SDK's; the cast only bridges the two typings.
    const image = unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>);
    const matched = targetsOf(targets, record.eventName ?? '', image);
    if (matched.length === 0) return;
    const body = JSON.stringify(record);
    for (const t of matched) {
      const list = perQueue.get(t.queueUrl) ?? [];
      list.push({ Id: String(index), MessageBody: body, index });
      perQueue.set(t.queueUrl, list);
    }
  });

  const failed = new Set<number>();
  const sends: Promise<void>[] = [];
  for (const [queueUrl, entries] of perQueue) {
    for (const chunk of chunks(entries)) {
      sends.push(
        send(queueUrl, chunk.map(({ Id, MessageBody }) => ({ Id, MessageBody })))
          .then((ids) => ids.forEach((id) => failed.add(Number(id))))
          .catch((error: unknown) => {
            logger.warn('stream dispatch: SendMessageBatch failed', { error: String(error) });
            chunk.forEach((e) => failed.add(e.index));
          }),
      );
    }
  }
  await Promise.all(sends);
  if (failed.size === 0) return { batchItemFailures: [] };
  const first = event.Records[Math.min(...failed)];
  const itemIdentifier = first?.dynamodb?.SequenceNumber ?? '';
  logger.warn('stream dispatch failed; the stream will retry from this record', { sequenceNumber: itemIdentifier, failedRecords: failed.size });
  return { batchItemFailures: [{ itemIdentifier }] };
}

/** Splits entries into SendMessageBatch calls (at most 10 entries and 1 MiB each). */
function chunks<T extends { MessageBody: string }>(entries: T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const e of entries) {
    const size = Buffer.byteLength(e.MessageBody, 'utf8');
    if (current.length > 0 && (current.length === BATCH_ENTRIES || bytes + size > BATCH_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(e);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}
