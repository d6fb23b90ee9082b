import { isUuid } from '../common.schema';
import { NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import * as repo from './ticket.repository';
import { TICKET_NOT_FOUND } from './ticket.limits';
import type { Ticket } from './ticket.schema';

/** GET /ticket/{ticketId}: a ticket of the caller's organization, else 404. */
export async function getTicket(org: OrgContext, rawId: string | undefined): Promise<Ticket> {
  const id = rawId?.trim().toLowerCase() ?? '';
  const ticket = isUuid(id) ? await repo.getTicket(org.organizationId, id) : undefined;
  if (!ticket) throw new NotFoundError(TICKET_NOT_FOUND);
  return ticket;
}
