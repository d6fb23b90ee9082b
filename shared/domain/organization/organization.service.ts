import { BadRequestError, NotFoundError } from '../errors';
import { generateApiKey, hashApiKey } from './api-key';
import * as repo from './organization.repository';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, OrganizationName, type OrgContext } from './organization.schema';
import * as z from 'zod/mini';

export { authenticate, INVALID_API_KEY, MISSING_API_KEY } from './organization-auth';

/** Creates an organization and returns its id and the only copy of its API key. */
export async function createOrganization(name: string): Promise<{ organizationId: string; apiKey: string }> {
  const parsed = OrganizationName.safeParse(name);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid organization name');
  const apiKey = generateApiKey();
  const org = await repo.createOrganizationWithKey(parsed.data, hashApiKey(apiKey));
  return { organizationId: org.organizationId, apiKey };
}

/** Lists organizations (id and name). */
export async function listOrganizations() {
  return repo.listOrganizations();
}

/** Issues a new key and revokes the old one atomically; the old key fails from the next request on. */
export async function regenerateApiKey(organizationId: string): Promise<{ organizationId: string; apiKey: string }> {
  if (!z.uuid().safeParse(organizationId).success) throw new NotFoundError(`Organization not found: ${organizationId}`);
  for (let attempt = 0; attempt < 5; attempt++) {
    const org = await repo.getOrganization(organizationId);
    if (!org) throw new NotFoundError(`Organization not found: ${organizationId}`);
    const apiKey = generateApiKey();
    const settings = org.telemetryRetentionDays === undefined ? {} : { telemetryRetentionDays: org.telemetryRetentionDays };
    if (await repo.replaceKey(organizationId, org.keyHash, hashApiKey(apiKey), settings)) return { organizationId, apiKey };
  }
  throw new Error('Key regeneration kept conflicting with another rotation; try again');
}

/** Telemetry retention of an organization in days (the default when never set). */
export const retentionDaysOf = (org: { telemetryRetentionDays?: number }) => org.telemetryRetentionDays ?? DEFAULT_RETENTION_DAYS;

/** `org set-retention`: days telemetry is kept; applies to records written from now on. */
export async function setTelemetryRetention(organizationId: string, days: number): Promise<{ organizationId: string; telemetryRetentionDays: number }> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS) {
    throw new BadRequestError(`--days must be an integer from 1 to ${MAX_RETENTION_DAYS}`);
  }
  if (!z.uuid().safeParse(organizationId).success) throw new NotFoundError(`Organization not found: ${organizationId}`);
  for (let attempt = 0; attempt < 5; attempt++) {
    const org = await repo.getOrganization(organizationId);
    if (!org) throw new NotFoundError(`Organization not found: ${organizationId}`);
    if (await repo.setTelemetryRetention(organizationId, org.keyHash, days)) return { organizationId, telemetryRetentionDays: days };
  }
  throw new Error('Setting the retention kept conflicting with a key rotation; try again');
}

/** The organization's id and hot-path settings, for callers without an API key (MQTT, S3); undefined when it does not exist. */
export async function findOrganizationContext(organizationId: string): Promise<OrgContext | undefined> {
  if (!z.uuid().safeParse(organizationId).success) return undefined;
  const org = await repo.getOrganization(organizationId);
  if (!org) return undefined;
  return org.telemetryRetentionDays === undefined ? { organizationId } : { organizationId, telemetryRetentionDays: org.telemetryRetentionDays };
}
