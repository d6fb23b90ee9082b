import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { expectedVersionOf, ticketResponse } from '../../../shared/http/ticket-response';
import { AddTicketMessageBody } from '../../../shared/domain/ticket/ticket-lifecycle-body';
import type { TicketMessageInput } from '../../../shared/domain/ticket/ticket-lifecycle.limits';
import { addTicketMessage } from '../../../shared/domain/ticket/ticket-lifecycle.service';

/** POST /api/ext-v1/ticket/{ticketId}/messages: a reply, a customer message or an internal note; honours If-Match. */
export const addMessage = async (request: ApiRequest<TicketMessageInput>) =>
  ticketResponse(
    await addTicketMessage(request.org.organizationId, request.pathParameters.ticketId ?? '', request.body, {
      actor: request.body.author ?? 'api',
      expectedVersion: expectedVersionOf(request.event.headers),
    }),
  );

export const handler = httpHandler({ body: AddTicketMessageBody, invalidJson: 'Invalid JSON payload' }, addMessage);
