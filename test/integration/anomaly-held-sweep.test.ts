import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import * as repo from '../../shared/domain/anomaly/anomaly.repository';
import { rng } from '../../scripts/bench/anomaly-set';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { uploadAndDetect } from '../support/anomaly-upload';

/**
 * Round 8 holds records that leave a hole for the value detectors (DeviceState.park) until the rest
 * of their upload fills it or 5 minutes pass. A device whose last upload left a hole that is never
 * filled, and that then falls silent, must still have those records judged: the dropout sweep
 * evaluates them when the device's watch comes due (review of round 8), not only when (if ever) the
 * device reports again.
 */
useTestTable();

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

const upload = uploadAndDetect;

test('records held behind a hole that is never filled are judged by the sweep when the silent device comes due: the threshold breach among them opens its incident', async () => {
  const { org } = await newOrg();
  await anomaly.addThresholdRule(org.organizationId, { measurement: 'temp_c', above: '50' });
  const id = 'HELD-1';
  const r = rng(88);
  const START = NOW - 6 * HOUR;
  // Every 5 minutes for 5 hours, each record delivered on its own a few seconds after it was measured.
  let t = START;
  for (; t < START + 5 * HOUR; t += 5 * MIN) await upload(org, id, [{ t, m: { temp_c: 20 + 0.2 * r.normal() } }], t + 3_000);
  // The last upload: the record at `t` is lost for good; the two after it (the second one 80 °C) arrive and are held.
  const last = t + 10 * MIN;
  await upload(org, id, [{ t: t + 5 * MIN, m: { temp_c: 20.1 } }, { t: last, m: { temp_c: 80 } }], last + 3_000);
  // Held, so not judged yet (the detector's state may even be deferred in memory: the sweep commits it first).
  expect((await anomaly.listDeviceIncidents(org, id, {})).incidents.filter((i) => i.kind === 'threshold')).toEqual([]);
  // The device is silent from here on: sweeps at each watch time until its dropout opens.
  for (let sweep = 0; sweep < 6; sweep++) {
    const { watchDue } = await repo.loadDetectorInput(org.organizationId, id);
    if (watchDue === null) break;
    const swept = await anomaly.sweepDropouts({ now: Math.max(watchDue, last + 10 * MIN) + MIN, organizationId: org.organizationId });
    if (swept.opened > 0 && (await anomaly.listDeviceIncidents(org, id, {})).incidents.some((i) => i.kind === 'dropout')) break;
  }
  const after = await repo.loadDetectorInput(org.organizationId, id);
  expect((after.state as { park?: unknown }).park).toBeUndefined();
  const incidents = (await anomaly.listDeviceIncidents(org, id, {})).incidents;
  expect(incidents.filter((i) => i.kind === 'threshold').map((i) => i.startedAt)).toEqual([iso(last)]);
  expect(incidents.filter((i) => i.kind === 'dropout')).toHaveLength(1);
});
