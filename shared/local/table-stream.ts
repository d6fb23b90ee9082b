import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { documentClient } from '../db/client';
import { fakeContext } from '../http/local-router';
import { addContext, logger } from '../logging/logger';
import { takeFailureReason } from '../workers/failure-reasons';
import { targetsOf, matchesStreamFilter } from '../workers/stream-filter';
import { schedules as defaultSchedules, workers as defaultWorkers, type ScheduleDefinition, type WorkerDefinition } from '../routes';

/**
 * The local stack's table stream, in process. DynamoDB Local has streams, but reading them needs
 * the DynamoDB Streams client, which Fleetdesk does not ship; and every handler of the local stack
 * already runs in this process on the one document client. So a middleware on that client turns
 * each successful Put (PutItem, BatchWriteItem, TransactWriteItems) into the INSERT record with
 * NEW_IMAGE that the table stream would carry, routes it to the route table's workers with the
 * same function as the deployed stream dispatcher (`targetsOf`, shared/workers/stream-filter.ts:
 * one reader, a copy per matching worker) and invokes each worker's `handler` with its own batches
 * of up to 10, honouring partial batch failures with retries and a dead-letter file per worker (in
 * AWS: the worker's queue, its receives and its DLQ). The handler gets the stream event directly;
 * `streamWorker` (shared/workers/queued-stream.ts) is what adapts the deployed queue's messages. Differences from AWS, on purpose: a Put that overwrites is delivered as an
 * INSERT (workers re-check what they need), and updates and deletes are not delivered (no
 * worker's filter asks for them).
 */

type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | void>;
type Image = Record<string, AttributeValue>;

const BATCH_SIZE = 10;
const RETRIES = 3;
const RETRY_DELAY_MS = 200;

/** Re-exported: the local stream and the deployed dispatcher route records with the same function. */
export { matchesStreamFilter };

/** The items a successful write command stored, by table. */
function putItems(commandName: string, input: Record<string, unknown>): { table: string; item: Image }[] {
  if (commandName === 'PutItemCommand') return [{ table: input.TableName as string, item: input.Item as Image }];
  if (commandName === 'BatchWriteItemCommand') {
    return Object.entries((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: Image } }[]>).flatMap(([table, requests]) =>
      requests.flatMap((r) => (r.PutRequest ? [{ table, item: r.PutRequest.Item }] : [])),
    );
  }
  if (commandName === 'TransactWriteItemsCommand') {
    return ((input.TransactItems ?? []) as { Put?: { TableName: string; Item: Image } }[]).flatMap((t) => (t.Put ? [{ table: t.Put.TableName, item: t.Put.Item }] : []));
  }
  return [];
}

/** What a dead-letter line says about one record: its key, the item's identifying fields, and why it failed. */
function describeRecord(record: DynamoDBRecord, reason: string) {
  const image = unmarshall((record.dynamodb?.NewImage ?? {}) as Image);
  const item: Record<string, unknown> = {};
  for (const name of ['entity', 'organizationId', 'ticketId', 'identifier', 'incidentId', 'source', 'timestamp', 'pk', 'sk']) {
    if (image[name] !== undefined && (typeof image[name] === 'string' || typeof image[name] === 'number')) item[name] = image[name];
  }
  return { sequenceNumber: record.dynamodb?.SequenceNumber, item, reason };
}

interface WorkerQueue {
  worker: WorkerDefinition;
  pending: DynamoDBRecord[];
  running?: Promise<void>;
}

/**
 * Starts delivering this process's table writes to the route table's workers. `settle()` resolves
 * once everything delivered so far has been handled (tests); `stop()` detaches.
 */
