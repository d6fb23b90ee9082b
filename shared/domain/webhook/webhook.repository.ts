import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type NativeAttributeValue, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { transactWrite, TransactionConditionFailed } from '../../db/operations';
import type { SealedSecret } from '../../crypto/secret-sealer';
import type { StoredSecret } from './webhook-secret';
import { MAX_WEBHOOKS_PER_ORG } from './webhook.limits';
import type { DeliveryAttempt, Webhook } from './webhook.schema';

/**
 * Webhook endpoints, deliveries and the attempt log (access patterns in docs/data-model.md).
 * Endpoints live in one partition per organization with a count item that every create and
 * delete moves in the same transaction, so the 10-endpoint limit holds under concurrent creates.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Item = Record<string, NativeAttributeValue>;

export const WEBHOOK_ENTITY = 'webhook';
export const DELIVERY_ENTITY = 'webhookDelivery';
export const ATTEMPT_ENTITY = 'webhookAttempt';
/** Deliveries and their attempt log are kept 30 days (TTL), like most receivers' own retention. */
export const DELIVERY_RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * The stored endpoint: the resource plus its secrets (never returned by the API after creation).
 * In the item, a sealed secret is `sealedSecret` / `previousSealedSecret`; an endpoint created
 * before sealing has the clear `secret` / `previousSecret` until its next rotation.
 */
export interface StoredWebhook extends Webhook {
  organizationId: string;
  secret: StoredSecret;
  previousSecret: StoredSecret | null;
}

/** The item attributes of a secret: sealed ones and (tests of the old form only) clear ones go to different attributes. */
const secretAttributes = (secret: StoredSecret, previous: StoredSecret | null) => ({
  ...(typeof secret === 'string' ? { secret } : { sealedSecret: secret }),
  ...(previous === null ? {} : typeof previous === 'string' ? { previousSecret: previous } : { previousSealedSecret: previous }),
});

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

const toWebhook = (item: Item): StoredWebhook => ({
  organizationId: item.organizationId,
  webhookId: item.webhookId,
  url: item.url,
  events: item.events,
  description: item.description ?? null,
  enabled: item.enabled,
  disabledReason: item.disabledReason ?? null,
  consecutiveFailures: item.consecutiveFailures ?? 0,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  secret: item.sealedSecret ?? item.secret,
  previousSecret: item.previousSealedSecret ?? item.previousSecret ?? null,
  previousSecretExpiresAt: item.previousSecretExpiresAt ?? null,
});

/** The resource the API returns: everything but the secrets. */
export function publicView(webhook: StoredWebhook): Webhook {
  const { organizationId: _o, secret: _s, previousSecret: _p, ...view } = webhook;
  return view;
}

/** Creates an endpoint if the organization has fewer than the limit; false when it is at the limit. */
export async function createWebhook(webhook: StoredWebhook): Promise<boolean> {
  const countKey = keys.webhookCount(webhook.organizationId);
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: countKey,
          UpdateExpression: 'SET #n = if_not_exists(#n, :zero) + :one, entity = :entity',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
          ExpressionAttributeNames: { '#n': 'count' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_WEBHOOKS_PER_ORG, ':entity': 'webhookCount' },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: (() => {
            const { secret, previousSecret, ...rest } = webhook;
            return { ...keys.webhook(webhook.organizationId, webhook.webhookId), entity: WEBHOOK_ENTITY, ...rest, ...secretAttributes(secret, previousSecret) };
          })(),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed && error.failedAt(0)) return false;
    throw error;
  }
}

export async function getWebhook(organizationId: string, webhookId: string): Promise<StoredWebhook | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.webhook(organizationId, webhookId), ConsistentRead: true }));
  return out.Item ? toWebhook(out.Item) : undefined;
}

