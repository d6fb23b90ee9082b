import { addCategory } from '../../shared/domain/ticket-config/ticket-config.service';
import { STATUS_TRANSITIONS } from '../../shared/domain/ticket/ticket-lifecycle.schema';
import { TICKET_STATUSES, type TicketStatus } from '../../shared/domain/ticket/ticket.schema';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();
const V1 = '/api/ext-v1';

let key: string;
let otherKey: string;
beforeAll(async () => {
  const mine = await newOrg();
  key = mine.apiKey;
  await addCategory(mine.org.organizationId, { name: 'Battery', description: 'battery life, charging, power' });
  otherKey = (await newOrg('Other org')).apiKey;
});

const patch = (ticketId: string, body: unknown, headers: Record<string, string> = {}, apiKey = key) =>
  api.call('PATCH', `${V1}/ticket/${ticketId}`, { apiKey, body, headers });
const message = (ticketId: string, body: unknown, headers: Record<string, string> = {}, apiKey = key) =>
  api.call('POST', `${V1}/ticket/${ticketId}/messages`, { apiKey, body, headers });
const events = async (ticketId: string, query = '', apiKey = key) => api.call('GET', `${V1}/ticket/${ticketId}/events${query}`, { apiKey });

async function newTicket(title = 'Heater stays cold'): Promise<string> {
  const res = await api.post('/ticket/createTicket', key, { title, customerEmail: 'life@example.com', messages: [{ role: 'customer', content: 'It is cold.' }] });
  expect(res.status).toBe(200);
  return res.body.ticketId as string;
}

/** A path of allowed moves from `new` to each status. */
const PATH_TO: Record<TicketStatus, TicketStatus[]> = {
  new: [],
  open: ['open'],
  pending: ['pending'],
  on_hold: ['on_hold'],
  solved: ['solved'],
  closed: ['solved', 'closed'],
};
async function ticketIn(status: TicketStatus): Promise<string> {
  const id = await newTicket();
  for (const step of PATH_TO[status]) expect((await patch(id, { status: step })).status).toBe(200);
  return id;
}

describe('statuses', () => {
  it('a new ticket starts new, version 1, with an ETag and a created event', async () => {
    const id = await newTicket();
    const res = await api.raw('GET', `${V1}/ticket/${id}`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"1"');
    const ticket = JSON.parse(res.text);
    expect(ticket).toMatchObject({ status: 'new', version: 1, updatedAt: ticket.createdAt, firstResponseAt: null, solvedAt: null, closedAt: null });
    const log = await events(id);
    expect(log.body).toMatchObject({ events: [{ type: 'created', actor: 'api' }], nextCursor: null });
  });

  // Every pair: allowed moves answer 200 with the new status, the others 409 with the exact text.
  it.each(TICKET_STATUSES.flatMap((from) => TICKET_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const)))(
    '%s → %s',
    async (from, to) => {
      const id = await ticketIn(from);
      const before = (await events(id)).body.events as unknown[];
      const res = await patch(id, { status: to });
      if (from === 'closed') {
        expect(res).toEqual({ status: 409, body: { error: 'Ticket is closed' } });
      } else if (STATUS_TRANSITIONS[from].includes(to)) {
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(to);
        const after = (await events(id)).body.events as { type: string; changes: unknown }[];
        expect(after).toHaveLength(before.length + 1);
        expect(after.at(-1)).toMatchObject({ type: 'status_changed', actor: 'api', changes: { status: { from, to } } });
        return;
      } else {
        expect(res).toEqual({ status: 409, body: { error: `Cannot change status from ${from} to ${to}` } });
      }
      // A refused change leaves no event.
      expect((await events(id)).body.events).toHaveLength(before.length);
    },
    30000,
  );

  it('solving sets solvedAt, closing closedAt; a closed ticket refuses every change', async () => {
    const id = await ticketIn('solved');
    const solved = (await api.get(`/ticket/${id}`, key)).body;
    expect(typeof solved.solvedAt).toBe('string');
    const closed = await patch(id, { status: 'closed' });
    expect(closed.body).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect(await patch(id, { priority: 'high' })).toEqual({ status: 409, body: { error: 'Ticket is closed' } });
    expect(await message(id, { role: 'customer', content: 'Hello?' })).toEqual({ status: 409, body: { error: 'Ticket is closed' } });
  });
});

