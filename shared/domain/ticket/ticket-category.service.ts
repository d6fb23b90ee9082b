import type { OrgContext } from '../organization/organization.schema';
import { updateTicket } from './ticket-lifecycle.service';
import type { Ticket } from './ticket.schema';
import type { SetTicketCategoryInput } from './ticket-category-body';

/**
 * POST /ticket/{ticketId}/category: a person sets the category (`agent`). The category must
 * exist in the org (400 otherwise); the ticket must be the org's (404). Since issue 16 this is
 * `PATCH /ticket/{ticketId}` with only a category: the same conditional change, its `categorised`
 * event, and the same teaching (what the previous person-given label taught is removed, so
 * re-labelling never counts a ticket twice).
 */
export async function setTicketCategory(org: OrgContext, rawId: string | undefined, input: SetTicketCategoryInput): Promise<Ticket> {
  return updateTicket(org.organizationId, rawId ?? '', { category: input.category }, { actor: 'api' });
}
