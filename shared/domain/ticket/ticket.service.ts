import { randomUUID } from 'node:crypto';
import { isUuid, normalizeEmail } from '../common.schema';
import * as customers from '../customer/customer.repository';
import { CUSTOMER_NOT_FOUND } from '../customer/customer.schema';
import { NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { loadTicketConfig } from '../ticket-config/ticket-config.repository';
import { findCategoryName } from '../ticket-config/ticket-config.schema';
import { categorize, classifierFromEnv } from './classifier/classifier';
import type { ChatNotificationJob } from './notification/chat-message';
import { chatDeliveredByStream, deliverInProcess } from './notification/dispatch';
import * as repo from './ticket.repository';
import { route } from './routing';
import { firstCustomerMessage, generateDescription } from './ticket-text';
import { TICKET_CREATED, TICKET_NOT_FOUND, type CategorySource, type CreateTicketInput, type Ticket } from './ticket.schema';

/**
 * The customer a ticket belongs to, with the email the notification shows. By id: it must
 * exist in the org. By email: found through the guard item, else created (createCustomer
 * answers with the existing id if a concurrent request created it first).
 */
async function resolveCustomer(organizationId: string, customer: CreateTicketInput['customer']) {
  if ('id' in customer) {
    const id = customer.id.toLowerCase();
    const found = isUuid(id) ? await customers.getCustomerEmail(organizationId, id) : undefined;
    if (!found) throw new NotFoundError(CUSTOMER_NOT_FOUND);
    return { customerId: id, email: found.email };
  }
  const existing = await customers.findCustomerIdByEmail(organizationId, normalizeEmail(customer.email));
  if (existing) return { customerId: existing, email: customer.email };
  const created = await customers.createCustomer(organizationId, { email: customer.email });
  return { customerId: created.created ? created.customerId : created.existingId, email: customer.email };
}

/**
 * POST /ticket/createTicket (spec 4.10). Reads the org's configuration (one query) and the
 * customer in parallel, categorises (requested category, else the classifier, never failing),
 * routes by the first matching rule, and stores the ticket together with its chat notification
 * job when the org has a webhook (one PutItem: the outbox). The table's stream delivers the job
 * in AWS; locally it is posted in-process after the write.
 */
export async function createTicket(org: OrgContext, input: CreateTicketInput) {
  const classifier = classifierFromEnv();
  const byStream = chatDeliveredByStream();
  const [config, customer] = await Promise.all([
    loadTicketConfig(org.organizationId),
    resolveCustomer(org.organizationId, input.customer),
  ]);
  const description = input.description ?? generateDescription(input.messages);
  const text = { title: input.title, description, messages: input.messages };

  let category = input.category ? findCategoryName(config.categories, input.category) : null;
  let categorySource: CategorySource = category ? 'request' : 'none';
  if (!category) {
    category = await categorize(classifier, text, config.categories);
    if (category) categorySource = 'auto';
  }

  const ticket: Ticket = {
    ticketId: randomUUID(),
    ...text,
    priority: input.priority,
    category,
    categorySource,
    assignee: route(config.rules, { ...text, category, priority: input.priority }),
    customerId: customer.customerId,
    status: 'open',
    createdAt: new Date().toISOString(),
  };
  const job: ChatNotificationJob | undefined = config.chatWebhookUrl
    ? {
        organizationId: org.organizationId,
        ticketId: ticket.ticketId,
        title: ticket.title,
        priority: ticket.priority,
        category,
        customerEmail: customer.email,
        firstCustomerMessage: firstCustomerMessage(input.messages)?.content ?? null,
      }
    : undefined;
  await repo.putTicket(org.organizationId, ticket, job);
  if (job && config.chatWebhookUrl && !byStream) deliverInProcess(job, config.chatWebhookUrl);
  return { success: true, ticketId: ticket.ticketId, message: TICKET_CREATED };
}

/** GET /ticket/{ticketId}: a ticket of the caller's organization, else 404. */
export async function getTicket(org: OrgContext, rawId: string | undefined): Promise<Ticket> {
  const id = rawId?.trim().toLowerCase() ?? '';
  const ticket = isUuid(id) ? await repo.getTicket(org.organizationId, id) : undefined;
  if (!ticket) throw new NotFoundError(TICKET_NOT_FOUND);
  return ticket;
}
