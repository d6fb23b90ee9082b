import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { UnauthorizedError } from '../errors';
import { API_KEY_PREFIX, hashApiKey, MAX_PRESENTED_KEY_LENGTH } from './api-key';
import type { OrgContext } from './organization.schema';

/**
 * API-key authentication, without the organization schema's zod declarations: every HTTP function's handler
 * factory bundles it (organization.service.ts and organization.repository.ts re-export what is here).
 */

export const MISSING_API_KEY = 'Missing API key';
export const INVALID_API_KEY = 'Invalid API key';

/**
 * Resolves the organization of a presented key. No cache: every call reads the key item
 * with a consistent read, which is what makes regeneration take effect on the next request.
 */
export async function authenticate(apiKey: string | undefined): Promise<OrgContext> {
  const presented = apiKey?.trim();
  if (!presented) throw new UnauthorizedError(MISSING_API_KEY);
  if (!presented.startsWith(API_KEY_PREFIX) || presented.length > MAX_PRESENTED_KEY_LENGTH) {
    throw new UnauthorizedError(INVALID_API_KEY);
  }
  const org = await findOrgByKeyHash(hashApiKey(presented));
  if (!org) throw new UnauthorizedError(INVALID_API_KEY);
  return org;
}

/**
 * Org by key hash: one strongly consistent GetItem, so a revoked key fails on the next request.
 * The key item also carries the org settings hot paths need (telemetry retention), so
 * authentication brings them at no extra request.
 */
export async function findOrgByKeyHash(keyHash: string): Promise<OrgContext | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.apiKey(keyHash), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const { organizationId, telemetryRetentionDays } = out.Item as OrgContext;
  return telemetryRetentionDays === undefined ? { organizationId } : { organizationId, telemetryRetentionDays };
}
