import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { keys, type TicketIndexFacet } from '../../db/keys';
import { transactWrite } from '../../db/operations';
import type { ChatNotificationJob } from './notification/chat-message';
import { outboxAttributes, TICKET_ENTITY } from './notification/outbox';
import { LEGACY_DIAGNOSIS, pendingDiagnosis, type Diagnosis } from '../diagnosis/diagnosis.schema';
import type { Ticket } from './ticket.schema';

/**
 * Ticket access patterns (docs/data-model.md): put a new ticket, ticket by id, set a ticket's
 * category (agent). A ticket lives
 * alone in `ORG#<org>#TICKET#<id>`, so another organization's id simply finds nothing.
 */

/** The Ticket resource's fields, in order: reads copy exactly these, so internal attributes never leak. */
const TICKET_FIELDS = [
  'ticketId',
  'title',
  'description',
  'priority',
  'category',
  'categorySource',
  'categoryConfidence',
  'assignee',
  'customerId',
  'messages',
  'status',
  'createdAt',
  'source',
  'deviceIdentifier',
  'incidentId',
  'owners',
  'ownerCount',
  'diagnosis',
] as const satisfies readonly (keyof Ticket)[];

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A ticket as stored: the resource plus `learnedFeatures`, the exact features its category
 * taught the classifier (so a re-label removes precisely those). Internal: reads never return it.
 */
export type StoredTicket = Omit<Ticket, 'diagnosis'> & { learnedFeatures?: string[]; diagnosis?: Diagnosis };

/**
 * Stores a new ticket, with its chat notification job when given (the outbox: ticket and job
 * are one atomic write). The condition makes an id collision fail loudly instead of overwriting.
 * `alongside` are writes that must commit with the ticket or not at all (the Puts creating its
 * customer): they come first in the one transaction that also writes the ticket and its list
 * index entries, so a failed createTicket leaves no customer behind; a failed condition among
 * them raises `TransactionConditionFailed` (item indexes as in `alongside`).
 */
export async function putTicket(
  organizationId: string,
  ticket: StoredTicket,
  notification?: ChatNotificationJob,
  alongside: TransactItem[] = [],
): Promise<void> {
  await transactWrite([...alongside, ...ticketWriteItems(organizationId, ticket, notification)]);
}

/**
 * The writes that store a ticket: its item (with the notification job when given, the outbox),
 * conditioned on the id being new, then its list index entries (one per facet: all, source,
 * device, customer; see docs/data-model.md). Callers put them in one transaction, so a ticket
 * is listed exactly when it exists. Exported for the proactive path, which adds its incident.
 */
export function ticketWriteItems(organizationId: string, ticket: StoredTicket, notification?: ChatNotificationJob): TransactItem[] {
  const put = {
    TableName: tableName(),
    Item: {
      ...keys.ticket(organizationId, ticket.ticketId),
      entity: TICKET_ENTITY,
      organizationId,
      ...ticket,
      // Every ticket starts with a pending diagnosis; the TicketDiagnosis worker (table stream) fills it in.
      diagnosis: ticket.diagnosis ?? pendingDiagnosis(),
      ...(notification ? outboxAttributes(notification) : {}),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  const entry = { entity: 'ticketIndex', ticketId: ticket.ticketId, source: ticket.source, deviceIdentifier: ticket.deviceIdentifier, customerId: ticket.customerId, createdAt: ticket.createdAt };
  const facets: TicketIndexFacet[] = [{ all: true }, { source: ticket.source }];
  if (ticket.deviceIdentifier) facets.push({ deviceIdentifier: ticket.deviceIdentifier });
  if (ticket.customerId) facets.push({ customerId: ticket.customerId });
  return [
    { Put: put },
    ...facets.map((facet) => ({ Put: { TableName: tableName(), Item: { ...keys.ticketIndex(organizationId, facet, ticket.createdAt, ticket.ticketId), ...entry } } })),
  ];
}

/** Ticket by id (one consistent GetItem), or undefined. */
export async function getTicket(organizationId: string, ticketId: string): Promise<Ticket | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.ticket(organizationId, ticketId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  return toTicket(out.Item);
}

// Tickets stored before confidences existed have no categoryConfidence: they read as null.
/** A stored ticket item → the Ticket resource. Tickets stored before sources existed were all created through the API. */
export const toTicket = (item: Record<string, unknown>) =>
  ({
    ...Object.fromEntries(TICKET_FIELDS.map((field) => [field, item[field]])),
    categoryConfidence: item.categoryConfidence ?? null,
    customerId: item.customerId ?? null,
    source: item.source ?? 'api',
    deviceIdentifier: item.deviceIdentifier ?? null,
    incidentId: item.incidentId ?? null,
    owners: item.owners ?? [],
    ownerCount: item.ownerCount ?? (Array.isArray(item.owners) ? item.owners.length : 0),
    diagnosis: item.diagnosis ?? LEGACY_DIAGNOSIS,
  }) as unknown as Ticket;

/**
 * Sets a ticket's category as a person's choice (`agent`) and records the features it teaches,
 * in one conditional UpdateItem. Returns the previous stored state (to unlearn what the old
 * label taught) and the updated ticket, or undefined when the ticket does not exist.
 */
export async function setAgentCategory(
  organizationId: string,
  ticketId: string,
  category: string,
  learnedFeatures: string[],
): Promise<{ before: StoredTicket; ticket: Ticket } | undefined> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.ticket(organizationId, ticketId),
        UpdateExpression: 'SET category = :category, categorySource = :agent, categoryConfidence = :none, learnedFeatures = :features',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':category': category, ':agent': 'agent', ':none': null, ':features': learnedFeatures },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const before = out.Attributes as StoredTicket;
    return { before, ticket: toTicket({ ...before, category, categorySource: 'agent', categoryConfidence: null }) };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
