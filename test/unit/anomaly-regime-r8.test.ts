import { rng } from '../../scripts/bench/anomaly-set';
import { cycleStep, type CycleChange, type CycleState } from '../../shared/domain/anomaly/cycles';
import { evaluateRecords, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 8 (issue 20, regime changes): a change of a series' duty cycle against its own cycles
 * (cycles.ts). Built from the issue's description (a compressor's duty cycle, a sump pump cycling
 * faster), not from a bench set.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2034, 2, 6);

function feed(state: DeviceState, points: TelemetryPoint[]): NewIncident[] {
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'regime-r8', now: p.t + 1000, rules: [] }).changes.opened);
}

const regimes = (opened: NewIncident[]) => opened.filter((i) => i.kind === 'regime_change');

/**
 * A compressor's current every 2 min: on (3.2 A ± 0.15) for 6-10 readings, off (0.2 A ± 0.03) for
 * 8-12; from reading `changeAt` on, a failing unit runs twice as long and rests half as long.
 */
function compressor(seed: number, changeAt?: number, n = 3 * 720): TelemetryPoint[] {
  const r = rng(seed);
  const points: TelemetryPoint[] = [];
  let on = false;
  let left = 0;
  for (let i = 0; i < n; i++) {
    const worse = changeAt !== undefined && i >= changeAt ? 2 : 1;
    if (left <= 0) {
      on = !on;
      const base = on ? 6 + Math.floor(5 * r.uniform()) : 8 + Math.floor(5 * r.uniform());
      left = Math.round(on ? base * worse : base / worse);
    }
    left--;
    const v = on ? 3.2 + 0.15 * r.normal() : 0.2 + 0.03 * r.normal();
    points.push({ t: START + i * 2 * MIN, m: { current_a: Math.round(v * 10) / 10 } });
  }
  return points;
}

describe('a duty cycle that changes inside the usual range (a compressor running longer and resting shorter)', () => {
  const changeAt = 30 * 30; // 30 h in: a day of cycles seen
  test.each([1, 2, 3])("opens one regime_change (a phase of its cycle against its own phases), dated within 4 h of the change, the bench's regime window and tolerance (seed %i)", (seed) => {
    const opened = regimes(feed(newDeviceState(), compressor(seed, changeAt)));
    const at = START + changeAt * 2 * MIN;
    // One incident: the other side's phases, abnormal too, attach to it.
    expect(opened).toHaveLength(1);
    expect(opened[0]?.startedAt).toBeGreaterThanOrEqual(at - 30 * MIN);
    expect(opened[0]?.startedAt).toBeLessThanOrEqual(at + 4 * HOUR);
    expect(String(opened[0]?.evidence.baseline.change)).toMatch(/phase (longer|shorter)/);
  });

  test.each([1, 2, 3])('the same compressor without the change opens nothing (seed %i)', (seed) => {
    expect(regimes(feed(newDeviceState(), compressor(seed)))).toEqual([]);
  });
});

describe('cycleStep: the phases of a square wave (0 / 10, one reading a minute, a 0.1 resolution)', () => {
  /** Feeds `sides` (a list of [value, readings]) to cycleStep as the detector would; returns the changes with the reading index they came at. */
  const run = (sides: [number, number][]) => {
    let state: CycleState | undefined;
    const values: number[] = [];
    const changes: { at: number; change: CycleChange }[] = [];
    let i = 0;
    for (const [v, n] of sides) {
      for (let k = 0; k < n; k++, i++) {
        const t = START + i * MIN;
        values.push(v);
        if (values.length > 48) values.shift();
        const prev = values.at(-2);
        const before = values.at(-3);
        const out = cycleStep(state, t, v, { window: values, res: 0.1, stepMs: MIN, prev, prevDiff: prev !== undefined && before !== undefined ? prev - before : undefined, since: START, dt: i === 0 ? 0 : MIN, judged: true });
        state = out.state;
        if (out.change) changes.push({ at: i, change: out.change });
      }
    }
    return changes;
  };
  const regular = (cycles: number, on = 10, off = 10): [number, number][] => Array.from({ length: cycles }, () => [[10, on], [0, off]] as [number, number][]).flat();

  test('on for twice as long, three times in a row after a day of regular cycles: one change, dated at the first long phase', () => {
    const changes = run([...regular(80), ...regular(6, 20, 10)]);
    expect(changes.map((c) => [c.at, c.change.phase, c.change.longer])).toEqual([[80 * 20 + 2 * 30 + 20, 'high phase', true]]);
    expect(changes[0]?.change.startedAt).toBe(START + 80 * 20 * MIN);
  });

  test("the same change in the series' first day (its schedule not seen yet) is learned, not judged", () => {
    expect(run([...regular(30), ...regular(6, 20, 10)])).toEqual([]);
  });

  test('a one-reading blip is remembered: the kind it falls in is irregular for its next phases, so the same change right after it is not judged', () => {
    const blip: [number, number][] = [[10, 10], [0, 4], [10, 1], [0, 5]];
    expect(run([...regular(79), ...blip, ...regular(3, 20, 10)])).toEqual([]);
  });
});
