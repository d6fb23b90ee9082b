import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, newDeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 11 (issue 20, spike recall): a spike on a series of coarse resolution (most points repeat
 * the one before: a battery's 1 % steps) is judged against the departures the series made on each
 * of its last days, not skipped. Built from the description (a battery that drains and is
 * recharged; a pump that idles at a few watts), not from a bench set.
 */
const MIN = 60_000;
const START = Date.UTC(2035, 8, 1);

/** A battery every minute for four days: drains 1 % at a time (every 12-20 min) from 100 to 30, then is recharged within an hour, with a 1 % flicker on one point in ten. */
function battery(seed: number): TelemetryPoint[] {
  const r = rng(seed);
  const out: TelemetryPoint[] = [];
  let pct = 100;
  let next = 15;
  let charging = false;
  for (let i = 0; i < 4 * 1440; i++) {
    if (charging) {
      pct = Math.min(100, pct + 2);
      if (pct === 100) charging = false;
    } else if (--next <= 0) {
      pct -= 1;
      next = 12 + Math.floor(9 * r.uniform());
      if (pct <= 30) charging = true;
    }
    const flicker = r.uniform() < 0.1 ? (r.uniform() < 0.5 ? -1 : 1) : 0;
    out.push({ t: START + i * MIN, m: { battery_pct: pct + flicker } });
  }
  return out;
}

/** Every record as its own upload, a second after it was measured (a live device). */
function live(points: TelemetryPoint[]): NewIncident[] {
  const state = newDeviceState();
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'spikes-r11', now: p.t + 1000, rules: [] }).changes.opened);
}

const dip = (points: TelemetryPoint[], at: number, by: number) => {
  (points[at] as TelemetryPoint).m.battery_pct = ((points[at] as TelemetryPoint).m.battery_pct as number) - by;
};

/** A point in the middle of a drain (the value held for the two points before it and the one after). */
function steadyAt(points: TelemetryPoint[], from: number): number {
  const v = (i: number) => (points[i] as TelemetryPoint).m.battery_pct as number;
  for (let i = from; i < points.length - 5; i++) {
    if (v(i) === v(i - 2) && v(i) === v(i - 1) && v(i + 1) === v(i) && v(i) > 40 && v(i) < 90) return i;
  }
  throw new Error('no steady point');
}

describe('a spike on a coarse-resolution series', () => {
  test('a one-point sag of 9 % on a draining battery opens one spike incident, at the sag', () => {
    const points = battery(1101);
    const at = steadyAt(points, 3 * 1440);
    dip(points, at, 9);
    const spikes = live(points).filter((i) => i.kind === 'spike');
    expect(spikes).toHaveLength(1);
    expect(spikes[0]?.startedAt).toBe((points[at] as TelemetryPoint).t);
  });

  test('at night, a bump far below the departures the series makes by day, in its units, opens no spike (its night scale is its resolution)', () => {
    // A PV array every minute: exactly 0 at night with the odd 0.01-0.02 of a meter's offset; by day a 30 kW arch, noise 0.2, and passing clouds (5 kW, 2 points) every 2 hours.
    const r = rng(1104);
    const points: TelemetryPoint[] = Array.from({ length: 4 * 1440 }, (_, i) => {
      const minute = i % 1440;
      const sun = minute >= 7 * 60 && minute < 17 * 60 ? Math.sin((Math.PI * (minute - 7 * 60)) / 600) : 0;
      const cloud = sun > 0.2 && minute % 120 < 2 ? 5 : 0;
      const night = r.uniform() < 0.1 ? 0.01 * (1 + Math.floor(2 * r.uniform())) : 0;
      return { t: START + i * MIN, m: { ac_kw: sun > 0 ? Math.round((30 * sun - cloud + 0.2 * r.normal()) * 100) / 100 : night } };
    });
    const at = 3 * 1440 + 22 * 60;
    for (const k of [at - 2, at - 1, at + 1]) (points[k] as TelemetryPoint).m.ac_kw = 0;
    (points[at] as TelemetryPoint).m.ac_kw = 2;
    expect(live(points).filter((i) => i.kind === 'spike' && i.startedAt >= START + 2 * 1440 * MIN)).toEqual([]);
  });
});
