import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { getTicket as get } from '../../../shared/domain/ticket/ticket-read.service';

/** GET /api/ext-v1/ticket/{ticketId}: the ticket as stored, 404 for unknown ids and other orgs' tickets. */
export const getTicket = (request: ApiRequest) => get(request.org, request.pathParameters.ticketId);

export const handler = httpHandler({}, getTicket);
