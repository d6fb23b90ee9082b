import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { me } from '../../../shared/domain/user/user-read.service';

/** GET /api/console/v1/me: the signed-in user and their organization. */
export const getMe = (request: ApiRequest) => me(request.org, request.user);

export const handler = httpHandler({}, getMe);
