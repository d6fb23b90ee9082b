import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 6 (issue 20, the value detectors on data nobody tuned on): each series is judged against
 * its own history, built here from the description, not from a bench set.
 */
const MIN = 60_000;
const START = Date.UTC(2032, 2, 1);

function feed(state: DeviceState, points: TelemetryPoint[]): NewIncident[] {
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'own-history', now: p.t + 1000, rules: [] }).changes.opened);
}

const series = (n: number, cadence: number, value: (i: number) => number, name = 'x'): TelemetryPoint[] =>
  Array.from({ length: n }, (_, i) => ({ t: START + i * cadence, m: { [name]: value(i) } }));

describe('spikes in a series\' first hours', () => {
  // A quiet series at 2-minute cadence, judged from its 31st point (1 h); one excursion of `size` sigma.
  const spikes = (at: number, size: number) => {
    const r = rng(61);
    const points = series(900, 2 * MIN, (i) => 20 + 0.5 * r.normal() + (i === at ? 0.5 * size : 0), 'supply_c');
    return feed(newDeviceState(), points).filter((i) => i.kind === 'spike').map((i) => (i.startedAt - START) / (2 * MIN));
  };

  test('a 12-sigma excursion 2 hours after the series is first judged (its own extremes not known yet) is not a spike', () => {
    expect(spikes(90, 12)).toEqual([]);
  });

  test('an unmistakable one (40 sigma) then is', () => {
    expect(spikes(90, 40)).toEqual([90]);
  });

  test('the 12-sigma excursion once the series has shown 6 hours of its own behaviour is a spike', () => {
    expect(spikes(300, 12)).toEqual([300]);
  });
});

describe('spread of a series reported in coarse steps', () => {
  // A line pressure reported to 0.01 bar, following a slow daily swing (many distinct values, so
  // not "quantised"), moving by about one step between points; from point 700 a pump's cycling
  // makes it move five times as far for 6 hours.
  const pressure = (busyFrom: number, step: number) => {
    const r = rng(62);
    return series(1100, 5 * MIN, (i) => {
      const noise = (i >= busyFrom && i < busyFrom + 72 ? 5 : 1) * 0.004;
      return Math.round((3.5 + 0.3 * Math.sin((2 * Math.PI * i) / 288) + noise * r.normal()) / step) * step;
    }, 'line_bar');
  };
  const regimes = (points: TelemetryPoint[]) => feed(newDeviceState(), points).filter((i) => i.kind === 'regime_change');

  test('whose usual neighbour difference is about one step: a busier spell is not a regime change (the block spread counts steps)', () => {
    expect(regimes(pressure(700, 0.01))).toEqual([]);
  });

  test('the same spell on the same series reported at a fine resolution is a regime change', () => {
    expect(regimes(pressure(700, 0.0001)).map((i) => Math.round((i.startedAt - START) / (5 * MIN) / 12))).toHaveLength(1);
  });
});

test('a series resting on one value (a door sensor\'s zeros) judges a move from it by the moves it made before, not a zero scale', () => {
  // Open-seconds every 2 minutes: zeros, with an opening of 5-40 s about one report in ten; from
  // point 700 a quiet night (150 zeros), then an opening a little longer than any before.
  const r = rng(63);
  const points = series(1000, 2 * MIN, (i) => {
    if (i >= 700 && i < 850) return 0;
    if (i === 850) return 45;
    return r.uniform() < 0.1 ? Math.round(5 + 35 * r.uniform()) : 0;
  }, 'open_s');
  const found = feed(newDeviceState(), points).filter((i) => i.kind === 'spike' || i.kind === 'level_shift');
  expect(found.map((i) => [i.kind, (i.startedAt - START) / (2 * MIN)])).toEqual([]);
});
