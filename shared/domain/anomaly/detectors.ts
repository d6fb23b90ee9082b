/**
 * The detection math, pure: no I/O, no clock, no randomness. A series (one device × measurement)
 * is a {@link SeriesState} that {@link evaluatePoint} moves forward one point at a time, in
 * timestamp order; a device's reporting cadence is a {@link CadenceState}. The service keeps both
 * in the table and the benchmark runs them in memory, so both see exactly the same decisions.
 * docs/anomaly-detection.md explains each detector and why its parameters are what they are.
 */

import { cycleStep, sig, type CycleState } from './cycles';
import { isoTime as iso } from '../../iso-time';

export type AnomalyKind = 'spike' | 'level_shift' | 'flatline' | 'threshold' | 'dropout' | 'regime_change';
export const ANOMALY_KINDS: readonly AnomalyKind[] = ['spike', 'level_shift', 'flatline', 'threshold', 'dropout', 'regime_change'];

/** Every tunable of the detectors, in one place (documented in docs/anomaly-detection.md). */
export const DETECTOR = {
  /** Normal points kept per series for the robust baseline (median, trend, MAD). */
  window: 48,
  /** Points a series needs before spike, level_shift and flatline are evaluated. */
  warmupPoints: 30,
  /** After a level shift the baseline restarts from the new level; it needs this many points again. */
  rebaselinePoints: 12,
  /** Smallest robust z-score that is extreme, whatever the series' history. */
  zMin: 6,
  /** An extreme point must also exceed the series' own largest recent |z| by this factor… */
  tailFactor: 1.6,
  /** …or by this one on a series that recently showed big excursions (|z| ≥ bigZ) of its own: heavy tails. */
  heavyTailFactor: 2.2,
  bigZ: 4.5,
  /** Per-point decay of that largest recent |z| (half-life ≈ 1400 points). */
  tailDecay: 0.9995,
  /** Consecutive extreme points, same side, that make a level shift rather than a spike. */
  shiftRun: 4,
  /** CUSUM allowance and decision interval on clipped robust scores (σ units). */
  cusumK: 1,
  cusumH: 12,
  cusumClip: 4,
  /** A CUSUM alarm is a level shift only when the new level moved this many raw scales from the old one. */
  stepMin: 3,
  /** …and when at least this share of the step happened between two neighbouring points (a drift is not a shift). */
  abruptShare: 0.5,
  /**
   * A step the CUSUM found that was too gradual (at least `longShiftAbrupt` of it in one step) or
   * inside the envelope is held; when the window's level still sits `longShiftZ` raw scales from
   * the old level `longShiftPoints` points later (longer than the window), it is a level shift.
   */
  longShiftAbrupt: 0.25,
  longShiftZ: 4,
  longShiftPoints: 96,
  /** A series whose window shows at most this many distinct values (or whose resolution is most of its scale) is quantised (RSSI steps, integer states)… */
  quantisedDistinct: 6,
  /** …and a level shift on it must be this many times the largest move between neighbouring points it made recently. */
  quantisedJumpFactor: 3,
  /**
   * A series followed for less than this (from its first judged point) has not shown its day yet
   * (an office's first morning, a daily irrigation, cooking, a setpoint schedule): a level change
   * then is learned as its own behaviour, not reported.
   */
  shiftWarmupMs: 12 * 3_600_000,
  /**
   * Nor has it shown its own extremes in its first hours (a defrost dip, a lunch-time load, an
   * office's first morning): a spike then must be unmistakable, at least `youngZ`. Round 6.
   */
  spikeWarmupMs: 6 * 3_600_000,
  youngZ: 20,
  /**
   * A regime block that stayed flat (its range within `flatBlockNoise` × its neighbour-difference
   * noise) is a level the series sat at; up to `knownLevels` of them are remembered, and a level
   * within `longShiftZ / 2` of its spread of one of them is known. Round 7.
   */
  flatBlockNoise: 6,
  knownLevels: 5,
  /** Times the series must have come back to a level (left it and sat at it again) for it to be known. */
  levelVisits: 3,
  steppingLevels: 3,
  /**
   * Round 7, second pass: the last `knownSteps` sudden steps (signed sizes) are remembered; a step
   * the same way and within `stepRatio`× the size of `stepVisits` of them is the series' own way of
   * moving (a feeder's meals, a silo's feed-outs, a tank's draws), not a level shift.
   */
  knownSteps: 4,
  /**
   * Round 9: the last `dailySteps` level changes (reported or learned) are remembered with their
   * time; a step the same way, within `stepRatio`× the size of one made at least `dailyMinAgeMs`
   * before at the same time of day (within `dailyWindowMs`, UTC) is the series' schedule (a pivot
   * stopping at the tariff peak, a dishwasher's nightly drain): learned, not reported.
   */
  dailySteps: 4,
  dailyWindowMs: 60 * 60_000,
  dailyMinAgeMs: 20 * 3_600_000,
  /** Round 9: in a series' first `shiftWarmupMs`, a move into a run of `switchMoves` × its median move between neighbouring points, to its lowest or highest value, is a switch to its rest (see flatlineSignal). */
  switchMoves: 6,
  stepVisits: 2,
  stepRatio: 2,
  /**
   * Round 10: the week. A series has not shown a kind of day (working day Monday-Friday, or weekend,
   * UTC) before it was followed `dayKnownMs` of one; on its first day of a new kind, once it knows the
   * other kind, a departure from its usual day is learned as its schedule, not reported (`freshDay`).
   */
  dayKnownMs: 20 * 3_600_000,
  /** Per-point decay of that largest move. */
  jumpDecay: 0.999,
  /** The series' range (envelope) forgets with this half-life: a change back into it is not anomalous. */
  envelopeHalfLifeMs: 30 * 86_400_000,
  /** Margin around the envelope for spikes, as a share of its width. */
  envelopeMargin: 0.1,
  /** A flatline is at least this many identical points, this long, and `flatFactor` × the longest run seen. */
  flatMinPoints: 20,
  flatMinMs: 10 * 60_000,
  flatFactor: 3,
  /**
   * A value the series already rested at for at least `flatMinPoints` (an inverter's exact zero at
   * night, a pump's off state) is a resting state: a run there is a flatline only at this many
   * times the longest run seen at it.
   */
  restFactor: 6,
  /** Resting states remembered (round 7; one before). */
  restStates: 3,
  /** Distinct values a series must have shown to be treated as continuous (fewer: a discrete state, not watched). */
  minDistinct: 3,
  /** Points and time without an anomaly of a kind before its incident resolves. */
  quietPoints: 12,
  quietMs: 15 * 60_000,
  /** Points of evidence kept (values around the change). */
  evidencePoints: 8,
} as const;

/**
 * Round 8: a spike judged against its neighbours. One to three points beyond both the point before
 * them and the point after them (same side; the point after back near the point before), by `zMin`
 * local scales and `tailFactor` × the largest such departure the series itself showed recently
 * (learned in full: a vend, a fill, a barrier opening is its own from the first one on), and beyond
 * the extremes of its recent points. The local scale is the larger of the spread of the second
 * differences of the recent normal points (÷√6; a sawtooth's, a duty cycle's, a cycle's slope is no
 * noise) and their spread around a running median of 5, floored by the resolution.
 */
export const LOCAL_SPIKE = {
  /** Normal points the local scale is taken from (the newest ones). */
  points: 24,
  zMin: 7,
  tailFactor: 2,
  /** …and this one on a heavy-tailed series (SeriesState.big, as the global path's DETECTOR.heavyTailFactor). */
  heavyTailFactor: 2.5,
  /** Per-point decay of the largest departure seen (as DETECTOR.tailDecay). */
  tailDecay: 0.9995,
  maxWidth: 3,
  /** Not judged in a series' first hours (from its first judged point): its own bursts are learned first (a shop's first opening, a machine's first cycles). */
  warmupMs: 12 * 3_600_000,
  /** The point after them must be back within this share of the departure from the point before. */
  returnShare: 0.5,
  /**
   * Round 11: a series whose recent points mostly repeat their predecessor (a coarse resolution: a
   * battery's 1 %, a pressure's 1 bar, a humidity's 0.5 %) is judged too; its departure, in its own
   * units, must also be `coarseFactor` × the largest it made on each of the last `memoryDays` UTC
   * days (SeriesState.xd: one number a day, so a rare burst of its own is remembered for a week, not
   * decayed by its count of points), and leave from a value inside the recent points' range.
   * Round 13, on any window: a departure this many times those days' is judged against the decayed
   * history (SeriesState.ldec) instead of the all-time one (ltail).
   */
  coarseFactor: 2.5,
  memoryDays: 7,
} as const;

/**
 * Regime change inside the usual range: the spread of the series around its own local line, per
 * block of points, against the spread of its own history of blocks. A latency whose jitter
 * triples stays inside its range yet is a different regime. (Drifts and slope changes inside the
 * range are not detected yet: docs/anomaly-detection.md.)
 */
export const REGIME = {
  /** Points per block. */
  block: 12,
  /** Block spreads remembered; and needed before anything is judged. */
  history: 36,
  warmupBlocks: 12,
  /** Consecutive blocks whose spread is this many times the history's median spread. */
  sustainedBlocks: 3,
  spreadFactor: 2.5,
  /**
   * The usual spread is also at least the history's `usualQuantile` quantile ÷ `quantileShare`: a
   * series whose spread already swings (an inverter's day and night, door counts by the hour) is
   * judged against its busy blocks, not its median one.
   */
  usualQuantile: 0.9,
  quantileShare: 2,
  /**
   * The usual neighbour difference (the usual spread × √2) must span at least this many steps of
   * the measurement's resolution: on a series that mostly moves by one step (a pressure reported to
   * 0.01 bar, resting between its pump's cycles) a block's spread counts how many steps it made, not
   * how noisy it is, and each burst of activity would triple it. Round 6.
   */
  minResolutionSteps: 2,
} as const;

/**
 * Regime change inside the usual range, second form: a slope change or a drift sustained over
 * hours. The series' recent slope (Brown's double exponential smoothing over ≈ 1 h) is compared
 * with its long-run slope (the same over ≈ 12 h); their difference is judged against the largest
 * difference the series itself showed before: its daily cycle, a battery's drain, a slow
 * oscillation leave their own there, a steady trend leaves none. A few scalars, no history array.
 */
export const DRIFT = {
  /** Time constants of the recent and the long-run slope. */
  fastMs: 3_600_000,
  slowMs: 12 * 3_600_000,
  /** The series must have been followed this long (a whole daily cycle) before it is judged… */
  warmupMs: 24 * 3_600_000,
  /** …and its history of differences is learned from this age on (the long-run slope has settled enough). */
  settleMs: 12 * 3_600_000,
  /** Half-life of the largest difference seen: the series' own history forgets over weeks. */
  historyHalfLifeMs: 7 * 86_400_000,
  /** The difference must reach this many times the largest one seen… */
  factor: 2,
  /** …and carry the level this many point scales away in `horizonMs` (a quiet series' tiny history is no bar)… */
  minScales: 3,
  horizonMs: 6 * 3_600_000,
  /** …and stay beyond that bar for this long. */
  gradualMs: 45 * 60_000,
  /**
   * Beyond this many times the largest one seen, or fast enough to move the level this many point
   * scales (as they were when it began) in an hour, it is a step or a ramp (a recharge, a valve),
   * not a drift: the level-shift detector's business.
   */
  stepFactor: 10,
  stepScalesPerHour: 10,
} as const;

/**
 * Regime change inside the usual range, third form: the series against its own day. A profile of
 * 24 hourly means (UTC hour of day, each the average of that hour's recent days) predicts each
 * point; the residual, smoothed over about an hour, is judged against the largest smoothed residual
 * the series itself showed (its day-to-day variation, its own recurring events). A bearing that runs
 * warm inside its daily range, a room that sags below its schedule, a compressor whose duty cycle
 * climbs: each moves far from the same hour's usual value for hours. 30 scalars, no history array.
 */
