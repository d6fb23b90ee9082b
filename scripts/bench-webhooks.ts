/**
 * Webhook benchmark on the local stack's machinery (DynamoDB Local, the in-process table stream
 * feeding the WebhookFanOut worker, the in-process delivery queue, a real HTTP receiver), from one
 * run:
 *   - latency from a change to the receiver's 2xx, p50 / p99 / max, for N events to E endpoints;
 *   - DynamoDB requests of the change itself with and without its webhook event (goal: 0 added:
 *     the event is one more item in the change's own transaction);
 *   - every delivery logged exactly once.
 *
 * The change is a ticket status change as the ticket service writes it (issue 16): an Update of the
 * ticket and its activity event in one TransactWriteItems.
 *
 * Three phases: a burst (N events written by `concurrency` writers as fast as they go: throughput, and
 * latency including the backlog), then paced events (one at a time, each waiting for its deliveries:
 * the latency of the path itself), then the retry contract (issue 19 item 6): R events to 3
 * endpoints of another organization, one of whose receivers answers 500 to the first two attempts
 * of each event: exactly one 2xx per event at each, every attempt logged once (retry waits scaled by
 * WEBHOOK_RETRY_SCALE, default 0.001 here).
 *
 *   npm run bench:webhooks [-- --events 1000] [-- --endpoints 3] [-- --concurrency 8] [-- --paced 50] [-- --retry-events 1000]
 *
 * Starts its own DynamoDB Local on a free port unless DYNAMODB_ENDPOINT is set.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.AWS_REGION ??= 'local';
process.env.WEBHOOK_ALLOW_LOCAL_HTTP = 'true';
// The retry phase's 10 s and 1 min waits become 10 ms and 60 ms.
process.env.WEBHOOK_RETRY_SCALE ??= '0.001';

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../shared/db/client';
import * as keys from '../shared/db/key-builders';
import { transactWrite } from '../shared/db/operations';
import { createTicket } from '../shared/domain/ticket/ticket.service';
import { CreateTicketBody } from '../shared/domain/ticket/ticket.schema';
import { settleWebhookDeliveries } from '../shared/domain/webhook/delivery';
import { TICKET_EVENT_ENTITY } from '../shared/domain/webhook/webhook-entities';
import { createWebhook, listDeliveries } from '../shared/domain/webhook/webhook.service';
import { startLocalTableStream } from '../shared/local/table-stream';
import { workers } from '../shared/routes';
import { logger, setLogLevel } from '../shared/logging/logger';
import { countRequests as countOnWire, intArg as arg, seedOrganization, startBenchTable } from './bench/harness';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB requests sent while `fn` runs (scripts/bench/harness.ts). */
const countRequests = async (fn: () => Promise<unknown>): Promise<number> => (await countOnWire(fn)).requests;

/**
 * The retry contract: `count` events to 3 endpoints of a fresh organization; `/flaky` answers 500 to
 * the first two attempts of each event. Returns what the receivers saw and what the log holds.
 */
