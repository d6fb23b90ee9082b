import { createOrganization } from '../../shared/domain/organization/organization.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';

/** A fresh organization with its key, for tests. */
export async function newOrg(name = 'Test org'): Promise<{ org: OrgContext; apiKey: string }> {
  const { organizationId, apiKey } = await createOrganization(name);
  return { org: { organizationId }, apiKey };
}