export const PROFILE = {
  /** Time constant of the smoothed residual. */
  smoothMs: 3_600_000,
  /** Weight of the newest day in an hour's mean. */
  dayWeight: 0.5,
  /** Half-life of the largest smoothed residual seen. */
  historyHalfLifeMs: 7 * 86_400_000,
  /** The smoothed residual must reach this many times the largest one seen… */
  factor: 4,
  /** …and `dayFactor` × the largest change of an hour's mean from one day to the next (how much its days differ)… */
  dayFactor: 1.5,
  /** …and this many point scales ÷ √(points an hour) (the smoothed residual's own noise)… */
  minScales: 3,
  /** …for this long. */
  gradualMs: 45 * 60_000,
  /** After the profile is complete, the largest residual is learned this long before anything is judged. */
  settleMs: 6 * 3_600_000,
} as const;

/** Dropout: silence longer than the device's own cadence explains. */
export const DROPOUT = {
  /** Never less than this. */
  floorMs: 15 * 60_000,
  /** × the median gap between reports. */
  cadenceFactor: 6,
  /** × the longest normal gap recently seen. */
  maxGapFactor: 2,
  /** Gaps remembered. */
  gaps: 32,
  /** Delivery lags remembered, and the percentile of them a late delivery may reach… */
  lags: 32,
  lagQuantile: 0.9,
  /** …plus this many times its distance from the median lag (a device late one batch in five is waited for)… */
  lagSpread: 1,
  /** …and never less than this many times the median lag (a device uploading in batches may miss one upload). */
  lagMedianFactor: 3,
  /** Deliveries needed before the lag allowance is trusted: until then the device is not watched live and gaps wait. */
  warmupDeliveries: 3,
  /** Gaps found on resume that may wait for a late batch at once (more: the oldest are judged at once). */
  pendingGaps: 4,
  /** Gaps needed before dropouts are watched. */
  warmupGaps: 8,
} as const;

export interface EvidenceValue {
  timestamp: string;
  value: number | null;
}

/** What a detector found at one point: a new anomaly of `kind` that started at `startedAt` (ms). */
export interface Signal {
  kind: AnomalyKind;
  startedAt: number;
  value: number | null;
  severity: 'medium' | 'high';
  evidence: { values: EvidenceValue[]; baseline: Record<string, number | string | null> };
}

/** An operator rule: `below`/`above` a value for at least `forMinutes` (0: at once). */
export interface ThresholdRule {
  ruleId: string;
  measurement: string;
  operator: 'below' | 'above';
  value: number;
  forMinutes: number;
}

/** One series' state, as stored (plain JSON, numbers and arrays). Times are epoch ms. */
export interface SeriesState {
  n: number;
  values: number[];
  times: number[];
  /** Points the baseline still needs after a re-baseline (0 when ready). */
  rewarm: number;
  hi: number | null;
  lo: number | null;
  envAt: number;
  tail: number;
  /** A held step waiting to show it lasts (see `longShiftPoints`): start, old level, scale, sign, points since. */
  held?: { start: number; from: number; scale: number; sign: number; n: number; first?: number } | null;
  /** The level before the last level shift: a later step back to it is the end of the shift, not a new one. */
  before?: { level: number; scale: number } | null;
  /**
   * Levels the series sat at (round 7): flat pairs of a level and its tolerance, newest first, at most
   * DETECTOR.knownLevels. A fan's speeds, a tram's cells, a compressor's stages: a step to one of
   * them is the series' own behaviour, not a level shift.
   */
  levels?: number[];
  /** Signed sizes of the series' last sudden steps, newest first (round 7, second pass; DETECTOR.knownSteps). */
  steps?: number[];
  /** The series' last level changes by time (round 9; DETECTOR.dailySteps): pairs of the step's start in whole minutes since the epoch and its signed size, newest first. */
  daily?: number[];
  /** Decayed largest move between neighbouring normal points (quantised series' own level-change history). */
  jump?: number;
  /** Kinds of day the series was followed through (round 10; bit 1 working days, bit 2 weekends; see DETECTOR.dayKnownMs). */
  wk?: number;
  /** 1 once the series came back from a run of at least two exact zeros (round 11: 0 is then a state it switches off to, see {@link isOff}). */
  z0?: 1;
  /** Regime: the current block's residuals and start, and the spreads of past blocks. */
  block?: { start: number; times: number[]; values: number[] };
  spreads?: number[];
  blockStarts?: number[];
  /**
   * Drift (see {@link DRIFT}): single and double smoothing over the fast and the slow time
   * constant, the largest slope difference seen, the last update, when the series was first
   * followed, and the current excursion beyond that difference (start, since when beyond the
   * bar, the long-run slope and the point scale at its start, sign, peak; `on` 1 once reported, 2 once judged a step).
   */
  drift?: {
    f1: number; f2: number; s1: number; s2: number; max: number; last: number; since: number;
    at: number | null; hot: number | null; g0: number; sc?: number; sign: number; peak: number; on: 0 | 1 | 2;
  };
  /**
   * Daily profile (see {@link PROFILE}): 24 hourly means (null until seen; whole steps of 10^-dg
   * from o) and the level each was taken at (lb, from the first complete day), the level l, the
   * current hour's (that of `last`) sum and count, the smoothed residual, the largest one seen, the last update,
   * when the profile became complete, and the current excursion (start, since when beyond the bar,
   * sign, peak; `on` 1 once reported).
   */
  prof?: {
    p: (number | null)[]; lb?: (number | null)[]; o?: number; dg?: number; sum: number; n: number; dm?: number; e: number; max: number; last: number;
    ready: number | null; at: number | null; hot: number | null; sign: number; peak: number; on: 0 | 1;
  };
  /**
   * Largest departure from the neighbours, in local scales (round 8, {@link LOCAL_SPIKE}). Meant to decay by `tailDecay` a
   * point, but stored to 3 significant digits it rounds back to itself (8 × 0.9995 → 8.00): it is the all-time largest.
   */
  ltail?: number;
  /** Round 13: the same, stored to 4 significant digits, so it does decay (half-life about 1,400 points); absent while `ltail` is under zMin / heavyTailFactor. */
  ldec?: number;
  /** Round 11: the largest departure from the neighbours, in the series' units, per UTC day, newest (the previous point's day) first ({@link LOCAL_SPIKE}.memoryDays). */
  xd?: number[];
  /** Duty cycle (round 8, see CYCLE in cycles.ts): the middle, the side, the last phases of each side; only on a series that switches between two sides. */
  cyc?: CycleState;
  /** Decayed count (like `tail`) of recent points with |z| ≥ bigZ: above 0.5 the series is heavy-tailed. */
  big?: number;
  up: number;
  down: number;
  upStart: number | null;
  downStart: number | null;
  /** Extreme points waiting for the next one (spike or the start of a shift). */
  pending: { t: number; v: number; z: number; thr: number }[];
  /** The current run of identical values; `flagged` once it became a flatline. */
  run: { v: number; since: number; count: number; flagged?: boolean; out?: 1 | 2 | 3 } | null;
  maxRun: number;
  /**
   * The values of the series' last long runs (≥ flatMinPoints, flagged or not), each followed by the
   * longest run seen at it, newest first, up to DETECTOR.restStates pairs: its resting states (a
   * pump's off state and its running speed, an escalator's night). Stored before round 7 as one pair.
   */
  rest?: number[] | null;
  distinct: number[];
  /** Rule id → time its current breach started. */
  breach: Record<string, number>;
  /** Last points, anomalous ones included, for evidence: [t, v]. */
  recent: [number, number][];
}

export function newSeriesState(): SeriesState {
  return {
    n: 0, values: [], times: [], rewarm: 0, hi: null, lo: null, envAt: 0, tail: 0,
    up: 0, down: 0, upStart: null, downStart: null, pending: [], run: null, maxRun: 1, distinct: [], breach: {}, recent: [],
  };
}

// --- small robust statistics ---------------------------------------------------------------------

/** Median of a non-empty list (copy sorted; the lists here are ≤ 48 long). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** 1.4826 × MAD: the standard deviation of Gaussian data, unmoved by a minority of outliers. */
export const robustScale = (xs: readonly number[], center = median(xs)) => 1.4826 * median(xs.map((x) => Math.abs(x - center)));

/** Smallest positive difference between values: the measurement's resolution (1 for integers). */
export function resolution(xs: readonly number[]): number {
  const s = [...new Set(xs)].sort((a, b) => a - b);
  let q = Infinity;
  for (let i = 1; i < s.length; i++) q = Math.min(q, (s[i] as number) - (s[i - 1] as number));
  return Number.isFinite(q) ? q : 0;
}

/** The baseline a point is judged against: a robust local line through the window. */
export interface Baseline {
  level: number;
  slopePerMs: number;
  center: number;
  scale: number;
  rawScale: number;
}

/**
 * Median level, a trend from the medians of the window's two halves (robust to outliers, so a
 * slow drift or the rising side of a daily cycle is followed rather than flagged), and the
 * scale of the residuals around that line, floored by the measurement's resolution so integer
 * and quantised series never get a zero scale.
 */
export function baselineOf(values: readonly number[], times: readonly number[]): Baseline {
  const h = values.length >> 1;
  const level = median(values);
  const center = median(times);
  const t1 = median(times.slice(0, h));
  const t2 = median(times.slice(h));
  const slopePerMs = t2 > t1 ? (median(values.slice(h)) - median(values.slice(0, h))) / (t2 - t1) : 0;
  const residuals = values.map((v, i) => v - (level + slopePerMs * ((times[i] as number) - center)));
  const floor = Math.max(resolution(values), Math.abs(level) * 1e-6, 1e-9);
  // The mean absolute residual (× √(π/2): the standard deviation of Gaussian data) as a second
  // estimate: on a heavy-tailed or quantised series (mostly one level, jitter of a few steps) the
  // MAD is small or zero and would make every jitter an extreme.
  const meanAbs = (SQRT_HALF_PI * residuals.reduce((a, r) => a + Math.abs(r), 0)) / Math.max(1, residuals.length);
  return {
    level,
    slopePerMs,
    center,
    scale: Math.max(robustScale(residuals, 0), meanAbs, floor),
    rawScale: Math.max(robustScale(values, level), floor),
  };
}

const SQRT_HALF_PI = Math.sqrt(Math.PI / 2);
const predict = (b: Baseline, t: number) => b.level + b.slopePerMs * (t - b.center);
const round = (x: number) => Math.round(x * 1e6) / 1e6;
/** An excursion tracker's fields at rest (the drift and the profile trackers): copied by Object.assign, never mutated. */
const IDLE = { at: null, hot: null, on: 0, peak: 0 } as const;

function pushWindow(s: SeriesState, t: number, v: number): void {
  s.values.push(v);
  s.times.push(t);
  if (s.values.length > DETECTOR.window) {
    s.values.shift();
    s.times.shift();
  }
  if (s.distinct.length < DETECTOR.minDistinct && !s.distinct.includes(v)) s.distinct.push(v);
}

/**
 * Widens the envelope with a normal point. It shrinks towards its own middle with its half-life,
 * not towards the current level: a battery at 20 % still remembers it was full last week.
 */
function updateEnvelope(s: SeriesState, t: number, v: number): void {
  if (s.hi === null || s.lo === null) {
    s.hi = v;
    s.lo = v;
  } else {
    const keep = Math.pow(0.5, Math.max(0, t - s.envAt) / DETECTOR.envelopeHalfLifeMs);
    const mid = (s.hi + s.lo) / 2;
    s.hi = Math.max(v, mid + (s.hi - mid) * keep);
    s.lo = Math.min(v, mid - (mid - s.lo) * keep);
  }
  s.envAt = t;
}

function outsideEnvelope(s: SeriesState, v: number, margin: number): boolean {
  if (s.hi === null || s.lo === null) return true;
  return v > s.hi + margin || v < s.lo - margin;
}

