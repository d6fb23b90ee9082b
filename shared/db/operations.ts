import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  QueryCommand,
  TransactWriteCommand,
  type NativeAttributeValue,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import type { Key } from './keys';
import { TABLE } from './table';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One cancellation reason per transaction item, in item order (`None` for items that passed). */
export interface CancellationReason {
  Code?: string;
  Item?: Record<string, unknown>;
}

/** Raised when a transaction was cancelled by a failed condition (not by a conflict). */
export class TransactionConditionFailed extends Error {
  constructor(readonly reasons: CancellationReason[]) {
    super('Transaction cancelled by a condition');
  }
  /** Whether item `index` is the one whose condition failed. */
  failedAt(index: number): boolean {
    return this.reasons[index]?.Code === 'ConditionalCheckFailed';
  }
}

const MAX_CONFLICT_RETRIES = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * TransactWriteItems that retries on `TransactionConflict` (concurrent transactions touching
 * the same item, which the SDK does not retry) with jittered back-off, and turns a
 * condition failure into {@link TransactionConditionFailed} carrying the per-item reasons.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = (error.CancellationReasons ?? []) as CancellationReason[];
      if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw new TransactionConditionFailed(reasons);
      const conflict = reasons.some((r) => r.Code === 'TransactionConflict');
      if (!conflict || attempt >= MAX_CONFLICT_RETRIES) throw error;
      await sleep(Math.random() * 20 * 2 ** attempt);
    }
  }
}

/** Projection parameters for `attributes` (placeholders, so reserved words like `name` work); none when undefined. */
function projectionOf(attributes: string[] | undefined) {
  if (!attributes) return {};
  return {
    ProjectionExpression: attributes.map((_, n) => `#p${n}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((attribute, n) => [`#p${n}`, attribute])),
  };
}

/** BatchGetItem limit per request. */
export const BATCH_GET_LIMIT = 100;

/**
 * BatchGetItem over any number of keys, strongly consistent unless `consistent` is false: chunks of
 * 100, unprocessed keys re-requested with back-off. Returns the items found (order not guaranteed).
 */
export async function batchGet<T = Record<string, unknown>>(keyList: Key[], projection?: string[], consistent = true): Promise<T[]> {
  const table = tableName();
  const found: T[] = [];
  for (let i = 0; i < keyList.length; i += BATCH_GET_LIMIT) {
    let pending: Record<string, unknown>[] | undefined = keyList.slice(i, i + BATCH_GET_LIMIT).map((k) => ({ ...k }));
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const out = await documentClient().send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: pending,
              ConsistentRead: consistent,
              ...projectionOf(projection),
            },
          },
        }),
      );
      found.push(...((out.Responses?.[table] ?? []) as T[]));
      pending = out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

/** TransactWriteItems limits: 100 actions and 4 MB per transaction. */
export const TRANSACTION_ITEM_LIMIT = 100;
export const TRANSACTION_BYTE_BUDGET = 3_500_000;

