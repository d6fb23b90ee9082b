import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import * as repo from '../../shared/domain/anomaly/anomaly.repository';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import type { TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';
import { rng } from '../../scripts/bench/anomaly-set';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

/**
 * Issue 20, round 3, through the real path (telemetry service → detector fed with the stream's
 * records → DynamoDB → sweep): a logger uploading every 2 hours whose batch 4 arrives after batch 5.
 * The hole batch 5 leaves waits; batch 4, older than every evaluated record, reaches the detector
 * only through the stream's copy: it fills the hole and teaches its lag (one state write). Without
 * it, the hole is one dropout with one ticket once the lag allowance has passed, and the device
 * stays watched for a live dropout.
 */
useTestTable();

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const START = NOW - 13 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

const r = rng(61);
const points: TelemetryPoint[] = [];
for (let t = START; t < START + 12 * HOUR; t += 90_000) points.push({ t, m: { temp_c: 4 + 0.1 * r.normal() } });
const slot = (k: number) => points.filter((p) => p.t >= START + 2 * k * HOUR && p.t < START + 2 * (k + 1) * HOUR);
const onTime = (k: number) => START + 2 * (k + 1) * HOUR + 3 * MIN;

/** Stores one batch and runs the detector on it as the stream worker does (its records delivered). */
async function upload(org: OrgContext, identifier: string, batch: TelemetryPoint[], at: number) {
  await storeTelemetry(org, { deviceIdentifier: identifier, records: batch.map((p) => ({ timestamp: iso(p.t), measurements: p.m })) }, 'rest', NOW);
  return anomaly.detectForDevice(org.organizationId, identifier, at, ['device'], { device: batch });
}

async function setUp(identifier: string) {
  const { org } = await newOrg();
  for (let k = 0; k < 4; k++) await upload(org, identifier, slot(k), onTime(k));
  const fifth = await upload(org, identifier, slot(5), onTime(5));
  expect(fifth.opened).toEqual([]);
  const { state } = await repo.loadDetectorInput(org.organizationId, identifier);
  expect(state.cadence.pend).toEqual([(slot(3).at(-1) as TelemetryPoint).t, (slot(5)[0] as TelemetryPoint).t]);
  return org;
}

test('a late batch delivered by the stream fills the waiting gap and teaches its lag: the sweep opens nothing', async () => {
  const org = await setUp('LATE-1');
  const late = await upload(org, 'LATE-1', slot(4), NOW);
  expect(late).toEqual({ evaluated: 0, opened: [], resolved: [] });
  const { state } = await repo.loadDetectorInput(org.organizationId, 'LATE-1');
  expect(state.cadence.pend).toBeUndefined();
  expect(state.cadence.lags.at(-1)).toBe(NOW - (slot(4)[0] as TelemetryPoint).t);
  // After the waiting gap would have been due, before the device is overdue.
  expect(await anomaly.sweepDropouts({ now: NOW + 4 * HOUR, organizationId: org.organizationId })).toMatchObject({ opened: 0 });
  expect((await anomaly.listDeviceIncidents(org, 'LATE-1', {})).incidents).toEqual([]);
});

test('a late batch that never comes: one dropout and one ticket once the allowance has passed; the device stays watched', async () => {
  const org = await setUp('LATE-2');
  expect(await anomaly.sweepDropouts({ now: NOW + 4 * HOUR, organizationId: org.organizationId })).toMatchObject({ opened: 1 });
  const { incidents } = await anomaly.listDeviceIncidents(org, 'LATE-2', {});
  expect(incidents.map((i) => [i.kind, i.status, i.startedAt, i.resolvedAt])).toEqual([
    ['dropout', 'resolved', iso((slot(3).at(-1) as TelemetryPoint).t), iso((slot(5)[0] as TelemetryPoint).t)],
  ]);
  expect((await listTickets(org, { source: 'anomaly', limit: '100' })).tickets).toHaveLength(1);
  // The device has been silent since slot 5: its watch survived the confirmation, so the sweep sees it live.
  expect(await anomaly.sweepDropouts({ now: NOW + 7 * HOUR, organizationId: org.organizationId })).toMatchObject({ opened: 1 });
  const after = (await anomaly.listDeviceIncidents(org, 'LATE-2', {})).incidents;
  expect(after.filter((i) => i.status === 'open').map((i) => [i.kind, i.startedAt])).toEqual([['dropout', iso((slot(5).at(-1) as TelemetryPoint).t)]]);
});
