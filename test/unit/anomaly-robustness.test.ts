import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, evaluateSilence, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * The detector behaviours of issue 20, each on a series built from the description (not
 * from the held-out bench set): quantised steps stay quiet, a 7-sigma single point fires, a long
 * 5-sigma shift fires, a gap found when buffered data resume is one dropout incident.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2032, 2, 1);

function feed(state: DeviceState, points: TelemetryPoint[], now: (p: TelemetryPoint) => number = (p) => p.t + 1000): NewIncident[] {
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'robust', now: now(p), rules: [] }).changes.opened);
}

const series = (n: number, cadence: number, value: (i: number) => number, name = 'x'): TelemetryPoint[] =>
  Array.from({ length: n }, (_, i) => ({ t: START + i * cadence, m: { [name]: value(i) } }));

test('a signal-strength series stepping between quantised levels, changing regime a few times a day, stays quiet', () => {
  for (const seed of [11, 12, 13]) {
    const r = rng(seed);
    let level = -65;
    let next = 200;
    const points = series(3 * 720, 2 * MIN, (i) => {
      if (i === next) {
        level += (r.uniform() < 0.5 ? -1 : 1) * (1 + Math.floor(r.uniform() * 3));
        next = i + 200 + Math.floor(r.uniform() * 300);
      }
      return level + (r.uniform() < 0.3 ? (r.uniform() < 0.5 ? -1 : 1) * (1 + Math.floor(r.uniform() * 2)) : 0);
    }, 'rssi');
    expect(feed(newDeviceState(), points).map((i) => i.kind)).toEqual([]);
  }
});

test('quantised levels with jitter of ±2 dB that change regime by several steps at once (up to 9 dB), the first change early, stay quiet', () => {
  for (const seed of [14, 15, 16, 17]) {
    const r = rng(seed);
    let level = -70;
    let next = 120 + Math.floor(r.uniform() * 200);
    const points = series(3 * 720, 90_000, (i) => {
      if (i === next) {
        level += (r.uniform() < 0.5 ? -1 : 1) * (1 + Math.floor(r.uniform() * 3)) * (1 + Math.floor(r.uniform() * 3));
        next = i + 250 + Math.floor(r.uniform() * 450);
      }
      const u = r.uniform();
      return level + (u < 0.15 ? -1 - Math.floor(r.uniform() * 2) : u > 0.85 ? 1 + Math.floor(r.uniform() * 2) : 0);
    }, 'rssi');
    expect(feed(newDeviceState(), points).map((i) => [seed, i.kind, (i.startedAt - START) / 90_000])).toEqual([]);
  }
});

test('a ~5-sigma drop held 180 points on a Gaussian signal-strength series (rounded to 1 dB) is a level shift', () => {
  const r = rng(18);
  const at = 1400;
  const points = series(2400, 2 * MIN, (i) => -66 + Math.round(1.5 * r.normal()) - (i >= at && i < at + 180 ? 8 : 0), 'rssi');
  const found = feed(newDeviceState(), points);
  const shifts = found.filter((i) => i.kind === 'level_shift').map((i) => (i.startedAt - START) / (2 * MIN));
  expect(shifts).toHaveLength(1);
  expect(shifts[0]).toBeGreaterThanOrEqual(at);
  expect(shifts[0]).toBeLessThanOrEqual(at + 10);
});

test('a 7-sigma single point on a quiet series is a spike, and nothing else', () => {
  const r = rng(21);
  const points = series(600, 5 * MIN, (i) => 50 + r.normal() + (i === 400 ? 7 : 0), 'pressure');
  const found = feed(newDeviceState(), points);
  expect(found.map((i) => [i.kind, i.startedAt])).toEqual([['spike', START + 400 * 5 * MIN]]);
});