describe('PATCH /ticket/{ticketId}', () => {
  it('changes priority, assignee and category with one event each', async () => {
    const id = await newTicket();
    expect((await patch(id, { priority: 'urgent' })).body).toMatchObject({ priority: 'urgent', version: 2 });
    expect((await patch(id, { assignee: 'ana@support' })).body).toMatchObject({ assignee: 'ana@support', version: 3 });
    expect((await patch(id, { category: 'battery' })).body).toMatchObject({ category: 'Battery', categorySource: 'agent', version: 4 });
    expect((await patch(id, { assignee: null })).body).toMatchObject({ assignee: null, version: 5 });
    const types = ((await events(id)).body.events as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(['created', 'priority_changed', 'assigned', 'categorised', 'assigned']);
  });

  it('a patch that changes nothing writes nothing', async () => {
    const id = await newTicket();
    const res = await patch(id, { priority: 'medium' });
    expect(res.body).toMatchObject({ version: 1 });
    expect((await events(id)).body.events).toHaveLength(1);
  });

  it.each([
    [{ colour: 'red' }, 'Unknown field "colour"'],
    [{ status: 'done' }, 'status must be one of: new, open, pending, on_hold, solved, closed'],
    [{ status: 3 }, 'status must be one of: new, open, pending, on_hold, solved, closed'],
    [{ priority: 'asap' }, 'priority must be one of: low, medium, high, urgent'],
    [{ assignee: 5 }, 'assignee must be a string or null'],
    [{ assignee: 'x'.repeat(201) }, 'assignee must be at most 200 characters'],
    [{ category: '' }, 'category is required'],
    [{ category: 'Nope' }, 'Unknown category "Nope"'],
    [{}, 'At least one of status, priority, assignee, category is required'],
  ])('%j → 400 %s', async (body, error) => {
    const id = await newTicket();
    expect(await patch(id, body)).toEqual({ status: 400, body: { error } });
  });

  it('If-Match: the current ETag applies, a stale one is 412 with the current ticket, a malformed one 400', async () => {
    const id = await newTicket();
    const ok = await patch(id, { priority: 'high' }, { 'if-match': '"1"' });
    expect(ok.body).toMatchObject({ version: 2 });
    const stale = await patch(id, { priority: 'low' }, { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ error: 'Ticket was changed by someone else', ticket: { ticketId: id, version: 2, priority: 'high' } });
    expect((await patch(id, { priority: 'low' }, { 'if-match': 'yesterday' })).status).toBe(400);
    // Without If-Match the change applies (last writer wins).
    expect((await patch(id, { priority: 'low' })).body).toMatchObject({ version: 3, priority: 'low' });
  });

  it('20 concurrent PATCHes with the same version: exactly one 200, the rest 412, and one event', async () => {
    const id = await newTicket();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => patch(id, { assignee: `agent-${i}` }, { 'if-match': '"1"' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(19);
    const winner = results.find((r) => r.status === 200)?.body.assignee;
    const log = (await events(id)).body.events as { type: string; changes: { assignee?: { to: string } } }[];
    expect(log.map((e) => e.type)).toEqual(['created', 'assigned']);
    expect(log[1].changes.assignee?.to).toBe(winner);
    expect((await api.get(`/ticket/${id}`, key)).body).toMatchObject({ version: 2, assignee: winner });
  }, 60000);

  it('concurrent PATCHes without If-Match all apply (last writer wins), one event each', async () => {
    const id = await newTicket();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => patch(id, { assignee: `agent-${i}` })));
    expect(results.map((r) => `${r.status} ${r.body.error ?? ''}`)).toEqual(Array(5).fill('200 '));
    const log = (await events(id, '?limit=100')).body.events as unknown[];
    expect(log).toHaveLength(6);
    expect((await api.get(`/ticket/${id}`, key)).body).toMatchObject({ version: 6 });
  }, 60000);
});

describe('POST /ticket/{ticketId}/messages', () => {
  it('agent reply sets firstResponseAt and opens a new ticket; internal notes change neither', async () => {
    const id = await newTicket();
    const note = await message(id, { role: 'agent', content: 'Looks like the sensor.', internal: true, author: 'ana' });
    expect(note.body).toMatchObject({ status: 'new', firstResponseAt: null, version: 2 });
    expect(note.body.messages).toHaveLength(2);
    expect((note.body.messages as unknown[])[1]).toMatchObject({ role: 'agent', content: 'Looks like the sensor.', internal: true, author: 'ana' });
    const reply = await message(id, { role: 'agent', content: 'Please restart it.' });
    expect(reply.body).toMatchObject({ status: 'open', firstResponseAt: expect.any(String), version: 3 });
    const log = (await events(id)).body.events as { type: string; actor: string; changes: Record<string, unknown> }[];
    expect(log.slice(1).map((e) => [e.type, e.actor])).toEqual([
      ['note_added', 'ana'],
      ['message_added', 'api'],
    ]);
    expect(log[1].changes).toMatchObject({ role: 'agent', internal: true, messageId: expect.any(String) });
  });

  it.each(['pending', 'solved'] as const)('a customer message reopens a %s ticket', async (status) => {
    const id = await ticketIn(status);
    const res = await message(id, { role: 'customer', content: 'Still broken.' });
    expect(res.body).toMatchObject({ status: 'open' });
    const last = ((await events(id)).body.events as { type: string; changes: Record<string, unknown> }[]).at(-1);
    expect(last).toMatchObject({ type: 'message_added', changes: { role: 'customer', internal: false, status: { from: status, to: 'open' } } });
  });

  it('a customer message leaves an on_hold ticket on hold', async () => {
    const id = await ticketIn('on_hold');
    expect((await message(id, { role: 'customer', content: 'Any news?' })).body).toMatchObject({ status: 'on_hold' });
  });

  it.each([
    [{ content: 'x' }, 'role must be one of: agent, customer, bot'],
    [{ role: 'boss', content: 'x' }, 'role must be one of: agent, customer, bot'],
    [{ role: 'agent' }, 'content is required'],
    [{ role: 'agent', content: '  ' }, 'content is required'],
    [{ role: 'agent', content: 7 }, 'content must be a string'],
    [{ role: 'agent', content: 'x'.repeat(10_001) }, 'content must be at most 10000 characters'],
    [{ role: 'agent', content: 'x', internal: 'yes' }, 'internal must be a boolean'],
    [{ role: 'customer', content: 'x', internal: true }, 'internal notes must have role "agent"'],
    [{ role: 'agent', content: 'x', author: 5 }, 'author must be a string'],
    [{ role: 'agent', content: 'x', cc: 'y' }, 'Unknown field "cc"'],
  ])('%j → 400 %s', async (body, error) => {
    const id = await newTicket();
    expect(await message(id, body)).toEqual({ status: 400, body: { error } });
    expect((await events(id)).body.events).toHaveLength(1);
  });

  it('If-Match on messages: stale is 412, nothing is appended', async () => {
    const id = await newTicket();
    await patch(id, { priority: 'high' });
    const res = await message(id, { role: 'agent', content: 'Hi' }, { 'if-match': '"1"' });
    expect(res.status).toBe(412);
    expect(res.body).toMatchObject({ error: 'Ticket was changed by someone else', ticket: { version: 2 } });
    expect(((await api.get(`/ticket/${id}`, key)).body.messages as unknown[]).length).toBe(1);
  });
});

describe('GET /ticket/{ticketId}/events', () => {
  it('pages oldest first with a cursor', async () => {
    const id = await newTicket();
    for (const p of ['low', 'high', 'urgent', 'medium']) await patch(id, { priority: p });
    const first = await events(id, '?limit=2');
    expect((first.body.events as { type: string }[]).map((e) => e.type)).toEqual(['created', 'priority_changed']);
    const second = await events(id, `?limit=2&cursor=${first.body.nextCursor as string}`);
    const third = await events(id, `?limit=2&cursor=${second.body.nextCursor as string}`);
    expect(third.body).toMatchObject({ nextCursor: null });
    const all = [...(first.body.events as { eventId: string }[]), ...(second.body.events as { eventId: string }[]), ...(third.body.events as { eventId: string }[])];
    expect(all).toHaveLength(5);
    expect(new Set(all.map((e) => e.eventId)).size).toBe(5);
    expect(await events(id, '?limit=0')).toEqual({ status: 400, body: { error: 'limit must be an integer from 1 to 100' } });
    expect(await events(id, '?cursor=nope')).toEqual({ status: 400, body: { error: 'cursor is invalid for this query' } });
  });
});

describe('tenant isolation', () => {
  it('another organization’s ticket is 404 on every new route, and nothing changes', async () => {
    const id = await newTicket();
    expect(await patch(id, { priority: 'high' }, {}, otherKey)).toEqual({ status: 404, body: { error: 'Ticket not found' } });
    expect(await message(id, { role: 'agent', content: 'x' }, {}, otherKey)).toEqual({ status: 404, body: { error: 'Ticket not found' } });
    expect(await events(id, '', otherKey)).toEqual({ status: 404, body: { error: 'Ticket not found' } });
    expect(await patch('not-a-ticket', { priority: 'high' })).toEqual({ status: 404, body: { error: 'Ticket not found' } });
    expect((await api.get(`/ticket/${id}`, key)).body).toMatchObject({ version: 1, priority: 'medium' });
  });

  it('no key is 401 on every new route', async () => {
    const id = await newTicket();
    expect(await api.call('PATCH', `${V1}/ticket/${id}`, { body: { priority: 'high' } })).toEqual({ status: 401, body: { error: 'Missing API key' } });
    expect(await api.call('POST', `${V1}/ticket/${id}/messages`, { body: { role: 'agent', content: 'x' } })).toEqual({ status: 401, body: { error: 'Missing API key' } });
    expect(await api.call('GET', `${V1}/ticket/${id}/events`, {})).toEqual({ status: 401, body: { error: 'Missing API key' } });
  });
});
