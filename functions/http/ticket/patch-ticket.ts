import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { expectedVersionOf, ticketResponse } from '../../../shared/http/ticket-response';
import { PatchTicketBody } from '../../../shared/domain/ticket/ticket-lifecycle-body';
import type { TicketPatch } from '../../../shared/domain/ticket/ticket-lifecycle.limits';
import { updateTicket } from '../../../shared/domain/ticket/ticket-lifecycle.service';

/** PATCH /api/ext-v1/ticket/{ticketId}: status, priority, assignee, category; honours If-Match (412 with the current ticket). */
export const patchTicket = async (request: ApiRequest<TicketPatch>) =>
  ticketResponse(
    await updateTicket(request.org.organizationId, request.pathParameters.ticketId ?? '', request.body, {
      actor: 'api',
      expectedVersion: expectedVersionOf(request.event.headers),
    }),
  );

export const handler = httpHandler({ body: PatchTicketBody, invalidJson: 'Invalid JSON payload' }, patchTicket);