test('the same excursion on a heavy-tailed series (it does this all the time) opens nothing', () => {
  const r = rng(22);
  const t3 = () => r.normal() / Math.sqrt((r.normal() ** 2 + r.normal() ** 2 + r.normal() ** 2) / 3);
  const points = series(600, 5 * MIN, (i) => 50 + t3() + (i === 400 ? 7 : 0), 'vibration');
  expect(feed(newDeviceState(), points).filter((i) => i.startedAt === START + 400 * 5 * MIN)).toEqual([]);
});

test('a sustained 5-sigma shift lasting 180 points opens a level shift at its start', () => {
  const r = rng(31);
  const at = 900;
  const points = series(1500, MIN, (i) => 14 + 0.3 * r.normal() + (i >= at && i < at + 180 ? 1.5 : 0), 'flow');
  const found = feed(newDeviceState(), points).filter((i) => i.kind === 'level_shift');
  expect(found).toHaveLength(1);
  expect(found[0]?.startedAt).toBeGreaterThanOrEqual(START + at * MIN);
  expect(found[0]?.startedAt).toBeLessThanOrEqual(START + (at + 10) * MIN);
});

describe('a gap in buffered history', () => {
  // 1-minute cadence, uploaded in batches every 2 hours (each 5 minutes after its period); the
  // device stops for `gap` minutes from record 250 (4 h 10 in).
  const r = rng(41);
  const all = series(720, MIN, () => 21 + 0.1 * r.normal(), 'temperature');
  const gapFrom = 250;
  const withGap = (gap: number) => all.filter((_, i) => i < gapFrom || i >= gapFrom + gap);
  const arrivalOf = (p: TelemetryPoint) => START + (Math.floor((p.t - START) / (2 * HOUR)) + 1) * 2 * HOUR + 5 * MIN;

  function deliver(state: DeviceState, points: TelemetryPoint[], keepEnd = false) {
    const batches = new Map<number, TelemetryPoint[]>();
    for (const p of points) batches.set(arrivalOf(p), [...(batches.get(arrivalOf(p)) ?? []), p]);
    const opened: NewIncident[] = [];
    let resolvedAt: number | null = null;
    let sweep = START;
    for (const [arrival, batch] of batches) {
      // The sweep runs every 5 minutes in between.
      // A gap found on resume may be confirmed by a later sweep (once a late batch can no longer fill it).
      for (; sweep < arrival; sweep += 5 * MIN) {
        const swept = evaluateSilence(state, { scope: 'robust', now: sweep }).opened;
        opened.push(...swept);
        for (const i of swept) resolvedAt = i.resolvedAt ?? resolvedAt;
      }
      const { changes } = evaluateRecords(state, batch, { scope: 'robust', now: arrival, rules: [] });
      opened.push(...changes.opened);
      for (const i of changes.opened) resolvedAt = i.resolvedAt ?? resolvedAt;
      for (const u of changes.updated.values()) resolvedAt = u.resolvedAt ?? resolvedAt;
    }
    // The sweep goes on after the last upload (a gap found on resume waits for late batches first);
    // the device's own end (it stops at the last point) is not what these tests look at.
    for (const end = sweep + 12 * HOUR; sweep < end; sweep += 5 * MIN) {
      const swept = evaluateSilence(state, { scope: 'robust', now: sweep }).opened.filter((i) => keepEnd || i.startedAt < (points.at(-1) as TelemetryPoint).t);
      opened.push(...swept);
      for (const i of swept) resolvedAt = i.resolvedAt ?? resolvedAt;
    }
    return { opened, resolvedAt, batches };
  }

  test.each([
    ['found when the data resume (inside one late batch)', 60],
    ['longer, also found on resume', 200],
  ])('%s: one dropout incident from the last record before the gap, resolved when the data resume', (_, gap) => {
    const state = newDeviceState();
    const { opened, resolvedAt } = deliver(state, withGap(gap));
    expect(opened.map((i) => [i.kind, i.startedAt])).toEqual([['dropout', START + (gapFrom - 1) * MIN]]);
    expect(resolvedAt).not.toBeNull();
    expect(resolvedAt as number).toBeGreaterThanOrEqual(START + (gapFrom + gap) * MIN);
    // Nothing left open but the device's own end (it stops after its last point).
    expect(Object.values(state.open).filter((o) => o.startedAt < (all.at(-1) as TelemetryPoint).t)).toEqual([]);
  });

  test('a device that stops for good is seen live by the sweep, within three upload periods', () => {
    const state = newDeviceState();
    const { opened } = deliver(state, all.slice(0, gapFrom + 1), true);
    expect(opened.map((i) => [i.kind, i.startedAt, i.resolvedAt])).toEqual([['dropout', START + gapFrom * MIN, null]]);
    expect((opened[0] as NewIncident).detectedAt - START - gapFrom * MIN).toBeLessThanOrEqual(3 * (2 * HOUR + 5 * MIN) + 20 * MIN);
    expect(Object.keys(state.open)).toEqual(['*|dropout']);
  });

  test('found on resume, it is resolved at the first record after the gap', () => {
    const { opened } = deliver(newDeviceState(), withGap(60));
    expect(opened[0]?.resolvedAt).toBe(START + (gapFrom + 60) * MIN);
  });

  test('a second delivery of the same batch opens nothing new', () => {
    const state = newDeviceState();
    const { batches } = deliver(state, withGap(60));
    for (const [arrival, batch] of batches) {
      const again = evaluateRecords(state, batch, { scope: 'robust', now: arrival + MIN, rules: [] });
      expect(again.changes.opened).toEqual([]);
      expect(again.changes.updated.size).toBe(0);
    }
  });

  test('one buffered upload hours late does not postpone the live silence limit by hours', () => {
    const state = newDeviceState();
    feed(state, all.slice(0, 200));
    // 40 records delivered 5 hours late, then live again.
    evaluateRecords(state, all.slice(200, 240), { scope: 'robust', now: (all[239] as TelemetryPoint).t + 5 * HOUR, rules: [] });
    const tail = all.slice(240, 260);
    feed(state, tail);
    const last = (tail.at(-1) as TelemetryPoint).t;
    // Round 7, second pass: the one delay is waited for up to DELIVERY.onceCapMs (1 h) × 1.25, not its 5 hours.
    expect(evaluateSilence(state, { scope: 'robust', now: last + 2 * HOUR }).opened.map((i) => i.kind)).toEqual(['dropout']);
  });
});

