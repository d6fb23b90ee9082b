import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { buildOpenApiDocument } from '../../shared/openapi/document';
import { resetEnvCache } from '../../shared/config/env';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { transactWrite, TransactionConditionFailed } from '../../shared/db/operations';
import { setChatWebhook } from '../../shared/domain/ticket-config/ticket-config.service';
import { attemptDelivery, settleWebhookDeliveries, signingSecrets } from '../../shared/domain/webhook/delivery';
import { webhookEventPut } from '../../shared/domain/webhook/outbox';
import { isBlockedAddress, safePost, setResolverForTests, WEBHOOK_ALLOW_LOCAL_ENV } from '../../shared/domain/webhook/safe-http';
import { TICKET_EVENT_ENTITY } from '../../shared/domain/webhook/webhook-entities';
import * as schema from '../../shared/domain/webhook/webhook.schema';
import { startLocalTableStream } from '../../shared/local/table-stream';
import { workers } from '../../shared/routes';
import { KmsEnvelopeSecretSealer, type KmsLike, type SealedSecret } from '../../shared/crypto/secret-sealer';
import { logger } from '../../shared/logging/logger';
import { createWebhook as createStoredWebhook } from '../../shared/domain/webhook/webhook.repository';
import { openWebhookSecret, setWebhookSecretSealer, WEBHOOK_SECRET_PURPOSE } from '../../shared/domain/webhook/webhook-secret';
import { createTicket } from '../../shared/domain/ticket/ticket.service';
import { listTicketEvents } from '../../shared/domain/ticket/ticket-lifecycle.service';
import { CreateTicketBody } from '../../shared/domain/ticket/ticket.schema';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

// Retry waits scaled so the whole schedule (20.6 h) runs in under a second; local receivers allowed.
const saved = { ...process.env };
Object.assign(process.env, { WEBHOOK_RETRY_SCALE: '0.00001', [WEBHOOK_ALLOW_LOCAL_ENV]: 'true' });
resetEnvCache();
afterAll(() => {
  process.env = saved;
  resetEnvCache();
  setResolverForTests(undefined);
});

useTestTable();
const api = useLocalApi();

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status?: number;
}
const hits: Hit[] = [];
let receiver: Server;
let base = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = req.url ?? '';
      const hit: Hit = { path: p, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status: 200 };
      hits.push(hit);
      if (p.startsWith('/redirect')) return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (p.startsWith('/big')) return res.writeHead(200).end('x'.repeat(100_000));
      if (p.startsWith('/fail')) {
        hit.status = 500;
        return res.writeHead(500).end('boom');
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

// The in-process table stream with the fan-out worker only, as the local stack runs it.
let stream: ReturnType<typeof startLocalTableStream>;
beforeAll(() => {
  stream = startLocalTableStream({
    rootDir: path.resolve(__dirname, '../..'),
    tableName: tableName(),
    deadLetterDir: path.join(os.tmpdir(), `webhooks-dlq-${randomUUID()}`),
    workers: workers.filter((w) => w.id === 'WebhookFanOut'),
  });
});
afterAll(() => stream.stop());

/** Waits until the stream, the fan-out and every delivery (with retries) have finished. */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await stream.settle();
    await settleWebhookDeliveries();
  }
}

const post = (route: string, apiKey: string, body?: unknown) => api.call('POST', `/api/ext-v1${route}`, { apiKey, body });
const get = (route: string, apiKey: string) => api.call('GET', `/api/ext-v1${route}`, { apiKey });

async function register(apiKey: string, receiverPath: string, events: string[] = ['*']) {
  const res = await post('/webhooks', apiKey, { url: `${base}${receiverPath}`, events });
  expect(res.status).toBe(200);
  return res.body as unknown as schema.Webhook & { secret: string };
}

/** A ticket activity event as the ticket service writes it (that service is built in parallel: issue 16). */
async function putTicketEvent(organizationId: string, ticketId: string, type: string, changes: Record<string, unknown> = {}) {
  const eventId = randomUUID();
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: `ORG#${organizationId}#TICKET#${ticketId}`, sk: `EVENT#${new Date().toISOString()}#${eventId}`, entity: TICKET_EVENT_ENTITY, organizationId, ticketId, eventId, at: new Date().toISOString(), type, actor: 'api', changes },
    }),
  );
  return eventId;
}

async function newTicket(organizationId: string) {
  const input = CreateTicketBody.parse({ title: 'Heater stays cold', customerEmail: `c-${randomUUID()}@example.com`, messages: [{ role: 'customer', content: 'It is cold' }] });
  const created = await createTicket({ organizationId }, input);
  return (created as { ticketId: string }).ticketId;
}

const hitsAt = (p: string) => hits.filter((h) => h.path === p);

