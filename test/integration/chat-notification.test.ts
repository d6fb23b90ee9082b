import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { matchesStreamFilter } from '../../shared/workers/stream-filter';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { resetEnvCache } from '../../shared/config/env';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { setChatWebhook } from '../../shared/domain/ticket-config/ticket-config.service';
import { CHAT_DELIVERY_STREAM, CHAT_ENV } from '../../shared/domain/ticket/notification/chat-delivery';
import { settleChatDeliveries } from '../../shared/domain/ticket/notification/dispatch';
import { workers } from '../../shared/routes';
import { handler as chatNotifier } from '../../functions/workers/chat-notifier';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

// Short delivery settings so retries and timeouts run in a few seconds (read once, on first use).
const saved = { ...process.env };
Object.assign(process.env, { CHAT_WEBHOOK_TIMEOUT_MS: '1500', CHAT_WEBHOOK_ATTEMPTS: '3', CHAT_WEBHOOK_RETRY_BASE_MS: '20' });
afterAll(() => {
  process.env = saved;
  resetEnvCache();
});

useTestTable();
const api = useLocalApi();

/** A real HTTP receiver on 127.0.0.1 whose behaviour depends on the path. */
interface Hit {
  path: string;
  body: string;
}
const hits: Hit[] = [];
let flakyCount = 0;
/** Requests to `/hang` that the sender gave up on (closed before any answer): each is an abandoned attempt. */
let abandoned = 0;
let receiver: Server;
let base = '';

function respond(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '';
    hits.push({ path, body });
    if (path === '/hang') return void res.on('close', () => (abandoned += 1)); // never answers
    if (path === '/fail') return res.writeHead(500).end('boom');
    if (path === '/flaky') return res.writeHead(++flakyCount <= 2 ? 500 : 200).end('ok');
    res.writeHead(200).end('ok');
  });
}

beforeAll(async () => {
  receiver = createServer(respond);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
});

async function orgWithWebhook(path: string) {
  const { org, apiKey } = await newOrg();
  await setChatWebhook(org.organizationId, `${base}${path}`);
  return { org, apiKey };
}

const ticketBody = {
  title: 'Sensor offline',
  priority: 'high',
  customerEmail: 'Owner@Example.com',
  messages: [
    { role: 'bot', content: 'Hi! How can I help?' },
    { role: 'customer', content: 'My sensor <SN-9> went offline & stays offline.' },
    { role: 'customer', content: 'Second message' },
  ],
};

describe('team-chat notification, in-process (local stack)', () => {
  it('posts title, priority, category, customer email and the FIRST customer message', async () => {
    const { apiKey } = await orgWithWebhook('/ok');
    const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
    expect(res.status).toBe(200);
    await settleChatDeliveries();
    expect(hits).toHaveLength(1);
    const payload = JSON.parse(hits[0]?.body ?? '{}') as { text: string; blocks: unknown[] };
    expect(payload.text).toContain('New ticket: Sensor offline');
    expect(payload.text).toContain('Priority: high');
    expect(payload.text).toContain('Category: uncategorised');
    expect(payload.text).toContain('Customer: Owner@Example.com');
    expect(payload.text).toContain('My sensor &lt;SN-9&gt; went offline &amp; stays offline.');
    expect(payload.text).not.toContain('Second message');
    expect(payload.text).not.toContain('How can I help');
    expect(JSON.stringify(payload.blocks)).toContain('My sensor &lt;SN-9&gt;');
  });

  it('a hanging webhook neither delays nor fails the API call; delivery is abandoned after the timeout and retried', async () => {
    const { apiKey } = await orgWithWebhook('/hang');
    abandoned = 0;
    const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
    // Had the call waited for delivery, at least one attempt would have timed out (been abandoned)
    // before it answered; none has: the API answered with the attempt still in flight or not yet made.
    expect(abandoned).toBe(0);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ticket created successfully');
    expect((await api.get(`/ticket/${res.body.ticketId}`, apiKey)).status).toBe(200);
    await settleChatDeliveries();
    expect(hits.filter((h) => h.path === '/hang')).toHaveLength(3);
    // The receiver sees the last abandoned connection close a moment after the sender gave up.
    for (let i = 0; i < 100 && abandoned < 3; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(abandoned).toBe(3);
  });

  it('a 500-ing webhook does not affect the API; each attempt is retried, and a flaky one gets through', async () => {
    const failing = await orgWithWebhook('/fail');
    const res = await api.post('/ticket/createTicket', failing.apiKey, ticketBody);
    expect(res.status).toBe(200);
    await settleChatDeliveries();
    expect(hits.filter((h) => h.path === '/fail')).toHaveLength(3);

    const flaky = await orgWithWebhook('/flaky');
    expect((await api.post('/ticket/createTicket', flaky.apiKey, ticketBody)).status).toBe(200);
    await settleChatDeliveries();
    expect(hits.filter((h) => h.path === '/flaky')).toHaveLength(3);
    expect(flakyCount).toBe(3);
  });

  it('no webhook configured: no post', async () => {
    const { apiKey } = await newOrg();
    expect((await api.post('/ticket/createTicket', apiKey, ticketBody)).status).toBe(200);
    await settleChatDeliveries();
    expect(hits).toHaveLength(0);
  });
});

/** The ticket item exactly as DynamoDB Local stored it. */
async function storedTicket(organizationId: string, ticketId: string): Promise<Record<string, unknown>> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.ticket(organizationId, ticketId), ConsistentRead: true }));
  if (!out.Item) throw new Error(`ticket ${ticketId} not stored`);
  return out.Item;
}

