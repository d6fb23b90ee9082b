import { rng } from '../../scripts/bench/anomaly-set';
import { evaluatePoint, newSeriesState, type SeriesState } from '../../shared/domain/anomaly/detectors';

/**
 * Round 8, second pass (issue 20, false alarms): a run that begins outside the series' range is a
 * switch to a new value (off, closed), not a freeze — also when the series is still in its warm-up
 * (past its first 12 points). A street light installed at night (full, then dimmed) switches off at
 * dawn within its first 30 readings: its first day off was read as a flatline. Built from the issue's
 * description (whole series seen from their first point), not a bench set.
 */
const MIN = 60_000;
const START = Date.UTC(2035, 4, 1, 3, 0);

/** Street-light current every 5 min from 03:00: full (0.86 A) then dimmed (0.4 A) with lamp noise, off (exactly 0) from point `offAt` for 12 h. */
function streetLight(offAt: number, seed: number): { t: number; v: number }[] {
  const r = rng(seed);
  const out: { t: number; v: number }[] = [];
  for (let i = 0; i < offAt + 144; i++) {
    const on = i < offAt ? (i < offAt / 2 ? 0.86 : 0.4) : 0;
    out.push({ t: START + i * 5 * MIN, v: on === 0 ? 0 : Math.round((on + 0.015 * r.normal()) * 100) / 100 });
  }
  return out;
}

function flatlines(points: { t: number; v: number }[], s: SeriesState = newSeriesState()): number[] {
  const at: number[] = [];
  for (const p of points) for (const sig of evaluatePoint(s, p.t, p.v).signals) if (sig.kind === 'flatline') at.push(sig.startedAt);
  return at;
}

describe('round 8, second pass: a switch off during warm-up is no flatline', () => {
  it.each([1, 2, 3])('a street light switched off at its 26th reading (still warming up): no flatline (seed %i)', (seed) => {
    expect(flatlines(streetLight(25, seed))).toEqual([]);
  });

  it('control: the same light frozen at its dimmed reading from the 26th point is still a flatline', () => {
    const pts = streetLight(25, 4).map((p, i) => (i >= 25 ? { t: p.t, v: 0.41 } : p));
    expect(flatlines(pts).length).toBeGreaterThan(0);
  });
});
