import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { resetEnvCache } from '../../shared/config/env';
import { documentClient, tableName } from '../../shared/db/client';
import { createTicket } from '../../shared/domain/ticket/ticket.service';
import { CreateTicketBody } from '../../shared/domain/ticket/ticket.schema';
import { settleWebhookDeliveries } from '../../shared/domain/webhook/delivery';
import { WEBHOOK_ALLOW_LOCAL_ENV } from '../../shared/domain/webhook/safe-http';
import { TICKET_EVENT_ENTITY } from '../../shared/domain/webhook/webhook-entities';
import { createWebhook, listDeliveries } from '../../shared/domain/webhook/webhook.service';
import type { DeliveryAttempt } from '../../shared/domain/webhook/webhook.schema';
import { startLocalTableStream } from '../../shared/local/table-stream';
import { workers } from '../../shared/routes';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

/**
 * Issue 19's load contract (item 6), deterministically: N events fanned out to 3 endpoints through
 * the local stack's machinery (in-process table stream → WebhookFanOut → in-process delivery queue →
 * attempts over HTTP) all complete, every attempt is logged exactly once, and the endpoint whose
 * receiver answers 500 to the first two attempts of each event gets exactly one successful delivery
 * per event, on the third attempt (retry waits scaled by WEBHOOK_RETRY_SCALE).
 *
 * N is 100 here (about 500 attempts: under a minute on a loaded 2-core machine); the contract's
 * 1,000 runs in `npm run bench:webhooks` (its retry phase checks the same things), or here with
 * WEBHOOK_LOAD_EVENTS=1000.
 */
const EVENTS = Number(process.env.WEBHOOK_LOAD_EVENTS ?? 100);
const WRITERS = 8;

const saved = { ...process.env };
// The 10 s and 1 min waits become 1 ms and 6 ms.
Object.assign(process.env, { WEBHOOK_RETRY_SCALE: '0.0001', [WEBHOOK_ALLOW_LOCAL_ENV]: 'true' });
resetEnvCache();
afterAll(() => {
  process.env = saved;
  resetEnvCache();
});

useTestTable();

/** Per path: status of each request, by webhook-id, in arrival order. */
const answers = new Map<string, Map<string, number[]>>();
let receiver: Server;
let base = '';
beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const p = req.url ?? '';
      const id = String(req.headers['webhook-id']);
      const byEvent = answers.get(p) ?? new Map<string, number[]>();
      answers.set(p, byEvent);
      const seen = byEvent.get(id) ?? [];
      byEvent.set(id, seen);
      const status = p === '/flaky' && seen.length < 2 ? 500 : 204;
      seen.push(status);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

let stream: ReturnType<typeof startLocalTableStream>;
beforeAll(() => {
  stream = startLocalTableStream({
    rootDir: path.resolve(__dirname, '../..'),
    tableName: tableName(),
    deadLetterDir: path.join(os.tmpdir(), `webhook-load-dlq-${randomUUID()}`),
    workers: workers.filter((w) => w.id === 'WebhookFanOut'),
  });
});
afterAll(() => stream.stop());

async function logOf(org: { organizationId: string }, webhookId: string): Promise<DeliveryAttempt[]> {
  const all: DeliveryAttempt[] = [];
  let cursor: string | undefined;
  do {
    const page = await listDeliveries(org, webhookId, { limit: '100', ...(cursor ? { cursor } : {}) });
    all.push(...page.deliveries);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

it(`${EVENTS} events to 3 endpoints: all delivered, each attempt logged once, a receiver failing twice gets exactly one success per event`, async () => {
  const { org } = await newOrg();
  const paths = ['/steady-a', '/flaky', '/steady-c'];
  const hooks = [];
  for (const p of paths) hooks.push(await createWebhook(org, { url: `${base}${p}`, events: ['ticket.updated'] }));
  const created = await createTicket(org, CreateTicketBody.parse({ title: 'Load', customerEmail: 'load@example.com', messages: [{ role: 'customer', content: 'x' }] }));
  const ticketId = (created as { ticketId: string }).ticketId;

  // The changes' activity events, as the ticket service writes them, by 8 writers at once.
  const ids = Array.from({ length: EVENTS }, () => randomUUID());
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < ids.length) {
        const eventId = ids[next++] as string;
        const at = new Date().toISOString();
        await documentClient().send(
          new PutCommand({
            TableName: tableName(),
            Item: { pk: `ORG#${org.organizationId}#TICKET#${ticketId}`, sk: `EVENT#${at}#${eventId}`, entity: TICKET_EVENT_ENTITY, organizationId: org.organizationId, ticketId, eventId, at, type: 'status_changed', actor: 'api', changes: { status: { from: 'new', to: 'open' } } },
          }),
        );
      }
    }),
  );
  for (let i = 0; i < 3; i++) {
    await stream.settle();
    await settleWebhookDeliveries();
  }

  const expected = new Set(ids);
  for (const [i, p] of paths.entries()) {
    const byEvent = answers.get(p) ?? new Map<string, number[]>();
    // Only this test's events (the ticket's own `created` is not subscribed), each exactly once successfully, as the last answer.
    expect(new Set(byEvent.keys())).toEqual(expected);
    const pattern = p === '/flaky' ? [500, 500, 204] : [204];
    const off = [...byEvent.entries()].filter(([, statuses]) => JSON.stringify(statuses) !== JSON.stringify(pattern));
    expect(off).toEqual([]);

    // The log: one entry per attempt made, no attempt twice, none missing.
    const log = await logOf(org, (hooks[i] as { webhookId: string }).webhookId);
    expect(log).toHaveLength(EVENTS * pattern.length);
    const entries = new Set(log.map((a) => `${a.eventId}#${a.attempt}`));
    expect(entries.size).toBe(log.length);
    for (const id of ids) for (let n = 1; n <= pattern.length; n++) expect(entries.has(`${id}#${n}`)).toBe(true);
    expect(log.filter((a) => a.statusCode === 204 && a.error === null && a.nextRetryAt === null)).toHaveLength(EVENTS);
    if (p === '/flaky') expect(log.filter((a) => a.statusCode === 500 && a.nextRetryAt !== null)).toHaveLength(2 * EVENTS);
  }
}, 600_000);
