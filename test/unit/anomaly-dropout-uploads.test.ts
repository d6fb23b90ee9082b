import { rng } from '../../scripts/bench/anomaly-set';
import { DELIVERY, DROPOUT } from '../../shared/domain/anomaly/detectors';
import { evaluateRecords, evaluateSilence, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Issue 20, round 7: late or silent? Devices whose records always arrive in uploads (a scanner that
 * syncs only when docked, a logger whose modem wakes every few hours), each upload handed over
 * message by message in random order (MQTT QoS 1, parallel writes). Written from the text:
 * - a gap the arriving upload shows while it is still arriving is no dropout (it waits
 *   DELIVERY.settleMs after it was found; pieces beyond DROPOUT.pendingGaps: the smallest goes);
 * - a device's recurring upload delay is waited for with a margin (DELIVERY.recurringMargin), so a
 *   device uploading every ~3 h never alarms between uploads once it has shown its delay twice, and a
 *   device that stops alarms within a stated bound;
 * - a first backlog drained message by message teaches its own lag (warm-up counts each delivery
 *   at the upload's lag);
 * - a second delivery of the same upload opens nothing.
 */
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const START = Date.UTC(2035, 2, 5);

const point = (t: number, r: ReturnType<typeof rng>): TelemetryPoint => ({ t, m: { level: 50 + r.normal() } });

/** Records every 2 minutes (a few seconds of jitter) from `from` to `to` (ms), none inside `holes` ([from, to) ms). */
function records(seed: number, from: number, to: number, holes: [number, number][] = []): TelemetryPoint[] {
  const r = rng(seed);
  const out: TelemetryPoint[] = [];
  for (let t = from; t < to; t += 2 * MIN) {
    const at = t + Math.round(3 * SEC * r.uniform());
    if (!holes.some(([a, b]) => at >= a && at < b)) out.push(point(at, r));
  }
  return out;
}

/** One upload at `at`: each record its own delivery, in random order, over ~20 seconds. */
function shuffled(seed: number, chunk: TelemetryPoint[], at: number): [number, TelemetryPoint[]][] {
  const r = rng(seed);
  const order = chunk.map((p) => ({ p, k: r.uniform() })).sort((a, b) => a.k - b.k);
  return order.map(({ p }, i) => [at + Math.round((i * 20 * SEC) / order.length), [p]]);
}

/** Delivers in arrival order with the dropout sweep every 5 minutes in between (and up to `until`). */
function run(state: DeviceState, deliveries: [number, TelemetryPoint[]][], from: number, until: number): NewIncident[] {
  const opened: NewIncident[] = [];
  let sweep = from + 5 * MIN;
  const sweepTo = (t: number) => {
    for (; sweep < t; sweep += 5 * MIN) opened.push(...evaluateSilence(state, { scope: 'uploads', now: sweep }).opened);
  };
  for (const [arrival, chunk] of [...deliveries].sort((a, b) => a[0] - b[0])) {
    sweepTo(arrival);
    opened.push(...evaluateRecords(state, chunk, { scope: 'uploads', now: arrival, rules: [] }).changes.opened);
  }
  sweepTo(until);
  return opened;
}

/** Two hours of records delivered live (a second after each): the device's cadence and lags are learned. */
function learned(seed: number): { state: DeviceState; live: TelemetryPoint[] } {
  const state = newDeviceState();
  const live = records(seed, START, START + 2 * HOUR);
  for (const p of live) evaluateRecords(state, [p], { scope: 'uploads', now: p.t + SEC, rules: [] });
  return { state, live };
}

describe('an upload arriving message by message in random order', () => {
  test.each([1, 2, 3])('covering the device\'s silence: no dropout, while it arrives, after it, nor when it is delivered again (seed %i)', (seed) => {
    const { state } = learned(seed);
    // Three hours of records handed over at once, three hours late: late, not silent.
    const upload = records(seed + 10, START + 2 * HOUR, START + 5 * HOUR);
    const at = START + 5 * HOUR + MIN;
    const opened = [
      ...shuffled(seed, upload, at).flatMap(([now, chunk]) => evaluateRecords(state, chunk, { scope: 'uploads', now, rules: [] }).changes.opened),
      ...evaluateSilence(state, { scope: 'uploads', now: at + DELIVERY.settleMs + MIN }).opened,
    ];
    expect(opened).toEqual([]);
    // The broker delivers the same upload again, in another order (the device's next record is not
    // due yet: its last is 3 minutes old, the silence limit 15 minutes).
    const again = [
      ...shuffled(seed + 1, upload, at + 2 * MIN).flatMap(([now, chunk]) => evaluateRecords(state, chunk, { scope: 'uploads', now, rules: [] }).changes.opened),
      ...evaluateSilence(state, { scope: 'uploads', now: at + 2 * MIN + DELIVERY.settleMs + MIN }).opened,
    ];
    expect(again).toEqual([]);
    expect(state.cadence.pend).toBeUndefined();
  });

  test.each([1, 2, 3])('showing a real 70-minute gap: one dropout, from the last record before it to the first after, once the upload has settled (seed %i)', (seed) => {
    const { state } = learned(seed);
    const hole: [number, number] = [START + 3 * HOUR, START + 3 * HOUR + 70 * MIN];
    const upload = records(seed + 10, START + 2 * HOUR, START + 5 * HOUR, [hole]);
    const at = START + 5 * HOUR + MIN;
    const during = shuffled(seed, upload, at).flatMap(([now, chunk]) => evaluateRecords(state, chunk, { scope: 'uploads', now, rules: [] }).changes.opened);
    expect(during).toEqual([]);
    const settled = evaluateSilence(state, { scope: 'uploads', now: at + DELIVERY.settleMs + MIN }).opened;
    const before = upload.filter((p) => p.t < hole[0]).at(-1) as TelemetryPoint;
    const after = upload.find((p) => p.t >= hole[1]) as TelemetryPoint;
    expect(settled.map((i) => [i.kind, i.startedAt, i.resolvedAt])).toEqual([['dropout', before.t, after.t]]);
    // Delivered again: nothing new.
    const again = shuffled(seed + 1, upload, at + 7 * MIN).flatMap(([now, chunk]) => evaluateRecords(state, chunk, { scope: 'uploads', now, rules: [] }).changes.opened);
    expect([...again, ...evaluateSilence(state, { scope: 'uploads', now: at + 8 * MIN }).opened]).toEqual([]);
  });
});

describe('a device whose records arrive only in uploads every 3 hours (± 25 min), each in random order', () => {
  /** Upload instants from `from`, every 3 h ± 25 min (seeded). */
  function instants(seed: number, from: number, count: number): number[] {
    const r = rng(seed * 31 + 7);
    const out: number[] = [];
    for (let t = from, k = 0; k < count; k++) out.push((t += 3 * HOUR + Math.round((r.uniform() - 0.5) * 50 * MIN)));
    return out;
  }
  /** The device's deliveries: every record with the first upload after it. */
  function deliveries(seed: number, points: TelemetryPoint[], at: number[]): [number, TelemetryPoint[]][] {
    return at.flatMap((u, k) => shuffled(seed * 100 + k, points.filter((p) => p.t < u - MIN && (k === 0 || p.t >= (at[k - 1] as number) - MIN)), u));
  }

  test.each([1, 2, 3, 4])('never alarms between uploads once it has shown its delay twice (seed %i)', (seed) => {
    const { state } = learned(seed);
    const at = instants(seed, START + 2 * HOUR, 16);
    const points = records(seed + 10, START + 2 * HOUR, (at.at(-1) as number) - MIN);
    const opened = run(state, deliveries(seed, points, at), START + 2 * HOUR, (at.at(-1) as number) + 5 * MIN);
    // The first two stalls look like a stopped device (nothing tells them apart yet): from the third upload on, nothing.
    expect(opened.filter((i) => i.detectedAt > (at[2] as number))).toEqual([]);
  });

  test.each([1, 2, 3])('stops: a dropout within 2.5 × its longest recent delay + the silence limit + one sweep of its last record, under 9 hours (seed %i)', (seed) => {
    const { state } = learned(seed);
    const at = instants(seed, START + 2 * HOUR, 10);
    const points = records(seed + 10, START + 2 * HOUR, (at.at(-1) as number) - MIN);
    const last = points.at(-1) as TelemetryPoint;
    const opened = run(state, deliveries(seed, points, at), START + 2 * HOUR, (at.at(-1) as number) + 12 * HOUR);
    const dropout = opened.filter((i) => i.detectedAt > (at.at(-1) as number));
    expect(dropout.map((i) => [i.kind, i.startedAt])).toEqual([['dropout', last.t]]);
    // Its longest delay of the last uploads: an upload's oldest record to its arrival.
    const delays = at.slice(2).map((u, k) => u - ((points.find((p) => p.t >= (at[k + 1] as number) - MIN) as TelemetryPoint).t));
    // (Its lag allowance: the 90th percentile of its delivery lags + its distance from the median, or
    // 1.25 × the delay it showed twice, whichever is larger: 2 × a delay here, as 3 in 10 uploads are slow.)
    const bound = 2.5 * Math.max(...delays) + DROPOUT.floorMs + 5 * MIN;
    expect((dropout[0] as NewIncident).detectedAt - last.t).toBeLessThanOrEqual(bound);
    expect(bound).toBeLessThan(9 * HOUR);
  });
});

test.each([1, 2, 3])('a first backlog drained message by message teaches its lag: an hourly uploader is not taken for silent before its second upload (seed %i)', (seed) => {
  // The device's first contact: 40 minutes of records in random order, then an upload every hour.
  const first = START;
  const points = records(seed, first, first + 5 * HOUR);
  const at = [first + 41 * MIN, ...Array.from({ length: 4 }, (_, k) => first + 41 * MIN + (k + 1) * HOUR)];
  const deliveries = at.flatMap((u, k) => shuffled(seed * 10 + k, points.filter((p) => p.t < u - MIN && (k === 0 || p.t >= (at[k - 1] as number) - MIN)), u));
  const state = newDeviceState();
  // Its first upload teaches its lag (the oldest record's, 41 minutes), not its newest records' seconds.
  const firstUpload = deliveries.filter(([now]) => now < (at[0] as number) + MIN);
  run(state, firstUpload, first, (at[0] as number) + 30 * SEC);
  expect(state.cadence.lags.length).toBeGreaterThanOrEqual(DROPOUT.warmupDeliveries);
  expect(Math.min(...state.cadence.lags)).toBeGreaterThanOrEqual(40 * MIN);
  const opened = run(state, deliveries.slice(firstUpload.length), (at[0] as number) + 30 * SEC, (at.at(-1) as number) + MIN);
  expect(opened).toEqual([]);
});