/** Every endpoint of an organization (at most 10): one Query of its partition. */
export async function listWebhooks(organizationId: string): Promise<StoredWebhook[]> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.webhookPartition(organizationId), ':prefix': 'WEBHOOK#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map(toWebhook).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Sets the given attributes on an existing endpoint; returns the new endpoint, undefined when it does not exist. */
export async function updateWebhook(organizationId: string, webhookId: string, changes: Record<string, unknown>, condition?: { expression: string; values: Record<string, unknown> }): Promise<StoredWebhook | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ...(condition?.values ?? {}) };
  const sets = Object.entries(changes).map(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    return `#a${i} = :a${i}`;
  });
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhook(organizationId, webhookId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `attribute_exists(pk)${condition ? ` AND ${condition.expression}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toWebhook(out.Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Rotation: the new secret and the previous one, both sealed (a clear secret of an endpoint created
 * before sealing leaves the item here). Conditioned on the secret the caller read, so of two
 * concurrent rotations one fails instead of losing a secret; undefined then (or when the endpoint is gone).
 */
export async function rotateWebhookSecret(
  organizationId: string,
  webhookId: string,
  read: StoredSecret,
  next: { secret: SealedSecret; previousSecret: SealedSecret; previousSecretExpiresAt: string; updatedAt: string },
): Promise<StoredWebhook | undefined> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhook(organizationId, webhookId),
        UpdateExpression: 'SET sealedSecret = :secret, previousSealedSecret = :previous, previousSecretExpiresAt = :expires, updatedAt = :now REMOVE #clear, previousSecret',
        ConditionExpression: typeof read === 'string' ? 'attribute_exists(pk) AND #clear = :read AND attribute_not_exists(sealedSecret)' : 'attribute_exists(pk) AND sealedSecret.box = :read',
        ExpressionAttributeNames: { '#clear': 'secret' },
        ExpressionAttributeValues: {
          ':secret': next.secret,
          ':previous': next.previousSecret,
          ':expires': next.previousSecretExpiresAt,
          ':now': next.updatedAt,
          ':read': typeof read === 'string' ? read : read.box,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toWebhook(out.Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Deletes an endpoint and gives its place back; false when it did not exist. */
export async function deleteWebhook(organizationId: string, webhookId: string): Promise<boolean> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: keys.webhook(organizationId, webhookId), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: tableName(),
          Key: keys.webhookCount(organizationId),
          UpdateExpression: 'SET #n = #n - :one',
          ConditionExpression: '#n > :zero',
          ExpressionAttributeNames: { '#n': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}

/** A counted failure or success of a delivery on the endpoint; returns the new count (undefined: endpoint gone). */
export async function recordDeliveryOutcome(organizationId: string, webhookId: string, failed: boolean): Promise<number | undefined> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhook(organizationId, webhookId),
        UpdateExpression: failed ? 'ADD consecutiveFailures :one' : 'SET consecutiveFailures = :zero',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: failed ? { ':one': 1 } : { ':zero': 0 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (out.Attributes?.consecutiveFailures as number | undefined) ?? 0;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

// --- Deliveries ----------------------------------------------------------------------------------

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface StoredDelivery {
  organizationId: string;
  deliveryId: string;
  webhookId: string;
  eventId: string;
  type: string;
  /** The exact JSON body sent on every attempt (the signature covers it). */
  payload: string;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** The attempt count when the current round began (0, or where a redelivery started): retries count from here. */
  roundStart: number;
  nextRetryAt: string | null;
  createdAt: string;
}

const toDelivery = (item: Item): StoredDelivery => ({
  organizationId: item.organizationId,
  deliveryId: item.deliveryId,
  webhookId: item.webhookId,
  eventId: item.eventId,
  type: item.type,
  payload: item.payload,
  status: item.status,
  attempts: item.attempts,
  roundStart: item.roundStart ?? 0,
  nextRetryAt: item.nextRetryAt ?? null,
  createdAt: item.createdAt,
});

const expiry = (nowMs: number) => Math.floor(nowMs / 1000) + DELIVERY_RETENTION_SECONDS;

/**
 * Stores a new delivery, due at `dueIso` (the sweep's safety net should the queue message be
 * lost). The deliveryId is derived from endpoint and event, so a stream record handled twice
 * creates it once: false when it already existed.
 */
export async function putDelivery(delivery: StoredDelivery, dueIso: string, nowMs: number): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.webhookDelivery(delivery.organizationId, delivery.deliveryId),
          ...keys.webhookDue(dueIso, delivery.organizationId, delivery.deliveryId),
          entity: DELIVERY_ENTITY,
          ...delivery,
          expiresAt: expiry(nowMs),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getDelivery(organizationId: string, deliveryId: string): Promise<StoredDelivery | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.webhookDelivery(organizationId, deliveryId), ConsistentRead: true }));
  return out.Item ? toDelivery(out.Item) : undefined;
}

/**
 * Claims attempt `expectedAttempts + 1` of a pending delivery: only one of a duplicated queue
 * message, a sweep and a redelivery wins. While the attempt runs the due entry points at
 * `leaseDueIso`, so an attempt whose worker dies is picked up again by the sweep.
 */
export async function claimAttempt(organizationId: string, deliveryId: string, expectedAttempts: number, leaseDueIso: string): Promise<StoredDelivery | undefined> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(organizationId, deliveryId),
        UpdateExpression: 'SET attempts = attempts + :one, gsi1pk = :duePk, gsi1sk = :dueSk',
        ConditionExpression: '#status = :pending AND attempts = :expected',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':pending': 'pending',
          ':expected': expectedAttempts,
          ':duePk': keys.webhookDue(leaseDueIso, organizationId, deliveryId).gsi1pk,
          ':dueSk': keys.webhookDue(leaseDueIso, organizationId, deliveryId).gsi1sk,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toDelivery(out.Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Records one attempt: the log entry and the delivery's new state in one transaction, so the log
 * has exactly one entry per attempt made. `next`: the retry's due time, or null when the delivery
 * is over (`status`).
 */
export async function recordAttempt(delivery: StoredDelivery, attempt: DeliveryAttempt & { webhookId: string }, outcome: { status: DeliveryStatus; nextRetryAt: string | null }, nowMs: number): Promise<void> {
  const { webhookId, ...logged } = attempt;
  const deliveryUpdate: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.webhookDelivery(delivery.organizationId, delivery.deliveryId),
      UpdateExpression:
        outcome.nextRetryAt !== null
          ? 'SET #status = :status, nextRetryAt = :next, gsi1pk = :duePk, gsi1sk = :dueSk'
          : 'SET #status = :status, nextRetryAt = :next REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attempts = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':next': outcome.nextRetryAt,
        ':attempt': attempt.attempt,
        ...(outcome.nextRetryAt !== null
          ? {
              ':duePk': keys.webhookDue(outcome.nextRetryAt, delivery.organizationId, delivery.deliveryId).gsi1pk,
              ':dueSk': keys.webhookDue(outcome.nextRetryAt, delivery.organizationId, delivery.deliveryId).gsi1sk,
            }
          : {}),
      },
    },
  };
  await transactWrite([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.webhookAttempt(delivery.organizationId, webhookId, attempt.at, delivery.deliveryId, attempt.attempt), entity: ATTEMPT_ENTITY, ...logged, expiresAt: expiry(nowMs) },
      },
    },
    deliveryUpdate,
  ]);
}

