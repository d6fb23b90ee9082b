import { NotFoundError } from '../errors';
import { API_KEY_PREFIX } from '../organization/api-key';
import { getOrganization } from '../organization/organization.repository';
import { regenerateApiKey } from '../organization/organization.service';
import type { OrgContext } from '../organization/organization.schema';
import type { DeveloperSettingsResponse, RegenerateKeyResponse } from './console.schema';

/**
 * Settings > Developer: the organization's API key, masked, and its regeneration. On its own (console.service.ts
 * re-exports it) so the function serving these routes carries none of the console pages' services.
 */

/** GET /api/console/v1/settings/developer (admins). */
export async function developerSettings(org: OrgContext): Promise<DeveloperSettingsResponse> {
  const found = await getOrganization(org.organizationId);
  if (!found) throw new NotFoundError('Organization not found');
  return { keyMasked: `${API_KEY_PREFIX}${'•'.repeat(12)}`, keyCreatedAt: found.keyRotatedAt ?? found.createdAt };
}

/** POST /api/console/v1/settings/developer/regenerate (admins; the body carries the typed confirmation). */
export async function regenerateKey(org: OrgContext): Promise<RegenerateKeyResponse> {
  const { apiKey } = await regenerateApiKey(org.organizationId);
  const { keyCreatedAt } = await developerSettings(org);
  return { apiKey, keyCreatedAt };
}
