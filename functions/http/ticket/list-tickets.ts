import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listTickets as list } from '../../../shared/domain/ticket/ticket-list.service';

/** GET /api/ext-v1/ticket?status=&assignee=&priority=&category=&updatedSince=&source=&deviceIdentifier=&customerId=&limit=&cursor=: most recently updated first. */
export const listTickets = (request: ApiRequest) => {
  const q = request.query;
  return list(request.org, {
    status: q.status,
    assignee: q.assignee,
    priority: q.priority,
    category: q.category,
    updatedSince: q.updatedSince,
    source: q.source,
    deviceIdentifier: q.deviceIdentifier,
    customerId: q.customerId,
    limit: q.limit,
    cursor: q.cursor,
  });
};

export const handler = httpHandler({}, listTickets);
