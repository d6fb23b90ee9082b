import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import type { IdempotencyRecord, StoredResponse } from './idempotency.schema';

/**
 * Idempotency-Key records (docs/data-model.md). One item per organization and key, claimed with
 * a conditional put, so of any number of concurrent requests with one key exactly one runs.
 * `expiresAt` (epoch seconds) is the table's TTL attribute; DynamoDB deletes expired items
 * only eventually (DynamoDB Local never), so every condition here treats an expired record as absent.
 * `leaseExpiresAt` (epoch ms) bounds an in-progress claim: a request that died without
 * releasing it (timeout, crash) blocks its key only until then.
 */

export type ClaimResult = { claimed: true } | { claimed: false; existing: IdempotencyRecord };

/** Claims `key` for one attempt (`owner`), unless a live record exists; then returns that record. */
export async function claimKey(
  organizationId: string,
  key: string,
  claim: { fingerprint: string; owner: string; nowMs: number; leaseMs: number; ttlSeconds: number },
): Promise<ClaimResult> {
  const nowSeconds = Math.floor(claim.nowMs / 1000);
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.idempotency(organizationId, key),
          entity: 'idempotency',
          fingerprint: claim.fingerprint,
          status: 'in_progress',
          owner: claim.owner,
          leaseExpiresAt: claim.nowMs + claim.leaseMs,
          expiresAt: nowSeconds + claim.ttlSeconds,
          createdAt: new Date(claim.nowMs).toISOString(),
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR expiresAt <= :nowS OR (#status = :inProgress AND leaseExpiresAt <= :nowMs AND fingerprint = :fp)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':nowS': nowSeconds, ':nowMs': claim.nowMs, ':inProgress': 'in_progress', ':fp': claim.fingerprint },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const old = error.Item ? unmarshall(error.Item) : await getRecord(organizationId, key);
    if (!old) return claimKey(organizationId, key, claim); // released between our put and the read: try again
    return { claimed: false, existing: old as IdempotencyRecord };
  }
}

async function getRecord(organizationId: string, key: string): Promise<Record<string, unknown> | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.idempotency(organizationId, key), ConsistentRead: true }),
  );
  return out.Item;
}

/** Stores the response of the attempt that holds the claim; false when the claim was lost (lease expired and taken over). */
export async function completeKey(organizationId: string, key: string, owner: string, response: StoredResponse): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.idempotency(organizationId, key),
        UpdateExpression: 'SET #status = :completed, statusCode = :code, responseBody = :body REMOVE leaseExpiresAt',
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
        ExpressionAttributeValues: { ':completed': 'completed', ':code': response.statusCode, ':body': response.body, ':owner': owner },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Deletes the claim of a failed attempt, so a retry with the same key runs again. */
export async function releaseKey(organizationId: string, key: string, owner: string): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.idempotency(organizationId, key),
        ConditionExpression: '#owner = :owner AND #status = :inProgress',
        ExpressionAttributeNames: { '#owner': 'owner', '#status': 'status' },
        ExpressionAttributeValues: { ':owner': owner, ':inProgress': 'in_progress' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
