import { rng } from '../../scripts/bench/anomaly-set';
import { DRIFT } from '../../shared/domain/anomaly/detectors';
import { evaluateRecords, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Issue 20, round 2: changes of regime inside the usual range sustained over hours (a slope
 * change, a drift) are `regime_change` incidents, judged against the series' own history, and
 * the look-alikes the issue names (battery drains with recharges, daily cycles, slow
 * oscillations, steady trends, quantised levels) stay quiet. Series built from the issue's text
 * with the tuning set's generator (not from either held-out set).
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2033, 0, 1);
const day = (t: number) => Math.sin((2 * Math.PI * (t - START)) / (24 * HOUR));

function feed(points: TelemetryPoint[], state: DeviceState = newDeviceState()): NewIncident[] {
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'drift', now: p.t + 1000, rules: [] }).changes.opened);
}
const series = (n: number, cadence: number, value: (i: number, t: number) => number): TelemetryPoint[] =>
  Array.from({ length: n }, (_, i) => ({ t: START + i * cadence, m: { x: value(i, START + i * cadence) } }));

describe.each([1, 2, 3])('seed %i', (seed) => {
  test('a slope change on a series with a daily cycle opens one regime_change, within hours of the change', () => {
    const r = rng(100 + seed);
    const at = 2400;
    const found = feed(series(3600, MIN, (i, t) => 10 + 0.4 * day(t) + 0.2 * r.normal() + (i < at ? 0 : (0.4 * (i - at)) / 60)));
    expect(found.map((i) => i.kind)).toEqual(['regime_change']);
    expect(found[0]?.startedAt).toBeGreaterThanOrEqual(START + at * MIN);
    expect(found[0]?.detectedAt).toBeLessThanOrEqual(START + at * MIN + 4 * HOUR);
    // Either regime form may see it first: the slope detector or the daily profile (above the same hour's usual value).
    expect(found[0]?.evidence.baseline.change).toMatch(/^(slope up|above its usual day)$/);
  });

  test('a slow drift of 8 sigmas over 6 hours, inside the range, opens one regime_change during the drift', () => {
    const r = rng(200 + seed);
    const at = 1200;
    const found = feed(series(2160, 2 * MIN, (i) => 7 + 0.1 * r.normal() + (i < at ? 0 : 0.8 * Math.min(1, (i - at) / 180))));
    expect(found.map((i) => i.kind)).toEqual(['regime_change']);
    expect(found[0]?.startedAt).toBeGreaterThanOrEqual(START + at * 2 * MIN);
    expect(found[0]?.startedAt).toBeLessThanOrEqual(START + (at + 180) * 2 * MIN);
  });

  test('the same series without the change opens nothing', () => {
    const r = rng(200 + seed);
    expect(feed(series(2160, 2 * MIN, () => 7 + 0.1 * r.normal()))).toEqual([]);
  });

  test('a battery draining and recharged (a fast ramp back up) opens nothing', () => {
    const r = rng(300 + seed);
    let soc = 90;
    let charging = false;
    const points = series(1440, 5 * MIN, () => {
      if (charging) {
        soc += 2.5;
        if (soc >= 100) charging = false;
      } else {
        soc -= 0.1 + 0.05 * r.uniform();
        if (soc < 25 && r.uniform() < 0.1) charging = true;
      }
      return Math.min(100, soc) + 0.2 * r.normal();
    });
    expect(feed(points)).toEqual([]);
  });

  test('a daily cycle with AR(1) noise, a slow oscillation and a steady trend open no regime_change', () => {
    const r = rng(400 + seed);
    let ar = 0;
    const cycle = series(2160, 2 * MIN, (_, t) => {
      ar = 0.9 * ar + 0.5 * r.normal();
      return 50 + 6 * day(t) + ar;
    });
    const period = (3 + 3 * r.uniform()) * HOUR;
    const oscillation = series(2160, 2 * MIN, (_, t) => 100 + 5 * Math.sin((2 * Math.PI * (t - START)) / period) + 0.3 * r.normal());
    const trend = series(2160, 2 * MIN, (i) => 0.01 * i + 0.05 * r.normal());
    for (const points of [cycle, oscillation, trend]) expect(feed(points).filter((i) => i.kind === 'regime_change')).toEqual([]);
  });
});

test('nothing is judged before the series was followed for a whole day', () => {
  const r = rng(500);
  // The slope changes 12 hours in: too early to know the series' own history.
  const found = feed(series(1000, MIN, (i) => 10 + 0.2 * r.normal() + (i < 720 ? 0 : (0.4 * (i - 720)) / 60)));
  expect(found.filter((i) => i.kind === 'regime_change' && i.detectedAt < START + DRIFT.warmupMs)).toEqual([]);
});

test('the drift state is a fixed set of scalars: it does not grow with the series', () => {
  const r = rng(600);
  const state = newDeviceState();
  feed(series(3000, MIN, () => 10 + 0.2 * r.normal()), state);
  const drift = state.series.x?.drift as Record<string, unknown>;
  expect(Object.values(drift).every((v) => v === null || typeof v === 'number')).toBe(true);
  expect(Object.keys(drift).length).toBeLessThanOrEqual(14);
});

describe('spike extremity against the series own recent extremes', () => {
  // 7 sigmas of 1-3 points on quiet Gaussian series (the noise at the spike makes the measured |z|
  // anywhere from about 5.5 to 8.5): caught on most seeds (zMin 6.5 and 2 × the recent extremes
  // caught 7 of these 12), and the same series without the spike open nothing.
  const run = (seed: number, withSpike: boolean) => {
    const r = rng(700 + seed);
    const width = 1 + (seed % 3);
    const size = 7;
    const sign = seed % 4 < 2 ? 1 : -1;
    return feed(series(1500, 2 * MIN, (i) => 50 + r.normal() + (withSpike && i >= 900 && i < 900 + width ? sign * size : 0)));
  };
  const seeds = Array.from({ length: 12 }, (_, i) => i + 1);

  test('caught on at least 9 of 12 series, at the spike', () => {
    const caught = seeds.filter((seed) => run(seed, true).some((i) => i.kind === 'spike' && i.startedAt >= START + 900 * 2 * MIN && i.startedAt <= START + 903 * 2 * MIN));
    expect(caught.length).toBeGreaterThanOrEqual(9);
  });

  test('the same series without the spike open nothing', () => {
    expect(seeds.flatMap((seed) => run(seed, false))).toEqual([]);
  });
});