function evidence(s: SeriesState, baseline: Record<string, number | string | null>): Signal['evidence'] {
  return { values: s.recent.map(([t, v]) => ({ timestamp: iso(t), value: v })), baseline };
}

/** Reports a signal of `kind` (and marks the point abnormal for it). */
function emit(s: SeriesState, out: PointResult, kind: AnomalyKind, startedAt: number, value: number | null, baseline: Record<string, number | string | null>, severity: Signal['severity'] = 'medium'): void {
  out.abnormal.add(kind);
  out.signals.push({ kind, startedAt, value, severity, evidence: evidence(s, baseline) });
}

/** The result of one point: new anomalies, and which kinds are abnormal right now (no quiet time for them). */
export interface PointResult {
  signals: Signal[];
  abnormal: Set<AnomalyKind>;
}

function thresholdSignals(s: SeriesState, t: number, v: number, rules: readonly ThresholdRule[], out: PointResult): void {
  const active = new Set<string>();
  for (const rule of rules) {
    active.add(rule.ruleId);
    const breaching = rule.operator === 'below' ? v < rule.value : v > rule.value;
    if (!breaching) {
      delete s.breach[rule.ruleId];
      continue;
    }
    const since = (s.breach[rule.ruleId] ??= t);
    out.abnormal.add('threshold');
    if (t - since >= rule.forMinutes * 60_000) {
      emit(s, out, 'threshold', since, v, { rule: `${rule.operator} ${rule.value}`, forMinutes: rule.forMinutes, breachingSince: iso(since) }, 'high');
    }
  }
  // Rules removed since: forget their breaches.
  for (const id of Object.keys(s.breach)) if (!active.has(id)) delete s.breach[id];
}

/** The resting states (value, longest run pairs) with a long run of `count` at `v`: newest first, at most DETECTOR.restStates. */
function restAt(rest: readonly number[], v: number, count: number): number[] {
  let longest = count;
  const others: number[] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) {
    if (rest[i] === v) longest = Math.max(longest, rest[i + 1] as number);
    else others.push(rest[i] as number, rest[i + 1] as number);
  }
  return [v, longest, ...others].slice(0, 2 * DETECTOR.restStates);
}

/** The longest run seen at resting state `v` (undefined when `v` is not one): each value is stored once ({@link restAt}). */
function restLength(rest: readonly number[] | null | undefined, v: number): number | undefined {
  for (let i = 0; rest && i + 1 < rest.length; i += 2) if (rest[i] === v) return rest[i + 1];
  return undefined;
}

/**
 * Round 11: exactly 0 on a series that never went below 0 (its envelope's low end is not negative:
 * a power, a flow, a current, a count) and that already came back from exactly 0 once (`z0`: a run of
 * at least two zeros, so a one-point glitch to 0 teaches nothing) is the
 * device off (a transmitter off air, a conveyor stopped, a curfew's empty sorter): a state it
 * switches to, not a level it shifted to nor a sensor frozen. The first time an always-on device
 * reads 0 (a compressor dead, a pump stopped) past the warm-up is still judged as before.
 */
const isOff = (s: SeriesState, level: number) => level === 0 && s.z0 === 1 && (s.lo ?? 0) >= 0;

/** Round 9: in the series' first DETECTOR.shiftWarmupMs, `v` (the newest point) was reached by a switch to the lowest or highest value the series showed. */
function switchedToBound(s: SeriesState, t: number, v: number): boolean {
  if (s.lo === null || s.hi === null || !young(s, t) || s.values.length < DETECTOR.rebaselinePoints) return false;
  if (v > s.lo && v < s.hi) return false;
  return switched(s, v);
}

/** `v` (the newest point) was reached by a move of DETECTOR.switchMoves × the series' median move between neighbouring points: a switch. */
function switched(s: SeriesState, v: number): boolean {
  const prev = s.recent.at(-2)?.[1];
  if (prev === undefined) return false;
  const moves = s.values.slice(1).map((x, i) => Math.abs(x - (s.values[i] as number)));
  const usual = Math.max(median(moves), resolution(s.values));
  return Math.abs(v - prev) >= DETECTOR.switchMoves * usual;
}

function flatlineSignal(s: SeriesState, t: number, v: number, warm: boolean, out: PointResult): void {
  if (s.run && s.run.v === v) {
    s.run.count++;
  } else {
    // A run that ended without being an anomaly is part of what the series normally does; not one at
    // a new state or a resting state (round 7): how long the series rests says nothing of how long a
    // reading of it may repeat while it runs.
    // A run the series switched into at its bound in its first hours (out 2, round 9) still counts: it is how long it rested then.
    if (s.run && !s.run.flagged && s.run.out !== 1 && (s.run.out !== 3 || s.run.count < DETECTOR.flatMinPoints) && restLength(s.rest, s.run.v) === undefined) s.maxRun = Math.max(s.maxRun, s.run.count);
    // A long run, flatline or not, makes its value a resting state of the series (round 7: several of
    // them, an escalator that runs by day at one rate and rests at zero by night has two).
    if (s.run && s.run.count >= DETECTOR.flatMinPoints) s.rest = restAt(s.rest ?? [], s.run.v, s.run.count);
    s.run = { v, since: t, count: 1 };
    // A run that begins outside the series' range was not frozen where the series was: the series
    // jumped to a new value (switched off, closed, a fault code) and stays there. Round 7.
    // Judged from the series' 13th point, not only once it is warm (round 8, second pass: a street
    // light switched off at dawn within its first 30 readings, seen whole, read as a flatline).
    const margin = DETECTOR.envelopeMargin * ((s.hi ?? v) - (s.lo ?? v));
    if ((warm || s.n > DETECTOR.rebaselinePoints) && s.hi !== null && outsideEnvelope(s, v, margin) && outsideEnvelope(s, v, Math.max(margin, resolution(s.values)))) s.run.out = 1;
    // In its first hours (round 9) a run the series switched into (a move of `switchMoves` × its
    // typical move between neighbouring points) at its lowest or highest value so far is the
    // series showing its resting state (a charger idle between sessions, a washer between fills):
    // not judged; a long one (flatMinPoints) teaches the rest, a shorter one still counts as a
    // normal run (a meter's first short night at zero keeps its later, longer nights quiet).
    else if (switchedToBound(s, t, v)) s.run.out = 2;
    // Round 11: a run at the device's off state (`isOff`) before a long one taught it as a rest is not
    // judged either (out 3): the first long one (flatMinPoints) teaches the rest, after which runs
    // there are judged by its length (restFactor); a long one is no normal run (how long a device
    // stays off says nothing of how long a reading repeats while it runs), a short one still is.
    // Only a run switched into (`switched`) is a long off period kept out of the normal runs: one
    // the series stepped down to (an occupancy of 0-3 people, a count dwindling) still counts (out 2).
    else if (isOff(s, v) && restLength(s.rest, v) === undefined) s.run.out = switched(s, v) ? 3 : 2;
  }
  const run = s.run as NonNullable<SeriesState['run']>;
  const resting = DETECTOR.restFactor * (restLength(s.rest, v) ?? 0);
  const needed = Math.max(DETECTOR.flatMinPoints, DETECTOR.flatFactor * s.maxRun, resting);
  if (!warm || run.out || s.distinct.length < DETECTOR.minDistinct || run.count < needed || t - run.since < DETECTOR.flatMinMs) return;
  run.flagged = true;
  emit(s, out, 'flatline', run.since, v, { repeatedValue: v, repeatedPoints: run.count, longestNormalRun: s.maxRun });
}

/**
 * Moves a series forward by one point (`t` strictly after the previous one) and returns what it
 * shows. Mutates and returns `s`. Order of checks: threshold rules (no warm-up: the operator's
 * rule applies at once), flatline, then the statistical baseline: an extreme point (robust
 * |z| ≥ max(zMin, tailFactor × recent largest |z|) and outside the series' envelope) waits for
 * the next point: back to normal → spike; `shiftRun` extremes on one side → level shift; smaller
 * sustained moves are caught by a two-sided CUSUM confirmed by the size of the step.
 */
