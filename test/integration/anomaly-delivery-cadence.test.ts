import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import type { TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';
import { rng } from '../../scripts/bench/anomaly-set';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

/**
 * Issue 20, round 6, through the real path (telemetry service → detector fed with the stream's
 * records → DynamoDB → sweep): a gateway uploads a device's 30-second readings once an hour, the
 * hour's backlog in one call and its newest readings one call each right after. It is not silent
 * between uploads (one lag per upload, about an hour). The device stops measuring for 70 minutes
 * inside one upload period: nobody sees that live; it is found when the data resume, waits for a late
 * batch that could fill it, then is one dropout incident (from the last record before the gap to
 * the first after it) with one ticket. The same upload delivered again opens nothing.
 */
useTestTable();

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const NOW = Math.floor(Date.now() / HOUR) * HOUR;
const START = NOW - 17 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const TRICKLE = 6;

const r = rng(66);
const points: TelemetryPoint[] = [];
const gap = [START + 10 * HOUR + 5 * MIN, START + 11 * HOUR + 15 * MIN] as const;
for (let t = START; t < START + 14 * HOUR; t += 30 * SEC) if (t < gap[0] || t >= gap[1]) points.push({ t, m: { pressure: 5 + 0.05 * r.normal() } });
const hour = (h: number) => points.filter((p) => p.t >= START + h * HOUR && p.t < START + (h + 1) * HOUR);
const uploadAt = (h: number) => START + (h + 1) * HOUR + SEC;

/** Stores one call's records and runs the detector on them as the stream worker does (its records delivered). */
async function deliver(org: OrgContext, identifier: string, batch: TelemetryPoint[], at: number) {
  await storeTelemetry(org, { deviceIdentifier: identifier, records: batch.map((p) => ({ timestamp: iso(p.t), measurements: p.m })) }, 'rest', at);
  return anomaly.detectForDevice(org.organizationId, identifier, at, ['device'], { device: batch.map((p) => ({ ...p, receivedAt: at })) });
}

/** The hour's upload: its backlog in one call, then its newest readings one call each, a second apart. */
async function upload(org: OrgContext, identifier: string, h: number) {
  const chunk = hour(h);
  const at = uploadAt(h);
  const opened: string[] = [];
  opened.push(...(await deliver(org, identifier, chunk.slice(0, -TRICKLE), at)).opened);
  for (const [i, p] of chunk.slice(-TRICKLE).entries()) opened.push(...(await deliver(org, identifier, [p], at + (i + 1) * SEC)).opened);
  return opened;
}

test('hourly uploads open no live dropout; a gap found when the data resume is one dropout with one ticket; the same upload again opens nothing', async () => {
  const { org } = await newOrg();
  const id = 'GW-HOURLY-1';
  let swept = 0;
  for (let h = 0; h < 14; h++) {
    // The sweep runs just before each upload (every 5 minutes in production): the device is late, not silent.
    swept += (await anomaly.sweepDropouts({ now: uploadAt(h) - 5 * MIN, organizationId: org.organizationId })).opened;
    expect(await upload(org, id, h)).toEqual([]);
  }
  expect(swept).toBe(0);
  expect((await anomaly.listDeviceIncidents(org, id, {})).incidents).toEqual([]);

  // Past the gap's end + the device's lag allowance (about 3 uploads), before it is overdue live: the waiting gap is due.
  const opened = (await anomaly.sweepDropouts({ now: gap[1] + 3 * HOUR + 10 * MIN, organizationId: org.organizationId })).opened;
  expect(opened).toBe(1);
  const { incidents } = await anomaly.listDeviceIncidents(org, id, {});
  const before = (hour(10).filter((p) => p.t < gap[0]).at(-1) as TelemetryPoint).t;
  const after = (hour(11)[0] as TelemetryPoint).t;
  expect(incidents.map((i) => [i.kind, i.status, i.startedAt, i.resolvedAt])).toEqual([['dropout', 'resolved', iso(before), iso(after)]]);
  const tickets = (await listTickets(org, { source: 'anomaly', limit: '100' })).tickets;
  expect(tickets).toHaveLength(1);
  expect(incidents[0]?.ticketId).toBe(tickets[0]?.ticketId);

  // The gateway sends the upload that resumed after the gap once more (a retry): nothing new.
  expect(await upload(org, id, 11)).toEqual([]);
  expect((await anomaly.sweepDropouts({ now: gap[1] + 3 * HOUR + 20 * MIN, organizationId: org.organizationId })).opened).toBe(0);
  expect((await anomaly.listDeviceIncidents(org, id, {})).incidents).toHaveLength(1);
  expect((await listTickets(org, { source: 'anomaly', limit: '100' })).tickets).toHaveLength(1);
});
