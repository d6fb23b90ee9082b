import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { keys, type TicketIndexFacet } from '../../db/keys';
import { batchGet } from '../../db/operations';
import { fitsKeyPart, isUuid, keyPartTooLong } from '../common.schema';
import { BadRequestError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { toTicket } from './ticket.repository';
import { TICKET_SOURCES, type Ticket } from './ticket.schema';
import { KEY_PART_MAX_BYTES } from '../../db/keys';
import { decodeSortKeyCursor, encodeSortKeyCursor } from '../../db/cursor';

/**
 * `GET /ticket?source=&deviceIdentifier=&customerId=&limit=&cursor=`, newest first. Every ticket
 * has index entries written in its own transaction (ticket.repository `ticketWriteItems`): one in
 * the org's list, one per source, per device and per customer. The most selective filter given
 * picks the partition (device, else customer, else source, else all) and one Query serves it; the
 * other filters narrow inside that partition. Then one BatchGetItem reads the tickets themselves,
 * so a category changed later is shown as it is now.
 */

export const TICKET_LIST_DEFAULT_LIMIT = 20;
export const TICKET_LIST_MAX_LIMIT = 100;
export const TICKET_SOURCE_INVALID = `source must be one of: ${TICKET_SOURCES.join(', ')}`;
export const TICKET_LIST_LIMIT_INVALID = `limit must be an integer from 1 to ${TICKET_LIST_MAX_LIMIT}`;
export const TICKET_LIST_CURSOR_INVALID = 'cursor is invalid for this query';
export const TICKET_CUSTOMER_ID_INVALID = 'customerId must be a customer id (UUID)';

export interface TicketListQuery {
  source?: string;
  deviceIdentifier?: string;
  customerId?: string;
  limit?: string;
  cursor?: string;
}

const INDEX_SK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/;
const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

function parse(query: TicketListQuery) {
  const source = blank(query.source);
  if (source !== undefined && !(TICKET_SOURCES as readonly string[]).includes(source)) throw new BadRequestError(TICKET_SOURCE_INVALID);
  const deviceIdentifier = blank(query.deviceIdentifier);
  if (deviceIdentifier !== undefined && !fitsKeyPart('deviceIdentifier', deviceIdentifier)) {
    throw new BadRequestError(keyPartTooLong('deviceIdentifier', KEY_PART_MAX_BYTES.deviceIdentifier));
  }
  const customerId = blank(query.customerId)?.toLowerCase();
  if (customerId !== undefined && !isUuid(customerId)) throw new BadRequestError(TICKET_CUSTOMER_ID_INVALID);
  let limit = TICKET_LIST_DEFAULT_LIMIT;
  if (blank(query.limit) !== undefined) {
    const raw = (query.limit as string).trim();
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > TICKET_LIST_MAX_LIMIT) throw new BadRequestError(TICKET_LIST_LIMIT_INVALID);
    limit = Number(raw);
  }
  let afterSk: string | undefined;
  if (blank(query.cursor) !== undefined) {
    afterSk = decodeSortKeyCursor(query.cursor as string, INDEX_SK);
    if (afterSk === undefined) throw new BadRequestError(TICKET_LIST_CURSOR_INVALID);
  }
  return { source, deviceIdentifier, customerId, limit, afterSk };
}

/** The organization's tickets matching the filters, newest first, with an opaque cursor for the next page. */
export async function listTickets(org: OrgContext, query: TicketListQuery): Promise<{ tickets: Ticket[]; nextCursor: string | null }> {
  const { source, deviceIdentifier, customerId, limit, afterSk } = parse(query);
  const facet: TicketIndexFacet = deviceIdentifier ? { deviceIdentifier } : customerId ? { customerId } : source ? { source } : { all: true };
  const pk = keys.ticketIndexPartition(org.organizationId, facet);
  // Filters the partition does not already imply.
  const narrow: Record<string, string> = {};
  if (source && !('source' in facet)) narrow.source = source;
  if (customerId && !('customerId' in facet)) narrow.customerId = customerId;
  const names = Object.fromEntries(Object.keys(narrow).map((name, i) => [`#f${i}`, name]));
  const values = Object.fromEntries(Object.values(narrow).map((value, i) => [`:f${i}`, value]));

  const entries: { sk: string; ticketId: string }[] = [];
  let startKey: Record<string, unknown> | undefined = afterSk ? { pk, sk: afterSk } : undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: Object.keys(narrow).length > 0 ? Object.keys(names).map((n, i) => `${n} = :f${i}`).join(' AND ') : undefined,
        ExpressionAttributeNames: Object.keys(narrow).length > 0 ? names : undefined,
        ExpressionAttributeValues: { ':pk': pk, ...values },
        ProjectionExpression: Object.keys(narrow).length > 0 ? undefined : 'sk, ticketId',
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: limit + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) entries.push({ sk: item.sk as string, ticketId: item.ticketId as string });
    startKey = out.LastEvaluatedKey;
  } while (startKey && entries.length <= limit);

  const page = entries.slice(0, limit);
  const items = await batchGet<Record<string, unknown>>(page.map((e) => keys.ticket(org.organizationId, e.ticketId)));
  const byId = new Map(items.map((item) => [item.ticketId as string, item]));
  const tickets = page.flatMap((e) => (byId.has(e.ticketId) ? [toTicket(byId.get(e.ticketId) as Record<string, unknown>)] : []));
  const last = page.at(-1);
  return { tickets, nextCursor: entries.length > limit && last ? encodeSortKeyCursor(last.sk) : null };
}
