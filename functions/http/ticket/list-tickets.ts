import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listTickets as list } from '../../../shared/domain/ticket/ticket-list.service';

/** GET /api/ext-v1/ticket?source=&deviceIdentifier=&customerId=&limit=&cursor=: the organization's tickets, newest first. */
export const listTickets = (request: ApiRequest) =>
  list(request.org, {
    source: request.query.source,
    deviceIdentifier: request.query.deviceIdentifier,
    customerId: request.query.customerId,
    limit: request.query.limit,
    cursor: request.query.cursor,
  });

export const handler = httpHandler({}, listTickets);
