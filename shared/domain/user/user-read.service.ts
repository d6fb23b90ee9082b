import { UnauthorizedError } from '../errors';
import { getOrganization } from '../organization/organization.repository';
import type { OrgContext } from '../organization/organization.schema';
import { getUser } from './user.repository';
import { MISSING_SESSION, type UserContext } from './user.limits';
import type * as z from 'zod/mini';
import type { MeResponse } from './user.schema';

/** GET /api/console/v1/me: who is signed in (for Cognito users without a table item, what the token says). */
export async function me(org: OrgContext, user: UserContext | undefined): Promise<z.infer<typeof MeResponse>> {
  if (!user) throw new UnauthorizedError(MISSING_SESSION);
  const [stored, organization] = await Promise.all([getUser(org.organizationId, user.userId), getOrganization(org.organizationId)]);
  return {
    user: { userId: user.userId, organizationId: org.organizationId, email: user.email, role: user.role, createdAt: stored?.createdAt ?? '' },
    organization: { organizationId: org.organizationId, name: organization?.name ?? '' },
  };
}
