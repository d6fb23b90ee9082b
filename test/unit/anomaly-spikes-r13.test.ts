import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, newDeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 13 (issue 20, spike recall): the local spike path's history of departures in local scales
 * (`ltail`) never decays (stored to 3 significant digits, it rounds back to itself), so one sharp
 * blip on a quiet night sets the bar for the rest of the series' life. A departure that is also
 * `coarseFactor` × the largest the series made on each of its last days, in its own units, is now
 * judged against its decayed departures (`ldec`) instead. Built from the issue's description (a
 * quiet pressure whose noise is three times larger by day than at night), not from a bench set.
 */
const MIN = 60_000;
const START = Date.UTC(2036, 2, 2);

/** A line pressure every minute for three days: 4 ± 0.8 bar over the day (highest at noon), noise 0.02 bar at night (22:00-06:00), 0.06 by day. */
function pressure(seed: number): TelemetryPoint[] {
  const r = rng(seed);
  return Array.from({ length: 3 * 1440 }, (_, i) => {
    const hour = (i % 1440) / 60;
    const sigma = hour >= 6 && hour < 22 ? 0.06 : 0.02;
    return { t: START + i * MIN, m: { bar: Math.round((4 + 0.8 * Math.sin((2 * Math.PI * (hour - 6)) / 24) + sigma * r.normal()) * 1000) / 1000 } };
  });
}

function live(points: TelemetryPoint[]): NewIncident[] {
  const state = newDeviceState();
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'spikes-r13', now: p.t + 1000, rules: [] }).changes.opened);
}

const bump = (points: TelemetryPoint[], at: number, by: number) => {
  const p = points[at] as TelemetryPoint;
  p.m.bar = Math.round(((p.m.bar as number) + by) * 1000) / 1000;
};

describe('a spike after a sharp blip of the series own, on a quiet night long ago', () => {
  // The blip: 0.2 bar at 02:00 on the second night (about 9 night scales, inside the day's range: no
  // spike for the global path); the dip: 0.85 bar at noon (about 12 day scales, 4 × the largest
  // departure the series made on any day before, in bar; under 2.5 × the blip's 9 local scales).
  const BLIP = 1440 + 2 * 60;
  const NOON2 = 1440 + 12 * 60;
  const NOON3 = 2 * 1440 + 12 * 60;
  const spikesAfterBlip = (points: TelemetryPoint[]) => live(points).filter((i) => i.kind === 'spike' && i.startedAt > (points[BLIP] as TelemetryPoint).t).map((i) => i.startedAt);

  test('a dip at noon on the third day opens one spike incident, at the dip', () => {
    const points = pressure(1301);
    bump(points, BLIP, 0.2);
    bump(points, NOON3, -0.85);
    expect(spikesAfterBlip(points)).toEqual([(points[NOON3] as TelemetryPoint).t]);
  });

  test('after a 0.5 bar dip of its own the day before, the same dip is not 2.5 × its departures: judged by its all-time bar, no spike', () => {
    const points = pressure(1301);
    bump(points, BLIP, 0.2);
    bump(points, NOON2, -0.5);
    bump(points, NOON3, -0.85);
    expect(spikesAfterBlip(points)).toEqual([]);
  });
});
