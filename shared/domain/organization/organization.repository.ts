import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { stripKeys } from '../../db/keys';
import { transactWrite, TransactionConditionFailed } from '../../db/operations';
import { Organization } from './organization.schema';
export { listOrganizations } from './organization-listing';
export { findOrgByKeyHash } from './organization-auth';

/**
 * Access patterns for organizations and their API keys (docs/data-model.md):
 * org by id, org by key hash, list orgs, create org with key, swap key.
 */

/** Org by id (consistent). */
export async function getOrganization(organizationId: string): Promise<Organization | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.org(organizationId), ConsistentRead: true }),
  );
  return out.Item ? Organization.parse(stripKeys(out.Item)) : undefined;
}

/** Creates an organization and its key item in one transaction. */
export async function createOrganizationWithKey(name: string, keyHash: string): Promise<Organization> {
  const org: Organization = { organizationId: randomUUID(), name, keyHash, createdAt: new Date().toISOString() };
  await transactWrite([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.org(org.organizationId), ...keys.orgListing(org.organizationId), entity: 'org', ...org },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.apiKey(keyHash), entity: 'apiKey', organizationId: org.organizationId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return org;
}

/**
 * Swaps the org's key in one transaction: the old key item is deleted, the new one put and the
 * org's `keyHash` moved, guarded by the hash read before so two concurrent rotations cannot
 * both win. Returns false when the org changed underneath (caller re-reads and retries).
 */
export async function replaceKey(
  organizationId: string,
  oldHash: string,
  newHash: string,
  settings: Pick<Organization, 'telemetryRetentionDays'> = {},
): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keys.org(organizationId),
          UpdateExpression: 'SET keyHash = :new, keyRotatedAt = :now',
          ConditionExpression: 'keyHash = :old',
          ExpressionAttributeValues: { ':new': newHash, ':old': oldHash, ':now': new Date().toISOString() },
        },
      },
      { Delete: { TableName: tableName(), Key: keys.apiKey(oldHash) } },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.apiKey(newHash), entity: 'apiKey', organizationId, ...settings },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}

/**
 * Sets the telemetry retention on the org and on its current key item in one transaction, guarded
 * by the hash read before, so a concurrent rotation cannot leave the new key without the setting.
 * Returns false when the org changed underneath (caller re-reads and retries).
 */
export async function setTelemetryRetention(organizationId: string, keyHash: string, days: number): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keys.org(organizationId),
          UpdateExpression: 'SET telemetryRetentionDays = :days',
          ConditionExpression: 'keyHash = :hash',
          ExpressionAttributeValues: { ':days': days, ':hash': keyHash },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.apiKey(keyHash),
          UpdateExpression: 'SET telemetryRetentionDays = :days',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':days': days },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}
