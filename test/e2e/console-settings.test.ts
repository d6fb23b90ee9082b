/**
 * The console's settings routes (issue 18) over HTTP through the local stack: categories, routing
 * rules (ordered, versioned), chat webhook (SSRF guard, clear, test post), auto-close/proactive,
 * team (invite, role, remove; never yourself, never without an admin). Each: happy path, exact
 * 400 texts, an agent 403 `Admins only`, another organization isolated, no session 401.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signSession, SESSION_TTL_MS } from '../../shared/domain/user/session';
import { addUser, SESSION_SECRET_ENV, signIn } from '../../shared/domain/user/user.service';
import { resetEnvCache } from '../../shared/config/env';
import { setResolverForTests, WEBHOOK_ALLOW_LOCAL_ENV } from '../../shared/domain/webhook/safe-http';
import { loadTicketConfig } from '../../shared/domain/ticket-config/ticket-config.repository';
import { routes } from '../../shared/routes';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();
const C = '/api/console/v1';
process.env[WEBHOOK_ALLOW_LOCAL_ENV] = 'true';

let orgId: string;
let otherOrgId: string;
let key: string;
let admin: Record<string, string>;
let agent: Record<string, string>;
let otherAdmin: Record<string, string>;

async function sessionFor(organizationId: string, email: string, role: 'agent' | 'admin') {
  const user = await addUser(organizationId, email, role);
  const token = signSession(process.env[SESSION_SECRET_ENV] as string, { o: organizationId, u: user.userId, iat: Date.now(), exp: Date.now() + SESSION_TTL_MS });
  return { headers: { authorization: `Bearer ${token}` }, userId: user.userId };
}

beforeAll(async () => {
  const mine = await newOrg('Settings org');
  orgId = mine.org.organizationId;
  key = mine.apiKey;
  admin = (await sessionFor(orgId, 'admin@example.com', 'admin')).headers;
  agent = (await sessionFor(orgId, 'agent@example.com', 'agent')).headers;
  const other = await newOrg('Other org');
  otherOrgId = other.org.organizationId;
  otherAdmin = (await sessionFor(otherOrgId, 'other-admin@example.com', 'admin')).headers;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, headers: Record<string, string>, body?: unknown) =>
  api.call(method, `${C}${path}`, { headers, body });

describe('every settings route', () => {
  const settingsRoutes = routes.filter((r) => /Console(ListCategories|AddCategory|UpdateCategory|ListRoutingRules|AddRoutingRule|RemoveRoutingRule|MoveRoutingRule|ChatSettings|UpdateChatSettings|SetChatWebhook|ClearChatWebhook|TestChatWebhook|AutomationSettings|UpdateAutomationSettings|InviteUser|ChangeUserRole|RemoveUser)$/.test(r.id));
  const pathOf = (p: string) => p.replace('{name}', 'Battery').replace('{position}', '1').replace('{userId}', '00000000-0000-4000-8000-000000000000');

  it('are 17 admin-only person routes', () => {
    expect(settingsRoutes).toHaveLength(17);
    for (const r of settingsRoutes) expect(r).toEqual(expect.objectContaining({ auth: 'user', adminOnly: true }));
  });

  it.each(['none', 'key', 'agent'] as const)('refuse the caller %s (401 / 401 / 403 Admins only) and change nothing', async (who) => {
    for (const r of settingsRoutes) {
      const headers = who === 'none' ? {} : who === 'key' ? { 'x-api-key': key } : agent;
      const res = await api.call(r.method, pathOf(r.path), { headers, body: r.method === 'GET' || r.method === 'DELETE' ? undefined : { name: 'X', url: 'https://example.com' } });
      if (who === 'agent') expect([r.id, res.status, res.body]).toEqual([r.id, 403, { error: 'Admins only' }]);
      else expect([r.id, res.status, res.body]).toEqual([r.id, 401, { error: 'Missing session' }]);
    }
  });
});

describe('categories', () => {
  it('add, list, edit description and keywords, with the CLI texts', async () => {
    const added = await call('POST', '/settings/categories', admin, { name: 'Battery', description: 'Charging and battery life', keywords: ['charge', 'drain', 'charge'] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ category: { name: 'Battery', description: 'Charging and battery life', keywords: ['charge', 'drain'] } });
    const list = await call('GET', '/settings/categories', admin);
    expect(list.body).toEqual({ categories: [{ name: 'Battery', description: 'Charging and battery life', keywords: ['charge', 'drain'] }] });
    const edited = await call('PATCH', '/settings/categories/battery', admin, { description: 'Power', keywords: ['dies'] });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ category: { name: 'Battery', description: 'Power', keywords: ['dies'] } });
    const cleared = await call('PATCH', `/settings/categories/${encodeURIComponent('BATTERY')}`, admin, { keywords: [] });
    expect(cleared.body).toEqual({ category: { name: 'Battery', description: 'Power', keywords: [] } });
    // The classifier's and the CLI's view: the same item.
    expect((await loadTicketConfig(orgId)).categories.map((c) => [c.name, c.description])).toEqual([['Battery', 'Power']]);
  });

  it.each([
    [{}, 400, 'Category name is required'],
    [{ name: '   ' }, 400, 'Category name is required'],
    [{ name: 'x'.repeat(101) }, 400, 'Category name must be at most 100 characters'],
    [{ name: 'Ok', description: 5 }, 400, 'description must be a string'],
    [{ name: 'Ok', keywords: 'a,b' }, 400, 'keywords must be a list of strings'],
    [{ name: 'Ok', keywords: ['a,b'] }, 400, 'A keyword cannot contain a comma'],
    [{ name: 'Ok', keywords: ['k'.repeat(51)] }, 400, `Keyword "${'k'.repeat(20)}…" must be at most 50 characters`],
    [{ name: 'battery' }, 409, 'Category "battery" already exists (names are case-insensitive)'],
  ])('add refuses %j: %i %s', async (body, status, error) => {
    const res = await call('POST', '/settings/categories', admin, body);
    expect([res.status, res.body]).toEqual([status, { error }]);
  });

  it('edit: an unknown category is 404, an empty change 400', async () => {
    expect((await call('PATCH', '/settings/categories/Nope', admin, { description: 'x' })).body).toEqual({ error: 'Category not found' });
    const empty = await call('PATCH', '/settings/categories/Battery', admin, {});
    expect([empty.status, empty.body]).toEqual([400, { error: 'Give description and/or keywords' }]);
    // A name with a slash or a space is one path segment, encoded.
    expect((await call('POST', '/settings/categories', admin, { name: 'Wi-Fi/LAN setup' })).status).toBe(200);
    expect((await call('PATCH', `/settings/categories/${encodeURIComponent('wi-fi/lan SETUP')}`, admin, { keywords: ['router'] })).body).toEqual({
      category: { name: 'Wi-Fi/LAN setup', description: null, keywords: ['router'] },
    });
    const bad = await call('POST', '/settings/categories', admin, '[1]');
    expect([bad.status, bad.body]).toEqual([400, { error: 'Invalid JSON payload' }]);
  });

  it("another organization's admin sees only its own categories and cannot edit ours", async () => {
    expect((await call('GET', '/settings/categories', otherAdmin)).body).toEqual({ categories: [] });
    expect((await call('PATCH', '/settings/categories/Battery', otherAdmin, { description: 'hijack' })).status).toBe(404);
    expect((await loadTicketConfig(orgId)).categories[0]?.description).toBe('Power');
  });
});

describe('routing rules', () => {
  const assignees = async (headers = admin) => ((await call('GET', '/settings/routing-rules', headers)).body.rules as { assignee: string }[]).map((r) => r.assignee);

  it('add (appended, category spelled as stored), list with the version as ETag', async () => {
    const first = await call('POST', '/settings/routing-rules', admin, { assignee: 'power-team', conditions: [{ field: 'category', value: 'battery' }, { field: 'priority', value: 'URGENT' }] });
    expect(first.status).toBe(200);
    expect(first.body.rules).toEqual([{ position: 1, assignee: 'power-team', conditions: [{ field: 'category', value: 'Battery' }, { field: 'priority', value: 'urgent' }] }]);
    await call('POST', '/settings/routing-rules', admin, { assignee: 'net-team', conditions: [{ field: 'contains', value: 'wifi' }] });
    const third = await call('POST', '/settings/routing-rules', admin, { assignee: 'desk', conditions: [{ field: 'priority', value: 'low' }] });
    expect(third.headers.get('etag')).toBe(`"${third.body.version as number}"`);
    const list = await call('GET', '/settings/routing-rules', admin);
    expect(list.headers.get('etag')).toBe(`"${list.body.version as number}"`);
    expect(await assignees()).toEqual(['power-team', 'net-team', 'desk']);
  });

  it.each([
    [{ conditions: [{ field: 'priority', value: 'low' }] }, 'assignee is required'],
    [{ assignee: 'a'.repeat(201), conditions: [{ field: 'priority', value: 'low' }] }, 'assignee must be at most 200 characters'],
    [{ assignee: 'x' }, 'conditions must be a list of 1 to 3 { field, value }'],
    [{ assignee: 'x', conditions: [] }, 'conditions must be a list of 1 to 3 { field, value }'],
    [{ assignee: 'x', conditions: Array(4).fill({ field: 'priority', value: 'low' }) }, 'conditions must be a list of 1 to 3 { field, value }'],
    [{ assignee: 'x', conditions: [{ field: 'team', value: 'a' }] }, 'Condition 1: field must be one of: category, priority, contains'],
    [{ assignee: 'x', conditions: [{ field: 'priority', value: 'low' }, { field: 'contains', value: ' ' }] }, 'Condition 2: value is required'],
    [{ assignee: 'x', conditions: [{ field: 'priority', value: 'asap' }] }, 'Condition 1: priority must be one of: low, medium, high, urgent'],
    [{ assignee: 'x', conditions: [{ field: 'category', value: 'Shipping' }] }, 'Unknown category "Shipping"; add it first under Categories'],
  ])('add refuses %j', async (body, error) => {
    const res = await call('POST', '/settings/routing-rules', admin, body);
    expect([res.status, res.body]).toEqual([400, { error }]);
  });

  it('move up/down and remove, in one versioned write each; the stored order is what routing reads', async () => {
    const down = await call('POST', '/settings/routing-rules/1/move', admin, { direction: 'down' });
    expect(down.status).toBe(200);
    expect((down.body.rules as { assignee: string; position: number }[]).map((r) => [r.position, r.assignee])).toEqual([[1, 'net-team'], [2, 'power-team'], [3, 'desk']]);
    const up = await call('POST', '/settings/routing-rules/3/move', admin, { direction: 'up' });
    expect((up.body.rules as { assignee: string }[]).map((r) => r.assignee)).toEqual(['net-team', 'desk', 'power-team']);
    expect((await loadTicketConfig(orgId)).rules.map((r) => [r.position, r.assignee])).toEqual([[1, 'net-team'], [2, 'desk'], [3, 'power-team']]);
    for (const [position, body, error] of [
      ['1', { direction: 'up' }, 'The first rule cannot move up'],
      ['3', { direction: 'down' }, 'The last rule cannot move down'],
      ['2', { direction: 'left' }, 'direction must be up or down'],
      ['2', {}, 'direction must be up or down'],
    ] as const) {
      const res = await call('POST', `/settings/routing-rules/${position}/move`, admin, body);
      expect([res.status, res.body]).toEqual([400, { error }]);
    }
    for (const position of ['9', '0', 'abc']) expect((await call('POST', `/settings/routing-rules/${position}/move`, admin, { direction: 'up' })).body).toEqual({ error: 'Routing rule not found' });
    const removed = await call('DELETE', '/settings/routing-rules/2', admin);
    expect((removed.body.rules as { assignee: string; position: number }[]).map((r) => [r.position, r.assignee])).toEqual([[1, 'net-team'], [2, 'power-team']]);
    expect((await loadTicketConfig(orgId)).rules.map((r) => [r.position, r.assignee])).toEqual([[1, 'net-team'], [2, 'power-team']]);
    expect((await call('DELETE', '/settings/routing-rules/3', admin)).status).toBe(404);
  });

  it('If-Match: an edit of a list changed since is 412 with the current list, and changes nothing', async () => {
    const read = await call('GET', '/settings/routing-rules', admin);
    const seen = read.headers.get('etag') as string;
    const moved = await call('POST', '/settings/routing-rules/2/move', { ...admin, 'if-match': seen }, { direction: 'up' });
    expect(moved.status).toBe(200);
    const stale = await call('DELETE', '/settings/routing-rules/1', { ...admin, 'if-match': seen });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ error: 'Routing rules were changed by someone else', rules: moved.body.rules, version: moved.body.version });
    expect(await assignees()).toEqual(['power-team', 'net-team']);
    const bad = await call('DELETE', '/settings/routing-rules/1', { ...admin, 'if-match': 'yesterday' });
    expect([bad.status, bad.body]).toEqual([400, { error: 'If-Match must be the ETag of the routing rules (their version in quotes, e.g. "3")' }]);
  });

  it('concurrent moves and adds never corrupt the list: every rule once, positions 1..n', async () => {
    const before = await assignees();
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => call('POST', `/settings/routing-rules/${(i % 2) + 1}/move`, admin, { direction: i % 2 === 0 ? 'down' : 'up' })),
      ...Array.from({ length: 4 }, (_, i) => call('POST', '/settings/routing-rules', admin, { assignee: `racer-${i}`, conditions: [{ field: 'priority', value: 'high' }] })),
    ]);
    for (const res of results) expect(res.status).toBe(200);
    const { rules } = await loadTicketConfig(orgId);
    expect(rules.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rules.map((r) => r.assignee).sort()).toEqual([...before, 'racer-0', 'racer-1', 'racer-2', 'racer-3'].sort());
    // Concurrent moves pinned to one version: exactly one applies, the others are 412.
    const version = (await call('GET', '/settings/routing-rules', admin)).headers.get('etag') as string;
    const pinned = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/settings/routing-rules/2/move', { ...admin, 'if-match': version }, { direction: 'up' })));
    expect(pinned.map((r) => r.status).sort()).toEqual([200, 412, 412, 412, 412]);
  });

  it('the order is what routing uses: first match wins, before and after a move', async () => {
    const fresh = await newOrg('Routing order org');
    const boss = (await sessionFor(fresh.org.organizationId, 'boss@example.com', 'admin')).headers;
    await call('POST', '/settings/routing-rules', boss, { assignee: 'first-desk', conditions: [{ field: 'priority', value: 'high' }] });
    await call('POST', '/settings/routing-rules', boss, { assignee: 'second-desk', conditions: [{ field: 'contains', value: 'fan' }] });
    const ticket = async () => {
      const created = await api.post('/ticket/createTicket', fresh.apiKey, { title: 'Fan is loud', priority: 'high', customerEmail: 'loud@example.com' });
      expect(created.status).toBe(200);
      return (await api.get(`/ticket/${created.body.ticketId as string}`, fresh.apiKey)).body.assignee;
    };
    expect(await ticket()).toBe('first-desk');
    expect((await call('POST', '/settings/routing-rules/2/move', boss, { direction: 'up' })).status).toBe(200);
    expect(await ticket()).toBe('second-desk');
  });

  it('another organization sees none of them and cannot remove one', async () => {
    expect((await call('GET', '/settings/routing-rules', otherAdmin)).body).toEqual({ rules: [], version: 0 });
    expect((await call('DELETE', '/settings/routing-rules/1', otherAdmin)).status).toBe(404);
    expect((await loadTicketConfig(orgId)).rules).toHaveLength(6);
  });
});

describe('chat webhook', () => {
  let receiver: http.Server;
  let receiverUrl = '';
  const received: string[] = [];
  let answer = 200;
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(body);
        res.writeHead(answer).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/secret-path`;
  });
  afterAll(async () => {
    setResolverForTests(undefined);
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('none set: shown as null; the test post says to set one', async () => {
    expect((await call('GET', '/settings/chat', admin)).body).toEqual({ chatWebhook: null, notifyOnSolved: false, notifyCustomerMessages: false });
    const test = await call('POST', '/settings/chat/test', admin);
    expect([test.status, test.body]).toEqual([400, { error: 'No chat webhook is set' }]);
  });

  it('set (origin shown only), test post reaches the receiver, a failing receiver is an outcome, clear', async () => {
    const set = await call('PUT', '/settings/chat/webhook', admin, { url: receiverUrl });
    expect(set.status).toBe(200);
    expect(set.body.chatWebhook).toBe(`${new URL(receiverUrl).origin}/…`);
    expect(JSON.stringify(set.body)).not.toContain('secret-path');
    const ok = await call('POST', '/settings/chat/test', admin);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(expect.objectContaining({ delivered: true, statusCode: 200, error: null }));
    expect(JSON.parse(received[received.length - 1] as string)).toEqual({ text: expect.stringContaining('Fleetdesk test message from admin@example.com') });
    answer = 500;
    const failing = await call('POST', '/settings/chat/test', admin);
    expect([failing.status, failing.body.delivered, failing.body.statusCode, failing.body.error]).toEqual([200, false, 500, 'Receiver answered 500']);
    answer = 200;
    const cleared = await call('DELETE', '/settings/chat/webhook', admin);
    expect(cleared.body.chatWebhook).toBeNull();
    expect((await loadTicketConfig(orgId)).chatWebhookUrl).toBeNull();
  });

  it('a receiver nobody listens on is an outcome with its error, never a 500', async () => {
    expect((await call('PUT', '/settings/chat/webhook', admin, { url: 'http://127.0.0.1:9/nobody' })).status).toBe(200);
    const res = await call('POST', '/settings/chat/test', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ delivered: false, statusCode: null, error: expect.stringMatching(/^Request failed: /) }));
  });

  it.each([
    [{}, 'url is required'],
    [{ url: '' }, 'url is required'],
    [{ url: 5 }, 'url must be a string'],
    [{ url: 'not a url' }, 'Invalid webhook URL: not a url'],
    [{ url: 'ftp://example.com/x' }, 'Webhook URL must use https'],
    [{ url: 'https://user:pw@example.com/x' }, 'Webhook URL must not contain credentials'],
    [{ url: 'https://10.1.2.3/hook' }, 'url host resolves to a private, loopback, link-local or metadata address'],
    [{ url: 'https://169.254.169.254/latest' }, 'url host resolves to a private, loopback, link-local or metadata address'],
    [{ url: 'https://[::1]/hook' }, 'url host resolves to a private, loopback, link-local or metadata address'],
    [{ url: 'https://internal.example.test/hook' }, 'url host resolves to a private, loopback, link-local or metadata address'],
    [{ url: `https://x.example.test/${'a'.repeat(2048)}` }, 'Webhook URL must be at most 2048 characters'],
  ])('set refuses %j (the webhooks feature SSRF guard)', async (body, error) => {
    setResolverForTests(async (host) => (host === 'internal.example.test' ? [{ address: '10.0.0.7', family: 4 }] : [{ address: '93.184.216.34', family: 4 }]));
    const before = (await call('GET', '/settings/chat', admin)).body;
    const res = await call('PUT', '/settings/chat/webhook', admin, body);
    expect([res.status, res.body]).toEqual([400, { error }]);
    expect((await call('GET', '/settings/chat', admin)).body).toEqual(before);
  });

  it('a public https host is accepted; localhost only on the local stack', async () => {
    setResolverForTests(async () => [{ address: '93.184.216.34', family: 4 }]);
    expect((await call('PUT', '/settings/chat/webhook', admin, { url: 'https://hooks.example.test/services/T0/B0/x' })).body.chatWebhook).toBe('https://hooks.example.test/…');
    process.env[WEBHOOK_ALLOW_LOCAL_ENV] = '';
    resetEnvCache();
    try {
      const res = await call('PUT', '/settings/chat/webhook', admin, { url: 'http://localhost:8080/hook' });
      expect([res.status, res.body]).toEqual([400, { error: 'Webhook URL must use https (http is allowed for localhost only on the local stack)' }]);
      setResolverForTests(async () => [{ address: '127.0.0.1', family: 4 }]);
      const loop = await call('PUT', '/settings/chat/webhook', admin, { url: 'https://localhost/hook' });
      expect(loop.body).toEqual({ error: 'url host resolves to a private, loopback, link-local or metadata address' });
    } finally {
      process.env[WEBHOOK_ALLOW_LOCAL_ENV] = 'true';
      resetEnvCache();
    }
  });

  it('notify options: set each, exact texts, another organization unaffected', async () => {
    const res = await call('PATCH', '/settings/chat', admin, { notifyOnSolved: true });
    expect(res.body).toEqual(expect.objectContaining({ notifyOnSolved: true, notifyCustomerMessages: false }));
    expect((await call('PATCH', '/settings/chat', admin, { notifyCustomerMessages: true })).body).toEqual(expect.objectContaining({ notifyOnSolved: true, notifyCustomerMessages: true }));
    for (const [body, error] of [
      [{}, 'Give notifyOnSolved and/or notifyCustomerMessages'],
      [{ notifyOnSolved: 'on' }, 'notifyOnSolved must be true or false'],
      [{ notifyCustomerMessages: 1 }, 'notifyCustomerMessages must be true or false'],
    ] as const) {
      const bad = await call('PATCH', '/settings/chat', admin, body);
      expect([bad.status, bad.body]).toEqual([400, { error }]);
    }
    expect((await call('GET', '/settings/chat', otherAdmin)).body).toEqual({ chatWebhook: null, notifyOnSolved: false, notifyCustomerMessages: false });
  });
});

describe('auto-close and proactive', () => {
  it('defaults, set, exact texts, isolation', async () => {
    expect((await call('GET', '/settings/automation', admin)).body).toEqual({ autoCloseDays: 7, proactiveAutoSolve: false });
    expect((await call('PATCH', '/settings/automation', admin, { autoCloseDays: 30, proactiveAutoSolve: true })).body).toEqual({ autoCloseDays: 30, proactiveAutoSolve: true });
    expect((await call('PATCH', '/settings/automation', admin, { autoCloseDays: 90 })).body).toEqual({ autoCloseDays: 90, proactiveAutoSolve: true });
    for (const [body, error] of [
      [{}, 'Give autoCloseDays and/or proactiveAutoSolve'],
      [{ autoCloseDays: 0 }, 'autoCloseDays must be an integer from 1 to 90'],
      [{ autoCloseDays: 91 }, 'autoCloseDays must be an integer from 1 to 90'],
      [{ autoCloseDays: 2.5 }, 'autoCloseDays must be an integer from 1 to 90'],
      [{ autoCloseDays: '7' }, 'autoCloseDays must be an integer from 1 to 90'],
      [{ proactiveAutoSolve: 'yes' }, 'proactiveAutoSolve must be true or false'],
    ] as const) {
      const bad = await call('PATCH', '/settings/automation', admin, body);
      expect([bad.status, bad.body]).toEqual([400, { error }]);
    }
    expect((await call('GET', '/settings/automation', admin)).body).toEqual({ autoCloseDays: 90, proactiveAutoSolve: true });
    expect((await call('GET', '/settings/automation', otherAdmin)).body).toEqual({ autoCloseDays: 7, proactiveAutoSolve: false });
  });
});

describe('team', () => {
  it('invite: the one-time sign-in link locally, which signs the new user in once', async () => {
    const res = await call('POST', '/users', admin, { email: ' New.Agent@Example.com ', role: 'agent' });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual(expect.objectContaining({ email: 'new.agent@example.com', role: 'agent', organizationId: orgId }));
    const link = res.body.signInLink as string;
    expect(link).toMatch(/\/console\/sign-in#token=[A-Za-z0-9_-]+$/);
    const token = link.split('#token=')[1] as string;
    expect((await signIn(token)).user.email).toBe('new.agent@example.com');
    await expect(signIn(token)).rejects.toThrow('This sign-in link is invalid, expired or already used');
    for (const [body, status, error] of [
      [{ email: 'new.agent@example.com', role: 'agent' }, 409, 'A user with this email already exists in this organization'],
      [{ email: 'nope', role: 'agent' }, 400, 'email must be a valid email address'],
      [{ role: 'agent' }, 400, 'email must be a valid email address'],
      [{ email: 'x@example.com', role: 'owner' }, 400, 'role must be one of: admin, agent'],
      [{ email: 'x@example.com' }, 400, 'role must be one of: admin, agent'],
    ] as const) {
      const bad = await call('POST', '/users', admin, body);
      expect([bad.status, bad.body]).toEqual([status, { error }]);
    }
  });

  const userId = async (email: string, headers = admin) =>
    ((await call('GET', '/users', headers)).body.users as { email: string; userId: string }[]).find((u) => u.email === email)?.userId as string;

  it('change role and remove; never yourself; unknown and foreign users are 404', async () => {
    const id = await userId('new.agent@example.com');
    const promoted = await call('PATCH', `/users/${id}`, admin, { role: 'admin' });
    expect(promoted.body).toEqual({ user: expect.objectContaining({ userId: id, role: 'admin' }) });
    expect((await call('PATCH', `/users/${id}`, admin, { role: 'boss' })).body).toEqual({ error: 'role must be one of: admin, agent' });
    const me = await userId('admin@example.com');
    expect(await call('PATCH', `/users/${me}`, admin, { role: 'agent' })).toEqual({ status: 400, body: { error: 'You cannot change your own role; ask another admin' } });
    expect(await call('DELETE', `/users/${me}`, admin)).toEqual({ status: 400, body: { error: 'You cannot remove yourself; ask another admin' } });
    expect(await call('DELETE', '/users/00000000-0000-4000-8000-000000000000', admin)).toEqual({ status: 404, body: { error: 'User not found' } });
    expect(await call('DELETE', '/users/not-an-id', admin)).toEqual({ status: 404, body: { error: 'User not found' } });
    expect(await call('DELETE', `/users/${id}`, otherAdmin)).toEqual({ status: 404, body: { error: 'User not found' } });
    const removed = await call('DELETE', `/users/${id}`, admin);
    expect(removed.body).toEqual({ organizationId: orgId, userId: id, email: 'new.agent@example.com', removed: true });
    expect(await userId('new.agent@example.com')).toBeUndefined();
  });

  it('two admins demoting each other at the same moment: one wins, the other gets 409, the organization keeps an admin', async () => {
    const { org } = await newOrg('Race org');
    const a = await sessionFor(org.organizationId, 'a@example.com', 'admin');
    const b = await sessionFor(org.organizationId, 'b@example.com', 'admin');
    for (let round = 0; round < 3; round += 1) {
      const [ab, ba] = await Promise.all([
        call('PATCH', `/users/${b.userId}`, a.headers, { role: 'agent' }),
        call('PATCH', `/users/${a.userId}`, b.headers, { role: 'agent' }),
      ]);
      const statuses = [ab.status, ba.status].sort();
      // The loser was demoted first: 409 from the witness check, or 403 when its session already reads agent.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const loser = ab.status === 200 ? ba : ab;
      expect(loser.body.error).toBe(loser.status === 409 ? 'This change would leave the organization without an admin' : 'Admins only');
      const winner = ab.status === 200 ? a : b;
      const users = (await call('GET', '/users', winner.headers)).body.users as { role: string }[];
      expect(users.filter((u) => u.role === 'admin')).toHaveLength(1);
      // Both admins again for the next round.
      const demoted = ab.status === 200 ? b : a;
      expect((await call('PATCH', `/users/${demoted.userId}`, winner.headers, { role: 'admin' })).status).toBe(200);
    }
  });

  it('an admin demoted meanwhile cannot remove the last admin (409, through the witness)', async () => {
    const { org } = await newOrg('Removal race org');
    const a = await sessionFor(org.organizationId, 'a@example.com', 'admin');
    const b = await sessionFor(org.organizationId, 'b@example.com', 'admin');
    const [ab, ba] = await Promise.all([call('DELETE', `/users/${b.userId}`, a.headers), call('DELETE', `/users/${a.userId}`, b.headers)]);
    expect([ab.status, ba.status].sort()).toEqual([200, expect.any(Number)]);
    expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
  });
});
