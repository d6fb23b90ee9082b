import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listTicketEvents } from '../../../shared/domain/ticket/ticket-lifecycle.service';

/** GET /api/console/v1/tickets/{ticketId}/events?cursor=&limit=: the activity timeline (the ext-v1 route's service). */
export const listConsoleEvents = (request: ApiRequest) =>
  listTicketEvents(request.org.organizationId, request.pathParameters.ticketId ?? '', { cursor: request.query.cursor, limit: request.query.limit });

export const handler = httpHandler({}, listConsoleEvents);
