import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { search as find } from '../../../shared/domain/console/console.service';

/** GET /api/console/v1/search?q=: a ticket id, customer id or email, or device identifier. */
export const search = (request: ApiRequest) => find(request.org, request.query.q);

export const handler = httpHandler({}, search);
