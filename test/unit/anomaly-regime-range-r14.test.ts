import { rng } from '../../scripts/bench/anomaly-set';
import { REGIME } from '../../shared/domain/anomaly/detectors';
import { evaluateRecords, newDeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 14 (issue 20, regime precision): a regime change opens only when it is large against the range
 * the series lives in (REGIME.rangeShare of its envelope). The same noise growing from σ 0.5 to σ 3 is a
 * change of regime on a tank that sits at one level, and nothing on one that swings 200 units a day.
 */
const MIN = 60_000;
const START = Date.UTC(2036, 8, 1);

function series(seed: number, swing: number): TelemetryPoint[] {
  const r = rng(seed);
  const points: TelemetryPoint[] = [];
  for (let i = 0; i < 3 * 288; i++) {
    const t = START + i * 5 * MIN;
    const noisy = i >= 2 * 288 ? 3 : 0.5;
    const daily = (swing / 2) * Math.sin((2 * Math.PI * i) / 288);
    points.push({ t, m: { level: Math.round((500 + daily + noisy * r.normal()) * 100) / 100 } });
  }
  return points;
}

const regimes = (points: TelemetryPoint[]): NewIncident[] => {
  const state = newDeviceState();
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'regime-r14', now: p.t + 1000, rules: [] }).changes.opened).filter((i) => i.kind === 'regime_change');
};

test('the bar is a tenth of the range', () => expect(REGIME.rangeShare).toBe(0.1));

test.each([1, 2, 3])('noise growing sixfold on a series that sits at one level is a regime change (seed %i)', (seed) => {
  const opened = regimes(series(seed, 0));
  expect(opened.length).toBeGreaterThanOrEqual(1);
  expect(opened[0]?.startedAt).toBeGreaterThanOrEqual(START + 2 * 288 * 5 * MIN - 60 * MIN);
});

test.each([1, 2, 3])('the same noise on a series that swings 200 units a day is small against its range: no regime change (seed %i)', (seed) => {
  expect(regimes(series(seed, 200))).toEqual([]);
});