export function startLocalTableStream(options: { rootDir: string; tableName: string; deadLetterDir: string; workers?: readonly WorkerDefinition[] }) {
  const workerList = options.workers ?? defaultWorkers;
  const queues: WorkerQueue[] = workerList.map((worker) => ({ worker, pending: [] }));
  const queueOf = new Map(queues.map((q) => [q.worker.id, q]));
  const handlers = new Map<string, StreamHandler>();
  const load = (worker: WorkerDefinition) => {
    let h = handlers.get(worker.id);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    if (!h) handlers.set(worker.id, (h = (require(path.join(options.rootDir, worker.entry)) as { handler: StreamHandler }).handler));
    return h;
  };
  let sequence = 0;

  /** One line per batch that failed every attempt: the worker, each record's item (what failed) and the error (why). */
  const deadLetter = (worker: WorkerDefinition, records: DynamoDBRecord[], error: string, reasons: Map<string, string>, attempts: number) => {
    mkdirSync(options.deadLetterDir, { recursive: true });
    const described = records.map((r) => describeRecord(r, reasons.get(r.dynamodb?.SequenceNumber ?? '') ?? error));
    const line = JSON.stringify({ worker: worker.id, at: new Date().toISOString(), attempts, error, records: described });
    appendFileSync(path.join(options.deadLetterDir, `${worker.id}.jsonl`), `${line}\n`);
    const first = described[0];
    const what = first ? Object.entries(first.item).map(([k, v]) => `${k} ${String(v)}`).join(', ') : 'no record';
    console.error(`${worker.id}: ${records.length} stream record(s) failed all ${attempts} attempts (first: ${what}): ${first?.reason ?? error}; see ${path.join(options.deadLetterDir, `${worker.id}.jsonl`)}`);
  };

  /** One batch with Lambda's partial-failure semantics: retry from the lowest failed record. */
  const deliver = async (queue: WorkerQueue, batch: DynamoDBRecord[]) => {
    let records = batch;
    for (let attempt = 0; ; attempt++) {
      let failedFrom = -1;
      let error = '';
      const reasons = new Map<string, string>();
      try {
        const context = fakeContext(queue.worker, `stream-${sequence}`);
        // One logger serves every handler of this process: its lines name the worker, not the last HTTP route.
        addContext(logger, context);
        const out = await load(queue.worker)({ Records: records }, context);
        const failed = new Set((out?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        failedFrom = records.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
        for (const id of failed) reasons.set(id, takeFailureReason(id) ?? `${queue.worker.id} reported the record as failed without a reason`);
        error = reasons.get(records[failedFrom]?.dynamodb?.SequenceNumber ?? '') ?? 'reported as failed';
      } catch (e) {
        failedFrom = 0;
        error = `${queue.worker.id} threw: ${e instanceof Error ? e.message : String(e)}`;
      }
      if (failedFrom < 0) return;
      records = records.slice(failedFrom);
      if (attempt >= RETRIES) return deadLetter(queue.worker, records, error, reasons, attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * (attempt + 1)));
    }
  };

  const drain = (queue: WorkerQueue) => {
    if (queue.running) return;
    queue.running = (async () => {
      // Lets the rest of a BatchWriteItem's records join the same batch, as on a shard.
      await new Promise((resolve) => setImmediate(resolve));
      while (queue.pending.length > 0) await deliver(queue, queue.pending.splice(0, BATCH_SIZE));
    })().finally(() => {
      queue.running = undefined;
      if (queue.pending.length > 0) drain(queue);
    });
  };

  const name = `local-table-stream-${Math.random()}`;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const commandName = String((context as { commandName?: string }).commandName ?? '');
      for (const { table, item } of putItems(commandName, (args as { input: Record<string, unknown> }).input)) {
        if (table !== options.tableName) continue;
        const image = unmarshall(item);
        const record: DynamoDBRecord = {
          eventID: String(++sequence),
          eventName: 'INSERT',
          eventSource: 'aws:dynamodb',
          dynamodb: { Keys: { pk: item.pk, sk: item.sk } as never, NewImage: item as never, SequenceNumber: String(sequence), StreamViewType: 'NEW_IMAGE' },
        };
        // The same routing decision as the deployed stream dispatcher; each worker then gets its own batches.
        for (const worker of targetsOf(workerList, 'INSERT', image)) {
          const queue = queueOf.get(worker.id) as WorkerQueue;
          queue.pending.push(record);
          drain(queue);
        }
      }
      return result;
    },
    // The build step sees the command's input after the document client marshalled it, once per send (retries come later).
    { step: 'build', name },
  );

  return {
    /** Resolves when every record delivered so far has been handled (including work those handlers started). */
    settle: async () => {
      while (queues.some((q) => q.running || q.pending.length > 0)) await Promise.all(queues.map((q) => q.running));
    },
    stop: () => documentClient().middlewareStack.remove(name),
  };
}

/** Runs the route table's schedules on a timer (every minute locally); a failed run is logged and the next one tries again. */
export function startLocalSchedules(options: { rootDir: string; everyMs?: number; schedules?: readonly ScheduleDefinition[] }) {
  const timers = (options.schedules ?? defaultSchedules).map((schedule) => {
    let runs = 0;
    const run = () => {
      // One logger serves every handler of this process: the sweep's lines name the sweep, not the last HTTP route.
      const context = fakeContext(schedule, `schedule-${schedule.id}-${++runs}`);
      addContext(logger, context);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (require(path.join(options.rootDir, schedule.entry)) as { handler: (event: unknown, context: Context) => Promise<unknown> }).handler({}, context);
    };
    const timer = setInterval(() => {
      run().catch((error: unknown) => console.error(`${schedule.id} failed: ${error instanceof Error ? error.message : String(error)}`));
    }, options.everyMs ?? 60_000);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach((t) => clearInterval(t)) };
}
