import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import * as repo from '../../shared/domain/anomaly/anomaly.repository';
import type { TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import { rng } from '../../scripts/bench/anomaly-set';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { uploadAndDetect } from '../support/anomaly-upload';

/**
 * Two edges of deferred state writes (issue 21) meeting delivery-lag learning (issue 20), found in
 * review: a late batch whose detector raced the commit that created its gap, and a slow device whose
 * deferred records would leave the 24 h replay window before anything committed them. Both used to
 * end in a dropout incident (and ticket) that should not exist.
 */
useTestTable();

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

const upload = uploadAndDetect;

test('a late batch whose detector read the state before the newer batch committed still fills the gap and teaches its lag: no dropout', async () => {
  // A logger uploading every 2 hours; batch 4 arrives after batch 5 (its gap waits, cadence.pend).
  const START = NOW - 13 * HOUR;
  const r = rng(61);
  const points: TelemetryPoint[] = [];
  for (let t = START; t < START + 12 * HOUR; t += 90_000) points.push({ t, m: { temp_c: 4 + 0.1 * r.normal() } });
  const slot = (k: number) => points.filter((p) => p.t >= START + 2 * k * HOUR && p.t < START + 2 * (k + 1) * HOUR);
  const onTime = (k: number) => START + 2 * (k + 1) * HOUR + 3 * MIN;
  const { org } = await newOrg();
  const id = 'RACE-1';
  for (let k = 0; k < 4; k++) await upload(org, id, slot(k), onTime(k));
  // Batch 4's detector loads the state now, before batch 5's commit lands (two invocations overlapping).
  const stale = await repo.loadDetectorInput(org.organizationId, id);
  void stale.state;
  await upload(org, id, slot(5), onTime(5));
  expect((await repo.loadDetectorInput(org.organizationId, id)).state.cadence.pend?.length).toBe(2);
  const real = repo.loadDetectorInput;
  let calls = 0;
  const spy = jest.spyOn(repo, 'loadDetectorInput').mockImplementation(async (...args) => (calls++ === 0 ? stale : real(...args)));
  try {
    await upload(org, id, slot(4), NOW);
  } finally {
    spy.mockRestore();
  }
  expect(calls).toBeGreaterThan(1); // it did lose the version condition and reload
  expect((await repo.loadDetectorInput(org.organizationId, id)).state.cadence.pend ?? []).toEqual([]);
  await anomaly.sweepDropouts({ now: NOW + 4 * HOUR, organizationId: org.organizationId });
  expect((await anomaly.listDeviceIncidents(org, id, {})).incidents).toEqual([]);
});

test('a device reporting every 8 hours has each record committed at once (the sweep comes after the 24 h replay window): its dropout starts at its real last record', async () => {
  const { org } = await newOrg();
  const id = 'WIN-1';
  const r = rng(7);
  const BASE = NOW - 12 * 8 * HOUR;
  const at = (k: number) => BASE + k * 8 * HOUR + 3 * MIN;
  for (let k = 0; k < 12; k++) {
    await upload(org, id, [{ t: BASE + k * 8 * HOUR, m: { temp_c: 4 + 0.1 * r.normal() } }], at(k));
    // Nothing deferred: the committed state always holds the newest record.
    expect((await repo.loadDetectorInput(org.organizationId, id)).stored.lastTs).toBe(BASE + k * 8 * HOUR);
  }
  // Sweeps at each watch time the device is given (the watch may come before its silence limit:
  // the sweep then moves it on) until the dropout opens.
  for (let sweep = 0; sweep < 4; sweep++) {
    const { watchDue } = await repo.loadDetectorInput(org.organizationId, id);
    if (watchDue === null) break;
    const swept = await anomaly.sweepDropouts({ now: watchDue + MIN, organizationId: org.organizationId });
    if (swept.opened > 0) break;
  }
  const incidents = (await anomaly.listDeviceIncidents(org, id, {})).incidents;
  expect(incidents.map((i) => [i.kind, i.startedAt])).toEqual([['dropout', iso(BASE + 11 * 8 * HOUR)]]);
});