export function evaluatePoint(s: SeriesState, t: number, v: number, rules: readonly ThresholdRule[] = []): PointResult {
  const out: PointResult = { signals: [], abnormal: new Set() };
  s.n++;
  // Back from a run of at least two exact zeros (a single reading of 0, a meter's read error, is a glitch, not an off period).
  if (v !== 0 && s.run?.v === 0 && s.run.count > 1) s.z0 = 1;
  s.recent.push([t, v]);
  if (s.recent.length > DETECTOR.evidencePoints) s.recent.shift();
  thresholdSignals(s, t, v, rules, out);
  const warm = s.n > DETECTOR.warmupPoints && s.rewarm === 0 && s.values.length >= DETECTOR.rebaselinePoints;
  flatlineSignal(s, t, v, warm, out);
  cycleSignal(s, t, v, out);

  if (!warm || s.distinct.length < DETECTOR.minDistinct) {
    // Warm-up (or a discrete-state series): learn only.
    const level = s.values.length > 0 ? median(s.values) : v;
    if (s.values.length >= 4) s.tail = Math.max(s.tail * DETECTOR.tailDecay, Math.abs((v - level) / baselineOf(s.values, s.times).scale));
    pushWindow(s, t, v);
    updateEnvelope(s, t, v);
    if (s.rewarm > 0) s.rewarm--;
    return out;
  }

  localSpike(s, t, out);
  const b = baselineOf(s.values, s.times);
  // A window that holds one value only (a door sensor's zeros, a parked scooter's charge, a meter at
  // rest) has no spread of its own: a move from it is judged against the moves the series made
  // between neighbouring points before (its own history of level changes), not a zero scale. Round 6.
  if (s.jump && s.values.every((x) => x === s.values[0])) {
    const floor = s.jump / DETECTOR.zMin;
    if (b.scale < floor) Object.assign(b, { scale: floor, rawScale: Math.max(b.rawScale, floor) });
  }
  const z = (v - predict(b, t)) / b.scale;
  // Extremity against the series' own recent extremes: a quiet series is judged by its largest
  // recent score, a series that keeps producing big excursions by a wider margin.
  const heavy = (s.big ?? 0) >= 0.5;
  const bar = Math.max(DETECTOR.zMin, (heavy ? DETECTOR.heavyTailFactor : DETECTOR.tailFactor) * s.tail);
  // In its first hours (round 6) the bar is `youngZ`; what it learns meanwhile is learned as under the usual bar.
  const threshold = t - (s.drift?.since ?? t) < DETECTOR.spikeWarmupMs ? Math.max(DETECTOR.youngZ, bar) : bar;
  const width = (s.hi ?? v) - (s.lo ?? v);
  const extreme = Math.abs(z) >= threshold && outsideEnvelope(s, v, DETECTOR.envelopeMargin * width);
  const base = { level: round(predict(b, t)), scale: round(b.scale), threshold: round(threshold), low: s.lo, high: s.hi };
  // The tail learns every point, an extreme one only up to the threshold it beat: one spike
  // raises the bar a little, a sensor that keeps producing extremes raises it a lot.
  s.tail = Math.max(s.tail * DETECTOR.tailDecay, Math.min(Math.abs(z), bar));
  s.big = (s.big ?? 0) * DETECTOR.tailDecay + (Math.abs(z) >= DETECTOR.bigZ && !extreme ? 1 : 0);

  // An excursion already under way continues while the point stays well out on the same side
  // (half the bar: the bar itself just rose with the first extreme point).
  const continues = s.pending.length > 0 && Math.sign(s.pending[0]?.z ?? 0) === Math.sign(z) && Math.abs(z) >= DETECTOR.zMin / 2;
  if (s.pending.length > 0 && !continues) {
    // The excursion came back: it was a spike.
    const peak = s.pending.reduce((a, p) => (Math.abs(p.z) > Math.abs(a.z) ? p : a));
    out.signals.push({
      kind: 'spike',
      startedAt: (s.pending[0] as { t: number }).t,
      value: peak.v,
      severity: Math.abs(peak.z) >= 2 * (s.pending[0] as { thr: number }).thr ? 'high' : 'medium',
      evidence: evidence(s, { ...base, threshold: (s.pending[0] as { thr: number }).thr, z: round(peak.z) }),
    });
    s.pending = [];
  }
  if (extreme || continues) {
    s.pending.push({ t, v, z, thr: round(threshold) });
    out.abnormal.add('spike');
    if (s.pending.length >= DETECTOR.shiftRun) {
      const start = (s.pending[0] as { t: number }).t;
      // A quantised series (RSSI levels) is judged by its own history of level changes: a step no
      // larger than the moves it already makes is a new regime, learned silently.
      const newLevel = median(s.pending.map((p) => p.v));
      const stepSize = Math.abs(newLevel - b.level);
      if (onLevels(s.values) && stepSize < DETECTOR.quantisedJumpFactor * (s.jump ?? 0)) {
        s.jump = Math.max(s.jump ?? 0, stepSize);
        rebaseline(s, start, s.pending);
        return out;
      }
      // Back to the level before the last shift: its end, not a new one.
      if (s.before && Math.abs(newLevel - s.before.level) < (DETECTOR.longShiftZ / 2) * s.before.scale) {
        learnDailyStep(s, start, newLevel - b.level);
        s.before = null;
        s.held = null;
        rebaseline(s, start, s.pending, true);
        return out;
      }
      // Young, or to a level it already sat at (round 7), or the same step at the same time of a day before (round 9): its own behaviour, learned.
      const daily = dailyStep(s, start, newLevel - b.level);
      learnDailyStep(s, start, newLevel - b.level);
      // Or the device switched off (round 11): the step back on is the end of it, as after a shift.
      const off = isOff(s, newLevel);
      if (off || young(s, t) || daily || knownLevel(s, b.level, newLevel)) {
        if (off) s.before = { level: b.level, scale: b.rawScale };
        rebaseline(s, start, s.pending);
        return out;
      }
      s.before = { level: b.level, scale: b.rawScale };
      emit(s, out, 'level_shift', start, v, { ...base, previousLevel: round(b.level), z: round(z) });
      rebaseline(s, start, s.pending, true);
    }
    return out;
  }

  // CUSUM on clipped scores: many moderate deviations to one side add up, one outlier cannot.
  const zc = Math.max(-DETECTOR.cusumClip, Math.min(DETECTOR.cusumClip, z));
  s.up = Math.max(0, s.up + zc - DETECTOR.cusumK);
  s.down = Math.max(0, s.down - zc - DETECTOR.cusumK);
  if (s.up === 0) s.upStart = null;
  else if (s.upStart === null && zc >= 2) s.upStart = t;
  if (s.down === 0) s.downStart = null;
  else if (s.downStart === null && zc <= -2) s.downStart = t;
  pushWindow(s, t, v);

  const prev = s.values.at(-2);
  if (prev !== undefined) s.jump = Math.max((s.jump ?? 0) * DETECTOR.jumpDecay, Math.abs(v - prev));
  const res = resolution(s.values);
  // A quantised series drifts by level changes, which the level-shift detector judges (against its own history of them),
  // and its spread is a count of jitter points in a block (mostly-zero differences): not judged either.
  const onGrid = new Set(s.values).size <= DETECTOR.quantisedDistinct || res >= 0.8 * b.rawScale;
  const quantisedNow = onGrid || stepping(s);
  regimeSignal(s, t, v, Math.max(res, 1e-9), base, out, quantisedNow, !onGrid);
  const fresh = freshDay(s, t);
  driftSignal(s, t, v, b.scale, quantisedNow, base, out, fresh);
  profileSignal(s, t, v, b.scale, quantisedNow, base, out, res, fresh);
  const held = longShift(s, b, base, v, out);
  if (held) return out;

  const side = s.up > DETECTOR.cusumH ? 'up' : s.down > DETECTOR.cusumH ? 'down' : undefined;
  if (side) {
    const { start, jump } = largestJump(s, (side === 'up' ? s.upStart : s.downStart) ?? t);
    const before = s.values.filter((_, i) => (s.times[i] as number) < start);
    const after = s.values.filter((_, i) => (s.times[i] as number) >= start);
    const newLevel = median(after);
    const stepSize = before.length > 0 ? Math.abs(newLevel - median(before)) : 0;
    const step = stepSize / b.rawScale;
    s.up = 0;
    s.down = 0;
    s.upStart = null;
    s.downStart = null;
    // A shift is sudden: most of it happens in one step. A drift (the curve of a daily cycle, a
    // recharge ramp) gets there gradually. And a move back into the range the series already
    // covers is not a shift.
    const margin = Math.max(resolution(s.values), DETECTOR.envelopeMargin * width);
    // A quantised series is judged by its own history of level changes, not a Gaussian scale:
    // an RSSI that steps a few dB between levels changes regime by a few dB too.
    // The window straddles the step (two levels' worth of values): the part before it says what the series is.
    const quantised = isQuantised(s.values, b) || (before.length >= DETECTOR.rebaselinePoints && onLevels(before));
    const ordinary = !quantised || stepSize >= DETECTOR.quantisedJumpFactor * (s.jump ?? 0);
    if (step >= DETECTOR.stepMin && !quantised && !s.held && jump >= DETECTOR.longShiftAbrupt * stepSize) {
      s.held = { start, from: median(before), scale: b.rawScale, sign: side === 'up' ? 1 : -1, n: 0 };
    }
    const back = s.before && Math.abs(newLevel - s.before.level) < (DETECTOR.longShiftZ / 2) * s.before.scale;
    if (back && step >= DETECTOR.stepMin) {
      learnDailyStep(s, start, newLevel - median(before));
      s.before = null;
      s.held = null;
      rebaseline(s, start, [], true);
      return out;
    }
    if (ordinary && step >= DETECTOR.stepMin && jump >= DETECTOR.abruptShare * stepSize && outsideEnvelope(s, newLevel, margin)) {
      s.held = null;
      const moved = newLevel - median(before);
      const known = knownStep(s, moved);
      const daily = dailyStep(s, start, moved);
      learnStep(s, moved);
      learnDailyStep(s, start, moved);
      // Or the device switched off (round 11): the step back on is the end of it, as after a shift.
      const off = isOff(s, newLevel);
      if (off || young(s, t) || known || daily || dayExplains(s, t, newLevel, b.rawScale) || knownLevel(s, median(before), newLevel)) {
        if (off) s.before = { level: median(before), scale: b.rawScale };
        rebaseline(s, start, []);
        return out;
      }
      s.before = { level: median(before), scale: b.rawScale };
      emit(s, out, 'level_shift', start, v, { ...base, previousLevel: round(median(before)), newLevel: round(newLevel), stepInScales: round(step) });
      rebaseline(s, start, [], true);
      return out;
    }
  }
  if (!extreme && Math.abs(z) < DETECTOR.cusumK * 3) updateEnvelope(s, t, v);
  return out;
}

/**
 * Round 8 ({@link LOCAL_SPIKE}): the newest point (already in `s.recent`) may be the return after one
 * to three points that stood beyond both their neighbours. Their departure, in local scales, is
 * judged against the series' own largest recent one; every point teaches that history (up to the bar
 * it beat, as the global tail). Not in the series' first hours, nor while an extreme excursion is
 * pending (the global spike path judges that one).
 */
function localSpike(s: SeriesState, t: number, out: PointResult): void {
  const recent = s.recent;
  const values = s.values.slice(-LOCAL_SPIKE.points - LOCAL_SPIKE.maxWidth, -LOCAL_SPIKE.maxWidth);
  if (values.length < LOCAL_SPIKE.points / 2 || new Set(values).size < DETECTOR.minDistinct) return;
  // A window mostly repeating its values (a coarse resolution, a meter at rest) has a scale of about its resolution: judged with more guards below.
  let repeats = 0;
  for (let i = 1; i < values.length; i++) if (values[i] === values[i - 1]) repeats++;
  const coarse = repeats > values.length / 2;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const d2 = values.slice(2).map((x, i) => x - 2 * (values[i + 1] as number) + (values[i] as number));
  // …and at least the spread of the points around the running median of their neighbours (±2): a
  // smooth, wandering noise has small second differences, yet its points stray as far as it wanders.
  const around = values.slice(2, -2).map((x, i) => x - median(values.slice(i, i + 5)));
  const scale = Math.max(robustScale(d2, 0) / Math.sqrt(6), robustScale(around, 0), resolution(values), 1e-9);
  let best = { r: 0, w: 0 };
  for (let w = 1; w <= LOCAL_SPIKE.maxWidth && w + 2 <= recent.length; w++) {
    const before = (recent[recent.length - 2 - w] as [number, number])[1];
    const after = (recent[recent.length - 1] as [number, number])[1];
    const exc = recent.slice(recent.length - 1 - w, recent.length - 1).map(([, v]) => v);
    const up = Math.min(...exc) - Math.max(before, after);
    const down = Math.min(before, after) - Math.max(...exc);
    const departure = Math.max(up, down);
    // It came back to where it left: not a step through a plateau (a street light's dusk: dimmed, full, off).
    if (Math.abs(after - before) > LOCAL_SPIKE.returnShare * departure) continue;
    const r = departure / scale;
    if (r > best.r) best = { r, w };
  }
  // The largest departure of each of the last days (before this point's), then this one learned in the newest day's.
  // The newest day is the previous point's (the day is not stored: it would cost more than the memory).
  const gap = Math.min(Math.max(0, utcDay(t) - utcDay((recent.at(-2) as [number, number])[0])), LOCAL_SPIKE.memoryDays);
  const days = [...Array<number>(gap).fill(0), ...(s.xd ?? [])].slice(0, LOCAL_SPIKE.memoryDays);
  const known = Math.max(0, ...days);
  // Round 13: a departure `coarseFactor` × its largest on each of the last days, in its units, is judged by its recent departures (`ldec`, decayed), any other by its all-time largest (`ltail`).
  const bar = Math.max(LOCAL_SPIKE.zMin, ((s.big ?? 0) >= 0.5 ? LOCAL_SPIKE.heavyTailFactor : LOCAL_SPIKE.tailFactor) * ((best.r * scale < LOCAL_SPIKE.coarseFactor * known ? s.ltail : s.ldec ?? s.ltail) ?? 0));
  const judged = s.drift !== undefined && t - s.drift.since >= LOCAL_SPIKE.warmupMs && s.pending.length === 0;
  // Every departure is learned in full: a series' own bursts (a vend, a fill, a barrier opening) are its behaviour from the first one on.
  s.ltail = sig(Math.max((s.ltail ?? 0) * LOCAL_SPIKE.tailDecay, best.r));
  // Kept only where it can matter (under zMin / heavyTailFactor both bars are zMin): the state's size is its write cost.
  s.ldec = s.ltail < LOCAL_SPIKE.zMin / LOCAL_SPIKE.heavyTailFactor ? undefined : sig(Math.max((s.ldec ?? s.ltail) * LOCAL_SPIKE.tailDecay, best.r), 4);
  days[0] = Math.max(days[0] ?? 0, sig(best.r * scale, 2));
  s.xd = days;
  if (!judged || best.r < bar) return;
  const exc = recent.slice(recent.length - 1 - best.w, recent.length - 1);
  if (coarse) {
    // …much larger than its own departures of the last days, from a value the series was at (within a local scale of the recent points' range: not the first noise after a switch, a pump starting), not to a value it rests at.
    const from = (recent[recent.length - 2 - best.w] as [number, number])[1];
    if (best.r * scale < LOCAL_SPIKE.coarseFactor * known || from < lo - scale || from > hi + scale) return;
    if (exc.some(([, v]) => restLength(s.rest, v) !== undefined)) return;
  }
  // Beyond the recent points' own extremes (a value the series took in the last hours, an
  // escalator's eco speed, a door's open count, is its own behaviour), and not to a level it sat at.
  const level = median(exc.map(([, v]) => v));
  if (level >= lo && level <= hi) return;
  const levels = s.levels ?? [];
  for (let i = 0; i + 2 < levels.length; i += 3) if (nearLevel(level, levels[i] as number, levels[i + 1] as number)) return;
  const first = (exc[0] as [number, number])[0];
  const last = (exc.at(-1) as [number, number])[0];
  // The excursion's points are no baseline.
  const baseline = (x: number) => x < first || x > last;
  s.values = s.values.filter((_, i) => baseline(s.times[i] as number));
  s.times = s.times.filter(baseline);
  const back = (recent.at(-1) as [number, number])[1];
  const peak = exc.reduce((a, p) => (Math.abs(p[1] - back) > Math.abs(a[1] - back) ? p : a));
  emit(s, out, 'spike', first, peak[1], { localScale: round(scale), threshold: round(bar), localZ: round(best.r), points: best.w, low: s.lo, high: s.hi }, best.r >= 2 * bar ? 'high' : 'medium');
}

