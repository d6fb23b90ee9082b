import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { type TicketActivityFacet } from '../../db/keys';
import { batchGet } from '../../db/operations';
import { fitsKeyPart, isUuid, keyPartTooLong } from '../common.schema';
import { BadRequestError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { toTicket, UNASSIGNED_KEY } from './ticket.repository';
// Constants from the zod-free modules: importing them from a schema module builds its schemas at load (docs/performance.md).
import { PRIORITY_INVALID, TICKET_SOURCES, TICKET_STATUSES } from './ticket.limits';
import type { Ticket } from './ticket.schema';
import { STATUS_INVALID } from './ticket-lifecycle.limits';
import { ASSIGNEE_MAX, PRIORITIES } from '../ticket-config/ticket-config.limits';
import { KEY_PART_MAX_BYTES } from '../../db/keys';
import { decodeSortKeyCursor, encodeSortKeyCursor } from '../../db/cursor';

/**
 * `GET /ticket?status=&assignee=&priority=&category=&updatedSince=&source=&deviceIdentifier=&customerId=&limit=&cursor=`,
 * most recently updated first. Every ticket has "recently updated" list entries (issue 16,
 * ticket.repository `activityIndexPuts`), one per facet (all, status, assignee or unassigned,
 * priority, category, source, device, customer), sorted by `updatedAt` and moved in the
 * transaction of each change. The most selective filter picks the partition (device, customer,
 * assignee, category, status, priority, source, else all) and one Query serves a page; the other
 * filters narrow inside it; `updatedSince` is the sort-key range. Several statuses with no more
 * selective filter are one Query per status, merged. Then one BatchGetItem reads the tickets.
 */

export const TICKET_LIST_DEFAULT_LIMIT = 20;
export const TICKET_LIST_MAX_LIMIT = 100;
export const TICKET_SOURCE_INVALID = `source must be one of: ${TICKET_SOURCES.join(', ')}`;
export const TICKET_LIST_LIMIT_INVALID = `limit must be an integer from 1 to ${TICKET_LIST_MAX_LIMIT}`;
export const TICKET_LIST_CURSOR_INVALID = 'cursor is invalid for this query';
export const TICKET_CUSTOMER_ID_INVALID = 'customerId must be a customer id (UUID)';
export const TICKET_UPDATED_SINCE_INVALID = 'updatedSince must be an ISO 8601 date-time';
export const TICKET_FILTER_TOO_LONG = (field: string) => `${field} must be at most 200 characters`;

export interface TicketListQuery {
  status?: string;
  assignee?: string;
  priority?: string;
  category?: string;
  updatedSince?: string;
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
  const rawStatuses = blank(query.status);
  const statuses = rawStatuses === undefined ? [] : [...new Set(rawStatuses.split(',').map((v) => v.trim().toLowerCase()).filter((v) => v !== ''))];
  if (rawStatuses !== undefined && (statuses.length === 0 || statuses.some((v) => !(TICKET_STATUSES as readonly string[]).includes(v)))) throw new BadRequestError(STATUS_INVALID);
  const priority = blank(query.priority)?.toLowerCase();
  if (priority !== undefined && !(PRIORITIES as readonly string[]).includes(priority)) throw new BadRequestError(PRIORITY_INVALID);
  const assignee = blank(query.assignee);
  if (assignee !== undefined && assignee.length > ASSIGNEE_MAX) throw new BadRequestError(TICKET_FILTER_TOO_LONG('assignee'));
  const category = blank(query.category);
  if (category !== undefined && !fitsKeyPart('categoryName', category.toLowerCase())) throw new BadRequestError(TICKET_FILTER_TOO_LONG('category'));
  let since: string | undefined;
  const rawSince = blank(query.updatedSince);
  if (rawSince !== undefined) {
    const ms = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(rawSince) ? Date.parse(rawSince) : Number.NaN;
    if (Number.isNaN(ms)) throw new BadRequestError(TICKET_UPDATED_SINCE_INVALID);
    since = new Date(ms).toISOString();
  }
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
  return { source, deviceIdentifier, customerId, statuses, priority, assignee, category, since, limit, afterSk };
}

type Entry = { sk: string; ticketId: string };

/** Up to `want` entries of one partition, newest first, after `afterSk`, not older than `since`, matching `narrow`. */
async function collect(pk: string, narrow: { names: Record<string, string>; values: Record<string, unknown>; expression?: string }, want: number, afterSk?: string, since?: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  let startKey: Record<string, unknown> | undefined = afterSk ? { pk, sk: afterSk } : undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: since ? 'pk = :pk AND sk >= :since' : 'pk = :pk',
        FilterExpression: narrow.expression,
        ExpressionAttributeNames: narrow.expression ? narrow.names : undefined,
        ExpressionAttributeValues: { ':pk': pk, ...(since ? { ':since': since } : {}), ...narrow.values },
        ProjectionExpression: narrow.expression ? undefined : 'sk, ticketId',
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: want,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) entries.push({ sk: item.sk as string, ticketId: item.ticketId as string });
    startKey = out.LastEvaluatedKey;
  } while (startKey && entries.length < want);
  return entries.slice(0, want);
}

