import { listTicketEvents } from '../../shared/domain/ticket/ticket-lifecycle.service';
import { setProactive, setProactiveAutoSolve } from '../../shared/domain/ticket/ticket-settings';
import type { DynamoDBRecord } from 'aws-lambda';
import { marshall } from '@aws-sdk/util-dynamodb';
import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import { assignDeviceToOwners, unassignDeviceFromOwner } from '../../shared/domain/assignment/assignment.service';
import { upsertDevice } from '../../shared/domain/device/device.service';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import type { TelemetrySource } from '../../shared/domain/telemetry/telemetry.schema';
import { getTicket } from '../../shared/domain/ticket/ticket-read.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { handler as detectorWorker } from '../../functions/workers/anomaly-detector';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

const MIN = 60_000;
// Every series ends a little before the real clock: ingestion refuses timestamps in the future.
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

/** `n` one-minute readings ending at `end`, deterministic noise around `level`. */
function series(n: number, end: number, level: number, overrides: Record<number, number> = {}) {
  return Array.from({ length: n }, (_, i) => ({
    timestamp: iso(end - (n - 1 - i) * MIN),
    measurements: { temperature: overrides[i] ?? level + 0.3 * Math.sin(i * 1.7) + 0.2 * Math.cos(i * 0.9) },
  }));
}

async function store(org: OrgContext, identifier: string, records: ReturnType<typeof series>, source: TelemetrySource = 'rest') {
  await storeTelemetry(org, { deviceIdentifier: identifier, records }, source, NOW);
}

async function deviceWithOwners(org: OrgContext, identifier: string, emails: string[]) {
  await upsertDevice(org, { identifier, type: 'thermostat' });
  if (emails.length > 0) await assignDeviceToOwners(org, { deviceIdentifier: identifier, emails, autoCreateDevice: false, deviceType: undefined });
}

describe('a spike opens one incident and one proactive ticket', () => {
  let org: OrgContext;
  beforeAll(async () => {
    ({ org } = await newOrg());
    await deviceWithOwners(org, 'SN-1', ['alice@example.com', 'bob@example.com']);
    // 60 normal minutes, one spike, then back to normal.
    await store(org, 'SN-1', series(62, NOW, 21, { 60: 85 }));
  });

  test('detected with evidence, addressed to the owners, exactly once under redelivery and concurrency', async () => {
    const runs = await Promise.all(Array.from({ length: 5 }, () => anomaly.detectForDevice(org.organizationId, 'SN-1', NOW + 1000)));
    await anomaly.detectForDevice(org.organizationId, 'SN-1', NOW + 2000);
    expect(runs.flatMap((r) => r.opened)).toHaveLength(1);

    const { incidents, nextCursor } = await anomaly.listDeviceIncidents(org, 'SN-1', {});
    expect(nextCursor).toBeNull();
    expect(incidents).toHaveLength(1);
    const [incident] = incidents;
    expect(incident).toMatchObject({ kind: 'spike', measurement: 'temperature', status: 'open', startedAt: iso(NOW - MIN), anomalyCount: 1, resolvedAt: null });
    expect(incident?.evidence.values.map((v) => v.value)).toContain(85);
    expect(incident?.evidence.baseline).toHaveProperty('level');

    const tickets = await listTickets(org, { source: 'anomaly' });
    expect(tickets.tickets).toHaveLength(1);
    const ticket = await getTicket(org, incident?.ticketId ?? '');
    expect(ticket).toMatchObject({ source: 'anomaly', title: 'Temperature spike on SN-1', deviceIdentifier: 'SN-1', incidentId: incident?.incidentId, status: 'new' });
    expect(ticket.owners.map((o) => o.email).sort()).toEqual(['alice@example.com', 'bob@example.com']);
    expect(ticket.customerId).toBe(ticket.owners[0]?.customerId);
    expect(ticket.description).toContain('85');
  });

  test('further normal values resolve it after the quiet period; a later spike opens a new incident and ticket', async () => {
    await store(org, 'SN-1', series(20, NOW + 20 * MIN, 21).map((r, i) => ({ ...r, timestamp: iso(NOW + (i + 1) * MIN) })));
    await anomaly.detectForDevice(org.organizationId, 'SN-1', NOW + 21 * MIN);
    expect((await anomaly.listDeviceIncidents(org, 'SN-1', { status: 'resolved' })).incidents).toHaveLength(1);
    expect((await anomaly.listDeviceIncidents(org, 'SN-1', { status: 'open' })).incidents).toHaveLength(0);
    // Issue 16: the proactive ticket says so (bot message, incident_resolved event); auto-solve is off by default.
    const [resolved] = (await anomaly.listDeviceIncidents(org, 'SN-1', { status: 'resolved' })).incidents;
    const ticket = await getTicket(org, resolved?.ticketId ?? '');
    expect(ticket.status).toBe('new');
    expect(ticket.messages.at(-1)).toMatchObject({ role: 'bot', internal: false, content: expect.stringMatching(/^temperature on device SN-1 is back to normal since \d{4}-.*\(last anomalous reading: 85\)/) });
    expect((await listTicketEvents(org.organizationId, ticket.ticketId)).events.map((e) => e.type)).toEqual(['created', 'incident_resolved']);

    await store(org, 'SN-1', [
      { timestamp: iso(NOW + 21 * MIN), measurements: { temperature: 90 } },
      { timestamp: iso(NOW + 22 * MIN), measurements: { temperature: 21 } },
    ]);
    await anomaly.detectForDevice(org.organizationId, 'SN-1', NOW + 23 * MIN);
    const all = await anomaly.listDeviceIncidents(org, 'SN-1', {});
    expect(all.incidents.map((i) => i.status)).toEqual(['open', 'resolved']);
    expect((await listTickets(org, { deviceIdentifier: 'SN-1' })).tickets).toHaveLength(2);
  });

  test('another organization sees none of it', async () => {
    const { org: other } = await newOrg('Other');
    await expect(anomaly.listDeviceIncidents(other, 'SN-1', {})).rejects.toThrow('Device not found');
    expect((await listTickets(other, {})).tickets).toHaveLength(0);
    const [incident] = (await anomaly.listDeviceIncidents(org, 'SN-1', {})).incidents;
    await expect(getTicket(other, incident?.ticketId ?? '')).rejects.toThrow('Ticket not found');
  });

  test('list inputs get clear 400s', async () => {
    await expect(anomaly.listDeviceIncidents(org, 'SN-1', { status: 'closed' })).rejects.toThrow('status must be open, resolved or withdrawn');
    await expect(anomaly.listDeviceIncidents(org, 'SN-1', { cursor: 'nope' })).rejects.toThrow('cursor is invalid for this query');
    await expect(listTickets(org, { source: 'email' })).rejects.toThrow('source must be one of: api, anomaly');
    await expect(listTickets(org, { customerId: 'x' })).rejects.toThrow('customerId must be a customer id (UUID)');
    await expect(listTickets(org, { limit: '0' })).rejects.toThrow('limit must be an integer from 1 to 100');
  });
});