/**
 * The series' own day puts it there: its daily profile (complete) predicts `level` at `t` within
 * `longShiftZ / 2` scales (a daily plateau, a schedule's step, the night's floor). Not a shift.
 */
function dayExplains(s: SeriesState, t: number, level: number, scale: number): boolean {
  const predicted = s.prof?.ready ? profilePredict(s.prof, t) : undefined;
  return predicted !== undefined && Math.abs(level - predicted) < (DETECTOR.longShiftZ / 2) * scale;
}

/** Followed for less than DETECTOR.shiftWarmupMs at `t` (the drift state records when the series was first judged). */
const young = (s: SeriesState, t: number) => t - (s.drift?.since ?? t) < DETECTOR.shiftWarmupMs;

/** The UTC day of `t`, as days since the epoch. */
const utcDay = (t: number) => Math.floor(t / 86_400_000);
/** Start (ms) of the UTC day of `t`. */
const utcDayStart = (t: number) => utcDay(t) * 86_400_000;

/** 1 on a working day (Monday-Friday, UTC), 2 on a weekend day. Round 10. */
const dayKind = (t: number) => ((utcDay(t) + 3) % 7 < 5 ? 1 : 2);

/**
 * Round 10: `t` falls on the series' first day of its kind (working day or weekend) after a whole
 * day of the other kind: it has not shown that day yet (an office's first Monday after a weekend
 * start, its first Saturday after weekdays), so the daily profile learns it rather than judging it.
 * Also remembers a day's kind once the day is over, if the series was followed DETECTOR.dayKnownMs of it.
 */
function freshDay(s: SeriesState, t: number): boolean {
  const wk = s.wk ?? 0;
  // The day before is known once the day is over, when the series was followed long enough of it.
  const start = utcDayStart(t);
  if (s.drift && start - Math.max(s.drift.since, start - 86_400_000) >= DETECTOR.dayKnownMs) s.wk = wk | dayKind(start - 1);
  // Only once it showed a whole day of the other kind: before that, a day is judged as in round 9.
  return wk !== 0 && (wk & dayKind(t)) === 0;
}

/** A series whose window shows a handful of distinct values, or whose resolution is most of its scale (RSSI steps, integer states). */
const isQuantised = (values: readonly number[], b: Baseline) => new Set(values).size <= DETECTOR.quantisedDistinct || resolution(values) >= 0.8 * b.rawScale;

/**
 * Levels with jitter: most points sit on one level (the resolution is most of the robust scale),
 * as an RSSI between regime changes. A rounded Gaussian signal (values spread over several steps)
 * is not: a few distinct values alone do not make it one.
 */
function onLevels(values: readonly number[]): boolean {
  const res = resolution(values);
  return res > 0 && res >= 0.8 * robustScale(values);
}

/**
 * A block that stayed flat (no jump inside it: its range within DETECTOR.flatBlockNoise × its
 * noise) is a level the series sat at: it joins the known levels (merging with one it is near).
 */
function learnLevel(s: SeriesState, values: readonly number[], noise: number, res: number): void {
  if (Math.max(...values) - Math.min(...values) > DETECTOR.flatBlockNoise * noise) return;
  const level = median(values);
  const spread = Math.max(robustScale(values, level), noise);
  // A series whose range holds no two such levels apart (its noise is its range) has no levels.
  if ((s.hi ?? level) - (s.lo ?? level) < 2 * DETECTOR.longShiftZ * spread) return;
  const levels = s.levels ?? [];
  const kept: number[] = [];
  let visits = 1;
  for (let i = 0; i + 2 < levels.length; i += 3) {
    if (!nearLevel(level, levels[i] as number, Math.max(spread, levels[i + 1] as number))) kept.push(levels[i] as number, levels[i + 1] as number, levels[i + 2] as number);
    // Back at a level it had left: one more visit. Still there (the newest): the same visit.
    else visits = Math.max(visits, (levels[i + 2] as number) + (i === 0 ? 0 : 1));
  }
  // Stored to the measurement's resolution and two digits of spread (the state's size is its write cost).
  s.levels = [Number(level.toFixed(digitsOf(res))), sig(spread, 2), Math.min(visits, DETECTOR.levelVisits), ...kept].slice(0, 3 * DETECTOR.knownLevels);
}

/** Decimal places of the measurement's resolution `res` (at most 6; 6 when unknown). */
const digitsOf = (res: number) => (res > 0 ? Math.min(6, Math.max(0, Math.ceil(-Math.log10(res) - 1e-6))) : 6);

const nearLevel = (level: number, known: number, spread: number) => Math.abs(level - known) < (DETECTOR.longShiftZ / 2) * spread;

/**
 * A series that keeps moving between levels it knows (at least `steppingLevels` of them, each
 * come back to): its changes are level changes, judged by the level-shift detector against its
 * own history of them; its block spread and slope count its steps. Round 7.
 */
function stepping(s: SeriesState): boolean {
  const levels = s.levels ?? [];
  let known = 0;
  for (let i = 2; i < levels.length; i += 3) if ((levels[i] as number) >= DETECTOR.levelVisits) known++;
  return known >= DETECTOR.steppingLevels;
}

/**
 * A step from `from` to `level` lands on a level the series already came back to (a known one,
 * nearer the new level than half the step: not just the old level's own spread).
 */
function knownLevel(s: SeriesState, from: number, level: number): boolean {
  const levels = s.levels ?? [];
  for (let i = 0; i + 2 < levels.length; i += 3) {
    const known = levels[i] as number;
    if ((levels[i + 2] as number) >= DETECTOR.levelVisits && nearLevel(level, known, levels[i + 1] as number) && Math.abs(level - known) < Math.abs(level - from) / 2) return true;
  }
  return false;
}

/**
 * Adds a normal point to the current block; at the end of a block, compares the last
 * REGIME.sustainedBlocks block spreads with the history's median spread (floored by the
 * measurement's resolution). A regime change re-learns the history from the new regime.
 */
function regimeSignal(s: SeriesState, t: number, v: number, floor: number, base: Record<string, number | string | null>, out: PointResult, quantised = false, levels = true): void {
  const block = (s.block ??= { start: t, times: [], values: [] });
  block.times.push(t);
  block.values.push(v);
  if (block.values.length < REGIME.block) return;
  const spreads = (s.spreads ??= []);
  /** Where the block's big moves begin (judged against the usual spread so far): a change inside a block starts there, not at the block's start. */
  const prior = spreads.length > 0 ? median(spreads) : undefined;
  // The spread of the differences between neighbouring points (robust, ÷√2: the points' own
  // noise): a ramp (a recharge), the side of a cycle or the knee where a ramp ends is no spread.
  // As for the baseline's scale, the mean absolute deviation beside the MAD: on a heavy-tailed
  // series a block's MAD alone swings with where its few big values fall.
  const diffs = block.values.slice(1).map((x, i) => x - (block.values[i] as number));
  const mid = median(diffs);
  // Round 7: the second differences (÷√6 for white noise), so a curve (a cool-down, the knee of a
  // ramp) is no spread either; the first differences' spread bounds it (a block of steps).
  const d2 = diffs.slice(1).map((x, i) => x - (diffs[i] as number));
  const mean2 = (SQRT_HALF_PI * d2.reduce((a, x) => a + Math.abs(x), 0)) / d2.length;
  const meanAbs = (SQRT_HALF_PI * diffs.reduce((a, x) => a + Math.abs(x - mid), 0)) / diffs.length;
  // (Three significant digits stored: the state's size is its write cost.)
  spreads.push(sig(Math.min(Math.max(robustScale(diffs, mid), meanAbs, floor) / Math.SQRT2, Math.max(robustScale(d2, 0), mean2, floor) / Math.sqrt(6))));
  if (spreads.length > REGIME.history) spreads.shift();
  const starts = (s.blockStarts ??= []);
  const big = prior === undefined ? -1 : diffs.findIndex((x) => Math.abs(x - mid) >= REGIME.spreadFactor * prior * Math.SQRT2);
  starts.push(big >= 0 ? (block.times[big + 1] as number) : block.start);
  if (starts.length > REGIME.sustainedBlocks) starts.shift();
  delete s.block;
  // (Not on a quantised window: its level changes are judged by their own sizes, DETECTOR.quantisedJumpFactor.)
  if (levels) learnLevel(s, block.values, Math.max(robustScale(diffs, mid) / Math.SQRT2, floor), floor);
  const past = spreads.slice(0, -REGIME.sustainedBlocks);
  if (past.length < REGIME.warmupBlocks) return;
  const usual = Math.max(median(past), quantile(past, REGIME.usualQuantile) / REGIME.quantileShare);
  const recent = spreads.slice(-REGIME.sustainedBlocks);
  if (quantised || usual * Math.SQRT2 < REGIME.minResolutionSteps * floor || !recent.every((x) => x >= REGIME.spreadFactor * usual)) return;
  emit(s, out, 'regime_change', starts[0] as number, null, { ...base, usualSpread: round(usual), recentSpread: round(median(recent)), blocks: REGIME.sustainedBlocks, pointsPerBlock: REGIME.block });
  s.spreads = recent;
}

/**
 * Follows the recent and long-run slopes with a normal point; reports a drift when their
 * difference has stayed at DRIFT.factor × the largest one the series showed (and enough to carry
 * the level DRIFT.minScales point scales in DRIFT.horizonMs) for DRIFT.gradualMs. An
 * excursion that ends unreported teaches the series' history its peak; one beyond
 * DRIFT.stepFactor × it is a step and teaches nothing. Not while a step is held (that is a level
 * shift waiting to be confirmed), nor on a quantised series, nor (round 11) for an excursion that
 * began on the series' first day of a new kind (`fresh`, see {@link freshDay}).
 */
