import { isUuid } from '../common.schema';
import { BadRequestError, NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { loadTicketConfig } from '../ticket-config/ticket-config.repository';
import { findCategoryName } from '../ticket-config/ticket-config.schema';
import { featuresToLearn, teach } from './classifier/learning';
import * as repo from './ticket.repository';
import { categoryUnknown, TICKET_NOT_FOUND, type SetTicketCategoryInput, type Ticket } from './ticket.schema';

/**
 * POST /ticket/{ticketId}/category: a person sets the category (`agent`). The category must
 * exist in the org (400 otherwise); the ticket must be the org's (404). The label becomes an
 * example: what the previous person-given label taught is removed in the same atomic update,
 * so re-labelling never counts a ticket twice.
 */
export async function setTicketCategory(org: OrgContext, rawId: string | undefined, input: SetTicketCategoryInput): Promise<Ticket> {
  const id = rawId?.trim().toLowerCase() ?? '';
  if (!isUuid(id)) throw new NotFoundError(TICKET_NOT_FOUND);
  const [config, current] = await Promise.all([loadTicketConfig(org.organizationId), repo.getTicket(org.organizationId, id)]);
  if (!current) throw new NotFoundError(TICKET_NOT_FOUND);
  const category = findCategoryName(config.categories, input.category);
  if (!category) throw new BadRequestError(categoryUnknown(input.category));
  const features = await featuresToLearn(current);
  const result = await repo.setAgentCategory(org.organizationId, id, category, features);
  if (!result) throw new NotFoundError(TICKET_NOT_FOUND);
  const { before } = result;
  const taughtBefore = before.category && (before.categorySource === 'request' || before.categorySource === 'agent') ? (before.learnedFeatures ?? []) : [];
  await teach(org.organizationId, [
    ...(taughtBefore.length ? [{ category: before.category as string, features: taughtBefore, delta: -1 as const }] : []),
    { category, features, delta: 1 },
  ]);
  return result.ticket;
}
