import { rng } from '../../scripts/bench/anomaly-set';
import { dropoutDue, lagAllowance } from '../../shared/domain/anomaly/detectors';
import { evaluateRecords, evaluateSilence, newDeviceState, watchDue, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Issue 20, round 3: delivery lag learned from every delivery (late records older than the newest
 * evaluated one too), a robust high percentile of it in the silence limit, and gaps found on
 * resume that wait for a late batch before they are a dropout. The devices here are written from
 * the text (a logger uploading its history in batches, some batches hours late, out of order).
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2034, 0, 10);

/** 90-second readings for `hours`, without the ones in `gap` ([from, to) in hours). */
function readings(seed: number, hours: number, gap?: [number, number]): TelemetryPoint[] {
  const r = rng(seed);
  const out: TelemetryPoint[] = [];
  for (let t = START; t < START + hours * HOUR; t += 90_000 + Math.round(10_000 * (r.uniform() - 0.5))) {
    if (gap && t >= START + gap[0] * HOUR && t < START + gap[1] * HOUR) continue;
    out.push({ t, m: { temp_c: 4 + 0.1 * r.normal() } });
  }
  return out;
}

/** Batches every `everyH` hours, sent 3 minutes after their period; one in five (seeded) 1-4 hours late. */
function batches(seed: number, points: TelemetryPoint[], everyH = 2): [number, TelemetryPoint[]][] {
  const r = rng(seed * 7 + 1);
  const bySlot = new Map<number, TelemetryPoint[]>();
  for (const p of points) {
    const slot = Math.floor((p.t - START) / (everyH * HOUR));
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), p]);
  }
  const out: [number, TelemetryPoint[]][] = [];
  for (const [slot, chunk] of bySlot) {
    const late = slot >= 2 && r.uniform() < 0.2 ? (1 + 3 * r.uniform()) * HOUR : 0;
    out.push([START + (slot + 1) * everyH * HOUR + 3 * MIN + Math.round(late), chunk]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Delivers the batches in arrival order with the sweep every 5 minutes in between; every incident opened. */
function run(state: DeviceState, deliveries: [number, TelemetryPoint[]][], until: number): NewIncident[] {
  const opened: NewIncident[] = [];
  let sweep = START + 5 * MIN;
  const sweepTo = (t: number) => {
    for (; sweep < t; sweep += 5 * MIN) opened.push(...evaluateSilence(state, { scope: 'lag', now: sweep }).opened);
  };
  for (const [arrival, chunk] of deliveries) {
    sweepTo(arrival);
    opened.push(...evaluateRecords(state, chunk, { scope: 'lag', now: arrival, rules: [] }).changes.opened);
  }
  sweepTo(until);
  return opened;
}

test.each([1, 2, 3, 4])('a logger uploading every 2 h, one batch in five 1-4 h late and out of order, opens no dropout (seed %i)', (seed) => {
  const points = readings(seed, 48);
  const deliveries = batches(seed, points);
  // The set really has batches that arrive after a newer one.
  expect(deliveries.some(([, chunk], i) => i > 0 && (chunk[0] as TelemetryPoint).t < ((deliveries[i - 1] as [number, TelemetryPoint[]])[1][0] as TelemetryPoint).t)).toBe(true);
  const opened = run(newDeviceState(), deliveries, (deliveries.at(-1) as [number, TelemetryPoint[]])[0] + 5 * MIN);
  expect(opened.filter((i) => i.kind === 'dropout')).toEqual([]);
});

test.each([1, 2, 3])('the same logger stopping for 3 hours: one dropout, from the last record before the gap to the first after (seed %i)', (seed) => {
  const points = readings(seed, 48, [30, 33]);
  const state = newDeviceState();
  const deliveries = batches(seed, points);
  const opened = run(state, deliveries, (deliveries.at(-1) as [number, TelemetryPoint[]])[0] + 5 * MIN);
  const before = points.filter((p) => p.t < START + 30 * HOUR).at(-1) as TelemetryPoint;
  const after = points.find((p) => p.t >= START + 33 * HOUR) as TelemetryPoint;
  expect(opened.map((i) => [i.kind, i.startedAt, i.resolvedAt])).toEqual([['dropout', before.t, after.t]]);
  expect(state.open).toEqual({});
});

describe('a late batch', () => {
  const points = readings(9, 12);
  const slot = (k: number) => points.filter((p) => p.t >= START + 2 * k * HOUR && p.t < START + 2 * (k + 1) * HOUR);
  /** Slots 0-3 on time (2 h 3 min after each slot's start), then slot 5 before slot 4. */
  function setUp() {
    const state = newDeviceState();
    for (let k = 0; k < 4; k++) evaluateRecords(state, slot(k), { scope: 'lag', now: START + (2 * k + 2) * HOUR + 3 * MIN, rules: [] });
    const { changes } = evaluateRecords(state, slot(5), { scope: 'lag', now: START + 12 * HOUR + 3 * MIN, rules: [] });
    return { state, changes };
  }

  test('whose successor arrived first leaves a gap that waits for it (no incident yet), and fills it when it comes', () => {
    const { state, changes } = setUp();
    expect(changes.opened).toEqual([]);
    const lastOfSlot3 = (slot(3).at(-1) as TelemetryPoint).t;
    expect(state.cadence.pend).toEqual([lastOfSlot3, (slot(5)[0] as TelemetryPoint).t]);
    // The sweep at the gap's due time would judge it; the device is watched until then.
    expect(watchDue(state)).toBe(dropoutDue(state.cadence));
    expect(watchDue(state)).toBeLessThan(START + 12 * HOUR + lagAllowance(state.cadence) + HOUR);
    // Slot 4 arrives 3 h late: older than every evaluated record, it is not evaluated but fills the gap
    // and teaches its lag (now − its oldest record).
    const arrival = START + 13 * HOUR;
    const late = evaluateRecords(state, slot(4), { scope: 'lag', now: arrival, rules: [] });
    expect(late.changes.opened).toEqual([]);
    expect(state.cadence.pend).toBeUndefined();
    expect(state.cadence.lags.at(-1)).toBe(arrival - (slot(4)[0] as TelemetryPoint).t);
    expect(evaluateSilence(state, { scope: 'lag', now: arrival + HOUR }).opened).toEqual([]);
  });

  test('passed as `late` (the stream delivered it, the table query would not return it) does the same', () => {
    const { state } = setUp();
    const arrival = START + 13 * HOUR;
    const { consumed } = evaluateRecords(state, [], { scope: 'lag', now: arrival, rules: [], late: slot(4) });
    expect(consumed).toBe(0);
    expect(state.cadence.pend).toBeUndefined();
    expect(state.cadence.lags.at(-1)).toBe(arrival - (slot(4)[0] as TelemetryPoint).t);
  });

  test('that never comes: the gap is one dropout once the lag allowance has passed, resolved at the first record after it', () => {
    const { state } = setUp();
    const due = dropoutDue(state.cadence) as number;
    expect(evaluateSilence(state, { scope: 'lag', now: due - MIN }).opened).toEqual([]);
    const opened = evaluateSilence(state, { scope: 'lag', now: due }).opened;
    expect(opened.map((i) => [i.kind, i.startedAt, i.resolvedAt])).toEqual([['dropout', (slot(3).at(-1) as TelemetryPoint).t, (slot(5)[0] as TelemetryPoint).t]]);
    expect(state.open).toEqual({});
    // Confirmed while the device still reports: it stays watched.
    expect(watchDue(state)).toBeGreaterThan(due);
    // Slot 4 arriving after all is too late to change that, and opens nothing more.
    expect(evaluateRecords(state, slot(4), { scope: 'lag', now: due + HOUR, rules: [] }).changes.opened).toEqual([]);
  });
});

test('one upload hours late among many on time moves the lag allowance by nothing; a device late one batch in five is waited for', () => {
  const state = newDeviceState();
  for (let i = 0; i < 31; i++) evaluateRecords(state, [{ t: START + i * HOUR, m: {} }], { scope: 'lag', now: START + i * HOUR + 1000, rules: [] });
  evaluateRecords(state, [{ t: START + 31 * HOUR, m: {} }], { scope: 'lag', now: START + 36 * HOUR, rules: [] });
  expect(lagAllowance(state.cadence)).toBeLessThan(10_000);
  const batchy = newDeviceState();
  batchy.cadence.lags = Array.from({ length: 30 }, (_, i) => (i % 5 === 0 ? 2 * HOUR + (i / 5) * 0.5 * HOUR : 2 * HOUR));
  // Waited for: the late batches (up to 4 h 30) and up to two missed uploads, no more.
  expect(lagAllowance(batchy.cadence)).toBeGreaterThanOrEqual(4.5 * HOUR);
  expect(lagAllowance(batchy.cadence)).toBeLessThanOrEqual(6 * HOUR);
});
