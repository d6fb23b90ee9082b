import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { signOut as end } from '../../../shared/domain/user/user.service';
import type { UserContext } from '../../../shared/domain/user/user.schema';

/** POST /api/console/v1/session/sign-out: every session of the user issued until now stops working. */
export const signOut = (request: ApiRequest) => end(request.org.organizationId, request.user as UserContext);

export const handler = httpHandler({}, signOut);