function driftSignal(s: SeriesState, t: number, v: number, scale: number, quantised: boolean, base: Record<string, number | string | null>, out: PointResult, fresh: boolean): void {
  const d = (s.drift ??= { f1: v, f2: v, s1: v, s2: v, max: 0, last: t, since: t, at: null, hot: null, g0: 0, sign: 0, peak: 0, on: 0 });
  const dt = Math.max(0, t - d.last);
  d.last = t;
  const af = 1 - Math.exp(-dt / DRIFT.fastMs);
  const as = 1 - Math.exp(-dt / DRIFT.slowMs);
  d.f1 += af * (v - d.f1);
  d.f2 += af * (d.f1 - d.f2);
  d.s1 += as * (v - d.s1);
  d.s2 += as * (d.s1 - d.s2);
  d.max *= Math.pow(0.5, dt / DRIFT.historyHalfLifeMs);
  // Slopes per hour: Brown's estimate (single − double smoothing) / time constant.
  const recent = ((d.f1 - d.f2) / DRIFT.fastMs) * 3_600_000;
  const usual = ((d.s1 - d.s2) / DRIFT.slowMs) * 3_600_000;
  const dev = recent - usual;
  const size = Math.abs(dev);
  const age = t - d.since;
  if (age < DRIFT.warmupMs) {
    if (age >= DRIFT.settleMs) d.max = Math.max(d.max, size);
    return;
  }
  const bar = Math.max(DRIFT.factor * d.max, (DRIFT.minScales * scale * 3_600_000) / DRIFT.horizonMs);
  const sign = Math.sign(dev);
  if (size <= d.max || (d.at !== null && sign !== d.sign)) {
    // The excursion ended: neither reported nor a step, it was the series' normal behaviour.
    // Reported or not (round 7), it was: the same again is the series' own (a daily charge, a morning start).
    if (d.at !== null && d.on !== 2) d.max = Math.max(d.max, d.peak);
    // After a step the long-run slope is the step's, not the series': it restarts from the slope before it.
    if (d.on === 2) Object.assign(d, { s1: d.f1, s2: d.f1 - (d.g0 * DRIFT.slowMs) / 3_600_000 });
    Object.assign(d, IDLE);
    if (size <= d.max) return;
  }
  if (d.at === null) Object.assign(d, { at: t, sign, g0: usual, sc: scale });
  d.peak = Math.max(d.peak, size);
  d.hot = size >= bar ? (d.hot ?? t) : null;
  if (d.on === 0 && size > bar && (size > DRIFT.stepFactor * d.max || size > DRIFT.stepScalesPerHour * (d.sc ?? scale))) d.on = 2;
  if (d.on === 1 && size >= bar / 2) out.abnormal.add('regime_change');
  if (d.on !== 0 || s.held || quantised || d.hot === null || t - d.hot < DRIFT.gradualMs) return;
  // Round 11: one that began on the series' first day of a new kind (round 10's `freshDay`: an
  // office's first Monday morning) is its schedule: not reported; when it ends, its peak is learned.
  if (fresh && (d.at as number) >= utcDayStart(t)) return;
  d.on = 1;
  emit(s, out, 'regime_change', d.at as number, v, {
      ...base,
      change: sign > 0 ? 'slope up' : 'slope down',
      recentSlopePerHour: round(recent),
      usualSlopePerHour: round(usual),
      largestUsualDifference: round(d.max),
    });
}

const HOUR_MS = 3_600_000;

/** The profile's value at `t`: linear between the centres of its hourly means; undefined while incomplete. */
function profileAt(p: readonly (number | null)[], t: number): number | undefined {
  const x = (((t % 86_400_000) + 86_400_000) % 86_400_000) / HOUR_MS - 0.5;
  const i = Math.floor(x);
  const a = p[(i + 24) % 24];
  const b = p[(i + 25) % 24];
  if (a === null || a === undefined || b === null || b === undefined) return undefined;
  return a + (x - i) * (b - a);
}

/**
 * The profile's value at `t`: yesterday's value at this hour, moved by how far the day's level (the
 * mean of the 24 hourly means) moved since (a steady trend is no change of the day). Undefined
 * before the profile is complete.
 */
function profilePredict(d: NonNullable<SeriesState['prof']>, t: number): number | undefined {
  if (!d.lb) return undefined;
  const unit = Math.pow(10, -(d.dg ?? 6));
  const shape = profileAt(d.p, t);
  const then = profileAt(d.lb, t);
  if (shape === undefined || then === undefined) return undefined;
  const level = d.p.reduce<number>((a, x) => a + (x ?? 0), 0) / 24;
  return (d.o ?? 0) + (shape + level - then) * unit;
}

/**
 * Follows the daily profile with a normal point and judges the smoothed residual against the
 * largest one the series showed (see {@link PROFILE}). Not while a step is held or a flatline runs
 * (those are the level-shift and flatline detectors' business), nor on a quantised series.
 */
function profileSignal(s: SeriesState, t: number, v: number, scale: number, quantised: boolean, base: Record<string, number | string | null>, out: PointResult, res: number, fresh: boolean): void {
  const hour = Math.floor(t / HOUR_MS);
  // Stored means to the measurement's resolution (the state's size is its write cost).
  const digits = digitsOf(res);
  const keep = (x: number) => Number(x.toFixed(digits));
  // The excursion's fields exist only once the profile is complete (a first day's state stays small).
  const d = (s.prof ??= { p: Array.from({ length: 24 }, () => null), o: keep(v), dg: digits, sum: 0, n: 0, last: t } as NonNullable<SeriesState['prof']>);
  // The hourly means are stored as whole steps of the resolution from the first value: small integers, a small state.
  const unit = Math.pow(10, -(d.dg ?? 6));
  const o = d.o ?? 0;
  const dec = (xs: readonly (number | null)[]) => xs.map((x) => (x === null ? null : o + x * unit));
  // The day's level: the mean of the 24 hourly means (no swing with the daily cycle itself).
  const dayLevel = () => d.p.reduce<number>((a, x) => a + (x ?? 0), 0) / 24;
  const current = Math.floor(d.last / HOUR_MS);
  if (hour !== current) {
    if (d.n > 0) {
      const k = ((current % 24) + 24) % 24;
      const mean = (d.sum / d.n - o) / unit;
      const old = d.p[k];
      // Learned only outside an excursion: a change under way is not how the days usually differ.
      if (old !== null && old !== undefined && d.at === null) d.dm = Math.max(d.dm ?? 0, Math.abs(mean - old) * unit);
      d.p[k] = Math.round(old === null || old === undefined ? mean : old + PROFILE.dayWeight * (mean - old));
      // The day's level each hour's mean was taken at (from the first complete day on).
      const lb = d.lb;
      const was = lb?.[k];
      if (lb && was !== null && was !== undefined) lb[k] = Math.round(was + PROFILE.dayWeight * (dayLevel() - was));
    }
    Object.assign(d, { sum: 0, n: 0 });
  }
  const dt = Math.max(0, t - d.last);
  d.last = t;
  d.sum = keep(d.sum + v);
  d.n++;
  const usual = profileAt(dec(d.p), t);
  if (usual === undefined) return;
  if (d.ready === null || d.ready === undefined || !d.lb) {
    // The first complete profile; the smoothed residual starts where the series is.
    const level = Math.round(dayLevel());
    d.lb = d.p.map(() => level);
    Object.assign(d, { ready: t, e: round(v - usual), max: 0, at: null, hot: null, sign: 0, peak: 0, on: 0 });
    return;
  }
  const predicted = profilePredict(d, t) as number;
  const r = v - predicted;
  d.e = round(d.e + (1 - Math.exp(-dt / PROFILE.smoothMs)) * (r - d.e));
  const decay = Math.pow(0.5, dt / PROFILE.historyHalfLifeMs);
  d.max = round(d.max * decay);
  d.dm = round((d.dm ?? 0) * decay);
  const size = Math.abs(d.e);
  const sign = Math.sign(d.e);
  if (t - d.ready < PROFILE.settleMs) {
    d.max = Math.max(d.max, size);
    return;
  }
  // Points an hour, from the baseline's window (its cadence).
  const span = (s.times.at(-1) as number) - (s.times[0] as number);
  const perHour = span > 0 ? ((s.times.length - 1) * HOUR_MS) / span : 1;
  const bar = Math.max(PROFILE.factor * d.max, PROFILE.dayFactor * (d.dm ?? 0), (PROFILE.minScales * scale) / Math.sqrt(Math.max(1, perHour)));
  // The series' first day of a new kind (round 10): a departure beyond the bar is not judged, it
  // becomes the bar itself (not PROFILE.factor times it: the next days, between the old kind's profile
  // and this one, depart less). An excursion that began the day before is judged as usual.
  if (fresh && size >= bar && (d.at === null || d.at >= utcDayStart(t))) {
    d.max = Math.max(d.max, round(size / PROFILE.factor));
    Object.assign(d, IDLE);
    return;
  }
  if (size <= d.max || (d.at !== null && sign !== d.sign)) {
    // The excursion ended: unreported, it was the series' own behaviour.
    if (d.at !== null && d.on === 0) d.max = Math.max(d.max, d.peak);
    Object.assign(d, IDLE);
    if (size <= d.max) return;
  }
  if (d.at === null) Object.assign(d, { at: t, sign });
  d.peak = Math.max(d.peak, size);
  d.hot = size >= bar ? (d.hot ?? t) : null;
  if (d.on === 1 && size >= bar / 2) out.abnormal.add('regime_change');
  if (d.on !== 0 || s.held || s.run?.flagged || quantised || d.hot === null || t - d.hot < PROFILE.gradualMs) return;
  d.on = 1;
  emit(s, out, 'regime_change', d.at as number, v, { ...base, change: sign > 0 ? 'above its usual day' : 'below its usual day', usualAtThisHour: round(predicted), smoothedDifference: round(d.e), largestUsualDifference: round(d.max) });
}

/**
 * Follows the series' duty cycle with a point (round 8, cycles.ts): a change of the time it spends
 * on each of its two sides against its own cycles is a regime_change. Judged neither while a step
 * is held nor while a flatline runs.
 */
function cycleSignal(s: SeriesState, t: number, v: number, out: PointResult): void {
  const prev = s.recent.at(-2);
  const before = s.recent.at(-3);
  const span = s.times.length > 1 ? (s.times.at(-1) as number) - (s.times[0] as number) : 0;
  const { state, change, abnormal } = cycleStep(s.cyc, t, v, {
    window: s.values,
    res: s.values.length > 1 ? resolution(s.values) : 0,
    stepMs: s.times.length > 1 ? span / (s.times.length - 1) : 0,
    prev: prev?.[1],
    prevDiff: prev && before ? prev[1] - before[1] : undefined,
    since: s.drift?.since,
    dt: prev ? Math.max(0, t - prev[0]) : 0,
    judged: !s.held && !s.run?.flagged,
  });
  if (state) s.cyc = state;
  else delete s.cyc;
  if (abnormal) out.abnormal.add('regime_change');
  if (!change) return;
  emit(s, out, 'regime_change', change.startedAt, v, {
      change: `${change.phase} ${change.longer ? 'longer' : 'shorter'}`,
      phaseSeconds: change.seconds,
      usualShortestSeconds: change.usualShortest,
      usualLongestSeconds: change.usualLongest,
    });
}

/** Remembers a level change with its start (whole minutes since the epoch), newest first, the last DETECTOR.dailySteps. Round 9. */
function learnDailyStep(s: SeriesState, start: number, moved: number): void {
  s.daily = [Math.round(start / 60_000), sig(moved), ...(s.daily ?? [])].slice(0, 2 * DETECTOR.dailySteps);
}

/**
 * A step the same way as, and within DETECTOR.stepRatio× the size of, a remembered one that began
 * at least DETECTOR.dailyMinAgeMs earlier at the same time of day (within DETECTOR.dailyWindowMs):
 * the series' own schedule, seen once before. Round 9.
 */
function dailyStep(s: SeriesState, start: number, moved: number): boolean {
  const daily = s.daily ?? [];
  for (let i = 0; i + 1 < daily.length; i += 2) {
    const age = start - (daily[i] as number) * 60_000;
    const x = daily[i + 1] as number;
    const offDay = Math.abs(age - Math.round(age / 86_400_000) * 86_400_000);
    if (age < DETECTOR.dailyMinAgeMs || offDay > DETECTOR.dailyWindowMs) continue;
    if (moved !== 0 && Math.sign(x) === Math.sign(moved) && Math.max(Math.abs(x), Math.abs(moved)) <= DETECTOR.stepRatio * Math.min(Math.abs(x), Math.abs(moved))) return true;
  }
  return false;
}

/** Remembers a sudden step's signed size (3 significant digits; the newest DETECTOR.knownSteps). */
function learnStep(s: SeriesState, moved: number): void {
  s.steps = [sig(moved), ...(s.steps ?? [])].slice(0, DETECTOR.knownSteps);
}

