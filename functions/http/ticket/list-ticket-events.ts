import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listTicketEvents } from '../../../shared/domain/ticket/ticket-lifecycle.service';

/** GET /api/ext-v1/ticket/{ticketId}/events?cursor=&limit=: the ticket's activity, oldest first. */
export const listEvents = (request: ApiRequest) =>
  listTicketEvents(request.org.organizationId, request.pathParameters.ticketId ?? '', { cursor: request.query.cursor, limit: request.query.limit });

export const handler = httpHandler({}, listEvents);
