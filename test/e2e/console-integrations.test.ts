/**
 * Settings > Integrations and the queue's bulk work in the console (issues 18, 19), over HTTP through
 * the local stack: the console routes call the ext-v1 webhook handlers and the services of
 * `npm run admin -- connector|mapping|monitor`, admins only; secrets and tokens never come back.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.CONNECTOR_LOCAL_KEY_FILE = path.join(mkdtempSync(path.join(tmpdir(), 'fleetdesk-ci-')), 'key');
process.env.WEBHOOK_ALLOW_LOCAL_HTTP = 'true';

import { Webhook } from 'standardwebhooks';
import { signSession, SESSION_TTL_MS } from '../../shared/domain/user/session';
import { addUser, SESSION_SECRET_ENV } from '../../shared/domain/user/user.service';
import { getConnector } from '../../shared/domain/connector/connector.repository';
import { setJobQueue } from '../../shared/domain/connector/sync-jobs';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();
const C = '/api/console/v1';

let keyA: string;
let orgA: string;
let admin: Record<string, string>;
let agent: Record<string, string>;
let adminB: Record<string, string>;

async function sessionFor(organizationId: string, email: string, role: 'agent' | 'admin') {
  const user = await addUser(organizationId, email, role);
  const token = signSession(process.env[SESSION_SECRET_ENV] as string, { o: organizationId, u: user.userId, iat: Date.now(), exp: Date.now() + SESSION_TTL_MS });
  return { authorization: `Bearer ${token}` };
}

// A local receiver: every request it gets, with its headers and body.
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  const a = await newOrg('Integrations A');
  keyA = a.apiKey;
  orgA = a.org.organizationId;
  admin = await sessionFor(orgA, 'admin@a.example', 'admin');
  agent = await sessionFor(orgA, 'agent@a.example', 'agent');
  const b = await newOrg('Integrations B');
  adminB = await sessionFor(b.org.organizationId, 'admin@b.example', 'admin');
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => new Promise<void>((resolve) => receiver.close(() => resolve())));

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', route: string, headers: Record<string, string> | undefined, body?: unknown) =>
  api.call(method, `${C}${route}`, { headers, body });

async function until<T>(read: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('admin-only routes', () => {
  const adminRoutes: ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown?][] = [
    ['GET', '/webhooks'],
    ['POST', '/webhooks', { url: 'https://example.com/h', events: ['*'] }],
    ['GET', '/webhooks/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/webhooks/00000000-0000-4000-8000-000000000000', { enabled: false }],
    ['DELETE', '/webhooks/00000000-0000-4000-8000-000000000000'],
    ['POST', '/webhooks/00000000-0000-4000-8000-000000000000/rotate-secret'],
    ['POST', '/webhooks/00000000-0000-4000-8000-000000000000/test'],
    ['GET', '/webhooks/00000000-0000-4000-8000-000000000000/deliveries'],
    ['POST', '/webhooks/00000000-0000-4000-8000-000000000000/deliveries/00000000-0000-4000-8000-000000000001/redeliver'],
    ['GET', '/settings/connector'],
    ['PUT', '/settings/connector', { provider: 'memfault' }],
    ['DELETE', '/settings/connector'],
    ['POST', '/settings/connector/sync'],
    ['GET', '/settings/backfill-mappings'],
    ['POST', '/settings/backfill-mappings', { prefix: 'x/', path: '{deviceIdentifier}.csv.gz' }],
    ['DELETE', '/settings/backfill-mappings?prefix=x/'],
    ['GET', '/settings/backfill-imports'],
    ['GET', '/settings/monitor-rules'],
    ['POST', '/settings/monitor-rules', { measurement: 'temp', operator: 'above', value: 3 }],
    ['DELETE', '/settings/monitor-rules/r1'],
  ];
  // Objects, not arrays: a row shorter than the function's arity would make jest pass `done` as `body`.
  it.each(adminRoutes.map(([method, route, body]) => ({ method, route, body })))('$method $route: agent 403 Admins only, no session 401, the org key 401', async ({ method, route, body }) => {
    expect(await call(method, route, agent, body)).toEqual({ status: 403, body: { error: 'Admins only' } });
    expect(await call(method, route, undefined, body)).toEqual({ status: 401, body: { error: 'Missing session' } });
    expect((await api.call(method, `${C}${route}`, { apiKey: keyA, body })).status).toBe(401);
  });
});

describe('webhooks from the console', () => {
  it('create shows the secret once; list and get never; a test event reaches the receiver signed; the log shows it; redeliver sends it again', async () => {
    const created = await call('POST', '/webhooks', admin, { url: receiverUrl, events: ['ticket.created', 'incident.opened'], description: 'Helpdesk' });
    expect(created.status).toBe(200);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const id = created.body.webhookId as string;
    const list = await call('GET', '/webhooks', admin);
    expect(list.body.webhooks).toEqual([expect.objectContaining({ webhookId: id, url: receiverUrl, events: ['ticket.created', 'incident.opened'], description: 'Helpdesk', enabled: true })]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const one = await call('GET', `/webhooks/${id}`, admin);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('secret');
    // The ext-v1 API sees the same endpoint (one domain).
    expect((await api.get(`/webhooks/${id}`, keyA)).body).toEqual(one.body);

    const before = received.length;
    const test = await call('POST', `/webhooks/${id}/test`, admin);
    expect(test).toEqual({ status: 200, body: { deliveryId: expect.any(String), eventId: expect.any(String), type: 'webhook.test', status: 'pending' } });
    const got = await until(() => received[before], 'the test event');
    const verified = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe('webhook.test');
    const log = await until(async () => {
      const page = await call('GET', `/webhooks/${id}/deliveries?limit=10`, admin);
      return (page.body.deliveries as unknown[]).length > 0 ? page : undefined;
    }, 'the attempt log');
    expect(log.body.deliveries).toEqual([expect.objectContaining({ deliveryId: test.body.deliveryId, type: 'webhook.test', attempt: 1, statusCode: 200, error: null, nextRetryAt: null })]);

    const again = await call('POST', `/webhooks/${id}/deliveries/${test.body.deliveryId as string}/redeliver`, admin);
    expect(again.status).toBe(200);
    const second = await until(() => received[before + 1], 'the redelivery');
    expect(second.headers['webhook-id']).toBe(got.headers['webhook-id']);

    const rotated = await call('POST', `/webhooks/${id}/rotate-secret`, admin);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.previousSecretExpiresAt).toEqual(expect.any(String));
    expect(JSON.stringify((await call('GET', `/webhooks/${id}`, admin)).body)).not.toContain('whsec_');

    const patched = await call('PATCH', `/webhooks/${id}`, admin, { events: ['*'], enabled: false });
    expect(patched.body).toEqual(expect.objectContaining({ events: ['*'], enabled: false }));
    expect(await call('POST', `/webhooks/${id}/test`, admin)).toEqual({ status: 409, body: { error: 'Webhook is disabled; enable it with PATCH { "enabled": true } first' } });
    expect(await call('DELETE', `/webhooks/${id}`, admin)).toEqual({ status: 200, body: { success: true } });
    expect(await call('GET', `/webhooks/${id}`, admin)).toEqual({ status: 404, body: { error: 'Webhook not found' } });
  });

  it('validation texts are the ext-v1 ones; another organization sees nothing', async () => {
    expect(await call('POST', '/webhooks', admin, { url: receiverUrl, events: ['ticket.deleted'] })).toEqual({ status: 400, body: { error: 'Unknown event type "ticket.deleted"' } });
    expect(await call('POST', '/webhooks', admin, { url: receiverUrl, events: [] })).toEqual({ status: 400, body: { error: 'events must be a non-empty array of event types, or ["*"]' } });
    expect(await call('POST', '/webhooks', admin, { events: ['*'] })).toEqual({ status: 400, body: { error: 'url is required' } });
    expect(await call('POST', '/webhooks', admin, { url: 'https://10.0.0.1/h', events: ['*'] })).toEqual({ status: 400, body: { error: 'url host resolves to a private, loopback, link-local or metadata address' } });
    const mine = await call('POST', '/webhooks', admin, { url: receiverUrl, events: ['*'] });
    const id = mine.body.webhookId as string;
    expect(await call('PATCH', `/webhooks/${id}`, admin, {})).toEqual({ status: 400, body: { error: 'Nothing to update: give url, events, description or enabled' } });
    expect((await call('GET', '/webhooks', adminB)).body).toEqual({ webhooks: [] });
    for (const [method, route, body] of [
      ['GET', `/webhooks/${id}`],
      ['PATCH', `/webhooks/${id}`, { enabled: false }],
      ['POST', `/webhooks/${id}/rotate-secret`],
      ['POST', `/webhooks/${id}/test`],
      ['GET', `/webhooks/${id}/deliveries`],
      ['DELETE', `/webhooks/${id}`],
    ] as const) {
      expect(await call(method, route, adminB, body)).toEqual({ status: 404, body: { error: 'Webhook not found' } });
    }
    expect((await call('GET', `/webhooks/${id}`, admin)).body).toEqual(expect.objectContaining({ enabled: true }));
    await call('DELETE', `/webhooks/${id}`, admin);
  });
});

describe('crash connector from the console', () => {
  it('sets it with a write-only token, shows it without the token, keeps the token when blank, syncs and removes', async () => {
    expect(await call('GET', '/settings/connector', admin)).toEqual({ status: 200, body: { connector: null, lastSync: { devices: 0, at: null, failing: 0, lastError: null } } });
    const settings = { provider: 'memfault', apiBase: 'https://api.memfault.com', organization: 'acme', project: 'p1' };
    expect(await call('PUT', '/settings/connector', admin, settings)).toEqual({ status: 400, body: { error: 'token is required' } });
    const set = await call('PUT', '/settings/connector', admin, { ...settings, token: 'oat_console_secret' });
    expect(set.status).toBe(200);
    expect(set.body.connector).toEqual(expect.objectContaining({ ...settings, tokenStored: true }));
    expect(JSON.stringify(set.body)).not.toContain('oat_console_secret');
    const sealed = (await getConnector(orgA))?.sealedToken;
    const kept = await call('PUT', '/settings/connector', admin, { ...settings, project: 'p2', token: '' });
    expect(kept.body.connector).toEqual(expect.objectContaining({ project: 'p2', tokenStored: true }));
    expect((await getConnector(orgA))?.sealedToken).toEqual(sealed);
    const shown = await call('GET', '/settings/connector', admin);
    expect(JSON.stringify(shown.body)).not.toContain('oat_console_secret');
    expect(JSON.stringify(shown.body)).not.toMatch(/sealed|box|dataKey/);
    // The CLI's own checks, named as the body's fields.
    expect(await call('PUT', '/settings/connector', admin, { ...settings, apiBase: 'http://example.com' })).toEqual({ status: 400, body: { error: 'apiBase must use https (http only for localhost)' } });
    expect(await call('PUT', '/settings/connector', admin, { ...settings, provider: 'sentry' })).toEqual({ status: 400, body: { error: 'provider must be one of: memfault' } });
    expect(await call('PUT', '/settings/connector', admin, { ...settings, organization: 'a b' })).toEqual({ status: 400, body: { error: 'organization must be the organization slug (letters, digits, "_", ".", "-")' } });
    expect(await call('PUT', '/settings/connector', admin, { ...settings, token: 'has space' })).toEqual({ status: 400, body: { error: 'The token is not a valid API token' } });
    expect((await call('GET', '/settings/connector', adminB)).body.connector).toBeNull();

    const sync = await call('POST', '/settings/connector/sync', admin);
    expect(sync).toEqual({ status: 200, body: { status: 'done', window: expect.any(String), devices: [] } });
    // With a ConnectorSync queue (AWS): "Sync now" is one job for this organization's current window,
    // run by the worker that alone may open the token; no connector, no job.
    const sent: unknown[] = [];
    setJobQueue({ send: async (jobs) => void sent.push(...jobs) });
    try {
      const queued = await call('POST', '/settings/connector/sync', admin);
      expect(queued).toEqual({ status: 200, body: { status: 'queued', window: expect.any(String), devices: [] } });
      expect(sent).toEqual([{ organizationId: orgA, window: queued.body.window }]);
      expect(await call('POST', '/settings/connector/sync', adminB)).toEqual({ status: 200, body: { status: 'no_connector', window: expect.any(String), devices: [] } });
      expect(sent).toHaveLength(1);
    } finally {
      setJobQueue(undefined);
    }
    expect(await call('DELETE', '/settings/connector', admin)).toEqual({ status: 200, body: { removed: true } });
    expect((await call('GET', '/settings/connector', admin)).body.connector).toBeNull();
    expect(await call('DELETE', '/settings/connector', admin)).toEqual({ status: 200, body: { removed: false } });
  });
});

describe('backfill mappings and imports from the console', () => {
  it('adds, lists, refuses a duplicate, validates with field names, removes; another org sees none', async () => {
    const body = { prefix: 'fleet/', path: '{deviceIdentifier}/{yyyy}-{mm}-{dd}.csv.gz', timestampColumn: 'ts', timestampFormat: 'epoch_ms', identifierColumn: '', columns: 'temp,humidity' };
    const added = await call('POST', '/settings/backfill-mappings', admin, body);
    expect(added).toEqual({ status: 200, body: { organizationId: orgA, mapping: { prefix: 'fleet/', pathTemplate: '{deviceIdentifier}/{yyyy}-{mm}-{dd}.csv.gz', timestampColumn: 'ts', timestampFormat: 'epoch_ms', columns: ['temp', 'humidity'] } } });
    expect(await call('POST', '/settings/backfill-mappings', admin, body)).toEqual({ status: 409, body: { error: 'A mapping for prefix "fleet/" already exists; remove it first' } });
    expect(await call('POST', '/settings/backfill-mappings', admin, { prefix: 'x/', path: '{deviceIdentifier}.csv.gz', timestampFormat: 'days' })).toEqual({ status: 400, body: { error: 'timestampFormat must be one of iso, epoch_s, epoch_ms' } });
    expect(await call('POST', '/settings/backfill-mappings', admin, { prefix: 'x/' })).toEqual({ status: 400, body: { error: 'path is required' } });
    expect(await call('POST', '/settings/backfill-mappings', admin, { prefix: 'x/', path: 'data.csv.gz' })).toEqual({ status: 400, body: { error: 'path must contain {deviceIdentifier}, or identifierColumn must name the column holding it' } });
    const list = await call('GET', '/settings/backfill-mappings', admin);
    expect(list.body.mappings).toEqual([expect.objectContaining({ prefix: 'fleet/', createdAt: expect.any(String) })]);
    expect((await call('GET', '/settings/backfill-mappings', adminB)).body).toEqual({ mappings: [] });
    expect(await call('DELETE', '/settings/backfill-mappings?prefix=fleet%2F', adminB)).toEqual({ status: 404, body: { error: 'No mapping for prefix "fleet/"' } });
    expect(await call('DELETE', '/settings/backfill-mappings', admin)).toEqual({ status: 400, body: { error: 'prefix is required' } });
    expect(await call('DELETE', '/settings/backfill-mappings?prefix=fleet%2F', admin)).toEqual({ status: 200, body: { organizationId: orgA, removed: 'fleet/' } });
    expect((await call('GET', '/settings/backfill-mappings', admin)).body).toEqual({ mappings: [] });
  });

  it('lists imports (the ext-v1 read model) with its texts', async () => {
    expect(await call('GET', '/settings/backfill-imports', admin)).toEqual({ status: 200, body: { imports: [], nextCursor: null } });
    expect((await call('GET', '/settings/backfill-imports?status=nope', admin)).status).toBe(400);
  });
});

describe('monitor rules from the console', () => {
  it('adds, lists, validates with field names, removes; another org cannot remove', async () => {
    const added = await call('POST', '/settings/monitor-rules', admin, { measurement: 'battery', operator: 'below', value: '3.3', forMinutes: '10' });
    expect(added).toEqual({ status: 200, body: { organizationId: orgA, rule: { ruleId: expect.any(String), measurement: 'battery', operator: 'below', value: 3.3, forMinutes: 10 } } });
    const ruleId = (added.body.rule as { ruleId: string }).ruleId;
    const second = await call('POST', '/settings/monitor-rules', admin, { measurement: 'temp', operator: 'above', value: 80 });
    expect(second.body.rule).toEqual(expect.objectContaining({ forMinutes: 0, value: 80 }));
    expect(await call('POST', '/settings/monitor-rules', admin, { measurement: 'temp', operator: 'over', value: 1 })).toEqual({ status: 400, body: { error: 'operator must be "below" or "above"' } });
    expect(await call('POST', '/settings/monitor-rules', admin, { operator: 'above', value: 1 })).toEqual({ status: 400, body: { error: 'measurement is required' } });
    expect(await call('POST', '/settings/monitor-rules', admin, { measurement: 'temp', operator: 'above', value: 'hot' })).toEqual({
      status: 400,
      body: { error: 'value must be a number: 0, or between 1e-130 and 1e125 in magnitude' },
    });
    expect(await call('POST', '/settings/monitor-rules', admin, { measurement: 'temp', operator: 'above', value: 1, forMinutes: -1 })).toEqual({ status: 400, body: { error: expect.stringMatching(/^forMinutes must be an integer from 0 to \d+$/) } });
    expect((await call('GET', '/settings/monitor-rules', admin)).body.rules).toHaveLength(2);
    expect(await call('DELETE', `/settings/monitor-rules/${ruleId}`, adminB)).toEqual({ status: 404, body: { error: 'Monitor rule not found' } });
    expect(await call('DELETE', `/settings/monitor-rules/${ruleId}`, admin)).toEqual({ status: 200, body: { organizationId: orgA, removed: ruleId } });
    expect((await call('GET', '/settings/monitor-rules', admin)).body.rules).toEqual([expect.objectContaining({ measurement: 'temp' })]);
    expect(await call('DELETE', `/settings/monitor-rules/${ruleId}`, admin)).toEqual({ status: 404, body: { error: 'Monitor rule not found' } });
  });
});

describe('monitor rules: concurrent removals', () => {
  it('removing several rules at once removes exactly those (each removal is conditioned on the slot it read)', async () => {
    const added = [];
    for (let i = 0; i < 6; i++) added.push((await call('POST', '/settings/monitor-rules', admin, { measurement: `m${i}`, operator: 'above', value: i })).body.rule as { ruleId: string });
    const gone = added.filter((_, i) => i % 2 === 0);
    const results = await Promise.all(gone.map((r) => call('DELETE', `/settings/monitor-rules/${r.ruleId}`, admin)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const left = ((await call('GET', '/settings/monitor-rules', admin)).body.rules as { ruleId: string; measurement: string }[]).filter((r) => /^m\d$/.test(r.measurement));
    expect(left.map((r) => r.measurement)).toEqual(['m1', 'm3', 'm5']);
  });
});

describe('bulk ticket changes', () => {
  async function newTicket(title = 'Heater stays cold'): Promise<{ ticketId: string; version: number }> {
    const res = await api.post('/ticket/createTicket', keyA, { title, customerEmail: 'cold@example.com', messages: [{ role: 'customer', content: 'It is cold.' }] });
    expect(res.status).toBe(200);
    const read = await api.get(`/ticket/${res.body.ticketId as string}`, keyA);
    return { ticketId: res.body.ticketId as string, version: read.body.version as number };
  }

  it('an agent assigns and solves several tickets; one event per ticket by that agent', async () => {
    const tickets = [await newTicket(), await newTicket()];
    const assigned = await call('POST', '/tickets/bulk', agent, { tickets, changes: { assignee: 'agent@a.example' } });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({ updated: 2, failed: 0, results: tickets.map((t) => ({ ticketId: t.ticketId, ok: true, ticket: expect.objectContaining({ assignee: 'agent@a.example', version: t.version + 1 }) })) });
    const next = (assigned.body.results as { ticket: { ticketId: string; version: number } }[]).map((r) => ({ ticketId: r.ticket.ticketId, version: r.ticket.version }));
    const solved = await call('POST', '/tickets/bulk', agent, { tickets: next, changes: { status: 'solved' } });
    expect(solved.body).toEqual(expect.objectContaining({ updated: 2, failed: 0 }));
    for (const t of tickets) {
      expect((await api.get(`/ticket/${t.ticketId}`, keyA)).body).toEqual(expect.objectContaining({ status: 'solved', assignee: 'agent@a.example' }));
      const events = (await call('GET', `/tickets/${t.ticketId}/events`, agent)).body.events as { type: string; actor: string }[];
      expect(events.filter((e) => e.actor === 'agent@a.example').map((e) => e.type)).toEqual(['assigned', 'status_changed']);
    }
    const unassigned = await call('POST', '/tickets/bulk', agent, { tickets: [{ ticketId: tickets[0]?.ticketId, version: (next[0]?.version ?? 0) + 1 }], changes: { assignee: null } });
    expect(unassigned.body.results).toEqual([expect.objectContaining({ ok: true, ticket: expect.objectContaining({ assignee: null }) })]);
  });

  it('a concurrent change makes only that ticket fail (412), a closed one fails with its text, the rest change', async () => {
    const [a, b, c] = [await newTicket(), await newTicket(), await newTicket()];
    // Someone else changes b after the agent read the queue.
    expect((await api.call('PATCH', `/api/ext-v1/ticket/${b?.ticketId}`, { apiKey: keyA, body: { priority: 'urgent' } })).status).toBe(200);
    // c is closed (solved, then closed).
    await api.call('PATCH', `/api/ext-v1/ticket/${c?.ticketId}`, { apiKey: keyA, body: { status: 'solved' } });
    const closed = await api.call('PATCH', `/api/ext-v1/ticket/${c?.ticketId}`, { apiKey: keyA, body: { status: 'closed' } });
    expect(closed.status).toBe(200);
    const cNow = { ticketId: c?.ticketId, version: closed.body.version };
    const res = await call('POST', '/tickets/bulk', agent, { tickets: [a, b, cNow], changes: { status: 'pending' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      updated: 1,
      failed: 2,
      results: [
        { ticketId: a?.ticketId, ok: true, ticket: expect.objectContaining({ status: 'pending' }) },
        { ticketId: b?.ticketId, ok: false, status: 412, error: 'Ticket was changed by someone else' },
        { ticketId: c?.ticketId, ok: false, status: 409, error: 'Ticket is closed' },
      ],
    });
    expect((await api.get(`/ticket/${b?.ticketId}`, keyA)).body).toEqual(expect.objectContaining({ status: 'new', priority: 'urgent' }));
  });

  it('validates the body with exact texts, caps at 100, is person-only and org-isolated', async () => {
    const t = await newTicket();
    const bad = async (body: unknown) => (await call('POST', '/tickets/bulk', agent, body)).body.error;
    expect(await bad({ changes: { status: 'solved' } })).toBe('tickets must be a non-empty array of { ticketId, version }');
    expect(await bad({ tickets: [], changes: { status: 'solved' } })).toBe('tickets must be a non-empty array of { ticketId, version }');
    const many = Array.from({ length: 101 }, (_, i) => ({ ticketId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, version: 1 }));
    expect(await call('POST', '/tickets/bulk', agent, { tickets: many, changes: { status: 'solved' } })).toEqual({ status: 400, body: { error: 'At most 100 tickets per bulk change' } });
    expect(await bad({ tickets: [{ ticketId: t.ticketId }], changes: { status: 'solved' } })).toBe('Each ticket must be { ticketId: string, version: integer } as read from the queue');
    expect(await bad({ tickets: [t, t], changes: { status: 'solved' } })).toBe('A ticket is listed twice');
    expect(await bad({ tickets: [t] })).toBe('changes must be an object with status, priority, assignee or category');
    expect(await bad({ tickets: [t], changes: { status: 'done' } })).toBe('status must be one of: new, open, pending, on_hold, solved, closed');
    expect(await bad({ tickets: [t], changes: {}, extra: 1 })).toBe('Unknown field "extra"');
    expect((await api.call('POST', `${C}/tickets/bulk`, { apiKey: keyA, body: { tickets: [t], changes: { status: 'open' } } })).status).toBe(401);
    expect((await call('POST', '/tickets/bulk', undefined, { tickets: [t], changes: { status: 'open' } })).status).toBe(401);
    const foreign = await call('POST', '/tickets/bulk', adminB, { tickets: [t], changes: { status: 'open' } });
    expect(foreign.body).toEqual({ updated: 0, failed: 1, results: [{ ticketId: t.ticketId, ok: false, status: 404, error: 'Ticket not found' }] });
    expect((await api.get(`/ticket/${t.ticketId}`, keyA)).body).toEqual(expect.objectContaining({ status: 'new', version: t.version }));
  });
});