/** A step the same way as, and within DETECTOR.stepRatio× the size of, `stepVisits` remembered ones. */
function knownStep(s: SeriesState, moved: number): boolean {
  const like = (s.steps ?? []).filter((x) => Math.sign(x) === Math.sign(moved) && Math.max(Math.abs(x), Math.abs(moved)) <= DETECTOR.stepRatio * Math.min(Math.abs(x), Math.abs(moved)));
  return moved !== 0 && like.length >= DETECTOR.stepVisits;
}

/**
 * A held step (see DETECTOR.longShiftPoints): after the window has filled with points from after
 * it, still far from the old level on the same side → a level shift from the step's start;
 * back near the old level → forgotten. True when it signalled.
 */
function longShift(s: SeriesState, b: Baseline, base: Record<string, number | string | null>, v: number, out: PointResult): boolean {
  const held = s.held;
  if (!held) return false;
  held.n++;
  const since = s.values.filter((_, i) => (s.times[i] as number) >= held.start);
  const level = since.length > 0 ? median(since) : (s.values.at(-1) as number);
  const distance = (held.sign * (level - held.from)) / held.scale;
  if (distance < DETECTOR.longShiftZ / 2) {
    s.held = null;
    return false;
  }
  // The level just after the step: a shift then stays there, a slow cycle moves on.
  if (held.n === DETECTOR.longShiftPoints >> 2) held.first = level;
  if (held.n < DETECTOR.longShiftPoints) return false;
  s.held = null;
  if (held.first === undefined || Math.abs(level - held.first) >= (DETECTOR.longShiftZ / 2) * held.scale) return false;
  // Settled: the window is flat around its level (a slope would carry it there and on: a drift).
  const settled = Math.abs(b.slopePerMs * ((s.times.at(-1) as number) - (s.times[0] as number))) < DETECTOR.longShiftZ * held.scale;
  if (distance < DETECTOR.longShiftZ || !settled) return false;
  const daily = dailyStep(s, held.start, level - held.from);
  learnDailyStep(s, held.start, level - held.from);
  if (isOff(s, level) || young(s, held.start) || daily || dayExplains(s, s.times.at(-1) as number, level, held.scale) || knownLevel(s, held.from, level) || knownStep(s, level - held.from)) return false;
  // On a quantised series (the window now holds only the new level) a change of level is judged by its own history of them.
  if (onLevels(s.values) && Math.abs(level - held.from) < DETECTOR.quantisedJumpFactor * (s.jump ?? 0)) return false;
  emit(s, out, 'level_shift', held.start, v, { ...base, previousLevel: round(held.from), newLevel: round(level), stepInScales: round(distance), sustainedPoints: held.n });
  s.before = { level: held.from, scale: held.scale };
  rebaseline(s, s.times[0] as number, [], true);
  return true;
}

/**
 * Where a CUSUM run really began: the largest jump between neighbouring points from just before
 * the run's first strong score on (that score may be a noise point just ahead of the step).
 */
function largestJump(s: SeriesState, from: number): { start: number; jump: number } {
  const k = Math.max(1, s.times.findIndex((t) => t >= from));
  let best = { start: from, jump: 0 };
  for (let i = k; i < s.values.length; i++) {
    const jump = Math.abs((s.values[i] as number) - (s.values[i - 1] as number));
    if (jump > best.jump) best = { start: s.times[i] as number, jump };
  }
  return best;
}

/** After a shift the old level is no baseline: keep only points from `start` on, and re-learn. */
function rebaseline(s: SeriesState, start: number, extra: { t: number; v: number }[], levelChange = false): void {
  const before = s.values.filter((_, i) => (s.times[i] as number) < start);
  const oldLevel = before.length > 0 ? median(before) : undefined;
  const kept = s.times.map((t, i) => [t, s.values[i] as number] as const).filter(([t]) => t >= start);
  const points = [...kept, ...extra.map((p) => [p.t, p.v] as const)].sort((a, b) => a[0] - b[0]);
  s.times = points.map(([t]) => t);
  s.values = points.map(([, v]) => v);
  for (const [t, v] of points) updateEnvelope(s, t, v);
  s.pending = [];
  // A reported step is no drift: both levels restart at the new one (the history of distances stays).
  if (s.drift && points.length > 0) {
    const level = median(points.map(([, v]) => v));
    // Nor a change of the day: the daily profile moves with the step.
    // (the hour under way mixes both levels: not learned). Only for a reported shift or its end:
    // a change the series' day or its young age explains leaves its day as it is.
    const prof = s.prof;
    if (prof && oldLevel !== undefined && levelChange) {
      // By how far the new level's points sit from the profile (its day, where it knows it; else from the old level).
      const off = prof.lb ? points.map(([t, v]) => v - (profilePredict(prof, t) ?? v - (level - oldLevel))) : [];
      const delta = off.length > 0 ? median(off) : level - oldLevel;
      const shift = Math.round(delta / Math.pow(10, -(prof.dg ?? 6)));
      const move = (xs: (number | null)[]) => xs.map((x) => (x === null ? null : x + shift));
      Object.assign(prof, { p: move(prof.p), lb: prof.lb ? move(prof.lb) : undefined, sum: 0, n: 0, e: 0, ...IDLE });
    }
    Object.assign(s.drift, { f1: level, f2: level, s1: level, s2: level, ...IDLE });
  }
  s.rewarm = Math.max(0, DETECTOR.rebaselinePoints - points.length);
  s.up = 0;
  s.down = 0;
}

// --- dropout --------------------------------------------------------------------------------------

/** A device's reporting cadence. Times are epoch ms. */
export interface CadenceState {
  last: number | null;
  /** Recent gaps between reports (ms), dropouts and gaps waiting to be confirmed excluded. */
  gaps: number[];
  /** Last report times, for evidence. */
  recent: number[];
  /**
   * Recent delivery lags, one per delivery (ms from the oldest record of a delivery, late records
   * included, to its evaluation). A device that uploads an hour of readings at once is late, not
   * silent: a high percentile of its lags ({@link lagAllowance}) extends the silence limit. Not the
   * maximum, so one buffered upload hours late does not blind dropout detection.
   */
  lags: number[];
  /**
   * Gaps found when the data resumed, waiting to be confirmed: flat pairs [from, to, from, to, …]
   * (the last record before, the first after). A late batch may still fill them; once the device's
   * lag allowance has passed without it, each is a dropout ({@link dueGaps}).
   */
  pend?: number[];
  /**
   * When each pending gap was found (ms, evaluation clock; absent in states stored before round 7:
   * long ago). A gap waits at least {@link DELIVERY}.settleMs after it, because the rest of the upload
   * that showed it (an out-of-order burst, message by message) may still be arriving: a gap whose
   * records arrive in the same upload is no gap.
   */
  pendAt?: number[];
  /**
   * When the current upload began (ms, the evaluation clock of its first delivery): deliveries
   * evaluated within {@link DELIVERY}.uploadMs of it are one upload, with one lag
   * ({@link recordDelivery}). Absent before the first delivery.
   */
  up?: number;
  /**
   * While the lags are still being learned (each delivery adds one), the index of the current
   * upload's first entry: all its entries take the upload's lag. Absent otherwise.
   */
  upFrom?: number;
  /**
   * The largest upload lags of the last {@link DELIVERY}.recurringMs: flat pairs [upload time, lag, …],
   * at most {@link DELIVERY}.slowKept, largest first. A delay the device showed twice in that time is
   * part of how it delivers ({@link recurringLag}); absent before the first upload.
   */
  slow?: number[];
}

/**
 * Delivery cadence (issue 20, round 6). A gateway that uploads a backlog may hand it over as many
 * deliveries a few seconds apart (one MQTT message or one small batch per record, a batch's
 * parallel writes): that is one upload, and it has one lag (its oldest record's). Counted per
 * delivery, the burst's newest records (lags of seconds) would outnumber the upload's real lag, and
 * a device that uploads hourly would be taken for silent between uploads.
 */
export const DELIVERY = {
  /** Deliveries evaluated within this long of an upload's first delivery belong to that upload. */
  uploadMs: 60_000,
  /** How long a slow upload is remembered, and how many of the slowest are kept. */
  recurringMs: 72 * 3_600_000,
  slowKept: 4,
  /** Only uploads at least this late are remembered as slow (shorter delays are the silence floor's business). */
  slowMinMs: 15 * 60_000,
  /**
   * Two slow uploads are two delays, not one outage delivered in two parts, even when they share
   * this much silence (round 7): the records measured while a device uploads ride with its next upload.
   */
  overlapMs: 15 * 60_000,
  /**
   * A delay the device showed twice ({@link recurringLag}) is waited for with this margin (round 7):
   * a docked scanner's or a phone relay's stalls vary by a quarter from one to the next.
   */
  recurringMargin: 1.25,
  /**
   * A gap found when the data resume waits at least this long after it was found (round 7): the rest
   * of the upload that showed it may still be arriving, out of order (one sweep interval).
   */
  settleMs: 5 * 60_000,
  /**
   * A delay the device showed once in the last DELIVERY.recurringMs (round 7, second pass) is waited
   * for up to this long (with DELIVERY.recurringMargin), never more: a Wi-Fi device that flushed its
   * history after one stall is expected to stall again, while one upload hours late cannot blind
   * dropout detection for hours.
   */
  onceCapMs: 60 * 60_000,
} as const;

export const newCadenceState = (): CadenceState => ({ last: null, gaps: [], recent: [], lags: [] });

/**
 * Records a report at `t` (after `last`). `afterDropout`: the gap was a dropout (or is waiting to
 * be confirmed as one) and teaches nothing about the cadence.
 */
export function recordReport(c: CadenceState, t: number, afterDropout: boolean): void {
  if (c.last !== null && t > c.last && !afterDropout) {
    c.gaps.push(t - c.last);
    if (c.gaps.length > DROPOUT.gaps) c.gaps.shift();
  }
  c.last = c.last === null ? t : Math.max(c.last, t);
  c.recent.push(t);
  if (c.recent.length > DETECTOR.evidencePoints) c.recent.shift();
}

/**
 * A record older than the newest evaluated one arrived (a late record of a burst delivered out of
 * order, message by message): if it lies between two of the recent report times, the gap learned
 * between them was no gap of the device's cadence; it is split at `t`. So the learned gaps (and the
 * silence limit, 2 × the longest of them) follow the records' timestamps, not their arrival order.
 */
export function splitLearnedGap(c: CadenceState, t: number): void {
  const recent = c.recent;
  const i = recent.findIndex((r, k) => k + 1 < recent.length && r < t && t < (recent[k + 1] as number));
  if (i < 0) return;
  const from = recent[i] as number;
  const to = recent[i + 1] as number;
  const j = c.gaps.lastIndexOf(to - from);
  if (j >= 0) {
    c.gaps.splice(j, 1, t - from, to - t);
    while (c.gaps.length > DROPOUT.gaps) c.gaps.shift();
  }
  recent.splice(i + 1, 0, t);
  while (recent.length > DETECTOR.evidencePoints) recent.shift();
}

/**
 * Records one delivery's lag: how long after its oldest record a delivery was evaluated at `now`.
 * A delivery evaluated within {@link DELIVERY}.uploadMs of the current upload's first one is part of
 * that upload: the upload's lag becomes the larger of the two (one lag per upload, not per message).
 * The first DROPOUT.warmupDeliveries deliveries count one each, so a device draining its first
 * backlog message by message is watched (and its state writes deferred) as soon as before; since
 * round 7 each counts at its upload's lag (the upload's oldest record so far), not its own.
 */
