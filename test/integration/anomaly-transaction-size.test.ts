import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { documentClient, tableName } from '../../shared/db/client';
import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import * as repo from '../../shared/domain/anomaly/anomaly.repository';
import * as evaluation from '../../shared/domain/anomaly/device-evaluation';
import { addRule } from '../../shared/domain/anomaly/monitor-rules';
import { upsertDevice } from '../../shared/domain/device/device.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';

/**
 * Round 14 (issue 20): one evaluation may change more incidents than one DynamoDB transaction holds
 * (100 items; a ticketed incident writes up to 17). A gateway whose 12 channels all cross their
 * rules in one record used to fail every commit (ValidationException) and so on every redelivery;
 * now what does not fit is carried in the state and written by the next commits, each incident and
 * ticket once, even when the process dies between two of them or two evaluations race.
 */

useTestTable();

const MIN = 60_000;
const NOW = Math.floor(Date.now() / MIN) * MIN - 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const CHANNELS = Array.from({ length: 12 }, (_, i) => `ch${String(i).padStart(2, '0')}`);

/** A gateway with one "above 50" rule per channel. */
async function gateway(org: OrgContext, identifier: string) {
  await upsertDevice(org, { identifier, type: 'gateway' });
  for (const measurement of CHANNELS) await addRule(org.organizationId, { measurement, operator: 'above', value: 50, forMinutes: 0 });
}

/** Records of every channel at `value`, one a minute from `from`, stored at `at`. */
const store = (org: OrgContext, identifier: string, from: number, values: number[], at: number) =>
  storeTelemetry(org, { deviceIdentifier: identifier, records: values.map((v, i) => ({ timestamp: iso(from + i * MIN), measurements: Object.fromEntries(CHANNELS.map((c) => [c, v])) })) }, 'rest', at);

const incidents = async (org: OrgContext, identifier: string) => (await anomaly.listDeviceIncidents(org, identifier, { limit: '100' })).incidents;
const anomalyTickets = async (org: OrgContext) => (await listTickets(org, { source: 'anomaly', limit: '100' })).tickets;

async function outbox(org: OrgContext): Promise<string[]> {
  const scan = await documentClient().send(new ScanCommand({ TableName: tableName(), FilterExpression: 'entity = :e AND organizationId = :o', ExpressionAttributeValues: { ':e': 'webhookEvent', ':o': org.organizationId } }));
  return (scan.Items ?? []).map((i) => i.type as string).sort();
}

/** Every channel's incident once, each with its own ticket, and nothing left carried in the state. */
async function expectOnceEach(org: OrgContext, identifier: string, status: 'open' | 'resolved') {
  const list = await incidents(org, identifier);
  expect(list.map((i) => i.measurement).sort()).toEqual(CHANNELS);
  expect(new Set(list.map((i) => i.status))).toEqual(new Set([status]));
  const tickets = await anomalyTickets(org);
  expect(tickets).toHaveLength(CHANNELS.length);
  expect(new Set(list.map((i) => i.ticketId))).toEqual(new Set(tickets.map((t) => t.ticketId)));
  expect((await repo.loadDetectorInput(org.organizationId, identifier)).state.carry).toBeUndefined();
  return tickets;
}

afterEach(() => jest.restoreAllMocks());

/** The process dies at its second commit (a Lambda timing out): the first commit stands. */
function dieAtSecondCommit(): void {
  const real = repo.commit;
  let calls = 0;
  jest.spyOn(repo, 'commit').mockImplementation(async (items) => {
    if (++calls === 2) throw new Error('Lambda timed out');
    return real(items);
  });
}

test('one record crossing 12 rules opens 12 incidents with a ticket each, over several transactions of at most 100 items; one record back resolves them all', async () => {
  const { org } = await newOrg('Carry');
  await gateway(org, 'GW-1');
  await store(org, 'GW-1', NOW, [10, 99], NOW + 2 * MIN);
  const commits = jest.spyOn(repo, 'commit');
  const opened = await anomaly.detectForDevice(org.organizationId, 'GW-1', NOW + 2 * MIN);
  expect(opened.opened).toHaveLength(12);
  // 12 x 17 items: more than one transaction, none over the limit.
  const sizes = commits.mock.calls.map(([items]) => items.length);
  expect(sizes.length).toBeGreaterThanOrEqual(3);
  expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
  await expectOnceEach(org, 'GW-1', 'open');
  expect(await outbox(org)).toEqual(Array(12).fill('incident.opened'));

  // All channels back below for 16 minutes: one record resolves all 12, each ticket told once (a ticketed resolution writes up to 20 items).
  commits.mockClear();
  await store(org, 'GW-1', NOW + 2 * MIN, Array(17).fill(10), NOW + 20 * MIN);
  const resolved = await anomaly.detectForDevice(org.organizationId, 'GW-1', NOW + 20 * MIN);
  expect(resolved.resolved).toHaveLength(12);
  expect(Math.max(...commits.mock.calls.map(([items]) => items.length))).toBeLessThanOrEqual(100);
  const tickets = await expectOnceEach(org, 'GW-1', 'resolved');
  for (const ticket of tickets) expect(ticket.messages.filter((m) => m.role === 'bot' && /back to normal|resolved/i.test(m.content))).toHaveLength(1);
  expect(await outbox(org)).toEqual([...Array(12).fill('incident.opened'), ...Array(12).fill('incident.resolved')]);
});

