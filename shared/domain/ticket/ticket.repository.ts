import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { type TicketActivityFacet, type TicketIndexFacet } from '../../db/keys';
import { ticketEventAttributes } from './ticket-event';
import { transactWrite } from '../../db/operations';
import type { ChatNotificationJob } from './notification/chat-message';
import { outboxAttributes, TICKET_ENTITY } from './notification/outbox';
import { LEGACY_DIAGNOSIS, pendingDiagnosis, type Diagnosis } from '../diagnosis/diagnosis.model';
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
  'version',
  'updatedAt',
  'firstResponseAt',
  'solvedAt',
  'closedAt',
] as const satisfies readonly (keyof Ticket)[];

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A ticket as stored: the resource plus `learnedFeatures`, the exact features its category
 * taught the classifier (so a re-label removes precisely those). Internal: reads never return it.
 */
export type StoredTicket = Omit<Ticket, 'diagnosis' | LifecycleField> &
  Partial<Pick<Ticket, LifecycleField>> & { learnedFeatures?: string[]; diagnosis?: Diagnosis; messageBytes?: number };
/** Fields a new ticket gets from {@link ticketWriteItems} when the caller leaves them out. */
type LifecycleField = 'version' | 'updatedAt' | 'firstResponseAt' | 'solvedAt' | 'closedAt';

/** UTF-8 bytes of a ticket's message contents: the item-size budget POST …/messages checks. */
export const messageBytesOf = (messages: readonly { content: string }[]) => messages.reduce((sum, m) => sum + Buffer.byteLength(m.content, 'utf8'), 0);

/**
 * The "recently updated" list facets of a ticket (keys.ticketActivityIndex): all, status,
 * assignee (or unassigned), priority, category (when it has one), source, device, customer.
 */
export function activityFacets(ticket: Pick<Ticket, 'status' | 'assignee' | 'priority' | 'category' | 'source' | 'deviceIdentifier' | 'customerId'>): TicketActivityFacet[] {
  const facets: TicketActivityFacet[] = [{ all: true }, { status: ticket.status }, { assignee: ticket.assignee ?? null }, { priority: ticket.priority }, { source: ticket.source ?? 'api' }];
  if (ticket.category) facets.push({ category: ticket.category });
  if (ticket.deviceIdentifier) facets.push({ deviceIdentifier: ticket.deviceIdentifier });
  if (ticket.customerId) facets.push({ customerId: ticket.customerId });
  return facets;
}

/**
 * Most items a transaction gets from {@link ticketWriteItems} (the ticket, its 4 list entries, its
 * `created` event, its 8 "recently updated" entries) and from ticketChangeItems (the Update, its event,
 * 8 entries deleted, 8 put): what the anomaly detector counts to fit a commit in DynamoDB's 100 items.
 */
export const TICKET_ITEMS = { create: 14, change: 18 } as const;

/** The `assigneeKey` of an unassigned ticket's list entries (a named assignee's is `=<name>`, so no name collides). */
export const UNASSIGNED_KEY = 'none';

type ActivityState = Pick<Ticket, 'ticketId' | 'status' | 'assignee' | 'priority' | 'category' | 'source' | 'deviceIdentifier' | 'customerId' | 'updatedAt' | 'version'>;

/** Puts of a ticket's list entries for its current state; each entry carries what the list filters narrow by. */
export function activityIndexPuts(organizationId: string, ticket: ActivityState): TransactItem[] {
  const entry = {
    entity: 'ticketActivity',
    ticketId: ticket.ticketId,
    status: ticket.status,
    assignee: ticket.assignee ?? null,
    /** What `assignee=` filters compare: the name, or `none` for an unassigned ticket. */
    assigneeKey: ticket.assignee === null || ticket.assignee === undefined ? UNASSIGNED_KEY : `=${ticket.assignee}`,
    priority: ticket.priority,
    category: ticket.category ?? null,
    categoryKey: ticket.category ? ticket.category.trim().toLowerCase() : null,
    source: ticket.source ?? 'api',
    deviceIdentifier: ticket.deviceIdentifier ?? null,
    customerId: ticket.customerId ?? null,
    updatedAt: ticket.updatedAt,
    /** The ticket's version when the entry was written: the auto-close sweep's If-Match. */
    version: ticket.version,
  };
  return activityFacets(ticket).map((facet) => ({
    Put: { TableName: tableName(), Item: { ...keys.ticketActivityIndex(organizationId, facet, ticket.updatedAt, ticket.ticketId), ...entry } },
  }));
}

/** Deletes of a ticket's list entries for a state it is leaving (legacy tickets without entries: deleting nothing is harmless). */
export function activityIndexDeletes(organizationId: string, ticket: ActivityState): TransactItem[] {
  return activityFacets(ticket).map((facet) => ({ Delete: { TableName: tableName(), Key: keys.ticketActivityIndex(organizationId, facet, ticket.updatedAt, ticket.ticketId) } }));
}

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
  actor?: string,
): Promise<void> {
  await transactWrite([...alongside, ...ticketWriteItems(organizationId, ticket, notification, actor)]);
}

/**
 * The writes that store a ticket: its item (with the notification job when given, the outbox),
 * conditioned on the id being new, then its list index entries (one per facet: all, source,
 * device, customer; see docs/data-model.md). Callers put them in one transaction, so a ticket
 * is listed exactly when it exists. Exported for the proactive path, which adds its incident.
 */
export function ticketWriteItems(
  organizationId: string,
  ticket: StoredTicket,
  notification?: ChatNotificationJob,
  actor: string = ticket.source === 'anomaly' ? 'system' : 'api',
): TransactItem[] {
  // Issue 16: version 1, its `created` event (same transaction) and its "recently updated" list entries.
  const stored = {
    version: 1,
    updatedAt: ticket.createdAt,
    firstResponseAt: null,
    solvedAt: null,
    closedAt: null,
    messageBytes: messageBytesOf(ticket.messages),
    ...ticket,
  };
  const put = {
    TableName: tableName(),
    Item: {
      ...keys.ticket(organizationId, ticket.ticketId),
      entity: TICKET_ENTITY,
      organizationId,
      ...stored,
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
  const created = ticketEventAttributes(organizationId, ticket.ticketId, {
    at: ticket.createdAt,
    type: 'created',
    actor,
    version: stored.version,
    changes: { status: stored.status, priority: stored.priority, category: stored.category, assignee: stored.assignee, source: stored.source },
  });
  return [
    { Put: put },
    ...facets.map((facet) => ({ Put: { TableName: tableName(), Item: { ...keys.ticketIndex(organizationId, facet, ticket.createdAt, ticket.ticketId), ...entry } } })),
    { Put: { TableName: tableName(), Item: { ...keys.ticketEvent(organizationId, ticket.ticketId, stored.version), ...created } } },
    ...activityIndexPuts(organizationId, stored),
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
    // Tickets stored before issue 16: version 0, never changed since creation.
    version: item.version ?? 0,
    updatedAt: item.updatedAt ?? item.createdAt,
    firstResponseAt: item.firstResponseAt ?? null,
    solvedAt: item.solvedAt ?? null,
    closedAt: item.closedAt ?? null,
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
