/**
 * Regime change, fourth form (round 8): a change of a series' **duty cycle** against its own
 * history of cycles. A compressor that runs longer and rests shorter, a sump pump that cycles
 * faster, a vending machine's cooling that never rests: the values stay on the same two levels
 * (the level, the range and the spread barely move), but the time the series spends on each side
 * changes.
 *
 * Only a series that switches between two sides is followed: its baseline window (the last 48
 * normal points) has at most `middleShare` of its points in the band around its middle and at
 * least `sideShare` on each side. Its middle and deviation are then followed by slow means; the
 * band is the middle ± `band` × that deviation (hysteresis). Each time the series crosses the band
 * it completes a phase: the time from entering one side to entering the other (high or low phase).
 * Each kind is judged against its last `history` phases and the range of every phase of its kind
 * since its last change: `sustained` phases in a row beyond `factor` × the longest (or under the
 * shortest ÷ `factor`), by at least `minSteps` reporting intervals, are a regime change. Not before
 * the series was followed a whole day (its schedule: nights, opening hours), not while its recent
 * phases are irregular (longest over `regular` × the shortest), nor a band within `noiseRatio` ×
 * its point noise (a noisy constant crosses it at random).
 *
 * State: three rounded scalars, the side and when it was entered, up to 2 × `history` phase
 * lengths (whole seconds) and 4 range values; absent on a series that does not switch.
 */
export const CYCLE = {
  /** Time constant of the middle (mean) and its deviation. */
  meanMs: 6 * 3_600_000,
  /** Half-width of the band around the middle, in mean absolute deviations. */
  band: 0.5,
  /** A two-sided window: at most this share of its points inside the band, at least `sideShare` on each side. */
  middleShare: 0.15,
  sideShare: 0.05,
  /** The band's half-width must be this many times the series' point noise (its median absolute second difference). */
  noiseRatio: 2,
  /** Relative step of the point noise's median tracker. */
  noiseStep: 0.05,
  /** Nothing is judged before the series has been followed this long (from its first judged point). */
  judgeAfterMs: 24 * 3_600_000,
  /** A phase shorter than this many reporting intervals (one point on a side: a burst, a glitch) is not judged; remembered, it makes the kind irregular. */
  minPhaseSteps: 2,
  /** Phases of each kind remembered, and needed before that kind is judged. */
  history: 10,
  minHistory: 8,
  /** A phase beyond this many times the longest seen (or under the shortest ÷ it)… */
  factor: 1.3,
  /** …and by at least this many reporting intervals… */
  minSteps: 2,
  /** …this many times in a row (phases of one kind). */
  sustained: 3,
  /** Recent phases of a kind that differ more than this (longest ÷ shortest) are not regular: not judged. */
  regular: 3,
} as const;

/** Stored cycle state (plain JSON). */
export interface CycleState {
  /** Middle (mean) and mean absolute deviation (4 significant digits), point noise (3). */
  m: number;
  a: number;
  e: number;
  /** Side of the band (1 high, -1 low, 0 not yet) and when it was entered (epoch ms). */
  s: 0 | 1 | -1;
  at: number;
  /** Remembered phases (seconds), newest last: high, low. */
  h: [number[], number[]];
  /** Longest and shortest phase of each kind since it was first followed or its last change: [high max, high min, low max, low min]. */
  r?: number[];
  /** Abnormal phases in a row per kind (signed: + longer, - shorter) and when the first began; absent when none. */
  run?: [number, number, number, number];
}

export interface CycleChange {
  startedAt: number;
  phase: 'high phase' | 'low phase';
  longer: boolean;
  seconds: number;
  usualShortest: number;
  usualLongest: number;
}

/** What the detector knows of the series besides the new point. */
export interface CycleInput {
  /** The baseline window (normal points), the measurement's resolution, the reporting interval (ms). */
  window: readonly number[];
  res: number;
  stepMs: number;
  /** The previous point and the difference before it (for the noise); undefined for the first points. */
  prev?: number;
  prevDiff?: number;
  /** When the series was first judged; the time since the previous point. */
  since: number | undefined;
  dt: number;
  /** False while another detector owns the series (a level shift held, a flatline): followed, not judged. */
  judged: boolean;
}

/** `x` to `digits` significant digits (the state's size is its write cost). */
export const sig = (x: number, digits = 3) => Number(x.toPrecision(digits));

/** The window switches between two sides: few points in the band around its middle, enough on each side. */
function twoSided(w: readonly number[]): { m: number; a: number } | undefined {
  if (w.length < 24) return undefined;
  const m = w.reduce((x, y) => x + y, 0) / w.length;
  const a = w.reduce((x, y) => x + Math.abs(y - m), 0) / w.length;
  if (a <= 0) return undefined;
  let hi = 0;
  let lo = 0;
  for (const x of w) {
    if (x > m + CYCLE.band * a) hi++;
    else if (x < m - CYCLE.band * a) lo++;
  }
  const n = w.length;
  return n - hi - lo <= CYCLE.middleShare * n && hi >= CYCLE.sideShare * n && lo >= CYCLE.sideShare * n ? { m, a } : undefined;
}

/** The window's median absolute second difference (its point noise, ramps and switches aside). */
function windowNoise(w: readonly number[]): number {
  const d2: number[] = [];
  for (let i = 2; i < w.length; i++) d2.push(Math.abs((w[i] as number) - 2 * (w[i - 1] as number) + (w[i - 2] as number)));
  d2.sort((a, b) => a - b);
  return d2.length > 0 ? (d2[Math.floor(d2.length / 2)] as number) : 0;
}

