import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { SetTicketCategoryBody, type SetTicketCategoryInput } from '../../../shared/domain/ticket/ticket-category-body';
import { setTicketCategory as set } from '../../../shared/domain/ticket/ticket-category.service';

/** POST /api/ext-v1/ticket/{ticketId}/category: a person sets the category; the ticket becomes a learned example. */
export const setTicketCategory = (request: ApiRequest<SetTicketCategoryInput>) => set(request.org, request.pathParameters.ticketId, request.body);

export const handler = httpHandler({ body: SetTicketCategoryBody, invalidJson: 'Invalid JSON payload' }, setTicketCategory);