describe('signing (verified with the standardwebhooks library a receiver uses)', () => {
  it('ticket.created is signed: the right secret verifies, a wrong secret, a tampered body and an old timestamp fail', async () => {
    const { org, apiKey } = await newOrg();
    const hook = await register(apiKey, '/sign');
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // createTicket writes the ticket's `created` activity event in its own transaction: that is the event.
    const ticketId = await newTicket(org.organizationId);
    await settle();
    const eventId = (await listTicketEvents(org.organizationId, ticketId, {})).events.find((e) => e.type === 'created')?.eventId;
    const [hit] = hitsAt('/sign');
    expect(hit).toBeDefined();
    const headers = { 'webhook-id': String(hit?.headers['webhook-id']), 'webhook-timestamp': String(hit?.headers['webhook-timestamp']), 'webhook-signature': String(hit?.headers['webhook-signature']) };
    expect(headers['webhook-id']).toBe(eventId);
    const payload = new StandardWebhook(hook.secret).verify(hit?.body as string, headers) as { type: string; data: { ticket: { ticketId: string } } };
    expect(payload.type).toBe('ticket.created');
    expect(payload.data.ticket.ticketId).toBe(ticketId);

    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() => new StandardWebhook(other).verify(hit?.body as string, headers)).toThrow();
    expect(() => new StandardWebhook(hook.secret).verify((hit?.body as string).replace(ticketId, randomUUID()), headers)).toThrow();
    // A replay ten minutes later: the library refuses the old timestamp (5-minute tolerance).
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now + 10 * 60_000);
    try {
      expect(() => new StandardWebhook(hook.secret).verify(hit?.body as string, headers)).toThrow(/too old/i);
    } finally {
      spy.mockRestore();
    }
    // Nothing in the GET/list answers shows the secret again.
    expect(JSON.stringify((await get(`/webhooks/${hook.webhookId}`, apiKey)).body)).not.toContain(hook.secret);
    expect(JSON.stringify((await get('/webhooks', apiKey)).body)).not.toContain(hook.secret);
  });

  it('rotation: for 24 h both secrets sign (two signatures), then only the new one', async () => {
    const { apiKey } = await newOrg();
    const hook = await register(apiKey, '/rotate');
    const rotated = await post(`/webhooks/${hook.webhookId}/rotate-secret`, apiKey);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(hook.secret);
    expect(await post(`/webhooks/${hook.webhookId}/test`, apiKey)).toMatchObject({ status: 200, body: { type: 'webhook.test', status: 'pending' } });
    await settle();
    const [hit] = hitsAt('/rotate');
    const headers = { 'webhook-id': String(hit?.headers['webhook-id']), 'webhook-timestamp': String(hit?.headers['webhook-timestamp']), 'webhook-signature': String(hit?.headers['webhook-signature']) };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new StandardWebhook(newSecret).verify(hit?.body as string, headers)).toMatchObject({ type: 'webhook.test' });
    expect(new StandardWebhook(hook.secret).verify(hit?.body as string, headers)).toMatchObject({ type: 'webhook.test' });
    const stored = { secret: newSecret, previousSecret: hook.secret, previousSecretExpiresAt: rotated.body.previousSecretExpiresAt as string };
    expect(signingSecrets(stored, Date.parse(stored.previousSecretExpiresAt) - 1000)).toEqual([newSecret, hook.secret]);
    expect(signingSecrets(stored, Date.parse(stored.previousSecretExpiresAt) + 1000)).toEqual([newSecret]);
  });
});