async function retryPhase(count: number, concurrency: number, settle: () => Promise<void>) {
  const answers = new Map<string, number[]>();
  const firstOk = new Map<string, number>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = `${req.url} ${String(req.headers['webhook-id'])}`;
      const seen = answers.get(key) ?? [];
      answers.set(key, seen);
      const status = req.url === '/flaky' && seen.length < 2 ? 500 : 204;
      seen.push(status);
      if (status === 204 && !firstOk.has(key)) firstOk.set(key, performance.now());
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  try {
    const { organizationId } = await seedOrganization('bench-retry');
    const org = { organizationId };
    const paths = ['/steady-a', '/flaky', '/steady-c'];
    const hooks = [];
    for (const p of paths) hooks.push(await createWebhook(org, { url: `${url}${p}`, events: ['ticket.updated'] }));
    const created = await createTicket(org, CreateTicketBody.parse({ title: 'Bench retry ticket', customerEmail: 'bench@example.com' }));
    const ticketId = (created as { ticketId: string }).ticketId;
    const ids = Array.from({ length: count }, () => randomUUID());
    const started = new Map<string, number>();
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < ids.length) {
          const eventId = ids[next++] as string;
          const at = new Date().toISOString();
          started.set(eventId, performance.now());
          await transactWrite([
            {
              Put: {
                TableName: tableName(),
                Item: { pk: `ORG#${organizationId}#TICKET#${ticketId}`, sk: `EVENT#${at}#${eventId}`, entity: TICKET_EVENT_ENTITY, organizationId, ticketId, eventId, at, type: 'status_changed', actor: 'api', changes: { status: { from: 'new', to: 'open' } } },
              },
            },
          ]);
        }
      }),
    );
    await settle();
    const took = performance.now() - t0;
    let wrong = 0;
    for (const p of paths) {
      const pattern = JSON.stringify(p === '/flaky' ? [500, 500, 204] : [204]);
      for (const id of ids) if (JSON.stringify(answers.get(`${p} ${id}`)) !== pattern) wrong++;
    }
    let logged = 0;
    let logDuplicates = 0;
    for (const hook of hooks) {
      const seen = new Set<string>();
      let cursor: string | undefined;
      do {
        const page = await listDeliveries(org, hook.webhookId, { limit: '100', ...(cursor ? { cursor } : {}) });
        for (const d of page.deliveries) {
          if (seen.has(`${d.eventId}#${d.attempt}`)) logDuplicates++;
          seen.add(`${d.eventId}#${d.attempt}`);
        }
        logged += page.deliveries.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    const flaky = ids.map((id) => (firstOk.get(`/flaky ${id}`) ?? NaN) - (started.get(id) as number)).sort((a, b) => a - b);
    return { took, wrong, logged, expectedLogged: count * (paths.length + 2), logDuplicates, flaky };
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function main() {
  // Imports are hoisted above the environment lines: silence the attempt log here.
  setLogLevel(logger, 'SILENT');
  const events = arg('events', 1000);
  const endpoints = arg('endpoints', 3);
  const concurrency = arg('concurrency', 8);
  const paced = arg('paced', 50);
  const retryEvents = arg('retry-events', events);
  const table = await startBenchTable('bench-webhooks');

  // The receiver: notes when each (endpoint, event) first got its 2xx.
  const startedAt = new Map<string, number>();
  const received = new Map<string, number>();
  let duplicates = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = `${req.url} ${String(req.headers['webhook-id'])}`;
      if (received.has(key)) duplicates++;
      else received.set(key, performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const stream = startLocalTableStream({
    rootDir: path.resolve(__dirname, '..'),
    tableName: tableName(),
    deadLetterDir: path.join(os.tmpdir(), `bench-webhooks-${randomUUID()}`),
    workers: workers.filter((w) => w.id === 'WebhookFanOut'),
  });
  try {
    const { organizationId } = await seedOrganization('bench');
    const org = { organizationId };
    const hooks = [];
    for (let i = 0; i < endpoints; i++) hooks.push(await createWebhook(org, { url: `${base}/r${i}`, events: ['ticket.updated'] }));
    const created = await createTicket(org, CreateTicketBody.parse({ title: 'Bench ticket', customerEmail: 'bench@example.com' }));
    const ticketId = (created as { ticketId: string }).ticketId;

    // The change: the ticket's Update, with (or without) its activity event in the same transaction.
    const ticketUpdate = (n: number): TransactItem => ({
      Update: { TableName: tableName(), Key: keys.ticket(organizationId, ticketId), UpdateExpression: 'SET benchCounter = :n', ExpressionAttributeValues: { ':n': n } },
    });
    const eventPut = (eventId: string): TransactItem => ({
      Put: {
        TableName: tableName(),
        Item: { pk: `ORG#${organizationId}#TICKET#${ticketId}`, sk: `EVENT#${new Date().toISOString()}#${eventId}`, entity: TICKET_EVENT_ENTITY, organizationId, ticketId, eventId, at: new Date().toISOString(), type: 'priority_changed', actor: 'api', changes: { priority: { from: 'low', to: 'high' } } },
      },
    });
    // Nothing else may be running while the change's requests are counted (the ticket's own `created` event is still being fanned out).
    await stream.settle();
    await settleWebhookDeliveries();
    const without = await countRequests(() =>
      documentClient().send(new UpdateCommand({ TableName: tableName(), Key: keys.ticket(organizationId, ticketId), UpdateExpression: 'SET benchCounter = :n', ExpressionAttributeValues: { ':n': 0 } })),
    );
    const probeId = randomUUID();
    const withEvent = await countRequests(() => transactWrite([ticketUpdate(0), eventPut(probeId)]));
    await stream.settle();
    await settleWebhookDeliveries();

    const ids: string[] = Array.from({ length: events }, () => randomUUID());
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < ids.length) {
          const n = next++;
          const id = ids[n] as string;
          startedAt.set(id, performance.now());
          await transactWrite([ticketUpdate(n + 1), eventPut(id)]);
        }
      }),
    );
    const writesDone = performance.now();
    for (let i = 0; i < 3; i++) {
      await stream.settle();
      await settleWebhookDeliveries();
    }
    const allDone = performance.now();

    const latencies: number[] = [];
    let missing = 0;
    for (const id of ids) {
      for (let i = 0; i < endpoints; i++) {
        const at = received.get(`/r${i} ${id}`);
        if (at === undefined) missing++;
        else latencies.push(at - (startedAt.get(id) as number));
      }
    }
    latencies.sort((a, b) => a - b);
    let logged = 0;
    for (const hook of hooks) {
      let cursor: string | undefined;
      do {
        const page = await listDeliveries(org, hook.webhookId, { limit: '100', ...(cursor ? { cursor } : {}) });
        logged += page.deliveries.filter((d) => ids.includes(d.eventId)).length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    // Paced: one change at a time, each waiting until every endpoint answered 2xx.
    const pacedLatencies: number[] = [];
    for (let n = 0; n < paced; n++) {
      const id = randomUUID();
      const t = performance.now();
      await transactWrite([ticketUpdate(events + n + 1), eventPut(id)]);
      for (;;) {
        await stream.settle();
        await settleWebhookDeliveries();
        const at = Array.from({ length: endpoints }, (_, i) => received.get(`/r${i} ${id}`));
        if (at.every((x) => x !== undefined)) {
          for (const x of at) pacedLatencies.push((x as number) - t);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    pacedLatencies.sort((a, b) => a - b);
    const settleAll = async () => {
      for (let i = 0; i < 3; i++) {
        await stream.settle();
        await settleWebhookDeliveries();
      }
    };
    const retry = await retryPhase(retryEvents, concurrency, settleAll);
    const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
    console.log(`webhooks bench: ${events} events x ${endpoints} endpoints (${events * endpoints} deliveries), ${concurrency} concurrent writers, load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`);
    console.log(`  burst: change -> receiver 2xx: p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}, max ${fmt(latencies[latencies.length - 1] ?? NaN)} (includes the backlog)`);
    console.log(`  writes took ${fmt(writesDone - t0)}; all delivered ${fmt(allDone - t0)} after the first write (${((events * endpoints) / ((allDone - t0) / 1000)).toFixed(0)} deliveries/s)`);
    console.log(`  paced (${paced} events one at a time): change -> receiver 2xx: p50 ${fmt(percentile(pacedLatencies, 50))}, p99 ${fmt(percentile(pacedLatencies, 99))}, max ${fmt(pacedLatencies[pacedLatencies.length - 1] ?? NaN)}`);
    console.log(`  DynamoDB requests of the change: ${without} without its event, ${withEvent} with it (added: ${withEvent - without}; goal 0)`);
    console.log(`  delivered ${latencies.length}/${events * endpoints}, missing ${missing}, duplicate 2xx ${duplicates}, attempts logged ${logged} (goal: one per delivery)`);
    console.log(
      `  retry contract (${retryEvents} events x 3 endpoints, one answering 500 to the first two attempts, WEBHOOK_RETRY_SCALE ${process.env.WEBHOOK_RETRY_SCALE}): ` +
        `done in ${fmt(retry.took)}; events not answered exactly [500, 500, 2xx] / [2xx]: ${retry.wrong}; attempts logged ${retry.logged}/${retry.expectedLogged}, logged twice ${retry.logDuplicates}; ` +
        `flaky endpoint change -> 2xx p50 ${fmt(percentile(retry.flaky, 50))}, p99 ${fmt(percentile(retry.flaky, 99))}`,
    );
    if (missing > 0 || logged !== events * endpoints || withEvent - without !== 0) process.exitCode = 1;
    if (retry.wrong > 0 || retry.logged !== retry.expectedLogged || retry.logDuplicates > 0) process.exitCode = 1;
  } finally {
    stream.stop();
    receiver.close();
    table.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
