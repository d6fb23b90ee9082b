import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';

process.env.DIAGNOSIS_TIMEOUT_MS = '300';

import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import * as connectorRepo from '../../shared/domain/connector/connector.repository';
import { diagnoseTicket, setSummarizer } from '../../shared/domain/diagnosis/diagnosis.service';
import { ingestTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { buildChatPayload } from '../../shared/domain/ticket/notification/chat-message';
import { handler as diagnosisWorker } from '../../functions/workers/ticket-diagnosis';
import { handler as chatNotifier } from '../../functions/workers/chat-notifier';
import { resetEnvCache } from '../../shared/config/env';
import { setChatWebhook } from '../../shared/domain/ticket-config/ticket-config.service';
import { CHAT_DELIVERY_STREAM, CHAT_ENV } from '../../shared/domain/ticket/notification/chat-delivery';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

const HOUR = 3_600_000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

/** The stream record the table would carry for a stored ticket. */
async function streamEventFor(organizationId: string, ticketId: string) {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.ticket(organizationId, ticketId) }));
  return { Records: [{ eventName: 'INSERT' as const, dynamodb: { SequenceNumber: '1', NewImage: marshall(out.Item, { removeUndefinedValues: true }) as never } }] };
}

describe('diagnosis on every ticket', () => {
  let orgId: string;
  let apiKey: string;
  let otherKey: string;
  let otherOrg: string;

  beforeAll(async () => {
    const a = await newOrg('Diag A');
    const b = await newOrg('Diag B');
    ({ apiKey } = a);
    orgId = a.org.organizationId;
    otherKey = b.apiKey;
    otherOrg = b.org.organizationId;
    for (const identifier of ['BAT-1', 'SIL-1', 'CR-1', 'OK-1']) await api.post('/device', apiKey, { identifier, type: 'sensor' });
    await api.post('/customer/createOrUpdateCustomer', apiKey, { email: 'fleet@example.com' });
    await api.post('/deviceAssignment/assignDevicesToOwner', apiKey, { customerEmail: 'fleet@example.com', deviceIdentifiers: ['BAT-1', 'SIL-1', 'CR-1'] });
    await api.post('/customer/createOrUpdateCustomer', apiKey, { email: 'fine@example.com' });
    await api.post('/deviceAssignment/assignDevicesToOwner', apiKey, { customerEmail: 'fine@example.com', deviceIdentifiers: ['OK-1'] });
    const org = { organizationId: orgId };
    await ingestTelemetry(org, 'BAT-1', { records: [{ timestamp: iso(5 * HOUR), battery_level: 31 }, { timestamp: iso(2 * HOUR), battery_level: 12 }, { timestamp: iso(10 * 60_000), battery_level: 4 }] }, 'rest');
    await ingestTelemetry(org, 'SIL-1', { timestamp: iso(10 * HOUR), temperature: 21 }, 'rest');
    await ingestTelemetry(org, 'CR-1', { timestamp: iso(5 * 60_000), temperature: 22 }, 'rest');
    await ingestTelemetry(org, 'OK-1', { timestamp: iso(5 * 60_000), battery_level: 88 }, 'rest');
    await connectorRepo.putConnection(orgId, 'CR-1', connectorRepo.freshConnection('memfault', 'CR-1', iso(48 * HOUR)));
    await connectorRepo.updateConnectionSync(orgId, 'CR-1', 'CR-1', {
      lastSyncAt: iso(60_000),
      firmware: { softwareVersion: '1.4.0', hardwareVersion: 'evt' },
      firmwareSince: iso(3 * HOUR),
      previousSoftwareVersion: '1.3.2',
      lastSeenAt: iso(60_000),
      crashes: { last24h: 5, lastAt: iso(HOUR), lastReason: 'HardFault' },
    });
    // Another organization with the same identifiers and a ticket of its own.
    await api.post('/device', otherKey, { identifier: 'BAT-1', type: 'sensor' });
  });
  afterEach(() => setSummarizer(undefined));

  const createTicket = async (key: string, customerEmail: string) => {
    const res = await api.post('/ticket/createTicket', key, { title: 'Device keeps restarting', customerEmail, messages: [{ role: 'customer', content: 'It reboots all the time' }] });
    expect(res.status).toBe(200);
    return res.body.ticketId as string;
  };

  it('is pending after createTicket, ready after the worker, with ordered findings on the clear cases', async () => {
    const ticketId = await createTicket(apiKey, 'fleet@example.com');
    expect((await api.get(`/ticket/${ticketId}`, apiKey)).body.diagnosis).toEqual({ status: 'pending', summary: '', findings: [], generatedAt: null, generator: null });
    expect(await diagnosisWorker(await streamEventFor(orgId, ticketId))).toEqual({ batchItemFailures: [] });
    const { diagnosis } = (await api.get(`/ticket/${ticketId}`, apiKey)).body as { diagnosis: { status: string; summary: string; generator: string; findings: { deviceIdentifier: string; kind: string; severity: string; evidence: Record<string, unknown> }[] } };
    expect(diagnosis.status).toBe('ready');
    expect(diagnosis.generator).toBe('embedded');
    expect(diagnosis.findings.map((f) => [f.deviceIdentifier, f.kind, f.severity])).toEqual([
      ['BAT-1', 'battery_low', 'high'],
      ['CR-1', 'crash_loop_after_update', 'high'],
      ['SIL-1', 'silent', 'medium'],
    ]);
    expect(diagnosis.findings[0]?.evidence).toMatchObject({ value: 4, earlierValue: 31, falling: true });
    expect(diagnosis.summary.length).toBeLessThanOrEqual(600);
    expect(diagnosis.summary).toMatch(/Checked 3 devices of the customer/);
    expect(diagnosis.summary).toMatch(/firmware 1\.4\.0/);
    // A redelivered record changes nothing.
    expect(await diagnoseTicket(orgId, ticketId)).toBeUndefined();
  });

  it('writes one diagnosis_ready activity event (actor system) with the diagnosis; a redelivery adds nothing', async () => {
    const ticketId = await createTicket(apiKey, 'fleet@example.com');
    const types = async () => ((await api.get(`/ticket/${ticketId}/events`, apiKey)).body.events as { type: string }[]).map((e) => e.type);
    expect(await types()).toEqual(['created']);
    const record = await streamEventFor(orgId, ticketId);
    expect(await diagnosisWorker(record)).toEqual({ batchItemFailures: [] });
    const events = (await api.get(`/ticket/${ticketId}/events`, apiKey)).body.events as { type: string; actor: string; changes: Record<string, unknown> }[];
    expect(events.map((e) => e.type)).toEqual(['created', 'diagnosis_ready']);
    expect(events[1]).toMatchObject({ actor: 'system', changes: { diagnosis: { status: 'ready', findings: 3, generator: 'embedded' } } });
    // The same stream record delivered twice, also both at once: still one event, and the version untouched.
    expect(await diagnosisWorker(record)).toEqual({ batchItemFailures: [] });
    expect(await types()).toEqual(['created', 'diagnosis_ready']);
    const racing = await createTicket(apiKey, 'fleet@example.com');
    const racingRecord = await streamEventFor(orgId, racing);
    await Promise.all([diagnosisWorker(racingRecord), diagnosisWorker(racingRecord), diagnosisWorker(racingRecord)]);
    const raced = (await api.get(`/ticket/${racing}/events`, apiKey)).body.events as { type: string }[];
    expect(raced.map((e) => e.type)).toEqual(['created', 'diagnosis_ready']);
    expect((await api.get(`/ticket/${racing}`, apiKey)).body.version).toBe(1);
  });

  it('diagnosis_ready sorts after a change that landed while the ticket was being diagnosed; it does not move the version', async () => {
    const ticketId = await createTicket(apiKey, 'fleet@example.com');
    // A PATCH lands between the worker's read and its first write (held there by a middleware on the one client).
    let patched = false;
    const name = `patch-first-${Math.random()}`;
    documentClient().middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { TransactItems?: { Update?: { UpdateExpression?: string } }[] };
        if (!patched && input.TransactItems?.[0]?.Update?.UpdateExpression === 'SET diagnosis = :d') {
          patched = true;
          const res = await api.call('PATCH', `/api/ext-v1/ticket/${ticketId}`, { apiKey, body: { priority: 'high' } });
          expect(res.status).toBe(200);
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      expect(await diagnoseTicket(orgId, ticketId)).toMatchObject({ status: 'ready' });
    } finally {
      documentClient().middlewareStack.remove(name);
    }
    expect(patched).toBe(true);
    const events = (await api.get(`/ticket/${ticketId}/events`, apiKey)).body.events as { type: string }[];
    expect(events.map((e) => e.type)).toEqual(['created', 'priority_changed', 'diagnosis_ready']);
    // The diagnosis does not move the version: an agent who read version 2 is not refused.
    const ticket = (await api.get(`/ticket/${ticketId}`, apiKey)).body as { version: number };
    expect(ticket.version).toBe(2);
  });

  it('an unavailable diagnosis writes no diagnosis_ready event', async () => {
    const lonely = await createTicket(apiKey, 'nobody-else@example.com');
    expect(await diagnoseTicket(orgId, lonely)).toMatchObject({ status: 'unavailable' });
    expect(((await api.get(`/ticket/${lonely}/events`, apiKey)).body.events as { type: string }[]).map((e) => e.type)).toEqual(['created']);
  });

  it('no problem found: ready, with a reassuring summary; a customer without devices: unavailable', async () => {
    const fine = await createTicket(apiKey, 'fine@example.com');
    const ready = await diagnoseTicket(orgId, fine);
    expect(ready).toMatchObject({ status: 'ready', findings: [] });
    expect(ready?.summary).toMatch(/No problem found/);
    const lonely = await createTicket(apiKey, 'nobody@example.com');
    expect(await diagnoseTicket(orgId, lonely)).toMatchObject({ status: 'unavailable', findings: [], generator: 'embedded' });
    expect((await api.get(`/ticket/${lonely}`, apiKey)).body.diagnosis).toMatchObject({ status: 'unavailable' });
  });

  it('Bedrock writes the summary when it answers; on failure or timeout the embedded summary stands', async () => {
    setSummarizer({ name: 'bedrock:test-model', summarize: async () => 'Model summary: replace the battery of BAT-1.' });
    expect(await diagnoseTicket(orgId, await createTicket(apiKey, 'fleet@example.com'))).toMatchObject({ generator: 'bedrock:test-model', summary: 'Model summary: replace the battery of BAT-1.' });
    setSummarizer({ name: 'bedrock:test-model', summarize: () => Promise.reject(new Error('ThrottlingException')) });
    const failed = await diagnoseTicket(orgId, await createTicket(apiKey, 'fleet@example.com'));
    expect(failed).toMatchObject({ status: 'ready', generator: 'embedded' });
    expect(failed?.findings).toHaveLength(3);
    setSummarizer({ name: 'bedrock:test-model', summarize: () => new Promise(() => undefined) });
    const started = Date.now();
    expect(await diagnoseTicket(orgId, await createTicket(apiKey, 'fleet@example.com'))).toMatchObject({ status: 'ready', generator: 'embedded' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("never crosses organizations: another org's ticket id finds nothing, its diagnosis sees only its own devices", async () => {
    const mine = await createTicket(apiKey, 'fleet@example.com');
    expect(await diagnoseTicket(otherOrg, mine)).toBeUndefined();
    expect((await api.get(`/ticket/${mine}`, otherKey)).status).toBe(404);
    const theirs = await createTicket(otherKey, 'fleet@example.com');
    expect(await diagnoseTicket(otherOrg, theirs)).toMatchObject({ status: 'unavailable' });
  });

  it('the chat payload shows a summary only when one is given', () => {
    const job = { organizationId: orgId, ticketId: 't', title: 'T', priority: 'high', category: null, customerEmail: 'a@b.co', firstCustomerMessage: null };
    expect(JSON.stringify(buildChatPayload(job))).not.toContain('Diagnosis');
    const payload = buildChatPayload({ ...job, diagnosisSummary: 'Battery of BAT-1 is near empty.' });
    expect(payload.text).toContain('Diagnosis: Battery of BAT-1 is near empty.');
    expect(JSON.stringify(payload.blocks)).toContain('*Diagnosis*');
  });

  // Last in this file: it leaves the organization's chat webhook pointing at a receiver that is closed after it.
  it('the chat notification carries the summary when it is ready: the ChatNotifier reads it at delivery time', async () => {
    const posted: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        posted.push(body);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    process.env[CHAT_ENV.delivery] = CHAT_DELIVERY_STREAM;
    resetEnvCache();
    try {
      await setChatWebhook(orgId, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
      // Two tickets stored with their chat job (the outbox); only the first is diagnosed before delivery.
      const diagnosed = await createTicket(apiKey, 'fleet@example.com');
      const pending = await createTicket(apiKey, 'fleet@example.com');
      expect(await diagnosisWorker(await streamEventFor(orgId, diagnosed))).toEqual({ batchItemFailures: [] });
      const summary = ((await api.get(`/ticket/${diagnosed}`, apiKey)).body.diagnosis as { summary: string }).summary;
      expect(summary).toMatch(/Checked 3 devices/);

      expect(await chatNotifier(await streamEventFor(orgId, diagnosed))).toEqual({ batchItemFailures: [] });
      expect(await chatNotifier(await streamEventFor(orgId, pending))).toEqual({ batchItemFailures: [] });
      expect(posted).toHaveLength(2);
      const [withSummary, without] = posted.map((p) => JSON.parse(p) as { text: string });
      expect(withSummary?.text).toContain(`Diagnosis: ${summary}`);
      expect(without?.text).not.toContain('Diagnosis');
    } finally {
      delete process.env[CHAT_ENV.delivery];
      resetEnvCache();
      await setChatWebhook(orgId, undefined as unknown as string).catch(() => undefined);
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

});
