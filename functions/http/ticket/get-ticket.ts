import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { ticketResponse } from '../../../shared/http/ticket-response';
import { getTicket as get } from '../../../shared/domain/ticket/ticket-read.service';

/** GET /api/ext-v1/ticket/{ticketId}: the ticket as stored (ETag: its version), 404 for unknown ids and other orgs' tickets. */
export const getTicket = async (request: ApiRequest) => ticketResponse(await get(request.org, request.pathParameters.ticketId));

export const handler = httpHandler({}, getTicket);