/** The stream record Lambda would hand the worker for that item's INSERT (NEW_IMAGE view). */
function streamRecord(item: Record<string, unknown>, sequenceNumber: string, eventName: DynamoDBRecord['eventName'] = 'INSERT'): DynamoDBRecord {
  const image = marshall(item, { removeUndefinedValues: true });
  return {
    eventID: `e-${sequenceNumber}`,
    eventName,
    eventSource: 'aws:dynamodb',
    eventVersion: '1.1',
    awsRegion: 'local',
    dynamodb: {
      Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
      NewImage: image as never,
      SequenceNumber: sequenceNumber,
      SizeBytes: JSON.stringify(image).length,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}
const streamEvent = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** Does a stream record pass the worker's event source filter (equality on eventName and string attributes)? */
function passesFilter(record: DynamoDBRecord): boolean {
  const filter = workers.find((w) => w.id === 'ChatNotifier')?.filter;
  if (!filter) return false;
  // The same test the stream dispatcher (AWS) and the local stream apply.
  return matchesStreamFilter(filter, record.eventName ?? '', unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>));
}

describe('team-chat notification through the table stream (AWS shape: the outbox)', () => {
  beforeAll(() => {
    process.env[CHAT_ENV.delivery] = CHAT_DELIVERY_STREAM;
    resetEnvCache();
  });
  afterAll(() => {
    delete process.env[CHAT_ENV.delivery];
    resetEnvCache();
  });

  it('createTicket stores the job on the ticket and posts nothing itself; GET does not expose it', async () => {
    const { apiKey, org } = await orgWithWebhook('/ok');
    const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
    expect(res.status).toBe(200);
    await settleChatDeliveries();
    expect(hits).toHaveLength(0);

    const item = await storedTicket(org.organizationId, res.body.ticketId as string);
    expect(item.notify).toBe('chat');
    expect(item.chatNotification).toEqual({
      organizationId: org.organizationId,
      ticketId: res.body.ticketId,
      title: 'Sensor offline',
      priority: 'high',
      category: null,
      customerEmail: 'Owner@Example.com',
      firstCustomerMessage: 'My sensor <SN-9> went offline & stays offline.',
    });
    expect(JSON.stringify(item)).not.toContain(base); // the webhook URL is read at delivery time, not stored

    const read = await api.get(`/ticket/${res.body.ticketId}`, apiKey);
    expect(Object.keys(read.body).sort()).toEqual(
      [
        'ticketId', 'title', 'description', 'priority', 'category', 'categorySource', 'categoryConfidence', 'assignee', 'customerId', 'messages', 'status', 'createdAt',
        'source', 'deviceIdentifier', 'incidentId', 'owners', 'ownerCount', 'diagnosis', 'version', 'updatedAt', 'firstResponseAt', 'solvedAt', 'closedAt',
      ].sort(),
    );
  });

  it('a hanging or 500-ing webhook cannot touch the API call: nothing is posted during it', async () => {
    for (const path of ['/hang', '/fail']) {
      const { apiKey } = await orgWithWebhook(path);
      const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
      expect(res.status).toBe(200);
    }
    await settleChatDeliveries();
    expect(hits).toHaveLength(0);
  });

  it('the ChatNotifier posts the stored job (first customer message included) from the stream record', async () => {
    const { apiKey, org } = await orgWithWebhook('/ok');
    const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
    const record = streamRecord(await storedTicket(org.organizationId, res.body.ticketId as string), '100');
    expect(passesFilter(record)).toBe(true);

    expect(await chatNotifier(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(hits.map((h) => h.path)).toEqual(['/ok']);
    const payload = JSON.parse(hits[0]?.body ?? '{}') as { text: string };
    expect(payload.text).toContain('New ticket: Sensor offline');
    expect(payload.text).toContain('Customer: Owner@Example.com');
    expect(payload.text).toContain('My sensor &lt;SN-9&gt; went offline &amp; stays offline.');
    expect(payload.text).not.toContain('Second message');
  });

  it('failures are partial batch failures keyed by SequenceNumber; a retried record gets through once the webhook recovers', async () => {
    const ok = await orgWithWebhook('/ok');
    const good = streamRecord(await storedTicket(ok.org.organizationId, (await api.post('/ticket/createTicket', ok.apiKey, ticketBody)).body.ticketId as string), '200');
    const failing = await orgWithWebhook('/fail');
    const bad = streamRecord(await storedTicket(failing.org.organizationId, (await api.post('/ticket/createTicket', failing.apiKey, ticketBody)).body.ticketId as string), '300');
    const hanging = await orgWithWebhook('/hang');
    const slow = streamRecord(await storedTicket(hanging.org.organizationId, (await api.post('/ticket/createTicket', hanging.apiKey, ticketBody)).body.ticketId as string), '400');
    const broken = streamRecord({ pk: 'x', sk: 'TICKET', entity: 'ticket', notify: 'chat', chatNotification: { title: 'no ids' } }, '500');

    expect(await chatNotifier(streamEvent(good, bad, slow, broken))).toEqual({
      batchItemFailures: [{ itemIdentifier: '300' }, { itemIdentifier: '400' }, { itemIdentifier: '500' }],
    });
    expect(hits.filter((h) => h.path === '/ok')).toHaveLength(1);

    // The event source redelivers the failed record; the webhook is read again each time.
    const flaky = await orgWithWebhook('/flaky');
    const record = streamRecord(await storedTicket(flaky.org.organizationId, (await api.post('/ticket/createTicket', flaky.apiKey, ticketBody)).body.ticketId as string), '600');
    flakyCount = 0;
    expect(await chatNotifier(streamEvent(record))).toEqual({ batchItemFailures: [{ itemIdentifier: '600' }] });
    expect(await chatNotifier(streamEvent(record))).toEqual({ batchItemFailures: [{ itemIdentifier: '600' }] });
    expect(await chatNotifier(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(hits.filter((h) => h.path === '/flaky')).toHaveLength(3);

    // A webhook removed since the ticket was created: dropped, not retried.
    await documentClient().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.orgSettings(failing.org.organizationId), UpdateExpression: 'REMOVE chatWebhookUrl' }),
    );
    expect(await chatNotifier(streamEvent(bad))).toEqual({ batchItemFailures: [] });
  }, 20_000);

  it('tickets of orgs without a webhook carry no job, and neither they nor updates pass the filter or make the worker post', async () => {
    const { apiKey, org } = await newOrg();
    const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
    const item = await storedTicket(org.organizationId, res.body.ticketId as string);
    expect(item.notify).toBeUndefined();
    expect(item.chatNotification).toBeUndefined();
    const plain = streamRecord(item, '700');
    expect(passesFilter(plain)).toBe(false);

    const withJob = await orgWithWebhook('/ok');
    const stored = await storedTicket(withJob.org.organizationId, (await api.post('/ticket/createTicket', withJob.apiKey, ticketBody)).body.ticketId as string);
    const modify = streamRecord(stored, '800', 'MODIFY');
    expect(passesFilter(modify)).toBe(false);

    expect(await chatNotifier(streamEvent(plain, modify))).toEqual({ batchItemFailures: [] });
    expect(hits).toHaveLength(0);
  });
});
