import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { CreateTicketBody, type CreateTicketInput } from '../../../shared/domain/ticket/ticket-create.schema';
import { createTicket as create } from '../../../shared/domain/ticket/ticket.service';

/** POST /api/ext-v1/ticket/createTicket (spec 4.10): categorised, routed, announced in team chat. */
export const createTicket = (request: ApiRequest<CreateTicketInput>) => create(request.org, request.body);

export const handler = httpHandler({ body: CreateTicketBody, invalidJson: 'Invalid JSON payload' }, createTicket);