/** Starts a new round of attempts on a finished (or pending) delivery; undefined when it does not exist. */
export async function reopenDelivery(organizationId: string, deliveryId: string, dueIso: string): Promise<StoredDelivery | undefined> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(organizationId, deliveryId),
        UpdateExpression: 'SET #status = :pending, roundStart = attempts, nextRetryAt = :due, gsi1pk = :duePk, gsi1sk = :dueSk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':due': dueIso,
          ':duePk': keys.webhookDue(dueIso, organizationId, deliveryId).gsi1pk,
          ':dueSk': keys.webhookDue(dueIso, organizationId, deliveryId).gsi1sk,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toDelivery(out.Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Deliveries due by `nowIso` (oldest first), across organizations: one Query of the sparse due index. */
export async function dueDeliveries(nowIso: string, limit: number): Promise<{ organizationId: string; deliveryId: string; webhookId: string; attempts: number }[]> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': keys.webhookDuePartition, ':now': `${nowIso}#~` },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).filter((i) => i.status === 'pending').map((i) => ({ organizationId: i.organizationId, deliveryId: i.deliveryId, webhookId: i.webhookId, attempts: i.attempts }));
}

/** An endpoint's attempt log, newest first; `after` is the sort key of the last entry of the previous page. */
export async function listAttempts(organizationId: string, webhookId: string, limit: number, after?: string): Promise<{ attempts: DeliveryAttempt[]; lastSk: string | null }> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: after ? 'pk = :pk AND sk < :after' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.webhookAttemptPartition(organizationId, webhookId), ...(after ? { ':after': after } : {}) },
      ScanIndexForward: false,
      Limit: limit + 1,
    }),
  );
  const items = out.Items ?? [];
  const page = items.slice(0, limit);
  return {
    attempts: page.map((i) => ({
      deliveryId: i.deliveryId,
      eventId: i.eventId,
      type: i.type,
      attempt: i.attempt,
      statusCode: i.statusCode ?? null,
      error: i.error ?? null,
      durationMs: i.durationMs,
      at: i.at,
      nextRetryAt: i.nextRetryAt ?? null,
      responseBody: i.responseBody ?? null,
    })),
    lastSk: items.length > limit ? (page[page.length - 1]?.sk as string) : null,
  };
}
