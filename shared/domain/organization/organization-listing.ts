import * as keys from '../../db/key-builders';
import { queryIndexPartition } from '../../db/operations';

/**
 * The organization listing, without the organization schema's zod declarations (organization.repository.ts
 * re-exports it): the dropout sweep and the auto-close schedule walk every organization and parse nothing with zod.
 */

/** Lists organizations through the sparse GSI1 listing (paginated to the end). */
export async function listOrganizations(): Promise<{ organizationId: string; name: string }[]> {
  const items = await queryIndexPartition(keys.orgListingPartition, { projection: ['organizationId', 'name'] });
  return items.map((item) => ({ organizationId: item.organizationId as string, name: item.name as string }));
}
