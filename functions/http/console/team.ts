import * as z from 'zod/mini';
import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { consoleUserError, userFields } from '../../../shared/domain/console/team-fields';
import { userAdd, userRemoveById, userSetRole } from '../../../shared/admin/users';
import type { UserContext } from '../../../shared/domain/user/user.schema';

/**
 * Settings > Team (admins): invite, change role, remove. The CLI's `user add` (locally the one-time
 * sign-in link, with Cognito AdminCreateUser) and the user service's guarded role change and
 * removal (never yourself, never the organization's last admin).
 */
const consoleErrors = async <T>(run: () => Promise<T>) => {
  try {
    return await run();
  } catch (error) {
    throw consoleUserError(error);
  }
};
const actor = (request: ApiRequest<unknown>) => (request.user as UserContext).email;

/** POST /api/console/v1/users `{ email, role }`. */
export const inviteUser = (request: ApiRequest<unknown>) =>
  consoleErrors(async () => {
    const { email, role } = userFields(request.body);
    const { signInLink, invitation, ...user } = (await userAdd(request.org.organizationId, email, role)) as Record<string, unknown>;
    return { user, ...(signInLink ? { signInLink } : {}), ...(invitation ? { invitation } : {}) };
  });
export const inviteHandler = httpHandler({ body: z.unknown() }, inviteUser);

/** PATCH /api/console/v1/users/{userId} `{ role }`. */
export const changeRole = (request: ApiRequest<unknown>) =>
  consoleErrors(() => userSetRole(request.org.organizationId, actor(request), request.pathParameters.userId, userFields(request.body).role));
export const changeRoleHandler = httpHandler({ body: z.unknown() }, changeRole);

/** DELETE /api/console/v1/users/{userId}. */
export const removeUser = (request: ApiRequest<unknown>) => consoleErrors(() => userRemoveById(request.org.organizationId, actor(request), request.pathParameters.userId));
export const removeHandler = httpHandler({}, removeUser);
