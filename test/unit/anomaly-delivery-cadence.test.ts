import { rng } from '../../scripts/bench/anomaly-set';
import { DELIVERY, lagAllowance, recurringLag, silenceLimit } from '../../shared/domain/anomaly/detectors';
import { evaluateRecords, evaluateSilence, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Issue 20, round 6: the silence limit learns the delivery cadence (how often data arrive and how
 * late), one lag per upload, not per message. A gateway that uploads an hour of second-cadence
 * readings at once, its newest readings trickling in one message each right after the backlog, is
 * late, not silent; the same device stopping is caught once its uploads are overdue; one upload hours
 * late does not postpone the live dropout of a device that normally delivers at once.
 */
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const START = Date.UTC(2034, 2, 3);

function readings(seed: number, from: number, to: number, everyMs: number): TelemetryPoint[] {
  const r = rng(seed);
  const out: TelemetryPoint[] = [];
  for (let t = from; t < to; t += everyMs) out.push({ t, m: { pressure: 5 + 0.05 * r.normal() } });
  return out;
}

/**
 * Hourly uploads of `points`: at each full hour + 1 s the hour's backlog in one delivery, then its
 * newest `trickle` readings one message each, a second apart (an MQTT bridge flushing its queue).
 */
function hourlyUploads(points: TelemetryPoint[], trickle = 12): [number, TelemetryPoint[]][] {
  const byHour = new Map<number, TelemetryPoint[]>();
  for (const p of points) {
    const h = Math.floor(p.t / HOUR);
    byHour.set(h, [...(byHour.get(h) ?? []), p]);
  }
  const out: [number, TelemetryPoint[]][] = [];
  for (const [h, chunk] of byHour) {
    const at = (h + 1) * HOUR + SEC;
    out.push([at, chunk.slice(0, -trickle)]);
    chunk.slice(-trickle).forEach((p, i) => out.push([at + (i + 1) * SEC, [p]]));
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Delivers in arrival order with the sweep every 5 minutes in between; every incident opened. */
function run(state: DeviceState, deliveries: [number, TelemetryPoint[]][], until: number, sweepFrom = START + 5 * MIN): NewIncident[] {
  const opened: NewIncident[] = [];
  let sweep = sweepFrom;
  const sweepTo = (t: number) => {
    for (; sweep < t; sweep += 5 * MIN) opened.push(...evaluateSilence(state, { scope: 'cadence', now: sweep }).opened);
  };
  for (const [arrival, chunk] of deliveries) {
    sweepTo(arrival);
    opened.push(...evaluateRecords(state, chunk, { scope: 'cadence', now: arrival, rules: [] }).changes.opened);
  }
  sweepTo(until);
  return opened;
}

test('a device delivering hourly batches of 5-second readings (newest ones trickling in right after) opens no dropout', () => {
  const state = newDeviceState();
  const points = readings(1, START, START + 36 * HOUR, 5 * SEC);
  const opened = run(state, hourlyUploads(points), START + 37 * HOUR - 2 * MIN);
  expect(opened).toEqual([]);
  // One lag per upload: the backlog's, about an hour, not the trickle's seconds.
  expect(Math.min(...state.cadence.lags)).toBeGreaterThan(55 * MIN);
});

test('the same device stopping is caught once its uploads are overdue: after its delivery interval, within interval + allowance', () => {
  const state = newDeviceState();
  const points = readings(2, START, START + 30 * HOUR, 5 * SEC);
  const last = (points.at(-1) as TelemetryPoint).t;
  const opened = run(state, hourlyUploads(points), last + 12 * HOUR);
  expect(opened.map((i) => [i.kind, i.startedAt])).toEqual([['dropout', last]]);
  const detected = (opened[0] as NewIncident).detectedAt;
  const allowance = lagAllowance(state.cadence);
  // Not before its next upload was due; no later than its silence limit + delivery allowance (+ one sweep).
  expect(detected).toBeGreaterThan(last + HOUR);
  expect(detected).toBeLessThanOrEqual(last + (silenceLimit(state.cadence) as number) + allowance + 5 * MIN);
  // The allowance is a few of its hourly uploads, not a day.
  expect(allowance).toBeLessThanOrEqual(3 * HOUR + MIN);
});

test('one very late upload does not postpone the live dropout of a normally delivering device by hours', () => {
  const state = newDeviceState();
  // A reading every 5 minutes, delivered 2 s after it is measured.
  const live = readings(3, START, START + 20 * HOUR, 5 * MIN);
  const deliveries: [number, TelemetryPoint[]][] = live.map((p) => [p.t + 2 * SEC, [p]]);
  // At 18:00 a second gateway hands over 6 hours of the same device's readings it had buffered
  // (measured 6-12 h ago at 10 s), one message each over half a minute: one upload 6-12 h late.
  const old = readings(4, START + 6 * HOUR, START + 12 * HOUR, 10 * SEC);
  old.forEach((p, i) => deliveries.push([START + 18 * HOUR + 10 * SEC + Math.floor((i * 30 * SEC) / old.length), [p]]));
  deliveries.sort((a, b) => a[0] - b[0]);
  const last = (live.at(-1) as TelemetryPoint).t;
  const opened = run(state, deliveries, last + 14 * HOUR);
  expect(opened.map((i) => [i.kind, i.startedAt])).toEqual([['dropout', last]]);
  // Caught within the silence limit (6 × 5 min) + the one delay, capped (round 7, second pass:
  // DELIVERY.recurringMargin × DELIVERY.onceCapMs = 75 min) + a few minutes, not 12 hours later.
  expect((opened[0] as NewIncident).detectedAt).toBeLessThanOrEqual(last + 40 * MIN + DELIVERY.recurringMargin * DELIVERY.onceCapMs);
  // The late upload is one lag among the device's last 32, and not a recurring delay.
  expect(state.cadence.lags.filter((lag) => lag > HOUR)).toHaveLength(1);
  expect(recurringLag(state.cadence)).toBe(0);
});

test('a delay the device showed twice in three days (a backhaul that stalls every afternoon) is waited for the third time; once is not enough', () => {
  const state = newDeviceState();
  // A reading every 2 minutes, synced every 30 minutes; the backhaul stalls 2.5 h every day from 14:00.
  const points = readings(5, START, START + 70 * HOUR, 2 * MIN);
  const stalled = (at: number) => [14, 38, 62].some((h) => at > START + h * HOUR && at < START + h * HOUR + 2.5 * HOUR);
  const syncs: number[] = [];
  for (let at = START + 30 * MIN; at < START + 71 * HOUR; at += 30 * MIN) syncs.push(stalled(at) ? NaN : at);
  [14, 38, 62].forEach((h) => syncs.push(START + h * HOUR + 2.5 * HOUR));
  const times = syncs.filter((at) => !Number.isNaN(at)).sort((a, b) => a - b);
  const deliveries: [number, TelemetryPoint[]][] = [];
  let i = 0;
  for (const at of times) {
    const chunk: TelemetryPoint[] = [];
    for (; i < points.length && (points[i] as TelemetryPoint).t < at; i++) chunk.push(points[i] as TelemetryPoint);
    if (chunk.length > 0) deliveries.push([at + 3 * SEC, chunk]);
  }
  const opened = run(state, deliveries, START + 70 * HOUR);
  // The first two stalls are (false) dropouts: nothing distinguishes them live from a device that
  // stopped, and one slow upload is not a habit. The third is the device's way of delivering.
  expect(opened.map((i) => [i.kind, Math.floor((i.startedAt - START) / (24 * HOUR))])).toEqual([['dropout', 0], ['dropout', 1]]);
  expect(recurringLag(state.cadence)).toBeGreaterThanOrEqual(2.5 * HOUR);
});

test('uploads delivered message by message in random order teach the readings\' cadence, not the upload period: a 2 h 15 gap is found', () => {
  const state = newDeviceState();
  const r = rng(7);
  // A reading a minute; every 75 minutes a bundle, each reading its own message within 10 s, in any order.
  const gap = [START + 20 * HOUR, START + 22 * HOUR + 15 * MIN] as const;
  const points = readings(8, START, START + 30 * HOUR, MIN).filter((p) => p.t < gap[0] || p.t >= gap[1]);
  const deliveries: [number, TelemetryPoint[]][] = [];
  let i = 0;
  for (let at = START + 75 * MIN; i < points.length; at += 75 * MIN) {
    const bundle: TelemetryPoint[] = [];
    for (; i < points.length && (points[i] as TelemetryPoint).t < at; i++) bundle.push(points[i] as TelemetryPoint);
    for (const p of bundle) deliveries.push([at + 1 + Math.floor(r.uniform() * 10 * SEC), [p]]);
  }
  deliveries.sort((a, b) => a[0] - b[0]);
  const before = (points.filter((p) => p.t < gap[0]).at(-1) as TelemetryPoint).t;
  const opened = run(state, deliveries.filter(([at]) => at < gap[0]), gap[0]);
  expect(opened).toEqual([]);
  // The learned gaps are the readings' minute, so the silence limit is the 15-minute floor, not 2 × 75 minutes.
  expect(silenceLimit(state.cadence)).toBe(15 * MIN);
  const all = run(state, deliveries.filter(([at]) => at >= gap[0]), START + 31 * HOUR, gap[0] + 5 * MIN);
  expect(all.map((i) => [i.kind, i.startedAt])).toEqual([['dropout', before]]);
});
