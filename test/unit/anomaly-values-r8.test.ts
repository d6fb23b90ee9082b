import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 8 (issue 20, recall of the value detectors): an upload whose records arrive one by one in
 * shuffled order (a logger or gateway flushing its buffer message by message) is judged on all its
 * records, in timestamp order, not only on those newer than every record that arrived before them.
 * Built from the description (batched, reordered delivery), not a bench set.
 */
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const START = Date.UTC(2035, 4, 1);
/** VALUE_ORDER.settleMs (written out: the file also runs against the detector before round 8). */
const SETTLE_MS = 5 * MIN;
/** The records held back for the value detectors (DeviceState.park, round 8). */
const held = (state: DeviceState) => (state as { park?: { pts: TelemetryPoint[] } }).park;

/** A cold-room logger every 5 min: a 0.1 °C sawtooth between 2 and 4 °C with noise; frozen at one value from `freezeAt` for `freezeLen` points. */
function coldRoom(n: number, freezeAt: number, freezeLen: number): TelemetryPoint[] {
  const r = rng(808);
  let temp = 3;
  let cooling = false;
  const out: TelemetryPoint[] = [];
  for (let i = 0; i < n; i++) {
    if (temp > 4) cooling = true;
    if (temp < 2) cooling = false;
    temp += cooling ? -0.4 : 0.1 * (1 + 0.2 * r.normal());
    out.push({ t: START + i * 5 * MIN, m: { temp_c: Math.round((temp + 0.06 * r.normal()) * 10) / 10 } });
  }
  const held = out[freezeAt - 1]?.m.temp_c as number;
  for (let i = freezeAt; i < freezeAt + freezeLen; i++) (out[i] as TelemetryPoint).m.temp_c = held;
  return out;
}

/** Uploads every `everyMs`; each record of an upload arrives on its own wire delay (1-12 s), so in shuffled order. */
function shuffledUploads(state: DeviceState, points: TelemetryPoint[], everyMs: number, seed: number): NewIncident[] {
  const r = rng(seed);
  const arrivals = new Map<number, TelemetryPoint[]>();
  for (const p of points) {
    const at = (Math.floor(p.t / everyMs) + 1) * everyMs + Math.round(SEC + 11 * SEC * r.uniform());
    arrivals.set(at, [...(arrivals.get(at) ?? []), p]);
  }
  return [...arrivals]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([now, records]) => evaluateRecords(state, records, { scope: 'values-r8', now, rules: [] }).changes.opened);
}

describe('a logger uploading every 4 hours, its records arriving shuffled within seconds', () => {
  test('a reading frozen for 60 points is one flatline, from its first frozen point (before: 6-10 % of the records were judged, none of the freeze)', () => {
    const points = coldRoom(4 * 288, 400, 60);
    const opened = shuffledUploads(newDeviceState(), points, 4 * HOUR, 81);
    const flat = opened.filter((i) => i.kind === 'flatline');
    expect(flat).toHaveLength(1);
    const first = (points[399] as TelemetryPoint).t;
    expect(flat[0]?.startedAt).toBeGreaterThanOrEqual(first - 30 * MIN);
    expect(flat[0]?.startedAt).toBeLessThanOrEqual((points[400] as TelemetryPoint).t);
  });

  test('every record after the first upload reaches the value detectors, oldest first', () => {
    const points = coldRoom(2 * 288, 10_000, 0);
    const state = newDeviceState();
    shuffledUploads(state, points, 4 * HOUR, 82);
    // The first upload arrives before any cadence is learned (nothing is held then: a new device's
    // first records are judged at once); the last may still be held (nothing has followed it yet).
    const evaluated = state.series.temp_c?.n ?? 0;
    expect(evaluated + (held(state)?.pts.length ?? 0)).toBeGreaterThanOrEqual(points.length - 48);
    expect(evaluated).toBeGreaterThanOrEqual(points.length - 2 * 48);
  });
});