export function recordDelivery(c: CadenceState, lag: number, now?: number): void {
  c.lags = c.lags ?? [];
  const value = Math.max(0, Math.round(lag));
  const sameUpload = now !== undefined && c.up !== undefined && now >= c.up && now - c.up < DELIVERY.uploadMs;
  if (sameUpload) {
    // The upload's lag is its oldest record's: its entry (and, while the lags are still being learned,
    // the entry each of its deliveries added, from `upFrom` on) becomes the larger. So a first backlog
    // drained message by message teaches its real lag, not its newest records' seconds.
    const upload = Math.max(c.lags[c.lags.length - 1] as number, value);
    for (let i = c.upFrom ?? c.lags.length - 1; i < c.lags.length; i++) c.lags[i] = upload;
    if (c.lags.length < DROPOUT.warmupDeliveries) c.lags.push(upload);
  } else {
    c.lags.push(value);
    if (c.lags.length > DROPOUT.lags) c.lags.shift();
    if (now !== undefined) c.up = now;
    if (c.lags.length < DROPOUT.warmupDeliveries) c.upFrom = c.lags.length - 1;
    else delete c.upFrom;
  }
  const upload = c.lags[c.lags.length - 1] as number;
  if (c.up !== undefined && upload >= DELIVERY.slowMinMs) rememberSlow(c, c.up, upload);
}

/** Keeps the upload (started at `at`, lag `lag`) among the slowest of the last DELIVERY.recurringMs. */
function rememberSlow(c: CadenceState, at: number, lag: number): void {
  const pairs: [number, number][] = [];
  const slow = c.slow ?? [];
  for (let i = 0; i < slow.length; i += 2) {
    const t = slow[i] as number;
    if (t !== at && t > at - DELIVERY.recurringMs) pairs.push([t, slow[i + 1] as number]);
  }
  pairs.push([at, lag]);
  pairs.sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  c.slow = pairs.slice(0, DELIVERY.slowKept).flat();
}

/**
 * A delay the device showed at least twice in the last DELIVERY.recurringMs: the lag of the slowest
 * upload that held none of the slowest upload's silence (0 before there are two such uploads). So
 * one upload hours late moves nothing (nor does one outage trickling in over several uploads), while a
 * gateway whose backhaul stalls every day, or a phone relay away for hours now and then, is waited for.
 */
export function recurringLag(c: CadenceState): number {
  // Uploads older than DELIVERY.recurringMs before the latest one are forgotten.
  const since = (c.up ?? 0) - DELIVERY.recurringMs;
  const slow = (c.slow ?? []).filter((_, i, all) => (all[i - (i % 2)] as number) > since);
  if (slow.length < 4) return 0;
  // The slowest upload held records from (its time − its lag) on; a second one counts only when it
  // held none of the same silence (one outage trickled in over several uploads is one delay).
  const at = slow[0] as number;
  const from = at - (slow[1] as number);
  for (let i = 2; i < slow.length; i += 2) {
    const t = slow[i] as number;
    const lag = slow[i + 1] as number;
    if (t <= from + DELIVERY.overlapMs || t - lag >= at - DELIVERY.overlapMs) return lag;
  }
  return 0;
}

/** The slowest upload of the last DELIVERY.recurringMs, capped at DELIVERY.onceCapMs (0 before any). */
export function onceLag(c: CadenceState): number {
  const since = (c.up ?? 0) - DELIVERY.recurringMs;
  const slow = c.slow ?? [];
  let lag = 0;
  for (let i = 0; i < slow.length; i += 2) if ((slow[i] as number) > since) lag = Math.max(lag, slow[i + 1] as number);
  return Math.min(lag, DELIVERY.onceCapMs);
}

/** How long a silence may last before it is a dropout; undefined while the cadence is still being learned. */
export function silenceLimit(c: CadenceState): number | undefined {
  if (c.gaps.length < DROPOUT.warmupGaps) return undefined;
  return Math.max(DROPOUT.floorMs, DROPOUT.cadenceFactor * median(c.gaps), DROPOUT.maxGapFactor * Math.max(...c.gaps));
}

/** The q-quantile (linear interpolation) of a non-empty list. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = q * (s.length - 1);
  const i = Math.floor(at);
  const lo = s[i] as number;
  return i + 1 < s.length ? lo + (at - i) * ((s[i + 1] as number) - lo) : lo;
}

/** The device's usual delivery lag: the median over its recent deliveries (0 before any). */
export const deliveryLag = (c: CadenceState) => ((c.lags ?? []).length > 0 ? median(c.lags) : 0);

/**
 * How late the device's records may still arrive: a high percentile of its recent delivery lags
 * (DROPOUT.lagQuantile), widened by DROPOUT.lagSpread × its distance from the median. A device
 * that is late one batch in five is waited for; a single upload hours late among the recent
 * deliveries moves nothing.
 */
export function lagAllowance(c: CadenceState): number {
  const lags = c.lags ?? [];
  if (lags.length === 0) return 0;
  const high = quantile(lags, DROPOUT.lagQuantile);
  const usual = median(lags);
  return Math.max(high + DROPOUT.lagSpread * (high - usual), DROPOUT.lagMedianFactor * usual, DELIVERY.recurringMargin * recurringLag(c));
}

const lagsLearned = (c: CadenceState) => (c.lags ?? []).length >= DROPOUT.warmupDeliveries;

/**
 * When the device becomes overdue live: its last record + the silence limit + its lag allowance, or
 * DELIVERY.recurringMargin × a delay it showed once ({@link onceLag}, at most DELIVERY.onceCapMs) if
 * longer. Only the live watch: gaps found on resume wait for the lag allowance alone.
 */
function liveDue(c: CadenceState): number | undefined {
  const limit = silenceLimit(c);
  if (limit === undefined || c.last === null || !lagsLearned(c)) return undefined;
  return c.last + limit + Math.max(lagAllowance(c), DELIVERY.recurringMargin * onceLag(c));
}

/**
 * When the detector must look at the device again (ms): when it becomes overdue, or earlier when a
 * gap waiting to be confirmed becomes due; undefined when not watched yet.
 */
export function dropoutDue(c: CadenceState): number | undefined {
  const live = liveDue(c);
  const limit = silenceLimit(c);
  const gaps = pendingGaps(c);
  if (gaps.length === 0 || limit === undefined || !lagsLearned(c)) return live;
  const wait = lagAllowance(c);
  const pending = Math.min(...gaps.map((g) => gapDue(g, wait)));
  return live === undefined ? pending : Math.min(live, pending);
}

/** Whether a record at `t` (after `last`) follows a gap longer than the cadence allows. */
export function isGap(c: CadenceState, t: number): boolean {
  const limit = silenceLimit(c);
  return limit !== undefined && c.last !== null && t - c.last > limit;
}

/** A pending gap: silent from `from` to `to` (measurement times), found at `at` (evaluation clock; 0: long ago). */
interface PendingGap {
  from: number;
  to: number;
  at: number;
}

function pendingGaps(c: CadenceState): PendingGap[] {
  const pend = c.pend ?? [];
  const gaps: PendingGap[] = [];
  for (let i = 0; i < pend.length; i += 2) gaps.push({ from: pend[i] as number, to: pend[i + 1] as number, at: c.pendAt?.[i / 2] ?? 0 });
  return gaps;
}

/**
 * Stores the pending gaps. Beyond DROPOUT.pendingGaps the smallest is let go (taken as filled): a
 * burst arriving in random order shows a gap at each new newest record and each late record splits
 * the gap it lies in, many pieces that the rest of the burst fills; a silence that lasted is the
 * largest piece left. (Round 6 judged the oldest at once instead: a false dropout per burst.)
 */
function storePending(c: CadenceState, gaps: PendingGap[]): void {
  while (gaps.length > DROPOUT.pendingGaps) {
    let smallest = 0;
    gaps.forEach((g, i) => {
      const s = gaps[smallest] as PendingGap;
      if (g.to - g.from < s.to - s.from) smallest = i;
    });
    gaps.splice(smallest, 1);
  }
  if (gaps.length === 0) {
    delete c.pend;
    delete c.pendAt;
    return;
  }
  c.pend = gaps.flatMap((g) => [g.from, g.to]);
  if (gaps.some((g) => g.at > 0)) c.pendAt = gaps.map((g) => g.at);
  else delete c.pendAt;
}

/**
 * When a pending gap is due: the device's lag allowance after its end (a record measured inside it
 * would have arrived by then) and DELIVERY.settleMs after it was found (the rest of the upload that
 * showed it, arriving out of order, may still fill it).
 */
const gapDue = (g: PendingGap, wait: number) => Math.max(g.to + wait, g.at + DELIVERY.settleMs);

/**
 * A gap found at `now` when the data resume, from the last record before it (`from`) to the first
 * after it (`to`): it waits ({@link gapDue}), because a late batch may still fill it (a device that
 * uploads batches out of order looks silent between them).
 */
export function addPendingGap(c: CadenceState, from: number, to: number, now = 0): void {
  storePending(c, [...pendingGaps(c), { from, to, at: now }]);
}

/**
 * A record older than the newest evaluated one arrived (a late batch): if it lies inside a pending
 * gap, the gap splits at it and the parts the cadence explains are dropped.
 */
export function fillGap(c: CadenceState, t: number): void {
  if (!c.pend || c.pend.length === 0) return;
  const limit = silenceLimit(c) ?? 0;
  const next: PendingGap[] = [];
  for (const g of pendingGaps(c)) {
    if (t <= g.from || t >= g.to) next.push(g);
    else {
      if (t - g.from > limit) next.push({ ...g, to: t });
      if (g.to - t > limit) next.push({ ...g, from: t });
    }
  }
  storePending(c, next);
}

/**
 * A record older than the newest evaluated one arrived (late, or delivered again): it may fill a
 * pending gap ({@link fillGap}, judged against the limit learned so far) and it splits the learned gap it
 * lies in ({@link splitLearnedGap}). The one call for a late record.
 */
export function recordLateReport(c: CadenceState, t: number): void {
  fillGap(c, t);
  splitLearnedGap(c, t);
}

/**
 * The pending gaps that are dropouts at `now` (oldest first), removed from the state: no late
 * record filled them and they are due ({@link gapDue}). `joining`: they join the live dropout the
 * current delivery ended (that opens nothing), so the rest of the upload is not waited for.
 */
export function dueGaps(c: CadenceState, now: number, joining = false): [number, number][] {
  const limit = silenceLimit(c);
  if (!c.pend || c.pend.length === 0 || limit === undefined || !lagsLearned(c)) return [];
  const wait = lagAllowance(c);
  const due: [number, number][] = [];
  const keep: PendingGap[] = [];
  for (const g of pendingGaps(c)) {
    if ((joining ? g.to + wait : gapDue(g, wait)) <= now) due.push([g.from, g.to]);
    else keep.push(g);
  }
  storePending(c, keep);
  return due;
}

/** The dropout signal of a gap found when the data resumed: silent from `from` until `to`. */
export function gapSignal(c: CadenceState, from: number, to: number): Signal {
  return dropoutSignal(c, from, silenceLimit(c) ?? DROPOUT.floorMs, to, { resumedAt: iso(to) });
}

/** The dropout signal both detectors report: silent from `last` until `until`, against the learned limit. */
function dropoutSignal(c: CadenceState, last: number, limit: number, until: number, extra: Record<string, string> = {}): Signal {
  return {
    kind: 'dropout',
    startedAt: last,
    value: null,
    severity: 'high',
    evidence: {
      values: c.recent.map((r) => ({ timestamp: iso(r), value: null })),
      baseline: {
        medianGapSeconds: Math.round(median(c.gaps) / 1000),
        silenceLimitSeconds: Math.round(limit / 1000),
        silentSeconds: Math.round((until - last) / 1000),
        ...extra,
      },
    },
  };
}

/** A dropout signal when the device is overdue at `now`. */
export function checkDropout(c: CadenceState, now: number): Signal | undefined {
  const due = liveDue(c);
  if (due === undefined || now < due || c.last === null) return undefined;
  return dropoutSignal(c, c.last, silenceLimit(c) as number, now);
}
