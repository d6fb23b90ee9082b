/**
 * The console's routes for working a case (issue 18 on issue 16's lifecycle): the ext-v1 services
 * with the signed-in person as actor and author, If-Match as on ext-v1, person sessions only.
 */
import { signSession, SESSION_TTL_MS } from '../../shared/domain/user/session';
import { addUser, SESSION_SECRET_ENV } from '../../shared/domain/user/user.service';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();
const C = '/api/console/v1';

let key: string;
let agent: Record<string, string>;
let adminUser: Record<string, string>;
let otherOrgAdmin: Record<string, string>;

async function sessionFor(organizationId: string, email: string, role: 'agent' | 'admin') {
  const user = await addUser(organizationId, email, role);
  const token = signSession(process.env[SESSION_SECRET_ENV] as string, { o: organizationId, u: user.userId, iat: Date.now(), exp: Date.now() + SESSION_TTL_MS });
  return { authorization: `Bearer ${token}` };
}

beforeAll(async () => {
  const mine = await newOrg();
  key = mine.apiKey;
  agent = await sessionFor(mine.org.organizationId, 'agent@example.com', 'agent');
  adminUser = await sessionFor(mine.org.organizationId, 'admin@example.com', 'admin');
  const other = await newOrg('Other org');
  otherOrgAdmin = await sessionFor(other.org.organizationId, 'b@example.com', 'admin');
});

async function newTicket(): Promise<string> {
  const res = await api.post('/ticket/createTicket', key, { title: 'Heater stays cold', customerEmail: 'cold@example.com', messages: [{ role: 'customer', content: 'It is cold.' }] });
  expect(res.status).toBe(200);
  return res.body.ticketId as string;
}
const versionOf = async (id: string) => (await api.get(`/ticket/${id}`, key)).body.version as number;

it('an agent replies, notes and solves; each change is an event by that person; the ext-v1 API sees it all', async () => {
  const id = await newTicket();
  const reply = await api.call('POST', `${C}/tickets/${id}/messages`, { headers: agent, body: { content: 'We are on it.' } });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('etag')).toBe(`"${reply.body.version as number}"`);
  expect(reply.body.status).toBe('open');
  const note = await api.call('POST', `${C}/tickets/${id}/messages`, { headers: adminUser, body: { content: 'Firmware 2.1 bug.', internal: true } });
  expect(note.status).toBe(200);
  const solved = await api.call('PATCH', `${C}/tickets/${id}`, { headers: { ...agent, 'if-match': `"${note.body.version as number}"` }, body: { status: 'solved', assignee: 'agent@example.com' } });
  expect(solved.status).toBe(200);
  expect(solved.body).toEqual(expect.objectContaining({ status: 'solved', assignee: 'agent@example.com' }));

  const viaKey = await api.get(`/ticket/${id}`, key);
  expect(viaKey.body.status).toBe('solved');
  expect(viaKey.body.messages).toEqual([
    expect.objectContaining({ role: 'customer' }),
    expect.objectContaining({ role: 'agent', content: 'We are on it.', author: 'agent@example.com' }),
    expect.objectContaining({ role: 'agent', content: 'Firmware 2.1 bug.', internal: true, author: 'admin@example.com' }),
  ]);
  const events = await api.call('GET', `${C}/tickets/${id}/events`, { headers: agent });
  expect(events.status).toBe(200);
  const list = events.body.events as { type: string; actor: string }[];
  expect(list.map((e) => [e.type, e.actor])).toEqual(
    expect.arrayContaining([
      ['message_added', 'agent@example.com'],
      ['note_added', 'admin@example.com'],
      [expect.stringMatching(/status_changed|assigned/), 'agent@example.com'],
    ]),
  );
});

it('If-Match: a stale version is 412 with the current ticket and changes nothing; a bad one is 400', async () => {
  const id = await newTicket();
  const read = await versionOf(id);
  const eventsBefore = ((await api.call('GET', `${C}/tickets/${id}/events`, { headers: agent })).body.events as unknown[]).length;
  const first = await api.call('PATCH', `${C}/tickets/${id}`, { headers: { ...agent, 'if-match': `"${read}"` }, body: { priority: 'high' } });
  expect(first.status).toBe(200);
  const stale = await api.call('PATCH', `${C}/tickets/${id}`, { headers: { ...adminUser, 'if-match': `"${read}"` }, body: { priority: 'low' } });
  expect(stale.status).toBe(412);
  expect(stale.body).toEqual({ error: 'Ticket was changed by someone else', ticket: expect.objectContaining({ priority: 'high', version: first.body.version }) });
  const staleMessage = await api.call('POST', `${C}/tickets/${id}/messages`, { headers: { ...agent, 'if-match': `"${read}"` }, body: { content: 'late' } });
  expect(staleMessage.status).toBe(412);
  const bad = await api.call('PATCH', `${C}/tickets/${id}`, { headers: { ...agent, 'if-match': 'yesterday' }, body: { priority: 'low' } });
  expect(bad).toEqual({ status: 400, body: { error: 'If-Match must be the ETag of the ticket (its version in quotes, e.g. "3")' } });
  expect((await api.get(`/ticket/${id}`, key)).body).toEqual(expect.objectContaining({ priority: 'high', version: first.body.version }));
  expect(((await api.call('GET', `${C}/tickets/${id}/events`, { headers: agent })).body.events as unknown[]).length).toBe(eventsBefore + 1); // the one change
});

it('the ext-v1 rules and texts apply unchanged; role and author are not the console caller’s', async () => {
  const id = await newTicket();
  expect(await api.call('PATCH', `${C}/tickets/${id}`, { headers: agent, body: { status: 'done' } })).toEqual({ status: 400, body: { error: 'status must be one of: new, open, pending, on_hold, solved, closed' } });
  expect(await api.call('PATCH', `${C}/tickets/${id}`, { headers: agent, body: { status: 'closed' } })).toEqual({ status: 409, body: { error: 'Cannot change status from new to closed' } });
  expect(await api.call('POST', `${C}/tickets/${id}/messages`, { headers: agent, body: { content: 'x', role: 'customer' } })).toEqual({ status: 400, body: { error: 'Unknown field "role"' } });
  expect(await api.call('POST', `${C}/tickets/${id}/messages`, { headers: agent, body: { content: '' } })).toEqual({ status: 400, body: { error: 'content is required' } });
  expect(await api.call('POST', `${C}/tickets/${id}/messages`, { headers: agent, body: '{' })).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
});

it('person sessions only (the org key is 401), and another organization gets 404', async () => {
  const id = await newTicket();
  const version = await versionOf(id);
  const calls: [('PATCH' | 'POST' | 'GET'), string, unknown][] = [
    ['PATCH', `${C}/tickets/${id}`, { priority: 'low' }],
    ['POST', `${C}/tickets/${id}/messages`, { content: 'hi' }],
    ['GET', `${C}/tickets/${id}/events`, undefined],
  ];
  for (const [method, path, body] of calls) {
    expect((await api.call(method, path, { apiKey: key, body })).status).toBe(401);
    expect((await api.call(method, path, { body })).status).toBe(401);
    const foreign = await api.call(method, path, { headers: otherOrgAdmin, body });
    expect(foreign).toEqual({ status: 404, body: { error: 'Ticket not found' } });
  }
  const untouched = await api.get(`/ticket/${id}`, key);
  expect(untouched.body).toEqual(expect.objectContaining({ priority: 'medium', version }));
  expect(untouched.body.messages).toHaveLength(1);
});