test('owners at detection time: an unassigned owner is not on the next proactive ticket; no owners → no customer', async () => {
  const { org } = await newOrg();
  await deviceWithOwners(org, 'SN-2', ['old@example.com', 'new@example.com']);
  await unassignDeviceFromOwner(org, { deviceIdentifier: 'SN-2', email: 'old@example.com' });
  await store(org, 'SN-2', series(62, NOW, 21, { 60: 85 }));
  await anomaly.detectForDevice(org.organizationId, 'SN-2', NOW + 1000);
  const [ticket] = (await listTickets(org, { deviceIdentifier: 'SN-2' })).tickets;
  expect(ticket?.owners.map((o) => o.email)).toEqual(['new@example.com']);
  expect((await listTickets(org, { customerId: ticket?.customerId ?? '' })).tickets).toHaveLength(1);

  await store(org, 'SN-3', series(62, NOW, 21, { 60: 85 }));
  await anomaly.detectForDevice(org.organizationId, 'SN-3', NOW + 1000);
  const [orphan] = (await listTickets(org, { deviceIdentifier: 'SN-3' })).tickets;
  expect(orphan).toMatchObject({ source: 'anomaly', customerId: null, owners: [] });
});

test('backfilled and day-old records never open incidents', async () => {
  const { org } = await newOrg();
  await store(org, 'SN-4', series(62, NOW, 21, { 60: 85 }), 's3');
  await store(org, 'SN-5', series(62, NOW - 25 * 60 * MIN, 21, { 60: 85 }));
  expect((await anomaly.detectForDevice(org.organizationId, 'SN-4', NOW + 1000)).evaluated).toBe(0);
  expect((await anomaly.detectForDevice(org.organizationId, 'SN-5', NOW + 1000)).opened).toHaveLength(0);
  expect((await listTickets(org, {})).tickets).toHaveLength(0);
});