/** Splits transaction items into chunks under the item and size limits (`size` estimates bytes). */
export function chunkForTransactions<T>(items: T[], size: (item: T) => number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const itemBytes = size(item);
    if (current.length > 0 && (current.length >= TRANSACTION_ITEM_LIMIT || bytes + itemBytes > TRANSACTION_BYTE_BUDGET)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += itemBytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Writes a group of transaction items per entry (e.g. the two items of a link), packing whole
 * entries into TransactWriteItems of up to 100 items, chunks committed side by side. When a
 * condition fails, the entries whose items failed are returned in `failed` with their
 * cancellation reasons (in item order) and the rest of that chunk is retried without them, so
 * one lost race never blocks the other entries. For small items only (links, guards, new
 * records): chunks are cut by item count, not bytes.
 */
export async function transactWriteEach<T>(
  entries: T[],
  itemsOf: (entry: T) => TransactItem[],
): Promise<{ done: T[]; failed: { entry: T; reasons: CancellationReason[] }[] }> {
  return transactWriteEachWithShared(entries, itemsOf, () => []);
}

/**
 * {@link transactWriteEach}, where each chunk may also carry items derived from the entries it holds
 * (`sharedOf`, e.g. one update of a device's snapshot for all the links of that device in the
 * chunk: a transaction may touch an item once). Shared items go last, carry no condition, and are
 * recomputed for the entries left when a chunk is retried without the ones that failed.
 */
export async function transactWriteEachWithShared<T>(
  entries: T[],
  itemsOf: (entry: T) => TransactItem[],
  sharedOf: (entries: T[]) => TransactItem[],
): Promise<{ done: T[]; failed: { entry: T; reasons: CancellationReason[] }[] }> {
  const done: T[] = [];
  const failed: { entry: T; reasons: CancellationReason[] }[] = [];
  const groups = entries.map((entry) => ({ entry, items: itemsOf(entry) }));
  const chunks: (typeof groups)[] = [];
  let current: typeof groups = [];
  let count = 0;
  for (const group of groups) {
    const shared = sharedOf([...current, group].map((g) => g.entry)).length;
    if (current.length > 0 && count + group.items.length + shared > TRANSACTION_ITEM_LIMIT) {
      chunks.push(current);
      current = [];
      count = 0;
    }
    current.push(group);
    count += group.items.length;
  }
  if (current.length > 0) chunks.push(current);

  await Promise.all(
    chunks.map(async (chunk) => {
      let pending = chunk;
      while (pending.length > 0) {
        try {
          await transactWrite([...pending.flatMap((g) => g.items), ...sharedOf(pending.map((g) => g.entry))]);
          done.push(...pending.map((g) => g.entry));
          return;
        } catch (error) {
          if (!(error instanceof TransactionConditionFailed)) throw error;
          const next: typeof pending = [];
          let offset = 0;
          for (const group of pending) {
            const reasons = error.reasons.slice(offset, offset + group.items.length);
            if (group.items.some((_, k) => error.failedAt(offset + k))) failed.push({ entry: group.entry, reasons });
            else next.push(group);
            offset += group.items.length;
          }
          if (next.length === pending.length) throw error;
          pending = next;
        }
      }
    }),
  );
  return { done, failed };
}

/**
 * Every item of one partition (optionally only sort keys starting with `skPrefix`), read with a
 * strongly consistent Query and paginated to the end. The item-collection access patterns
 * (device + owners, customer + devices, an org's ticket configuration) all go through here.
 */
export async function queryPartition(
  pk: string,
  options: { skPrefix?: string; projection?: string[] } = {},
): Promise<Record<string, NativeAttributeValue>[]> {
  const items: Record<string, NativeAttributeValue>[] = [];
  const values: Record<string, unknown> = { ':pk': pk };
  let condition = 'pk = :pk';
  if (options.skPrefix !== undefined) {
    condition += ' AND begins_with(sk, :prefix)';
    values[':prefix'] = options.skPrefix;
  }
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: condition,
        ExpressionAttributeValues: values,
        ...projectionOf(options.projection),
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** BatchWriteItem limit per request. */
export const BATCH_WRITE_LIMIT = 25;
/** Requests in flight per {@link batchPut} call: enough to overlap round trips, few enough not to flood one partition. */
const BATCH_WRITE_CONCURRENCY = 4;
const MAX_UNPROCESSED_ATTEMPTS = 10;

/**
 * Puts any number of items with BatchWriteItem: chunks of 25, up to 4 in flight. Unprocessed
 * items (throttling, partition limits) are re-sent with capped, jittered exponential back-off;
 * an item still unprocessed after 10 attempts fails the call, so nothing is dropped silently.
 * No conditions: for items whose key makes a rewrite harmless (telemetry replays overwrite).
 * Items must have distinct keys (DynamoDB rejects a batch holding one key twice).
 */
export async function batchPut(items: Record<string, unknown>[]): Promise<void> {
  const table = tableName();
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += BATCH_WRITE_LIMIT) chunks.push(items.slice(i, i + BATCH_WRITE_LIMIT));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++] as Record<string, unknown>[];
      let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= MAX_UNPROCESSED_ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed after ${attempt} attempts`);
        if (attempt > 0) await sleep(Math.random() * Math.min(2000, 50 * 2 ** attempt));
        const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = (out.UnprocessedItems?.[table] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_WRITE_CONCURRENCY, chunks.length) }, worker));
}

/**
 * Every item of one gsi1 partition (optionally only sort keys up to `skAtMost`), paginated to the
 * end. The index is eventually consistent: for listings (organizations, connectors, due watches)
 * where a write of the last moment may show on the next read.
 */
export async function queryIndexPartition(
  gsi1pk: string,
  options: { skAtMost?: string; projection?: string[] } = {},
): Promise<Record<string, NativeAttributeValue>[]> {
  const items: Record<string, NativeAttributeValue>[] = [];
  const projection = projectionOf(options.projection);
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: TABLE.gsi1.indexName,
        KeyConditionExpression: `#gpk = :pk${options.skAtMost !== undefined ? ' AND #gsk <= :sk' : ''}`,
        ExpressionAttributeNames: {
          '#gpk': TABLE.gsi1.partitionKey,
          ...(options.skAtMost !== undefined ? { '#gsk': TABLE.gsi1.sortKey } : {}),
          ...projection.ExpressionAttributeNames,
        },
        ExpressionAttributeValues: { ':pk': gsi1pk, ...(options.skAtMost !== undefined ? { ':sk': options.skAtMost } : {}) },
        ...(projection.ProjectionExpression ? { ProjectionExpression: projection.ProjectionExpression } : {}),
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}
