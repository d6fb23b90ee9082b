import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import type { Key } from './keys';

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

/** BatchGetItem limit per request. */
export const BATCH_GET_LIMIT = 100;

/**
 * Strongly consistent BatchGetItem over any number of keys: chunks of 100, unprocessed keys
 * re-requested with back-off. Returns the items found (order not guaranteed).
 */
export async function batchGet<T = Record<string, unknown>>(keyList: Key[], projection?: string[]): Promise<T[]> {
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
              ConsistentRead: true,
              ...(projection
                ? {
                    ProjectionExpression: projection.map((_, n) => `#p${n}`).join(', '),
                    ExpressionAttributeNames: Object.fromEntries(projection.map((p, n) => [`#p${n}`, p])),
                  }
                : {}),
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