test('threshold rules from the operator open an incident only after the breach lasted long enough', async () => {
  const { org } = await newOrg();
  const { rule } = await anomaly.addThresholdRule(org.organizationId, { measurement: 'battery', below: '10', forMinutes: '30' });
  expect((await anomaly.listThresholdRules(org.organizationId)).rules).toEqual([rule]);
  const battery = (n: number, end: number, value: (i: number) => number) =>
    Array.from({ length: n }, (_, i) => ({ timestamp: iso(end - (n - 1 - i) * MIN), measurements: { battery: value(i) } }));
  // 20 minutes under 10, then recharged: no incident. 40 minutes under: one.
  await store(org, 'B-1', battery(60, NOW, (i) => (i >= 30 && i < 50 ? 8 : 60)) as never);
  await store(org, 'B-2', battery(60, NOW, (i) => (i >= 10 && i < 55 ? 8 : 60)) as never);
  expect((await anomaly.detectForDevice(org.organizationId, 'B-1', NOW + 1000)).opened).toHaveLength(0);
  expect((await anomaly.detectForDevice(org.organizationId, 'B-2', NOW + 1000)).opened).toHaveLength(1);
  const [incident] = (await anomaly.listDeviceIncidents(org, 'B-2', {})).incidents;
  expect(incident).toMatchObject({ kind: 'threshold', measurement: 'battery', startedAt: iso(NOW - 49 * MIN) });
  const ticket = await getTicket(org, incident?.ticketId ?? '');
  expect(ticket).toMatchObject({ title: 'Battery threshold breached on B-2', priority: 'high' });
});

test('the sweep opens a dropout for a silent device once, and its next report resolves it', async () => {
  const { org } = await newOrg();
  await setProactiveAutoSolve(org.organizationId, 'on');
  // The ticket at once (`--dropout-hold 0`); the held ticket: anomaly-dropout-hold.test.ts.
  await setProactive(org.organizationId, { dropoutHold: '0' });
  const start = NOW - 120 * MIN;
  // A report every 5 minutes for an hour, each evaluated as it arrives.
  for (let i = 0; i < 12; i++) {
    const t = start + i * 5 * MIN;
    await store(org, 'D-1', [{ timestamp: iso(t), measurements: { temperature: 20 + (i % 3) } }]);
    await anomaly.detectForDevice(org.organizationId, 'D-1', t + 1000);
  }
  const last = start + 55 * MIN;
  expect((await anomaly.sweepDropouts({ now: last + 20 * MIN, organizationId: org.organizationId })).opened).toBe(0);
  const swept = await anomaly.sweepDropouts({ now: last + 45 * MIN, organizationId: org.organizationId });
  expect(swept).toMatchObject({ checked: 1, opened: 1 });
  expect((await anomaly.sweepDropouts({ now: last + 50 * MIN, organizationId: org.organizationId })).opened).toBe(0);
  const [incident] = (await anomaly.listDeviceIncidents(org, 'D-1', {})).incidents;
  expect(incident).toMatchObject({ kind: 'dropout', measurement: null, status: 'open', startedAt: iso(last) });
  expect((await getTicket(org, incident?.ticketId ?? '')).title).toBe('D-1 stopped reporting');

  await store(org, 'D-1', [{ timestamp: iso(last + 60 * MIN), measurements: { temperature: 21 } }]);
  await anomaly.detectForDevice(org.organizationId, 'D-1', last + 60 * MIN + 1000);
  expect((await anomaly.listDeviceIncidents(org, 'D-1', {})).incidents[0]).toMatchObject({ status: 'resolved' });
  // Issue 16 with `org set-proactive --auto-solve on` and no agent reply: solved, with the bot's line.
  const solved = await getTicket(org, incident?.ticketId ?? '');
  expect(solved).toMatchObject({ status: 'solved', solvedAt: expect.any(String) });
  expect(solved.messages.at(-1)?.content).toMatch(/^Device D-1 is reporting again/);
});

describe('the stream worker', () => {
  const record = (seq: string, image: Record<string, unknown>): DynamoDBRecord => ({
    eventName: 'INSERT',
    dynamodb: { SequenceNumber: seq, NewImage: marshall(image) as never },
  });

  test('evaluates each device once per batch and reports only the failed device, by its first record', async () => {
    const spy = jest.spyOn(anomaly, 'detectForDevice').mockImplementation(async (_org, identifier) => {
      if (identifier === 'bad') throw new Error('boom');
      return { evaluated: 1, opened: [], resolved: [] };
    });
    try {
      const telemetry = (identifier: string, source = 'rest') => ({ entity: 'telemetry', organizationId: 'o', identifier, source });
      const out = await detectorWorker({
        Records: [record('1', telemetry('good')), record('2', telemetry('bad')), record('3', telemetry('good')), record('4', telemetry('bad')), record('5', telemetry('x', 's3'))],
      });
      expect(out.batchItemFailures).toEqual([{ itemIdentifier: '2' }]);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
