import { rng } from '../../scripts/bench/anomaly-set';
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
