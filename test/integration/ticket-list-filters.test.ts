import { addCategory } from '../../shared/domain/ticket-config/ticket-config.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';
import { addTicketMessage, updateTicket } from '../../shared/domain/ticket/ticket-lifecycle.service';
import { getTicket } from '../../shared/domain/ticket/ticket-read.service';
import { createTicket } from '../../shared/domain/ticket/ticket.service';
import type { Ticket } from '../../shared/domain/ticket/ticket.schema';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/**
 * GET /ticket filters, each against a reference: every ticket read one by one and filtered in
 * memory, in the list's order (updatedAt, then id, descending). Pages of 3 make the cursor work.
 */
let org: OrgContext;
let all: Ticket[];
const since = { at: '' };
beforeAll(async () => {
  ({ org } = await newOrg());
  const other = (await newOrg('Other')).org;
  await addCategory(org.organizationId, { name: 'Battery', description: 'battery' });
  await addCategory(org.organizationId, { name: 'Wifi', description: 'wifi' });
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const { ticketId } = await createTicket(org, { title: `T${i}`, priority: (['low', 'medium', 'high', 'urgent'] as const)[i % 4], customer: { email: `c${i % 3}@x.co` }, messages: [] } as never);
    ids.push(ticketId);
  }
  await createTicket(other, { title: 'theirs', priority: 'low', customer: { email: 'c0@x.co' }, messages: [] } as never);
  const o = org.organizationId;
  await updateTicket(o, ids[0], { status: 'open', assignee: 'ana' }, { actor: 'api' });
  await updateTicket(o, ids[1], { status: 'pending', assignee: 'bo', category: 'Battery' }, { actor: 'api' });
  await updateTicket(o, ids[2], { status: 'solved' }, { actor: 'api' });
  await updateTicket(o, ids[3], { status: 'on_hold', assignee: 'ana', category: 'wifi' }, { actor: 'api' });
  since.at = new Date().toISOString();
  await updateTicket(o, ids[4], { status: 'solved', category: 'battery' }, { actor: 'api' });
  await updateTicket(o, ids[4], { status: 'closed' }, { actor: 'api' });
  await addTicketMessage(o, ids[5], { role: 'agent', content: 'hi' }, { actor: 'api' });
  await updateTicket(o, ids[6], { assignee: 'ana', priority: 'urgent' }, { actor: 'api' });
  await updateTicket(o, ids[0], { assignee: null }, { actor: 'api' });
  all = await Promise.all(ids.map((id) => getTicket(org, id)));
}, 120000);

const order = (a: Ticket, b: Ticket) => `${b.updatedAt}#${b.ticketId}`.localeCompare(`${a.updatedAt}#${a.ticketId}`);

async function everyPage(query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listTickets(org, { ...query, limit: '3', ...(cursor ? { cursor } : {}) });
    ids.push(...page.tickets.map((t) => t.ticketId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

const cases: [string, Record<string, string>, (t: Ticket) => boolean][] = [
  ['no filter', {}, () => true],
  ['status', { status: 'solved' }, (t) => t.status === 'solved'],
  ['several statuses', { status: 'new,pending,closed' }, (t) => ['new', 'pending', 'closed'].includes(t.status)],
  ['assignee', { assignee: 'ana' }, (t) => t.assignee === 'ana'],
  ['unassigned', { assignee: 'none' }, (t) => t.assignee === null],
  ['priority', { priority: 'urgent' }, (t) => t.priority === 'urgent'],
  ['category (any case)', { category: 'BATTERY' }, (t) => t.category === 'Battery'],
  ['updatedSince', { updatedSince: '' }, (t) => t.updatedAt >= since.at],
  ['status + assignee', { status: 'open,on_hold,new', assignee: 'ana' }, (t) => ['open', 'on_hold', 'new'].includes(t.status) && t.assignee === 'ana'],
  ['priority + unassigned + since', { priority: 'low', assignee: 'none', updatedSince: '' }, (t) => t.priority === 'low' && t.assignee === null && t.updatedAt >= since.at],
  ['customer + status', { customerId: '', status: 'new' }, (t) => t.customerId === all[0].customerId && t.status === 'new'],
  ['source', { source: 'api' }, () => true],
];

describe('GET /ticket filters against a reference filter of all tickets', () => {
  it.each(cases)('%s', async (_name, query, keep) => {
    const q = { ...query };
    if ('updatedSince' in q) q.updatedSince = since.at;
    if ('customerId' in q) q.customerId = all[0].customerId as string;
    const expected = all.filter(keep).sort(order).map((t) => t.ticketId);
    expect(expected.length).toBeGreaterThan(0);
    expect(await everyPage(q)).toEqual(expected);
  });

  it('a single filter page is one Query and one BatchGetItem', async () => {
    for (const query of [{ status: 'solved' }, { assignee: 'none' }, { priority: 'low' }, { category: 'wifi' }, {}]) {
      const { byCommand } = await countDynamoRequests(() => listTickets(org, query));
      expect(byCommand).toEqual({ QueryCommand: 1, BatchGetItemCommand: 1 });
    }
  });

  it.each([
    [{ status: 'done' }, 'status must be one of: new, open, pending, on_hold, solved, closed'],
    [{ status: 'open,,x' }, 'status must be one of: new, open, pending, on_hold, solved, closed'],
    [{ priority: 'now' }, 'priority must be one of: low, medium, high, urgent'],
    [{ updatedSince: 'yesterday' }, 'updatedSince must be an ISO 8601 date-time'],
  ])('%j → 400 %s', async (query, error) => {
    await expect(listTickets(org, query)).rejects.toThrow(error);
  });
});