describe('holding back only what may still be filled', () => {
  const live = (n: number, value: (i: number) => number): TelemetryPoint[] => Array.from({ length: n }, (_, i) => ({ t: START + i * MIN, m: { x: value(i) } }));

  test('a device delivering in order holds nothing: a spike is reported at the record after it, as before', () => {
    const r = rng(83);
    const points = live(600, (i) => (i === 500 ? 80 : 20 + r.normal()));
    const state = newDeviceState();
    let detectedAt: number | undefined;
    for (const p of points) {
      const opened = evaluateRecords(state, [p], { scope: 'values-r8', now: p.t + SEC, rules: [] }).changes.opened;
      expect(held(state)).toBeUndefined();
      for (const i of opened) if (i.kind === 'spike') detectedAt ??= i.detectedAt;
    }
    expect(detectedAt).toBe((points[501] as TelemetryPoint).t + SEC);
  });

  test('a record delivered before its predecessor waits for it; both are then judged in order', () => {
    const r = rng(84);
    const points = live(300, () => 20 + r.normal());
    const state = newDeviceState();
    for (const p of points.slice(0, 200)) evaluateRecords(state, [p], { scope: 'values-r8', now: p.t + SEC, rules: [] });
    const [a, b] = [points[200] as TelemetryPoint, points[201] as TelemetryPoint];
    evaluateRecords(state, [b], { scope: 'values-r8', now: b.t + SEC, rules: [] });
    expect(held(state)?.pts.map((p) => p.t)).toEqual([b.t]);
    expect(state.series.x?.n).toBe(200);
    evaluateRecords(state, [a], { scope: 'values-r8', now: b.t + 5 * SEC, rules: [] });
    expect(held(state)).toBeUndefined();
    expect(state.series.x?.n).toBe(202);
    expect(state.series.x?.times.at(-1)).toBe(b.t);
  });

  test('after a real gap the records are held for VALUE_ORDER.settleMs (5 min) at most, then judged', () => {
    const r = rng(85);
    const points = live(400, () => 20 + r.normal());
    const state = newDeviceState();
    for (const p of points.slice(0, 200)) evaluateRecords(state, [p], { scope: 'values-r8', now: p.t + SEC, rules: [] });
    // 60 minutes missing, then live again.
    const after = points.slice(260);
    for (const p of after.slice(0, 3)) evaluateRecords(state, [p], { scope: 'values-r8', now: p.t + SEC, rules: [] });
    expect(held(state)?.pts).toHaveLength(3);
    const settled = after.find((p) => p.t + SEC - (after[0] as TelemetryPoint).t - SEC >= SETTLE_MS) as TelemetryPoint;
    for (const p of after.filter((q) => q.t > (after[2] as TelemetryPoint).t && q.t <= settled.t)) evaluateRecords(state, [p], { scope: 'values-r8', now: p.t + SEC, rules: [] });
    expect(held(state)).toBeUndefined();
    expect(state.series.x?.times.at(-1)).toBe(settled.t);
  });
});

/**
 * Round 8, local spikes (LOCAL_SPIKE): a point judged against its neighbours and the series' own
 * recent departures from them, not against a baseline whose scale a sawtooth or a cycle inflates.
 */
describe('a spike judged against its neighbours', () => {
  const feed = (points: TelemetryPoint[]) => {
    const state = newDeviceState();
    return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'values-r8-spike', now: p.t + SEC, rules: [] }).changes.opened);
  };
  /** A vaccine fridge every 2 min: bang-bang cooling between 4.2 and 5.4 °C (0.1 °C steps, noise 0.06). */
  const fridge = (n: number, dipAt?: number): TelemetryPoint[] => {
    const r = rng(86);
    let temp = 4.8;
    let on = false;
    return Array.from({ length: n }, (_, i) => {
      if (temp > 5.4) on = true;
      if (temp < 4.2) on = false;
      temp += (on ? -0.25 : 0) + 0.06 * (1 + 0.2 * r.normal());
      const v = i === dipAt ? temp - 1.1 : temp + 0.06 * r.normal();
      return { t: START + i * 2 * MIN, m: { temp_c: Math.round(v * 10) / 10 } };
    });
  };

  test('a one-point dip of 1.1 °C (about 9 local sigmas) on a fridge cycling over 1.2 °C is one spike, at the dip', () => {
    const points = fridge(1500, 1000);
    const spikes = feed(points).filter((i) => i.kind === 'spike');
    expect(spikes).toHaveLength(1);
    expect(spikes[0]?.startedAt).toBe((points[1000] as TelemetryPoint).t);
  });

  test('the same fridge without the dip opens nothing (control)', () => {
    expect(feed(fridge(1500))).toEqual([]);
  });

  test('a machine whose bursts are its own (a vend of +60-90 W a few times an hour) opens no spike after its first hours (control)', () => {
    const r = rng(87);
    const points = Array.from({ length: 2000 }, (_, i) => ({ t: START + i * MIN, m: { power_w: Math.round(42 + 1.5 * r.normal() + (r.uniform() < 0.05 ? 60 + 30 * r.uniform() : 0)) } }));
    expect(feed(points).filter((i) => i.kind === 'spike' && i.startedAt >= START + 6 * HOUR)).toEqual([]);
  });

  test('a step through a short plateau every day (dimmed, full for 3 points, off) is no spike from its second day on (control)', () => {
    const r = rng(88);
    const points = Array.from({ length: 1200 }, (_, i) => {
      const k = i % 144;
      const v = k < 60 ? 0.42 : k < 63 ? 0.85 : k < 120 ? 0 : 0.85;
      return { t: START + i * 10 * MIN, m: { current_a: v === 0 ? 0 : Math.round((v + 0.015 * r.normal()) * 100) / 100 } };
    });
    // (Its first plateau, in its first hours, is the global spike path's: known.)
    expect(feed(points).filter((i) => i.kind === 'spike' && i.startedAt >= START + 24 * HOUR)).toEqual([]);
  });
});
