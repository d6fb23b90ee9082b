import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 7 (issue 20, precision of the value detectors): devices whose normal life has states
 * (on and off, several speeds, a nightly charge), built from the description, not a bench set.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2033, 4, 2);

function feed(state: DeviceState, points: TelemetryPoint[]): NewIncident[] {
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'values-r7', now: p.t + 1000, rules: [] }).changes.opened);
}

const series = (n: number, cadence: number, value: (i: number) => number, name = 'x'): TelemetryPoint[] =>
  Array.from({ length: n }, (_, i) => ({ t: START + i * cadence, m: { [name]: value(i) } }));
const kinds = (incidents: NewIncident[]) => incidents.map((i) => i.kind);

describe('a machine with an off state (an escalator: ~80 steps/min by day, with long stretches at exactly 80; exactly 0 from 15:00 to 23:00)', () => {
  const escalator = (freezeAt?: number) => {
    const r = rng(71);
    let frozen: number | undefined;
    return series(4 * 1440, MIN, (i) => {
      const hour = (i / 60) % 24;
      if (hour >= 15 && hour < 23) return 0;
      if (freezeAt !== undefined && i >= freezeAt && i < freezeAt + 300) return (frozen ??= 79);
      // Mostly the nominal rate, sometimes a step off it, now and then a slow spell (passengers boarding).
      const u = r.uniform();
      return u < 0.02 ? 20 : u < 0.8 ? 80 : 79 + Math.round(2 * r.uniform());
    }, 'steps_min');
  };

  test('opens no flatline, neither the first night (a jump out of its range to a new state) nor the next ones (a resting state beside its running rate)', () => {
    expect(kinds(feed(newDeviceState(), escalator())).filter((k) => k === 'flatline')).toEqual([]);
  });

  test('a reading frozen where it was, by day, is still one flatline', () => {
    const opened = feed(newDeviceState(), escalator(2 * 1440 + 9 * 60)).filter((i) => i.kind === 'flatline');
    expect(opened.map((i) => Math.floor((i.startedAt - START) / HOUR))).toEqual([2 * 24 + 9]);
  });
});
