import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { expectedVersionOf, ticketResponse } from '../../../shared/http/ticket-response';
import { PatchTicketBody } from '../../../shared/domain/ticket/ticket-lifecycle-body';
import type { TicketPatch } from '../../../shared/domain/ticket/ticket-lifecycle.limits';
import { updateTicket } from '../../../shared/domain/ticket/ticket-lifecycle.service';
import type { UserContext } from '../../../shared/domain/user/user.schema';

/**
 * PATCH /api/console/v1/tickets/{ticketId}: the ext-v1 PATCH (same body check, same If-Match and
 * 412) with the signed-in person as the actor of the activity event.
 */
export const patchConsoleTicket = async (request: ApiRequest<TicketPatch>) =>
  ticketResponse(
    await updateTicket(request.org.organizationId, request.pathParameters.ticketId ?? '', request.body, {
      actor: (request.user as UserContext).email,
      expectedVersion: expectedVersionOf(request.event.headers),
    }),
  );

export const handler = httpHandler({ body: PatchTicketBody, invalidJson: 'Invalid JSON payload' }, patchConsoleTicket);