test('a process that dies after the first commit leaves the rest carried in the state: the redelivery writes it, once', async () => {
  const { org } = await newOrg('Crash');
  await gateway(org, 'GW-2');
  await store(org, 'GW-2', NOW, [10, 99], NOW + 2 * MIN);
  dieAtSecondCommit();
  await expect(anomaly.detectForDevice(org.organizationId, 'GW-2', NOW + 2 * MIN)).rejects.toThrow('Lambda timed out');
  const written = await incidents(org, 'GW-2');
  expect(written.length).toBeGreaterThan(0);
  expect(written.length).toBeLessThan(12);
  expect((await repo.loadDetectorInput(org.organizationId, 'GW-2')).state.carry?.opened).toHaveLength(12 - written.length);
  jest.restoreAllMocks();

  // The stream redelivers the same record: nothing new to evaluate, the carried incidents are written.
  const again = await anomaly.detectForDevice(org.organizationId, 'GW-2', NOW + 2 * MIN + 5000);
  expect(again.opened).toHaveLength(12 - written.length);
  await expectOnceEach(org, 'GW-2', 'open');
  expect(await outbox(org)).toEqual(Array(12).fill('incident.opened'));
});

test('evaluations racing on a carried state write each incident and ticket once', async () => {
  const { org } = await newOrg('Race');
  await gateway(org, 'GW-3');
  await store(org, 'GW-3', NOW, [10, 99], NOW + 2 * MIN);
  dieAtSecondCommit();
  await expect(anomaly.detectForDevice(org.organizationId, 'GW-3', NOW + 2 * MIN)).rejects.toThrow();
  jest.restoreAllMocks();
  // The stream's redelivery, a second worker and the dropout sweep's catch-up, all at once.
  const racers = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => anomaly.detectForDevice(org.organizationId, 'GW-3', NOW + 2 * MIN + 1000 * (i + 1))));
  expect(racers.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
  await expectOnceEach(org, 'GW-3', 'open');
  expect(await outbox(org)).toEqual(Array(12).fill('incident.opened'));
});

test('the dropout sweep writes what a dead process left carried before it judges the device', async () => {
  const { org } = await newOrg('Sweep');
  await gateway(org, 'GW-4');
  // An hour of readings every 5 minutes teaches the cadence; the last one crosses every rule.
  const values = Array.from({ length: 13 }, (_, i) => (i === 12 ? 99 : 10));
  for (const [i, v] of values.entries()) {
    await storeTelemetry(org, { deviceIdentifier: 'GW-4', records: [{ timestamp: iso(NOW - 60 * MIN + i * 5 * MIN), measurements: Object.fromEntries(CHANNELS.map((c) => [c, v])) }] }, 'rest', NOW);
    if (i < 12) await anomaly.detectForDevice(org.organizationId, 'GW-4', NOW - 60 * MIN + i * 5 * MIN + 1000);
  }
  dieAtSecondCommit();
  await expect(anomaly.detectForDevice(org.organizationId, 'GW-4', NOW + 1000)).rejects.toThrow();
  jest.restoreAllMocks();
  expect((await repo.loadDetectorInput(org.organizationId, 'GW-4')).state.carry).toBeDefined();
  // No redelivery: the device stays silent and the sweep finds it overdue.
  const swept = await anomaly.sweepDropouts({ now: NOW + 60 * MIN, organizationId: org.organizationId });
  expect(swept).toMatchObject({ checked: 1, opened: 1 });
  const list = await incidents(org, 'GW-4');
  expect(list.filter((i) => i.kind === 'threshold').map((i) => i.measurement).sort()).toEqual(CHANNELS);
  expect(list.filter((i) => i.kind === 'dropout')).toHaveLength(1);
  expect((await repo.loadDetectorInput(org.organizationId, 'GW-4')).state.carry).toBeUndefined();
  expect(await anomalyTickets(org)).toHaveLength(12);
});

test('a delivery that meets a carried state writes the carry, then still learns from its late records', async () => {
  const { org } = await newOrg('Carry late');
  await gateway(org, 'GW-5');
  await store(org, 'GW-5', NOW, [10, 10, 99], NOW + 3 * MIN);
  dieAtSecondCommit();
  await expect(anomaly.detectForDevice(org.organizationId, 'GW-5', NOW + 3 * MIN)).rejects.toThrow();
  jest.restoreAllMocks();
  expect((await repo.loadDetectorInput(org.organizationId, 'GW-5')).state.carry).toBeDefined();
  // The redelivery brings a record older than the newest evaluated one (late): after the carry is written it is evaluated as late.
  const evaluations = jest.spyOn(evaluation, 'evaluateRecords');
  const late = { t: NOW + MIN, m: Object.fromEntries(CHANNELS.map((c) => [c, 10])) };
  await anomaly.detectForDevice(org.organizationId, 'GW-5', NOW + 4 * MIN, ['device'], { device: [{ ...late, receivedAt: NOW + 4 * MIN }] });
  expect(evaluations.mock.calls.some(([, , ctx]) => ctx.late?.some((p) => p.t === late.t))).toBe(true);
  await expectOnceEach(org, 'GW-5', 'open');
});
