import { runAdminCommand } from '../../shared/admin/commands';
import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { getTicket } from '../../shared/domain/ticket/ticket-read.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';
import { rng } from '../../scripts/bench/anomaly-set';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

/**
 * Issue 20, round 2, through the real path (telemetry service → detector → DynamoDB):
 * - `org set-proactive --regime-tickets off`: a regime-change incident is recorded and listed,
 *   without a ticket; other kinds keep theirs; the default keeps the ticket (priority low);
 * - one backdated batch with several gaps opens one dropout incident and one ticket, spanning
 *   them, with the gap count in its evidence; a redelivery opens nothing.
 */
useTestTable();

const MIN = 60_000;
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

async function store(org: OrgContext, identifier: string, points: { t: number; v: number }[], measurement = 'latency_ms') {
  for (let i = 0; i < points.length; i += 500) {
    const records = points.slice(i, i + 500).map((p) => ({ timestamp: iso(p.t), measurements: { [measurement]: p.v } }));
    await storeTelemetry(org, { deviceIdentifier: identifier, records }, 'rest', NOW);
  }
}

/** 400 one-minute readings ending at NOW whose spread triples from reading 250 on (inside the usual range), plus a 30-sigma spike at 150. */
function spreadChange(seed: number) {
  const r = rng(seed);
  return Array.from({ length: 400 }, (_, i) => ({ t: NOW - (399 - i) * MIN, v: 120 + (i < 250 ? 2 : 6) * r.normal() + (i === 150 ? 60 : 0) }));
}

async function anomalyTickets(org: OrgContext) {
  return (await listTickets(org, { source: 'anomaly', limit: '100' })).tickets;
}

describe('regime-change incidents with and without tickets', () => {
  test('default: the regime change has its ticket, priority low', async () => {
    const { org } = await newOrg();
    await store(org, 'L-1', spreadChange(71));
    await anomaly.detectForDevice(org.organizationId, 'L-1', NOW + 1000);
    const { incidents } = await anomaly.listDeviceIncidents(org, 'L-1', {});
    const regime = incidents.find((i) => i.kind === 'regime_change');
    expect(regime?.ticketId).toEqual(expect.any(String));
    expect(await getTicket(org, regime?.ticketId ?? '')).toMatchObject({ title: 'Latency_ms behaviour change on L-1', priority: 'low' });
  });

  test('--regime-tickets off: the incident is recorded and listed without a ticket; a spike still gets one', async () => {
    const { org } = await newOrg();
    expect(await runAdminCommand(['org', 'set-proactive'], { org: org.organizationId, 'regime-tickets': 'off' })).toEqual({
      organizationId: org.organizationId,
      proactiveRegimeTickets: false,
      updated: true,
    });
    await store(org, 'L-2', spreadChange(71));
    await anomaly.detectForDevice(org.organizationId, 'L-2', NOW + 1000);
    await anomaly.detectForDevice(org.organizationId, 'L-2', NOW + 2000);
    const { incidents } = await anomaly.listDeviceIncidents(org, 'L-2', {});
    expect(incidents.map((i) => i.kind).sort()).toEqual(['regime_change', 'spike']);
    expect(incidents.find((i) => i.kind === 'regime_change')).toMatchObject({ ticketId: null, measurement: 'latency_ms' });
    const spike = incidents.find((i) => i.kind === 'spike');
    const tickets = await anomalyTickets(org);
    expect(tickets.map((t) => t.ticketId)).toEqual([spike?.ticketId]);

    // Back on: the next regime change of the org gets its ticket again.
    await runAdminCommand(['org', 'set-proactive'], { org: org.organizationId, 'regime-tickets': 'on' });
    await store(org, 'L-3', spreadChange(71));
    await anomaly.detectForDevice(org.organizationId, 'L-3', NOW + 1000);
    const again = (await anomaly.listDeviceIncidents(org, 'L-3', {})).incidents.find((i) => i.kind === 'regime_change');
    expect(again?.ticketId).toEqual(expect.any(String));
  });

  test('the option takes on or off, and one of the two options is required', async () => {
    const { org } = await newOrg();
    await expect(runAdminCommand(['org', 'set-proactive'], { org: org.organizationId, 'regime-tickets': 'maybe' })).rejects.toThrow('--regime-tickets must be on or off');
    await expect(runAdminCommand(['org', 'set-proactive'], { org: org.organizationId })).rejects.toThrow('Give --auto-solve on|off, --regime-tickets on|off and/or --dropout-hold <minutes>');
  });
});

test('one backdated batch with three gaps opens one dropout incident and one ticket; a redelivery opens nothing', async () => {
  const { org } = await newOrg();
  const r = rng(81);
  // The backlog's newest reading is 6 minutes old when it is delivered (5 minutes before NOW).
  const start = NOW - 425 * MIN;
  // A live hour at one reading a minute teaches the cadence.
  const live = Array.from({ length: 60 }, (_, i) => ({ t: start + i * MIN, v: 21 + 0.1 * r.normal() }));
  for (const p of live) {
    await store(org, 'G-1', [p], 'temperature');
    await anomaly.detectForDevice(org.organizationId, 'G-1', p.t + 1000);
  }
  // Then one upload of six hours of history with three 40-minute holes in it.
  const holes = [[90, 130], [180, 220], [280, 320]];
  const backlog = Array.from({ length: 360 }, (_, i) => ({ t: start + (60 + i) * MIN, v: 21 + 0.1 * r.normal() })).filter(
    (p) => !holes.some(([a, b]) => p.t >= start + (a as number) * MIN && p.t < start + (b as number) * MIN),
  );
  await store(org, 'G-1', backlog, 'temperature');
  const runs = await Promise.all([1, 2].map(() => anomaly.detectForDevice(org.organizationId, 'G-1', NOW - 5 * MIN)));
  // Round 7: the gaps wait DELIVERY.settleMs (5 min) for the rest of the upload (it may arrive out of
  // order); the dropout sweep after that confirms them together: one incident, even swept twice at once.
  expect(runs.flatMap((x) => x.opened)).toEqual([]);
  const swept = await Promise.all([1, 2].map(() => anomaly.sweepOrganization(org.organizationId, NOW)));
  expect(swept.reduce((n, x) => n + x.opened, 0)).toBe(1);

  const { incidents } = await anomaly.listDeviceIncidents(org, 'G-1', {});
  expect(incidents).toHaveLength(1);
  expect(incidents[0]).toMatchObject({
    kind: 'dropout',
    status: 'resolved',
    startedAt: iso(start + 89 * MIN),
    resolvedAt: iso(start + 320 * MIN),
    anomalyCount: 3,
  });
  expect(incidents[0]?.evidence.baseline).toMatchObject({ gaps: 3, silentSeconds: 3 * 41 * 60, resumedAt: iso(start + 320 * MIN) });
  const tickets = await anomalyTickets(org);
  expect(tickets.map((t) => t.title)).toEqual(['G-1 stopped reporting']);

  // The same batch delivered again (a stream redelivery): nothing new.
  await store(org, 'G-1', backlog, 'temperature');
  expect((await anomaly.detectForDevice(org.organizationId, 'G-1', NOW + 1000)).opened).toEqual([]);
  expect((await anomaly.sweepOrganization(org.organizationId, NOW + 2000)).opened).toBe(0);
  expect(await anomalyTickets(org)).toHaveLength(1);
  expect((await anomaly.listDeviceIncidents(org, 'G-1', {})).incidents).toHaveLength(1);
});
