import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 7, second pass (issue 20, precision of the value detectors): everyday device behaviour
 * that is not a change — a dispenser's repeated draws — built from the description, not a
 * bench set.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2034, 2, 6);

function feed(state: DeviceState, points: TelemetryPoint[]): NewIncident[] {
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'values-r7b', now: p.t + 1000, rules: [] }).changes.opened);
}

const series = (n: number, cadence: number, value: (i: number) => number, name = 'x'): TelemetryPoint[] =>
  Array.from({ length: n }, (_, i) => ({ t: START + i * cadence, m: { [name]: value(i) } }));
const kinds = (incidents: NewIncident[]) => incidents.map((i) => i.kind);

describe('a dispenser drawn from three times a day (a pet feeder: 1800 g, 20-35 g a meal at 07:00, 12:30, 18:30; ±1 g; every 5 min)', () => {
  const feeder = (shiftAt?: number) => {
    const r = rng(82);
    let hopper = 1800;
    let last = -1;
    return series(4 * 288, 5 * MIN, (i) => {
      const slot = [84, 150, 222].indexOf(i % 288);
      if (slot >= 0 && i !== last) {
        hopper -= 20 + 15 * r.uniform();
        last = i;
      }
      // A fault: the load cell's offset drops by 150 g (five times a draw).
      const offset = shiftAt !== undefined && i >= shiftAt ? -150 : 0;
      return Math.round(hopper + offset + r.normal());
    }, 'hopper_g');
  };

  const fromDay1 = (opened: NewIncident[]) => opened.filter((i) => i.kind === 'level_shift' && i.startedAt >= START + 24 * HOUR);

  test('opens no level_shift for its meals from its second day on (a step like the steps it keeps making is its own)', () => {
    expect(kinds(fromDay1(feed(newDeviceState(), feeder())))).toEqual([]);
  });

  test('a step unlike its draws (five times their size) is still one level_shift', () => {
    const at = 2 * 288 + 120;
    const opened = fromDay1(feed(newDeviceState(), feeder(at)));
    expect(opened.map((i) => Math.round((i.startedAt - START) / (5 * MIN)))).toEqual([at]);
  });
});
