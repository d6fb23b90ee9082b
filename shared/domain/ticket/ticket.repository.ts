import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { keys, stripKeys } from '../../db/keys';
import type { Ticket } from './ticket.schema';

/**
 * Ticket access patterns (docs/data-model.md): put a new ticket, ticket by id. A ticket lives
 * alone in `ORG#<org>#TICKET#<id>`, so another organization's id simply finds nothing.
 */

/** Stores a new ticket; the condition makes an id collision fail loudly instead of overwriting. */
export async function putTicket(organizationId: string, ticket: Ticket): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.ticket(organizationId, ticket.ticketId), entity: 'ticket', organizationId, ...ticket },
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
  const { organizationId: _org, ...ticket } = stripKeys(out.Item);
  return ticket as Ticket;
}
