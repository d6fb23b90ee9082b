import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listUsers as list } from '../../../shared/domain/user/user.service';

/** GET /api/console/v1/users (admins): the organization's team. */
export const listUsers = async (request: ApiRequest) => ({ users: await list(request.org.organizationId) });

export const handler = httpHandler({}, listUsers);
