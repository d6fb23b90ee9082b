import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SQSEvent } from 'aws-lambda';
import { resetEnvCache } from '../../shared/config/env';
import { setChatWebhook } from '../../shared/domain/ticket-config/ticket-config.service';
import { settleChatDeliveries } from '../../shared/domain/ticket/notification/dispatch';
import { QUEUE_URL_ENV } from '../../shared/routes';
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
let sqsDown = false;
let receiver: Server;
let base = '';

function respond(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    // The SQS client sends to the queue URL's origin, so SendMessage is told apart by its target header.
    const path = req.headers['x-amz-target'] === 'AmazonSQS.SendMessage' ? 'sqs' : (req.url ?? '');
    hits.push({ path, body });
    if (path === '/hang') return; // never answers
    if (path === '/fail') return res.writeHead(500).end('boom');
    if (path === '/flaky') return res.writeHead(++flakyCount <= 2 ? 500 : 200).end('ok');
    if (path === 'sqs') {
      // Minimal SQS SendMessage (AWS JSON 1.0 protocol); the SDK checks the body's MD5.
      const { MessageBody } = JSON.parse(body) as { MessageBody: string };
      if (sqsDown) return res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' }).end('{"__type":"InternalError"}');
      const md5 = createHash('md5').update(MessageBody).digest('hex');
      return res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify({ MessageId: 'm-1', MD5OfMessageBody: md5 }));
    }
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
    const started = Date.now();
    const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ticket created successfully');
    expect(elapsed).toBeLessThan(1500); // below one webhook timeout
    expect((await api.get(`/ticket/${res.body.ticketId}`, apiKey)).status).toBe(200);
    await settleChatDeliveries();
    expect(hits.filter((h) => h.path === '/hang')).toHaveLength(3);
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

describe('team-chat notification through the queue (AWS shape)', () => {
  const queueEnv = QUEUE_URL_ENV.chatNotifications;
  beforeAll(() => {
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
    // The SDK warns that the fake queue's host differs from the regional SQS endpoint.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => jest.restoreAllMocks());
  afterEach(() => {
    delete process.env[queueEnv];
    resetEnvCache();
  });
  const useQueue = (path: string) => {
    process.env[queueEnv] = `${base}${path}`;
    resetEnvCache();
  };

  it('createTicket enqueues the job; the ChatNotifier worker posts it; failures are partial batch failures', async () => {
    const { apiKey, org } = await orgWithWebhook('/ok');
    useQueue('/000000000000/chat');
    const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
    expect(res.status).toBe(200);
    const sent = hits.find((h) => h.path === 'sqs');
    const job = (JSON.parse(sent?.body ?? '{}') as { MessageBody: string }).MessageBody;
    expect(JSON.parse(job)).toMatchObject({ organizationId: org.organizationId, ticketId: res.body.ticketId, firstCustomerMessage: ticketBody.messages[1]?.content });
    expect(job).not.toContain(base); // the webhook URL is not put on the queue

    const event = (body: string, messageId: string) => ({ Records: [{ messageId, body }] }) as unknown as SQSEvent;
    expect(await chatNotifier(event(job, 'a'))).toEqual({ batchItemFailures: [] });
    expect(hits.filter((h) => h.path === '/ok')).toHaveLength(1);
    expect(hits.find((h) => h.path === '/ok')?.body).toContain('My sensor &lt;SN-9&gt;');

    await setChatWebhook(org.organizationId, `${base}/fail`);
    const both = { Records: [{ messageId: 'b', body: job }, { messageId: 'c', body: 'not json' }] } as unknown as SQSEvent;
    expect(await chatNotifier(both)).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }, { itemIdentifier: 'c' }] });
  });

  it('an enqueue failure keeps the ticket and answers 200', async () => {
    const { apiKey } = await orgWithWebhook('/ok');
    useQueue('/000000000000/chat');
    sqsDown = true;
    const res = await api.post('/ticket/createTicket', apiKey, ticketBody);
    expect(res.status).toBe(200);
    expect(hits.filter((h) => h.path === 'sqs').length).toBeGreaterThanOrEqual(1);
    expect((await api.get(`/ticket/${res.body.ticketId}`, apiKey)).body.title).toBe('Sensor offline');
  });
});
