import { rng } from '../../scripts/bench/anomaly-set';
import { evaluatePoint, newSeriesState } from '../../shared/domain/anomaly/detectors';

/**
 * Round 9 (issue 20, false alarms): a level change the series already made at the same time of an
 * earlier day is its schedule, not a level shift. An irrigation pump's line pressure, read every
 * 2 min, runs around 30 bar with a slow wave and drops to a residual 1.2 bar every evening from
 * 20:00 to 01:00 (a tariff stop). Its first stop (day 1, past the 12-hour warm-up) is news; the same
 * stop on the following evenings is not. Written from the description, not a bench set.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2035, 6, 1, 1, 0);

type Point = { t: number; v: number };

/** Three and a half days of the pump; `override` may replace a point's value (a fault). */
function pump(seed: number, override?: (t: number, v: number) => number): Point[] {
  const r = rng(seed);
  const out: Point[] = [];
  for (let i = 0; i < 84 * 30; i++) {
    const t = START + i * 2 * MIN;
    const hour = new Date(t).getUTCHours();
    const stopped = hour >= 20 || hour < 1;
    const v = stopped ? Math.round((1.2 + 0.1 * r.normal()) * 10) / 10 : Math.round((30 + 1.2 * Math.sin((2 * Math.PI * t) / (40 * MIN)) + 0.2 * r.normal()) * 10) / 10;
    out.push({ t, v: override ? override(t, v) : v });
  }
  return out;
}

/** Hours from START at which level shifts start. */
function shifts(points: Point[]): number[] {
  const s = newSeriesState();
  const at: number[] = [];
  for (const p of points) for (const sig of evaluatePoint(s, p.t, p.v).signals) if (sig.kind === 'level_shift') at.push(Math.round(((sig.startedAt - START) / HOUR) * 10) / 10);
  return at;
}

/**
 * A welding station's current every minute: idle at exactly 0, a job that ramps up to about 40 A,
 * holds, tapers down to about 15 A and switches off to 0, and idles for an hour. The first idle
 * hour after the first job (the series' first hours) is its resting state, not a frozen sensor.
 */
function welder(seed: number, freezeAt?: number): Point[] {
  const r = rng(seed);
  const out: Point[] = [];
  let frozen: number | undefined;
  for (let i = 0; i < 180; i++) {
    const m = i % 90; // a 90-minute cycle: 5 idle, 40 job, 45 idle
    let v = 0;
    if (m >= 5 && m < 45) {
      const k = m - 5;
      v = k < 3 ? 13 * (k + 1) : k < 25 ? 40 + r.normal() : 40 - (k - 25) * 1.6 + 0.5 * r.normal();
      v = Math.round(v * 10) / 10;
    }
    if (freezeAt !== undefined && i >= freezeAt) v = frozen ??= v;
    out.push({ t: START + i * MIN, v });
  }
  return out;
}

function flatlines(points: Point[]): number[] {
  const s = newSeriesState();
  const at: number[] = [];
  for (const p of points) for (const sig of evaluatePoint(s, p.t, p.v).signals) if (sig.kind === 'flatline') at.push(sig.startedAt);
  return at;
}

describe('round 9: a switch to the lowest value in a series\' first hours is its rest, no flatline', () => {
  it.each([1, 2, 3])('a welder idle at 0 after its first job: no flatline (seed %i)', (seed) => {
    expect(flatlines(welder(seed))).toEqual([]);
  });

  it('a short first rest still counts as a normal run: the same rest, a little longer, half a day later is no flatline', () => {
    // A pump's flow every minute: idle (exactly 0) at its first reading, running (20-40 l/min), idle
    // again for 15 minutes in its first half hour, then running for 13 hours, then idle for 40 minutes.
    const r = rng(7);
    const pts: Point[] = [];
    for (let i = 0; i < 15 + 15 + 780 + 40 + 30; i++) {
      const idle = i === 0 || (i >= 15 && i < 30) || (i >= 810 && i < 850);
      pts.push({ t: START + i * MIN, v: idle ? 0 : Math.round((30 + 20 * (r.uniform() - 0.5)) * 10) / 10 });
    }
    expect(flatlines(pts)).toEqual([]);
  });

  it('control: the same welder frozen mid-job (its reading repeats from the 30th minute) is a flatline', () => {
    expect(flatlines(welder(4, 30)).length).toBeGreaterThan(0);
  });
});

describe('round 9: a step made at the same time of an earlier day is the schedule', () => {
  it.each([1, 2, 3])('the evening stop is a level shift on its first evening only (seed %i)', (seed) => {
    // Evenings at 19 h, 43 h and 67 h after the first point.
    expect(shifts(pump(seed))).toEqual([19]);
  });

  it('control: a stop at another time of day (09:00 on day 2, four hours) is still reported', () => {
    const from = START + 32 * HOUR; // 09:00 on the second day
    const at = shifts(pump(4, (t, v) => (t >= from && t < from + 4 * HOUR ? Math.round((1.2 + ((t / MIN) % 3) * 0.1) * 10) / 10 : v)));
    expect(at).toContain(32);
  });

  it('control: a step the other way at the evening hour (pressure rising to 45 bar at 20:00 on day 3) is still reported', () => {
    const from = START + 67 * HOUR;
    const at = shifts(pump(5, (t, v) => (t >= from && t < from + 5 * HOUR ? Math.round((45 + ((t / MIN) % 5) * 0.1) * 10) / 10 : v)));
    expect(at).toContain(67);
  });
});