/** The organization's tickets matching the filters, most recently updated first, with an opaque cursor for the next page. */
export async function listTickets(org: OrgContext, query: TicketListQuery): Promise<{ tickets: Ticket[]; nextCursor: string | null }> {
  const f = parse(query);
  const singleStatus = f.statuses.length === 1 ? f.statuses[0] : undefined;
  const facet: TicketActivityFacet | undefined = f.deviceIdentifier
    ? { deviceIdentifier: f.deviceIdentifier }
    : f.customerId
      ? { customerId: f.customerId }
      : f.assignee
        ? { assignee: f.assignee.toLowerCase() === 'none' ? null : f.assignee }
        : f.category
          ? { category: f.category }
          : singleStatus
            ? { status: singleStatus }
            : f.statuses.length > 1
              ? undefined // one partition per status, merged below
              : f.priority
                ? { priority: f.priority }
                : f.source
                  ? { source: f.source }
                  : { all: true };
  // Filters the partition does not already imply.
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const add = (attribute: string, value: string | string[], implied: boolean) => {
    if (implied) return;
    const i = conditions.length;
    names[`#f${i}`] = attribute;
    if (Array.isArray(value)) {
      value.forEach((v, j) => (values[`:f${i}_${j}`] = v));
      conditions.push(`#f${i} IN (${value.map((_, j) => `:f${i}_${j}`).join(', ')})`);
    } else {
      values[`:f${i}`] = value;
      conditions.push(`#f${i} = :f${i}`);
    }
  };
  const has = (name: string) => facet !== undefined && name in facet;
  if (f.customerId) add('customerId', f.customerId, has('customerId'));
  if (f.assignee) add('assigneeKey', f.assignee.toLowerCase() === 'none' ? UNASSIGNED_KEY : `=${f.assignee}`, has('assignee'));
  if (f.category) add('categoryKey', f.category.toLowerCase(), has('category'));
  if (f.statuses.length > 0) add('status', f.statuses.length === 1 ? f.statuses[0] : f.statuses, has('status') || facet === undefined);
  if (f.priority) add('priority', f.priority, has('priority'));
  if (f.source) add('source', f.source, has('source'));
  const narrow = { names, values, expression: conditions.length ? conditions.join(' AND ') : undefined };

  const partitions = facet ? [facet] : f.statuses.map((status) => ({ status }));
  const found = await Promise.all(partitions.map((p) => collect(keys.ticketActivityPartition(org.organizationId, p), narrow, f.limit + 1, f.afterSk, f.since)));
  const entries = found.flat().sort((a, b) => (a.sk < b.sk ? 1 : a.sk > b.sk ? -1 : 0));

  const page = entries.slice(0, f.limit);
  const items = await batchGet<Record<string, unknown>>(page.map((e) => keys.ticket(org.organizationId, e.ticketId)));
  const byId = new Map(items.map((item) => [item.ticketId as string, item]));
  const tickets = page.flatMap((e) => (byId.has(e.ticketId) ? [toTicket(byId.get(e.ticketId) as Record<string, unknown>)] : []));
  const last = page.at(-1);
  return { tickets, nextCursor: entries.length > f.limit && last ? encodeSortKeyCursor(last.sk) : null };
}