test.each([695, 700, 706, 711])('a spread that triples from inside a block (point %i) is dated no earlier than the change', (at) => {
  const r = rng(51);
  const points = series(1100, 5 * MIN, (i) => 120 + (i < at ? 2 : 6) * r.normal(), 'latency_ms');
  const regime = feed(newDeviceState(), points).filter((i) => i.kind === 'regime_change');
  expect(regime).toHaveLength(1);
  expect((regime[0] as NewIncident).startedAt).toBeGreaterThanOrEqual(START + at * 5 * MIN);
  expect((regime[0] as NewIncident).startedAt).toBeLessThanOrEqual(START + (at + 36) * 5 * MIN);
});

test('a spread that triples and stays (inside the usual range) is a regime change of its own kind; a ramp is not', () => {
  const r = rng(51);
  const at = 700;
  const points = series(1100, 5 * MIN, (i) => 120 + (i < at ? 2 : 6) * r.normal(), 'latency_ms');
  const found = feed(newDeviceState(), points);
  const regime = found.filter((i) => i.kind === 'regime_change');
  expect(regime).toHaveLength(1);
  expect(regime[0]?.startedAt).toBeGreaterThanOrEqual(START + (at - 12) * 5 * MIN);
  expect(regime[0]?.startedAt).toBeLessThanOrEqual(START + (at + 24) * 5 * MIN);
  // Control: the same series without the change opens nothing.
  const r2 = rng(51);
  expect(feed(newDeviceState(), series(1100, 5 * MIN, () => 120 + 2 * r2.normal(), 'latency_ms'))).toEqual([]);
});
