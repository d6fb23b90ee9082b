import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { keys } from '../../db/keys';
import type { ChatNotificationJob } from './notification/chat-message';
import { outboxAttributes, TICKET_ENTITY } from './notification/outbox';
import type { Ticket } from './ticket.schema';

/**
 * Ticket access patterns (docs/data-model.md): put a new ticket, ticket by id. A ticket lives
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
  'assignee',
  'customerId',
  'messages',
  'status',
  'createdAt',
] as const satisfies readonly (keyof Ticket)[];

/**
 * Stores a new ticket, with its chat notification job when given (the outbox: ticket and job
 * are one atomic write). The condition makes an id collision fail loudly instead of overwriting.
 */
export async function putTicket(organizationId: string, ticket: Ticket, notification?: ChatNotificationJob): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.ticket(organizationId, ticket.ticketId),
        entity: TICKET_ENTITY,
        organizationId,
        ...ticket,
        ...(notification ? outboxAttributes(notification) : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Ticket by id (one consistent GetItem), or undefined. */
export async function getTicket(organizationId: string, ticketId: string): Promise<Ticket | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.ticket(organizationId, ticketId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const item = out.Item;
  return Object.fromEntries(TICKET_FIELDS.map((field) => [field, item[field]])) as unknown as Ticket;
}