/**
 * Judges one completed phase of kind `k` (0 high, 1 low; `x` seconds, begun at `begun`) against
 * its history; returns a change when it is the `sustained`-th abnormal one in a row.
 */
function judge(c: CycleState, k: 0 | 1, x: number, begun: number, stepS: number, judged: boolean): CycleChange | undefined {
  const h = c.h[k];
  if (x < CYCLE.minPhaseSteps * stepS) {
    // Remembered (a series that keeps making such blips is not regular: not judged), never judged.
    h.push(Math.round(x));
    if (h.length > CYCLE.history) h.shift();
    return undefined;
  }
  const r = c.r ?? [0, 0, 0, 0];
  let dir = 0;
  let lo = 0;
  let hi = 0;
  if (judged && h.length >= CYCLE.minHistory) {
    const rMin = Math.min(...h);
    const rMax = Math.max(...h);
    hi = Math.max(rMax, r[2 * k] as number);
    lo = Math.min(rMin, (r[2 * k + 1] as number) || rMin);
    if (rMin > 0 && rMax <= CYCLE.regular * rMin) {
      if (x > CYCLE.factor * hi && x - hi >= CYCLE.minSteps * stepS) dir = 1;
      else if (x * CYCLE.factor < lo && lo - x >= CYCLE.minSteps * stepS) dir = -1;
    }
  }
  const run = c.run ?? [0, 0, 0, 0];
  const was = run[k] as number;
  if (dir !== 0 && Math.sign(was) === dir) run[k] = was + dir;
  else {
    run[k] = dir;
    run[k + 2] = begun;
  }
  if (run[0] === 0 && run[1] === 0) delete c.run;
  else c.run = run;
  const learn = (y: number) => {
    r[2 * k] = Math.max(r[2 * k] as number, y);
    r[2 * k + 1] = Math.min((r[2 * k + 1] as number) || y, y);
    c.r = r;
  };
  if (dir === 0) {
    h.push(Math.round(x));
    if (h.length > CYCLE.history) h.shift();
    learn(Math.round(x));
    return undefined;
  }
  if (Math.abs(run[k] as number) < CYCLE.sustained) return undefined;
  const change: CycleChange = { startedAt: run[k + 2] as number, phase: k === 0 ? 'high phase' : 'low phase', longer: dir > 0, seconds: Math.round(x), usualShortest: lo, usualLongest: hi };
  // The new regime is learned from here: this kind's recent phases start again, its range takes the new phase in.
  c.h[k] = [];
  run[k] = 0;
  if (run[0] === 0 && run[1] === 0) delete c.run;
  learn(Math.round(x));
  return change;
}

/**
 * Follows the cycle with a point; returns the new state (undefined: the series does not switch
 * between two sides and has no phases remembered) and a change, if one is found.
 */
export function cycleStep(state: CycleState | undefined, t: number, v: number, input: CycleInput): { state?: CycleState; change?: CycleChange; abnormal?: boolean } {
  let c = state;
  const sides = twoSided(input.window);
  // Followed while the window switches between two sides clear of its noise, and as long as phases are remembered.
  const clear = sides && CYCLE.band * sides.a >= CYCLE.noiseRatio * Math.max(input.res, c?.e ?? windowNoise(input.window));
  if (!c) {
    if (!clear || input.since === undefined) return {};
    c = { m: sig(sides.m, 4), a: sig(sides.a, 4), e: sig(Math.max(windowNoise(input.window), 1e-9)), s: 0, at: t, h: [[], []] };
  } else if (!clear && c.h[0].length === 0 && c.h[1].length === 0) {
    return {};
  }
  const w = 1 - Math.exp(-input.dt / CYCLE.meanMs);
  const m = c.m + w * (v - c.m);
  c.a = sig(c.a + w * (Math.abs(v - m) - c.a), 4);
  c.m = sig(m, 4);
  // The point noise: the median absolute second difference (a ramp is no noise; the switch between
  // two sides, a few points a cycle, is not either), followed by a multiplicative step each way.
  if (input.prev !== undefined && input.prevDiff !== undefined) {
    const d2 = Math.abs(v - input.prev - input.prevDiff);
    c.e = sig(c.e > 0 ? c.e * (d2 > c.e ? 1 + CYCLE.noiseStep : d2 < c.e ? 1 - CYCLE.noiseStep : 1) : d2);
  }
  const half = CYCLE.band * c.a;
  const side = v > c.m + half ? 1 : v < c.m - half ? -1 : 0;
  // Abnormal while phases beyond the usual ones are running (an open incident stays open, a second kind attaches to it).
  if (side === 0 || side === c.s) return { state: c, abnormal: c.run !== undefined };
  const was = c.s;
  const began = c.at;
  c.s = side;
  c.at = t;
  // A first side is no phase; a band inside the noise says nothing; while another detector owns the
  // series (a held step, a flatline) its phases are neither judged nor learned.
  if (was === 0 || half < CYCLE.noiseRatio * Math.max(c.e, input.res) || !input.judged) return { state: c, abnormal: c.run !== undefined };
  const judged = t - (input.since as number) >= CYCLE.judgeAfterMs;
  const change = judge(c, was === 1 ? 0 : 1, (t - began) / 1000, began, input.stepMs / 1000, judged);
  return { state: c, change, abnormal: change !== undefined || c.run !== undefined };
}
