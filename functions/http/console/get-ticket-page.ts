import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { ticketPage } from '../../../shared/domain/console/console.service';

/** GET /api/console/v1/tickets/{ticketId}: the ticket page's data in one request. */
export const getTicketPage = (request: ApiRequest) => ticketPage(request.org, request.pathParameters.ticketId);

export const handler = httpHandler({}, getTicketPage);