describe('SSRF', () => {
  it('refuses private, loopback, link-local and metadata hosts, and names that resolve to them', async () => {
    const { apiKey } = await newOrg();
    const refused = async (url: string, text: string) => expect(await post('/webhooks', apiKey, { url, events: ['*'] })).toEqual({ status: 400, body: { error: text } });
    await refused('https://10.1.2.3/hook', schema.URL_PRIVATE);
    // 127.0.0.1 and localhost are the local stack's receivers (allowed in this file); any other loopback address is not.
    await refused('https://127.0.0.2/hook', schema.URL_PRIVATE);
    await refused('https://169.254.169.254/latest/meta-data/', schema.URL_PRIVATE);
    await refused('https://[::1]/hook', schema.URL_PRIVATE);
    await refused('https://[::ffff:10.0.0.1]/hook', schema.URL_PRIVATE);
    await refused('https://192.168.1.20/hook', schema.URL_PRIVATE);
    await refused('ftp://example.com/hook', schema.URL_NOT_HTTPS);
    await refused('http://example.com/hook', schema.URL_NOT_HTTPS);
    await refused('not a url', schema.URL_INVALID);
    await refused('https://user:pw@example.com/hook', schema.URL_CREDENTIALS);
    setResolverForTests(async (host) => (host === 'internal.example.com' ? [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }] : [{ address: '93.184.216.34', family: 4 }]));
    try {
      await refused('https://internal.example.com/hook', schema.URL_PRIVATE);
      expect((await post('/webhooks', apiKey, { url: 'https://public.example.com/hook', events: ['*'] })).status).toBe(200);
    } finally {
      setResolverForTests(undefined);
    }
    expect(['169.254.169.254', '100.100.100.200', 'fd00:ec2::254', '::ffff:7f00:1', '0.0.0.0', 'fe80::1'].every(isBlockedAddress)).toBe(true);
    expect(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'].some(isBlockedAddress)).toBe(false);
  });

  it('plain http to localhost is allowed only where the local stack allows it', async () => {
    const { apiKey } = await newOrg();
    process.env[WEBHOOK_ALLOW_LOCAL_ENV] = '';
    resetEnvCache();
    try {
      expect(await post('/webhooks', apiKey, { url: `${base}/x`, events: ['*'] })).toEqual({ status: 400, body: { error: schema.URL_NOT_HTTPS } });
      expect(await post('/webhooks', apiKey, { url: 'https://localhost/x', events: ['*'] })).toEqual({ status: 400, body: { error: schema.URL_PRIVATE } });
      expect(await post('/webhooks', apiKey, { url: 'https://127.0.0.1/x', events: ['*'] })).toEqual({ status: 400, body: { error: schema.URL_PRIVATE } });
    } finally {
      process.env[WEBHOOK_ALLOW_LOCAL_ENV] = 'true';
      resetEnvCache();
    }
    expect((await post('/webhooks', apiKey, { url: `${base}/x`, events: ['*'] })).status).toBe(200);
    // Local means localhost only: other private addresses stay refused even in the local stack.
    expect(await post('/webhooks', apiKey, { url: 'http://10.0.0.1/x', events: ['*'] })).toEqual({ status: 400, body: { error: schema.URL_NOT_HTTPS } });
  });

  it('a redirect is not followed: the attempt fails with the 3xx and nothing reaches the target', async () => {
    const { apiKey } = await newOrg();
    const hook = await register(apiKey, '/redirect');
    await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    const log = (await get(`/webhooks/${hook.webhookId}/deliveries?limit=100`, apiKey)).body.deliveries as schema.DeliveryAttempt[];
    expect(log.length).toBe(schema.MAX_ATTEMPTS);
    expect(log.every((a) => a.statusCode === 302 && a.error === 'Redirect (302) not followed')).toBe(true);
    expect(hitsAt('/redirect')).toHaveLength(schema.MAX_ATTEMPTS);
    expect(hits.some((h) => h.path.startsWith('/latest'))).toBe(false);
  });

  it('a host that re-resolves to a private address after registration is refused at delivery (no connection)', async () => {
    const { org, apiKey } = await newOrg();
    setResolverForTests(async () => [{ address: '93.184.216.34', family: 4 }]);
    let hookId = '';
    try {
      const res = await post('/webhooks', apiKey, { url: 'https://rebind.example.com/hook', events: ['*'] });
      hookId = res.body.webhookId as string;
      setResolverForTests(async () => [{ address: '169.254.169.254', family: 4 }]);
      const sent = await post(`/webhooks/${hookId}/test`, apiKey);
      await settle();
      const log = (await get(`/webhooks/${hookId}/deliveries?limit=1`, apiKey)).body.deliveries as schema.DeliveryAttempt[];
      expect(log[0]).toMatchObject({ deliveryId: sent.body.deliveryId, statusCode: null, error: schema.URL_PRIVATE });
    } finally {
      setResolverForTests(undefined);
    }
    expect(org.organizationId).toBeDefined();
  });

  it('a receiver that never answers is cut off after 10 s (the attempt fails, the connection is closed)', async () => {
    let closed = 0;
    const requests: string[] = [];
    const silent = createServer((req) => {
      requests.push(String(req.headers['webhook-id']));
      req.socket.on('close', () => closed++);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
    try {
      // Only the timeout's timer is faked (the sockets and promises are real), so no test waits 10 s.
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance', 'Date'] });
      let result: Awaited<ReturnType<typeof safePost>> | undefined;
      void safePost(url, { 'webhook-id': 'msg_timeout' }, '{}').then((r) => (result = r));
      while (requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
      jest.advanceTimersByTime(schema.DELIVERY_TIMEOUT_MS - 1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(result).toBeUndefined();
      jest.advanceTimersByTime(1);
      while (!result || closed === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(schema.DELIVERY_TIMEOUT_MS).toBe(10_000);
      expect(result).toMatchObject({ statusCode: null, responseBody: null, error: 'Timed out after 10000 ms' });
    } finally {
      jest.useRealTimers();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('keeps at most 4 KB of a response body', async () => {
    const { apiKey } = await newOrg();
    const hook = await register(apiKey, '/big');
    await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    const [entry] = (await get(`/webhooks/${hook.webhookId}/deliveries`, apiKey)).body.deliveries as schema.DeliveryAttempt[];
    expect(entry?.statusCode).toBe(200);
    expect(Buffer.byteLength(entry?.responseBody ?? '')).toBe(schema.RESPONSE_BODY_MAX_BYTES);
  });
});

describe('delivery', () => {
  it('retries on the schedule, then gives up and keeps the failed delivery; redeliver sends the same event again', async () => {
    const { apiKey } = await newOrg();
    const hook = await register(apiKey, '/fail-then-redeliver');
    const sent = await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    const page = await get(`/webhooks/${hook.webhookId}/deliveries?limit=100`, apiKey);
    const log = page.body.deliveries as schema.DeliveryAttempt[];
    // One entry per attempt, newest first; each but the last names its next retry.
    expect(log.map((a) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(log.every((a) => a.deliveryId === sent.body.deliveryId && a.statusCode === 500 && a.error === 'Receiver answered 500')).toBe(true);
    expect(log[0]?.nextRetryAt).toBeNull();
    expect(log.slice(1).every((a) => a.nextRetryAt !== null)).toBe(true);
    // The waits follow 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h (scaled): each later one is longer.
    const gaps = log.slice(1).reverse().map((a) => Date.parse(a.nextRetryAt as string) - Date.parse(a.at));
    expect(gaps.length).toBe(schema.RETRY_SCHEDULE_SECONDS.length);
    const ids = new Set(hitsAt('/fail-then-redeliver').map((h) => h.headers['webhook-id']));
    expect(ids).toEqual(new Set([sent.body.eventId]));

    // Pages: two of four, then the rest; the cursor continues where the page ended.
    const first = await get(`/webhooks/${hook.webhookId}/deliveries?limit=4`, apiKey);
    const second = await get(`/webhooks/${hook.webhookId}/deliveries?limit=4&cursor=${first.body.nextCursor as string}`, apiKey);
    expect([...(first.body.deliveries as schema.DeliveryAttempt[]), ...(second.body.deliveries as schema.DeliveryAttempt[])].map((a) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(second.body.nextCursor).toBeNull();
    expect((await get(`/webhooks/${hook.webhookId}/deliveries?limit=0`, apiKey)).body).toEqual({ error: schema.DELIVERY_LIMIT_INVALID });
    expect((await get(`/webhooks/${hook.webhookId}/deliveries?cursor=abc`, apiKey)).body).toEqual({ error: schema.DELIVERY_CURSOR_INVALID });

    // The receiver is fixed: redeliver succeeds with the same webhook-id.
    await api.call('PATCH', `/api/ext-v1/webhooks/${hook.webhookId}`, { apiKey, body: { url: `${base}/fixed` } });
    const again = await post(`/webhooks/${hook.webhookId}/deliveries/${sent.body.deliveryId as string}/redeliver`, apiKey);
    expect(again).toMatchObject({ status: 200, body: { deliveryId: sent.body.deliveryId, eventId: sent.body.eventId, status: 'pending' } });
    await settle();
    expect(hitsAt('/fixed').map((h) => h.headers['webhook-id'])).toEqual([sent.body.eventId]);
    const latest = ((await get(`/webhooks/${hook.webhookId}/deliveries?limit=1`, apiKey)).body.deliveries as schema.DeliveryAttempt[])[0];
    expect(latest).toMatchObject({ attempt: 9, statusCode: 200, error: null, nextRetryAt: null });
    expect((await post(`/webhooks/${hook.webhookId}/deliveries/${randomUUID()}/redeliver`, apiKey)).body).toEqual({ error: schema.DELIVERY_NOT_FOUND });
  });

  it('after 50 deliveries in a row fail for good the endpoint is disabled and the chat webhook is told', async () => {
    const { org, apiKey } = await newOrg();
    await setChatWebhook(org.organizationId, `${base}/chat`);
    const hook = await register(apiKey, '/fail-always');
    // 48 earlier failures already counted; two more deliveries fail every retry.
    await documentClient().send(new UpdateCommand({ TableName: tableName(), Key: keys.webhook(org.organizationId, hook.webhookId), UpdateExpression: 'SET consecutiveFailures = :n', ExpressionAttributeValues: { ':n': 48 } }));
    await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    expect((await get(`/webhooks/${hook.webhookId}`, apiKey)).body).toMatchObject({ enabled: true, consecutiveFailures: 49 });
    expect(hitsAt('/chat')).toHaveLength(0);
    await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    expect((await get(`/webhooks/${hook.webhookId}`, apiKey)).body).toMatchObject({ enabled: false, consecutiveFailures: 50, disabledReason: 'Disabled after 50 consecutive failed deliveries' });
    const chat = hitsAt('/chat');
    expect(chat).toHaveLength(1);
    expect(JSON.parse(chat[0]?.body as string).text).toContain(hook.webhookId);
    expect(chat[0]?.body).not.toContain(hook.secret);
    // Disabled: no test, no redelivery, and new events are not fanned out to it.
    expect((await post(`/webhooks/${hook.webhookId}/test`, apiKey)).body).toEqual({ error: schema.WEBHOOK_DISABLED });
    // Enabling again resets the count.
    expect((await api.call('PATCH', `/api/ext-v1/webhooks/${hook.webhookId}`, { apiKey, body: { enabled: true } })).body).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
  });

  it('a duplicated or stale message makes no second attempt', async () => {
    const { apiKey, org } = await newOrg();
    const hook = await register(apiKey, '/dup');
    const sent = await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    const message = { organizationId: org.organizationId, deliveryId: sent.body.deliveryId as string, webhookId: hook.webhookId, attempts: 0, delayMs: 0 };
    expect(await attemptDelivery(message)).toBe('skipped');
    expect(hitsAt('/dup')).toHaveLength(1);
  });
});

describe('events from changes', () => {
  it('maps ticket activity: created, updates with changes, messages; internal notes never', async () => {
    const { org, apiKey } = await newOrg();
    await register(apiKey, '/tickets');
    const ticketId = await newTicket(org.organizationId);
    // (the `created` event comes from createTicket itself)
    await putTicketEvent(org.organizationId, ticketId, 'assigned', { assignee: { from: null, to: 'ana' } });
    await putTicketEvent(org.organizationId, ticketId, 'message_added', { role: 'customer', internal: false });
    await putTicketEvent(org.organizationId, ticketId, 'note_added', { role: 'agent', internal: true });
    await putTicketEvent(org.organizationId, ticketId, 'message_added', { role: 'agent', internal: true });
    await putTicketEvent(org.organizationId, ticketId, 'diagnosis_ready');
    await settle();
    const bodies = hitsAt('/tickets').map((h) => JSON.parse(h.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.map((b) => b.type).sort()).toEqual(['ticket.created', 'ticket.message_added', 'ticket.updated']);
    expect(bodies.find((b) => b.type === 'ticket.updated')?.data.changes).toEqual({ assignee: { from: null, to: 'ana' } });
    expect(bodies.find((b) => b.type === 'ticket.message_added')?.data.message).toEqual({ role: 'customer', internal: false });
  });

  it('only subscribed types reach an endpoint; an unknown event type is a 400 naming it', async () => {
    const { org, apiKey } = await newOrg();
    expect(await post('/webhooks', apiKey, { url: `${base}/x`, events: ['ticket.created', 'ticket.deleted'] })).toEqual({ status: 400, body: { error: 'Unknown event type "ticket.deleted"' } });
    expect(await post('/webhooks', apiKey, { url: `${base}/x`, events: [] })).toEqual({ status: 400, body: { error: schema.EVENTS_REQUIRED } });
    await register(apiKey, '/only-created', ['ticket.created']);
    const ticketId = await newTicket(org.organizationId);
    await putTicketEvent(org.organizationId, ticketId, 'priority_changed', { priority: { from: 'low', to: 'high' } });
    await settle();
    // The ticket's own `created` event arrives; the priority change (ticket.updated) does not.
    expect(hitsAt('/only-created').map((h) => (JSON.parse(h.body) as { type: string }).type)).toEqual(['ticket.created']);
  });

  it('an outbox event commits with its change; a failed change emits nothing', async () => {
    const { org, apiKey } = await newOrg();
    await register(apiKey, '/outbox', ['connector.sync_failed']);
    const at = new Date().toISOString();
    const data = { provider: 'memfault', deviceIdentifier: 'SN-1', externalId: 'mf-1', error: 'Token refused', window: at, at };
    const guard = { pk: `ORG#${org.organizationId}#TESTGUARD`, sk: 'GUARD' };
    // The change fails (its condition does not hold): neither it nor its event is stored.
    await expect(
      transactWrite([
        { Put: { TableName: tableName(), Item: { ...guard, v: 1 }, ConditionExpression: 'attribute_exists(pk)' } },
        webhookEventPut(org.organizationId, 'connector.sync_failed', { kind: 'inline', data }, at, 'failed-change'),
      ]),
    ).rejects.toBeInstanceOf(TransactionConditionFailed);
    await settle();
    expect(hitsAt('/outbox')).toHaveLength(0);
    // The same change committed: its event is delivered once.
    await transactWrite([{ Put: { TableName: tableName(), Item: { ...guard, v: 1 } } }, webhookEventPut(org.organizationId, 'connector.sync_failed', { kind: 'inline', data }, at, 'ok-change')]);
    await settle();
    const delivered = hitsAt('/outbox').map((h) => JSON.parse(h.body));
    expect(delivered).toEqual([{ type: 'connector.sync_failed', timestamp: at, data }]);
    const stored = await documentClient().send(new GetCommand({ TableName: tableName(), Key: guard }));
    expect(stored.Item?.v).toBe(1);
  });
});

describe('endpoints API', () => {
  it('at most 10 endpoints per organization, also under concurrent creates', async () => {
    const { apiKey } = await newOrg();
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => post('/webhooks', apiKey, { url: `${base}/n${i}`, events: ['*'] })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(schema.MAX_WEBHOOKS_PER_ORG);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error === schema.TOO_MANY_WEBHOOKS)).toBe(true);
    const list = (await get('/webhooks', apiKey)).body.webhooks as schema.Webhook[];
    expect(list).toHaveLength(10);
    // Deleting one frees a place.
    expect((await api.call('DELETE', `/api/ext-v1/webhooks/${list[0]?.webhookId as string}`, { apiKey })).body).toEqual({ success: true });
    expect((await api.call('DELETE', `/api/ext-v1/webhooks/${list[0]?.webhookId as string}`, { apiKey })).body).toEqual({ error: schema.WEBHOOK_NOT_FOUND });
    expect((await post('/webhooks', apiKey, { url: `${base}/again`, events: ['*'] })).status).toBe(200);
    expect((await post('/webhooks', apiKey, { url: `${base}/over`, events: ['*'] })).body).toEqual({ error: schema.TOO_MANY_WEBHOOKS });
  });

  it('PATCH validates its fields', async () => {
    const { apiKey } = await newOrg();
    const hook = await register(apiKey, '/p');
    const patch = (body: unknown) => api.call('PATCH', `/api/ext-v1/webhooks/${hook.webhookId}`, { apiKey, body });
    expect((await patch({})).body).toEqual({ error: schema.NOTHING_TO_UPDATE });
    expect((await patch({ enabled: 'yes' })).body).toEqual({ error: schema.ENABLED_INVALID });
    expect((await patch({ url: 'https://10.0.0.1/' })).body).toEqual({ error: schema.URL_PRIVATE });
    expect((await patch({ events: ['incident.opened', 'incident.opened'], description: 'pager' })).body).toMatchObject({ events: ['incident.opened'], description: 'pager' });
    expect((await patch({ enabled: false })).body).toMatchObject({ enabled: false });
  });

  it('tenant isolation: another organization sees none of it, on every route', async () => {
    const a = await newOrg();
    const b = await newOrg();
    const hook = await register(a.apiKey, '/iso');
    const sent = await post(`/webhooks/${hook.webhookId}/test`, a.apiKey);
    await settle();
    const id = hook.webhookId;
    const notFound = { status: 404, body: { error: schema.WEBHOOK_NOT_FOUND } };
    expect(await get(`/webhooks/${id}`, b.apiKey)).toEqual(notFound);
    expect(await api.call('PATCH', `/api/ext-v1/webhooks/${id}`, { apiKey: b.apiKey, body: { enabled: false } })).toEqual(notFound);
    expect(await api.call('DELETE', `/api/ext-v1/webhooks/${id}`, { apiKey: b.apiKey })).toEqual(notFound);
    expect(await post(`/webhooks/${id}/rotate-secret`, b.apiKey)).toEqual(notFound);
    expect(await post(`/webhooks/${id}/test`, b.apiKey)).toEqual(notFound);
    expect(await get(`/webhooks/${id}/deliveries`, b.apiKey)).toEqual(notFound);
    expect(await post(`/webhooks/${id}/deliveries/${sent.body.deliveryId as string}/redeliver`, b.apiKey)).toEqual(notFound);
    expect((await get('/webhooks', b.apiKey)).body).toEqual({ webhooks: [] });
    // Still intact for its owner.
    const own = await get(`/webhooks/${id}`, a.apiKey);
    expect(own.body).toMatchObject({ webhookId: id, enabled: true });
    expect(own.body).not.toHaveProperty('secret');
    expect(((await get(`/webhooks/${id}/deliveries`, a.apiKey)).body.deliveries as unknown[]).length).toBe(1);
  });
});

describe('signing secrets at rest (sealed like connector tokens)', () => {
  /** Every form a secret's bytes could take in an item: the whsec_ string, its base64 key, the key's hex. */
  const forms = (secret: string) => {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    return [secret, secret.slice('whsec_'.length), key.toString('hex'), key.toString('base64url')];
  };
  const rawItem = async (organizationId: string, webhookId: string) =>
    (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.webhook(organizationId, webhookId), ConsistentRead: true }))).Item as Record<string, unknown>;
  const expectNoSecretIn = (item: Record<string, unknown>, ...secrets: string[]) => {
    const text = JSON.stringify(item);
    for (const secret of secrets) {
      for (const form of forms(secret)) expect(text).not.toContain(form);
      // Nor the key's raw bytes inside a sealed box.
      for (const sealed of [item.sealedSecret, item.previousSealedSecret] as ({ box: string } | undefined)[]) {
        if (sealed) expect(Buffer.from(sealed.box, 'base64').includes(Buffer.from(secret.slice(6), 'base64'))).toBe(false);
      }
    }
  };
  const signedHeaders = (hit: Hit | undefined) => ({
    'webhook-id': String(hit?.headers['webhook-id']),
    'webhook-timestamp': String(hit?.headers['webhook-timestamp']),
    'webhook-signature': String(hit?.headers['webhook-signature']),
  });

  // Everything the functions hand to the logger (whatever its level) or print while these tests run:
  // the last test checks no secret is in it.
  const logged: string[] = [];
  const secretsSeen: string[] = [];
  const spies: jest.SpyInstance[] = [];
  beforeAll(() => {
    const capture = (...args: unknown[]) => void logged.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    for (const method of ['debug', 'info', 'warn', 'error'] as const) spies.push(jest.spyOn(logger, method).mockImplementation(capture));
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) spies.push(jest.spyOn(console, method).mockImplementation(capture));
  });
  afterAll(() => {
    for (const spy of spies) spy.mockRestore();
    setWebhookSecretSealer(undefined);
  });

  it('the stored endpoint holds its secret sealed, never in clear; deliveries still verify with standardwebhooks; rotation seals both', async () => {
    const { org, apiKey } = await newOrg();
    const hook = await register(apiKey, '/sealed');
    secretsSeen.push(hook.secret);
    const item = await rawItem(org.organizationId, hook.webhookId);
    expect(item).toMatchObject({ sealedSecret: { scheme: 'local', box: expect.any(String) } });
    expect(item).not.toHaveProperty('secret');
    expectNoSecretIn(item, hook.secret);

    await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    const [hit] = hitsAt('/sealed');
    expect(new StandardWebhook(hook.secret).verify(hit?.body as string, signedHeaders(hit))).toMatchObject({ type: 'webhook.test' });
    expect(() => new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(hit?.body as string, signedHeaders(hit))).toThrow();

    const rotated = await post(`/webhooks/${hook.webhookId}/rotate-secret`, apiKey);
    const newSecret = rotated.body.secret as string;
    secretsSeen.push(newSecret);
    const after = await rawItem(org.organizationId, hook.webhookId);
    expect(after).toMatchObject({ sealedSecret: { scheme: 'local' }, previousSealedSecret: item.sealedSecret });
    expectNoSecretIn(after, hook.secret, newSecret);
    await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    const second = hitsAt('/sealed')[1];
    expect(signedHeaders(second)['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [newSecret, hook.secret]) expect(new StandardWebhook(secret).verify(second?.body as string, signedHeaders(second))).toMatchObject({ type: 'webhook.test' });
    // A sealed secret opens only for its organization (the AAD): copied to another org's item, it cannot sign.
    await expect(openWebhookSecret(randomUUID(), after.sealedSecret as SealedSecret)).rejects.toThrow();
  });

  it('an endpoint stored before sealing (clear secret) still signs; rotating it seals both secrets and the clear one leaves the item', async () => {
    const { org, apiKey } = await newOrg();
    const legacySecret = `whsec_${randomBytes(32).toString('base64')}`;
    secretsSeen.push(legacySecret);
    const webhookId = randomUUID();
    const now = new Date().toISOString();
    // As the first version of issue 19 stored it: `secret` in clear.
    await createStoredWebhook({
      organizationId: org.organizationId,
      webhookId,
      url: `${base}/legacy`,
      events: ['*'],
      description: null,
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
      createdAt: now,
      updatedAt: now,
      secret: legacySecret,
      previousSecret: null,
      previousSecretExpiresAt: null,
    });
    expect(await rawItem(org.organizationId, webhookId)).toMatchObject({ secret: legacySecret });
    await post(`/webhooks/${webhookId}/test`, apiKey);
    await settle();
    const [first] = hitsAt('/legacy');
    expect(new StandardWebhook(legacySecret).verify(first?.body as string, signedHeaders(first))).toMatchObject({ type: 'webhook.test' });

    const rotated = await post(`/webhooks/${webhookId}/rotate-secret`, apiKey);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    secretsSeen.push(newSecret);
    const item = await rawItem(org.organizationId, webhookId);
    expect(item).toMatchObject({ sealedSecret: { scheme: 'local' }, previousSealedSecret: { scheme: 'local' } });
    expect(item).not.toHaveProperty('secret');
    expect(item).not.toHaveProperty('previousSecret');
    expectNoSecretIn(item, legacySecret, newSecret);
    await post(`/webhooks/${webhookId}/test`, apiKey);
    await settle();
    const second = hitsAt('/legacy')[1];
    for (const secret of [newSecret, legacySecret]) expect(new StandardWebhook(secret).verify(second?.body as string, signedHeaders(second))).toMatchObject({ type: 'webhook.test' });
  });

  it('in AWS: KMS envelope encryption under the webhook context, one Decrypt per secret (cached), and a KMS failure is retried without counting against the endpoint', async () => {
    const contexts: Record<string, string>[] = [];
    let decrypts = 0;
    let kmsDown = false;
    const masterKey = randomBytes(32);
    // A fake KMS: the data key "encrypted" is the data key XOR a master key, bound to the context it was made under.
    const wrap = (key: Buffer, context: Record<string, string>) => Buffer.concat([Buffer.from(JSON.stringify(context)), Buffer.from([0]), Buffer.from(key.map((b, i) => b ^ (masterKey[i] as number)))]);
    const kms: KmsLike = {
      async generateDataKey(input) {
        contexts.push(input.EncryptionContext);
        const key = randomBytes(32);
        return { Plaintext: new Uint8Array(key), CiphertextBlob: new Uint8Array(wrap(key, input.EncryptionContext)) };
      },
      async decrypt(input) {
        decrypts++;
        if (kmsDown) throw new Error('KMS unavailable');
        const blob = Buffer.from(input.CiphertextBlob);
        const sep = blob.indexOf(0);
        if (blob.subarray(0, sep).toString() !== JSON.stringify(input.EncryptionContext)) throw new Error('InvalidCiphertextException');
        return { Plaintext: new Uint8Array(blob.subarray(sep + 1).map((b, i) => b ^ (masterKey[i] as number))) };
      },
    };
    setWebhookSecretSealer(new KmsEnvelopeSecretSealer(WEBHOOK_SECRET_PURPOSE, 'alias/test', async () => kms));
    try {
      const { org, apiKey } = await newOrg();
      const hook = await register(apiKey, '/kms');
      secretsSeen.push(hook.secret);
      expect(contexts).toEqual([{ organizationId: org.organizationId, purpose: 'webhook-signing-secret' }]);
      const item = await rawItem(org.organizationId, hook.webhookId);
      expect(item).toMatchObject({ sealedSecret: { scheme: 'kms', keyId: 'alias/test', dataKey: expect.any(String) } });
      expectNoSecretIn(item, hook.secret);
      for (let i = 0; i < 3; i++) await post(`/webhooks/${hook.webhookId}/test`, apiKey);
      await settle();
      expect(hitsAt('/kms')).toHaveLength(3);
      for (const hit of hitsAt('/kms')) expect(new StandardWebhook(hook.secret).verify(hit.body, signedHeaders(hit))).toMatchObject({ type: 'webhook.test' });
      // Three attempts, one Decrypt: the opened secret is kept for a few minutes, by sealed box.
      expect(decrypts).toBe(1);

      // KMS down: the attempts fail on Fleetdesk's side, are logged and retried, and do not count toward disabling.
      setWebhookSecretSealer(new KmsEnvelopeSecretSealer(WEBHOOK_SECRET_PURPOSE, 'alias/test', async () => kms));
      kmsDown = true;
      const sent = await post(`/webhooks/${hook.webhookId}/test`, apiKey);
      await settle();
      const log = ((await get(`/webhooks/${hook.webhookId}/deliveries?limit=100`, apiKey)).body.deliveries as schema.DeliveryAttempt[]).filter((a) => a.deliveryId === sent.body.deliveryId);
      expect(log).toHaveLength(schema.MAX_ATTEMPTS);
      expect(log.every((a) => a.statusCode === null && a.error === 'Fleetdesk could not open the signing secret; the attempt will be retried')).toBe(true);
      expect(hitsAt('/kms')).toHaveLength(3);
      expect((await get(`/webhooks/${hook.webhookId}`, apiKey)).body).toMatchObject({ enabled: true, consecutiveFailures: 0 });
      // Back up: a redelivery signs again.
      kmsDown = false;
      await post(`/webhooks/${hook.webhookId}/deliveries/${sent.body.deliveryId as string}/redeliver`, apiKey);
      await settle();
      const last = hitsAt('/kms')[3];
      expect(new StandardWebhook(hook.secret).verify(last?.body as string, signedHeaders(last))).toMatchObject({ type: 'webhook.test' });
    } finally {
      setWebhookSecretSealer(undefined);
    }
  });

  it('two rotations at once lose no secret: every secret a rotation returned still signs (or the loser got 409)', async () => {
    const { apiKey } = await newOrg();
    const hook = await register(apiKey, '/race');
    secretsSeen.push(hook.secret);
    const results = await Promise.all([post(`/webhooks/${hook.webhookId}/rotate-secret`, apiKey), post(`/webhooks/${hook.webhookId}/rotate-secret`, apiKey)]);
    const won = results.filter((r) => r.status === 200).map((r) => r.body.secret as string);
    secretsSeen.push(...won);
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r).toEqual({ status: 409, body: { error: 'The secret was rotated at the same time; read the webhook and rotate again' } });
    await post(`/webhooks/${hook.webhookId}/test`, apiKey);
    await settle();
    const [hit] = hitsAt('/race');
    const verifies = (secret: string) => {
      try {
        new StandardWebhook(secret).verify(hit?.body as string, signedHeaders(hit));
        return true;
      } catch {
        return false;
      }
    };
    // Two signatures (the current and the previous secret); each secret a 200 handed out is one of them.
    expect(signedHeaders(hit)['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of won) expect(verifies(secret)).toBe(true);
    expect(verifies(hook.secret)).toBe(won.length === 1);
  });

  it('no secret appears in any log line written meanwhile', () => {
    const text = logged.join('\n');
    // The capture works: the attempts above were logged.
    expect(text).toContain('webhook attempt');
    expect(text).toContain('webhook signing secret could not be opened');
    expect(secretsSeen.length).toBeGreaterThanOrEqual(5);
    for (const secret of secretsSeen) for (const form of forms(secret)) expect(text).not.toContain(form);
  });
});

describe('the OpenAPI document', () => {
  it('its `webhooks` section lists every event type, and every payload delivered in this file matches its type\'s schema', () => {
    const doc = buildOpenApiDocument();
    const section = doc.webhooks as Record<string, { post: { parameters: { name: string; in: string; required: boolean }[]; requestBody: { content: Record<string, { schema: object }> } } }>;
    expect(Object.keys(section).sort()).toEqual([...schema.EVENT_TYPES, schema.TEST_EVENT_TYPE].sort());
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'fleetdesk-openapi', components: doc.components });
    const validators = new Map(
      Object.entries(section).map(([type, entry]) => {
        expect(entry.post.parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
        const jsonSchema = JSON.parse(JSON.stringify(entry.post.requestBody.content['application/json']?.schema).replaceAll('"#/components/', '"fleetdesk-openapi#/components/')) as object;
        return [type, ajv.compile(jsonSchema)];
      }),
    );
    const types = new Set<string>();
    for (const hit of hits.filter((h) => h.headers['webhook-id'] && !h.path.startsWith('/chat'))) {
      const body = JSON.parse(hit.body) as { type: string };
      types.add(body.type);
      const validate = validators.get(body.type);
      expect(validate).toBeDefined();
      if (!validate?.(body)) throw new Error(`${body.type}: ${ajv.errorsText(validate?.errors)} in ${hit.body.slice(0, 300)}`);
    }
    // The ticket types, the test event and an outbox event were delivered above; incident and import data are
    // the API's own views (incidentView, getImport in fan-out.ts), not delivered in this file.
    expect([...types].sort()).toEqual(['connector.sync_failed', 'ticket.created', 'ticket.message_added', 'ticket.updated', 'webhook.test']);
    // A payload that does not match is refused: the check can fail.
    expect(validators.get('ticket.created')?.({ type: 'ticket.created', timestamp: 'x', data: {} })).toBe(false);
  });
});
