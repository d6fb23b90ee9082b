import { randomUUID } from 'node:crypto';
import { TransactionConditionFailed } from '../../db/operations';
import { isUuid, normalizeEmail } from '../common.schema';
import * as customers from '../customer/customer.repository';
import { CUSTOMER_NOT_FOUND } from '../customer/customer.limits';
import { NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { loadTicketConfig } from '../ticket-config/ticket-config.repository';
import { findCategoryName } from '../ticket-config/category-names';
import { categorizeTicket, classifierFromEnv, type Classification } from './classifier/classifier';
import { featuresToLearn, loadExamples, teach } from './classifier/learning';
import type { ChatNotificationJob } from './notification/chat-message';
import { chatDeliveredByStream, deliverInProcess } from './notification/dispatch';
import * as repo from './ticket.repository';
import { route } from './routing';
import { firstCustomerMessage, generateDescription } from './ticket-text';
import { TICKET_CREATED } from './ticket.limits';
import type { CategorySource, CreateTicketInput } from './ticket.schema';

/**
 * The customer a ticket belongs to, with the email the notification shows. By id: it must
 * exist in the org. By email: found through the guard item; when there is none, the Puts that
 * create it (`create`) are returned for the ticket's own transaction, so the customer exists
 * exactly when the ticket does.
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
  const { id, items } = customers.newCustomerItems(organizationId, { email: customer.email });
  return { customerId: id, email: customer.email, create: items };
}

/**
 * POST /ticket/createTicket (spec 4.10). Reads the org's configuration (one query) and the
 * customer in parallel, categorises (requested category, else the classifier, never failing),
 * routes by the first matching rule, and stores the ticket together with its chat notification
 * job when the org has a webhook (one PutItem: the outbox), its `created` event (actor `api`, or
 * `options.actor`) and its list entries, all in one transaction. The table's stream delivers the job
 * in AWS; locally it is posted in-process after the write.
 */
export async function createTicket(org: OrgContext, input: CreateTicketInput, options: { actor?: string } = {}) {
  const classifier = classifierFromEnv();
  const byStream = chatDeliveredByStream();
  // The learned examples are read alongside when the classifier will probably run.
  const [config, customer, prefetched] = await Promise.all([
    loadTicketConfig(org.organizationId),
    resolveCustomer(org.organizationId, input.customer),
    input.category ? undefined : loadExamples(org.organizationId),
  ]);
  const description = input.description ?? generateDescription(input.messages);
  const text = { title: input.title, description, messages: input.messages };

  let category = input.category ? findCategoryName(config.categories, input.category) : null;
  let categorySource: CategorySource = category ? 'request' : 'none';
  let verdict: Classification = { category: null, confidence: null };
  if (!category && config.categories.length > 0) {
    const examples = prefetched ?? (await loadExamples(org.organizationId));
    verdict = await categorizeTicket(classifier, text, config.categories, examples);
    category = verdict.category;
    if (category) categorySource = 'auto';
  }
  // A category the caller chose is a labelled example for this organization.
  const learnedFeatures = categorySource === 'request' ? await featuresToLearn(text) : undefined;

  const ticket: repo.StoredTicket = {
    ticketId: randomUUID(),
    ...text,
    priority: input.priority,
    category,
    categorySource,
    categoryConfidence: verdict.confidence,
    ...(learnedFeatures?.length ? { learnedFeatures } : {}),
    assignee: route(config.rules, { ...text, category, priority: input.priority }),
    customerId: customer.customerId,
    status: 'new',
    createdAt: new Date().toISOString(),
    source: 'api',
    deviceIdentifier: null,
    incidentId: null,
    owners: [],
    ownerCount: 0,
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
  try {
    await repo.putTicket(org.organizationId, ticket, job, customer.create, options.actor);
  } catch (error) {
    // Item 0 is the new customer's email guard: a concurrent request created that customer first.
    if (!(customer.create && error instanceof TransactionConditionFailed && error.failedAt(0))) throw error;
    const existingId = await customers.findCustomerIdByEmail(org.organizationId, normalizeEmail(customer.email));
    if (!existingId) throw error;
    ticket.customerId = existingId;
    await repo.putTicket(org.organizationId, ticket, job, [], options.actor);
  }
  if (job && config.chatWebhookUrl && !byStream) deliverInProcess(job, config.chatWebhookUrl);
  if (category && learnedFeatures?.length) await teach(org.organizationId, [{ category, features: learnedFeatures, delta: 1 }]);
  return { success: true, ticketId: ticket.ticketId, message: TICKET_CREATED };
}

// Kept importable from here; the GET handler imports the read module itself, so its bundle carries no classifier.
export { getTicket } from './ticket-read.service';

