import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { expectedVersionOf, ticketResponse } from '../../../shared/http/ticket-response';
import { ConsoleTicketMessageBody } from '../../../shared/domain/ticket/ticket-lifecycle-body';
import type { TicketMessageInput } from '../../../shared/domain/ticket/ticket-lifecycle.limits';
import { addTicketMessage } from '../../../shared/domain/ticket/ticket-lifecycle.service';
import type { UserContext } from '../../../shared/domain/user/user.schema';

/**
 * POST /api/console/v1/tickets/{ticketId}/messages `{ content, internal? }`: an agent reply or an
 * internal note, written by the signed-in person (role `agent`, author their email); If-Match as on ext-v1.
 */
export const addConsoleMessage = async (request: ApiRequest<TicketMessageInput>) => {
  const author = (request.user as UserContext).email;
  return ticketResponse(
    await addTicketMessage(request.org.organizationId, request.pathParameters.ticketId ?? '', { ...request.body, author }, {
      actor: author,
      expectedVersion: expectedVersionOf(request.event.headers),
    }),
  );
};

export const handler = httpHandler({ body: ConsoleTicketMessageBody, invalidJson: 'Invalid JSON payload' }, addConsoleMessage);
