import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { queue } from '../../../shared/domain/console/console.service';
import type { UserContext } from '../../../shared/domain/user/user.schema';

/** GET /api/console/v1/tickets?view=&status=&priority=&category=&assignee=&source=: the queue with every view's count. */
export const getQueue = (request: ApiRequest) => queue(request.org, request.user as UserContext, request.query);

export const handler = httpHandler({}, getQueue);
