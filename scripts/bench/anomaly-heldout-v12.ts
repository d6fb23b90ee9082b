/**
 * Held-out set v12 for `npm run bench:anomaly` (issue 20): written blind, in one sitting, by an
 * engineer who never read the detector code, its docs, the bench scripts, the anomaly tests or the
 * other worktrees (only the held-out contract in anomaly-heldout.ts, the Label/BenchSeries types of
 * anomaly-set.ts, the v11 set for the format and the label definitions, the headers of v2-v10, the v5
 * sigma helpers and the v11 structure test), and who never ran the detector or the bench on it.
 * Misses and false alarms on it must never be listed series by series (that would make it tuning data).
 *
 * What is different from v1-v11:
 * - generator: Knuth's Algorithm B (TAOCP vol. 2, 3.2.2) in its C++ standard form `knuth_b`: the
 *   Bays-Durham shuffle (a 256-entry table) over `minstd_rand0`, the Lehmer / Park-Miller
 *   multiplicative generator x <- 16807 x mod 2^31-1; one stream per device and purpose, the stream
 *   seed the 32-bit FNV-1a hash of "seed|device|purpose" folded into [1, 2^31-2]; uniforms from two
 *   outputs; normals by Leva's ratio-of-uniforms method (1992); logistic tails; Poisson by Knuth's
 *   product-of-uniforms method;
 * - a heavy-industry, offshore and island-utility fleet (18 device types never used before): an
 *   electric arc furnace's electrode current, a continuous caster's mould level, a reheat furnace's
 *   zone temperature, a cement kiln's shell temperature, a cement mill's motor power, a clinker
 *   cooler's undergrate pressure, a paper machine's reel moisture, a pulp refiner's motor power, a
 *   recovery boiler's steam flow, an offshore wellhead's flowing pressure, a gas compressor's
 *   discharge temperature, a platform crane's hook load, an island ferry's main engine speed, a
 *   harbour tide gauge, a fish plant's blast freezer, a desalination plant's RO feed pressure, its
 *   permeate conductivity and an island powerhouse's load;
 * - a northern-winter start on a Thursday (2054-01-08; Thursday started only v6, in another season),
 *   so the Iranian sites' Friday rest day comes on day 2; local time zones never used before:
 *   UTC+3:30 (Isfahan), UTC-3:30 (Newfoundland standard time), UTC+12:45 (Chatham Islands, summer)
 *   and UTC+13 (Tonga);
 * - legitimate events that are NOT anomalies: arc furnace heats (about 40 min power-on, 0 kA between
 *   heats) and the Friday maintenance stop, caster tundish changes (a mould level dip), the reheat
 *   furnace's Friday hold at a lower setpoint, kiln shell temperature following the weather, a cement
 *   mill stopped (exactly 0 kW) in the 17-21 peak tariff, cooler pressure with the clinker bed, paper
 *   grade changes (moisture and refiner power step), soot blowing on the recovery boiler, the
 *   offshore choke adjustment after the morning well test, the crane idle at night and busy when the
 *   supply vessel is alongside, ferry crossings (engine at 0 rpm in port, none at night), a
 *   semi-diurnal tide, freezer defrosts and loading doors, RO membrane flushes and the Sunday (Tonga's
 *   strict Sabbath) low island load;
 * - delivery habits not used before: the Iranian plants' Kafka bridge (at-least-once: after each
 *   consumer rebalance, a few a day, the last 1-3 minutes of records are delivered again) with PLC
 *   timestamps truncated to whole seconds; the paper mill's historian-to-cloud connector restarted
 *   nightly at 03:15 (records during the 4-8 min restart arrive on reconnect, and it replays from a
 *   checkpoint 10 min before the restart: duplicates); Iridium SBD messages from the platform every
 *   15 min (a failed session waits for the next slot, a few messages delivered twice by the gateway);
 *   the ferry's logger uploading when the ferry is alongside (records hours late), the tide gauge
 *   transmitting each reading in two consecutive hourly satellite slots (every reading duplicated an
 *   hour later), the freezer's Wi-Fi logger posting 10-min batches with retries (1, 2, 4 min); the
 *   Tongan sites' cellular modem posting 10-min bundles, slowed by evening congestion, a bundle
 *   re-posted when the server's answer is lost. `points` times never decrease (equal only for a
 *   duplicate, same value); arrivals are never before the measurement.
 *
 * Composition with the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts,
 * 6 flatlines, 7 dropouts, 6 regime changes), one label per labelled series, 21 controls (39 %).
 *
 * Labels, same definitions as v4-v11 (sigmas measured on the points as published, i.e. rounded to
 * the sensor's resolution, with `localSigma`/`levelSigma` of v5): spikes 7.5-9.5 local robust sigmas
 * for 1-3 points; level shifts 4.2-4.8 level sigmas for 150-250 points (window: the first 10
 * published points); flatlines from the first point that took the stuck value to the last stuck
 * point (40-120 points); dropouts from the last record before the gap to the first after it (gaps of
 * 2.2-5.5 h, far longer than the device's normal gaps); `regime_change` a change inside the usual
 * range (a slope, a variance or a baseline change) sustained over hours, window the first 3.5 hours
 * of it. No duplicate falls within an hour of a label. Series without labels are controls.
 */
import type { HeldoutSeries } from './anomaly-heldout';
import { levelSigma, localSigma } from './anomaly-heldout-v5';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Thursday 2054-01-08 00:00 UTC. */
export const HELDOUT_V12_START = Date.UTC(2054, 0, 8);

const M31 = 2147483647;

/** `minstd_rand0`: x <- 16807 x mod 2^31-1 (Park & Miller 1988); outputs 1 … 2^31-2. */
export class MinStd0 {
  private x: number;
  constructor(seed = 1) {
    const s = (seed >>> 0) % M31;
    this.x = s === 0 ? 1 : s;
  }
  next(): number {
    // 16807 * (2^31-2) < 2^46: exact in a double.
    this.x = (16807 * this.x) % M31;
    return this.x;
  }
}

/** `knuth_b`: shuffle_order_engine<minstd_rand0, 256> (Knuth's Algorithm B, Bays-Durham shuffle). */
export class KnuthB {
  private e: MinStd0;
  private v: number[] = [];
  private y: number;
  constructor(seed = 1) {
    this.e = new MinStd0(seed);
    for (let i = 0; i < 256; i++) this.v.push(this.e.next());
    this.y = this.e.next();
  }
  next(): number {
    // j = floor(k (Y - min) / (max - min + 1)), min 1, max 2^31-2.
    const j = Math.floor((256 * (this.y - 1)) / (M31 - 1));
    this.y = this.v[j] as number;
    this.v[j] = this.e.next();
    return this.y;
  }
  /** A uniform in (0, 1) from two outputs. */
  real(): number {
    const hi = this.next() - 1;
    const lo = this.next() - 1;
    return (hi * (M31 - 1) + lo + 0.5) / ((M31 - 1) * (M31 - 1));
  }
}

/** FNV-1a, 32 bits, over a string's UTF-16 code units taken as bytes (ASCII keys only). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i) & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** One device's random source: each purpose has its own knuth_b stream. */
export function v12Source(key: string, seed: number) {
  const streams = new Map<string, KnuthB>();
  const u = (name = 'u'): number => {
    let g = streams.get(name);
    if (!g) {
      g = new KnuthB((fnv1a(`${seed}|${key}|${name}`) % (M31 - 1)) + 1);
      streams.set(name, g);
    }
    return g.real();
  };
  /** Leva's ratio-of-uniforms normal. */
  const normal = (name = 'n'): number => {
    for (;;) {
      const a = u(name);
      const b = 1.7156 * (u(name) - 0.5);
      const x = a - 0.449871;
      const y = Math.abs(b) + 0.386595;
      const q = x * x + y * (0.196 * y - 0.25472 * x);
      if (q < 0.27597) return b / a;
      if (q > 0.27846) continue;
      if (b * b <= -4 * Math.log(a) * a * a) return b / a;
    }
  };
  /** Logistic with unit standard deviation (heavier tails than a normal). */
  const logistic = (name = 'g'): number => {
    const p = u(name);
    return (Math.log(p / (1 - p)) * Math.sqrt(3)) / Math.PI;
  };
  /** Poisson by Knuth's product of uniforms; a rounded normal above 40. */
  const poisson = (lambda: number, name = 'p'): number => {
    if (lambda <= 0) return 0;
    if (lambda > 40) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal(name)));
    const limit = Math.exp(-lambda);
    let k = 0;
    let prod = u(name);
    while (prod > limit) {
      k++;
      prod *= u(name);
    }
    return k;
  };
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  return { u, normal, logistic, poisson, between, int, chance };
}

type Source = ReturnType<typeof v12Source>;

/** Rounds to the sensor's resolution (0.01, 0.1, 0.5, 1, 5); never -0. */
export function v12Round(v: number, step: number): number {
  const places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const f = 10 ** places;
  return Math.round(Math.round(v / step) * step * f) / f + 0;
}

const hourOf = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
/** 0 Sunday … 6 Saturday, local. */
const weekday = (t: number, tz: number) => new Date(t + tz * HOUR).getUTCDay();
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const bell = (h: number, mid: number, width: number) => Math.exp(-(((h - mid) / width) ** 2));
const dayNo = (t: number, tz: number) => Math.floor((t + tz * HOUR - HELDOUT_V12_START) / DAY);

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

type Arrival = (i: number, t: number) => number;
type Role = 'control' | 'spike' | 'shift' | 'flatline' | 'dropout' | 'regime';

interface Mark {
  kind: HeldoutSeries['labels'][number]['kind'];
  a: number;
  b: number;
}

interface Series {
  id: string;
  shape: string;
  measurement: string;
  times: number[];
  values: number[];
  step: number;
  marks: Mark[];
  missing: Set<number>;
  arrival: Arrival;
  duplicates: (i: number) => number | null;
}

function published(s: Series): { idx: number[]; vals: number[] } {
  const idx: number[] = [];
  for (let i = 0; i < s.values.length; i++) if (!s.missing.has(i)) idx.push(i);
  return { idx, vals: idx.map((i) => v12Round(s.values[i] as number, s.step)) };
}

function clock(days: number, cadence: number, r: Source, truncate: boolean): number[] {
  const t0 = HELDOUT_V12_START + r.int(0, 3600, 'clock') * SEC;
  const times: number[] = [];
  for (let t = t0; t < t0 + days * DAY; t += cadence * (1 + 0.008 * r.normal('clock'))) {
    const at = truncate ? Math.floor(t / SEC) * SEC : Math.round(t);
    if (times.length === 0 || at > (times.at(-1) as number)) times.push(at);
  }
  return times;
}

function indexAt(times: number[], t: number): number {
  let a = 0;
  let b = times.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if ((times[m] as number) > t) b = m;
    else a = m + 1;
  }
  return a - 1;
}

function finish(s: Series): HeldoutSeries {
  const { idx } = published(s);
  const pos = new Map(idx.map((i, k) => [i, k]));
  const labels: HeldoutSeries['labels'] = [];
  for (const m of s.marks) {
    const measurement = m.kind === 'dropout' ? null : s.measurement;
    const k = pos.get(m.a) as number;
    if (m.kind === 'spike' || m.kind === 'flatline') labels.push({ kind: m.kind, measurement, from: s.times[m.a] as number, to: s.times[m.b] as number });
    if (m.kind === 'level_shift') labels.push({ kind: 'level_shift', measurement, from: s.times[m.a] as number, to: s.times[idx[k + 10] as number] as number });
    if (m.kind === 'regime_change') {
      const end = (s.times[m.a] as number) + 3.5 * HOUR;
      let j = k;
      while (j + 1 < idx.length && (s.times[idx[j + 1] as number] as number) <= end) j++;
      labels.push({ kind: 'regime_change', measurement, from: s.times[m.a] as number, to: s.times[idx[j] as number] as number });
    }
    if (m.kind === 'dropout') {
      const before = idx.filter((i) => i < m.a).at(-1) as number;
      const after = idx.find((i) => i > m.b) as number;
      labels.push({ kind: 'dropout', measurement, from: s.times[before] as number, to: s.times[after] as number });
    }
  }
  const nearLabel = (t: number) => labels.some((l) => t >= l.from - HOUR && t <= l.to + HOUR);
  const points: HeldoutSeries['points'] = [];
  const arrivals: number[] = [];
  for (const i of idx) {
    const t = s.times[i] as number;
    const value = v12Round(s.values[i] as number, s.step);
    const at = Math.max(t + 150, Math.round(s.arrival(i, t)));
    points.push({ t, m: { [s.measurement]: value } });
    arrivals.push(at);
    const dup = nearLabel(t) ? null : s.duplicates(i);
    if (dup !== null) {
      points.push({ t, m: { [s.measurement]: value } });
      arrivals.push(Math.max(at + SEC, Math.round(dup)));
    }
  }
  return { identifier: s.id, shape: s.shape, points, labels, arrivals };
}

// ---- delivery -------------------------------------------------------------------------------

/** Kafka bridge, at-least-once: 0.4-3 s; after each consumer rebalance (2-6 a day) the last 1-3 min are delivered again 5-30 s later. */
function kafka(r: Source, s: Series): Arrival {
  const first = s.times[0] as number;
  const last = s.times.at(-1) as number;
  const rebalances: [number, number][] = [];
  for (let t = first + r.between(2, 10, 'rb') * HOUR; t < last; t += r.between(4, 12, 'rb') * HOUR) rebalances.push([t, r.between(1, 3, 'rb') * MIN]);
  s.duplicates = (i) => {
    const t = s.times[i] as number;
    const hit = rebalances.find(([at, back]) => t < at && t >= at - back);
    return hit ? hit[0] + r.between(5, 30, 'dup') * SEC : null;
  };
  return (_i, t) => t + r.between(400, 3000, 'wire');
}

/** Historian-to-cloud connector, restarted nightly at 03:15 local for 4-8 min; on reconnect it replays from a checkpoint 10 min earlier. */
function connector(r: Source, s: Series, tz: number): Arrival {
  const restarts: [number, number][] = [];
  for (let d = dayNo(s.times[0] as number, tz) - 1; d <= dayNo(s.times.at(-1) as number, tz) + 1; d++) {
    const at = HELDOUT_V12_START + d * DAY - tz * HOUR + 3.25 * HOUR;
    restarts.push([at, at + r.between(4, 8, 'restart') * MIN]);
  }
  s.duplicates = (i) => {
    const t = s.times[i] as number;
    const hit = restarts.find(([a]) => t >= a - 10 * MIN && t < a);
    return hit ? hit[1] + r.between(5, 40, 'dup') * SEC : null;
  };
  return (_i, t) => {
    const down = restarts.find(([a, b]) => t >= a && t < b);
    return down ? down[1] + r.between(2, 20, 'wire') * SEC : t + r.between(2000, 6000, 'wire');
  };
}

/** Iridium SBD: a message every 15 min; 8 % of sessions fail (next slot); 2 % of messages delivered twice, 1-5 min apart. */
function iridium(r: Source, s: Series): Arrival {
  const period = 15 * MIN;
  const phase = r.between(0, period, 'phase');
  const slot = (t: number) => Math.ceil((t + SEC - phase) / period) * period + phase;
  const sent = new Map<number, { at: number; twice: boolean }>();
  const of = (b: number) => {
    let p = sent.get(b);
    if (!p) {
      let at = b;
      while (r.chance(0.08, 'fail')) at += period;
      p = { at: at + r.between(20, 70, 'sbd') * SEC, twice: r.chance(0.02, 'twice') };
      sent.set(b, p);
    }
    return p;
  };
  s.duplicates = (i) => {
    const p = of(slot(s.times[i] as number));
    return p.twice ? p.at + r.between(1, 5, 'twice') * MIN : null;
  };
  // A message sent later than a newer one would arrive out of order: a retried message carries all queued records.
  let lastAt = 0;
  return (_i, t) => {
    lastAt = Math.max(lastAt, of(slot(t)).at);
    return lastAt;
  };
}

/** Cellular modem, 10-min bundles; 18-23 local the island's network is congested (2-25 min); 3 % of bundles re-posted 1-3 min later. */
function modem(r: Source, s: Series, tz: number): Arrival {
  const period = 10 * MIN;
  const phase = r.between(0, period, 'phase');
  const cut = (t: number) => Math.ceil((t + SEC - phase) / period) * period + phase;
  const post = new Map<number, { at: number; again: boolean }>();
  const of = (b: number) => {
    let p = post.get(b);
    if (!p) {
      const busy = within(hourOf(b, tz), 18, 23);
      p = { at: b + (busy ? r.between(2, 25, 'post') * MIN : r.between(5, 40, 'post') * SEC), again: r.chance(0.03, 'again') };
      post.set(b, p);
    }
    return p;
  };
  s.duplicates = (i) => {
    const p = of(cut(s.times[i] as number));
    return p.again ? p.at + r.between(1, 3, 'again') * MIN : null;
  };
  return (_i, t) => of(cut(t)).at;
}

/** Wi-Fi logger posting 10-min batches; a failed post (5 %) is retried after 1, 2, 4 min. */
function wifiBatch(r: Source): Arrival {
  const period = 10 * MIN;
  const phase = r.between(0, period, 'phase');
  const cut = (t: number) => Math.ceil((t + SEC - phase) / period) * period + phase;
  const post = new Map<number, number>();
  return (_i, t) => {
    const b = cut(t);
    let at = post.get(b);
    if (at === undefined) {
      at = b + r.between(1, 4, 'post') * SEC;
      for (let wait = 1; wait <= 4 && r.chance(0.05, 'fail'); wait *= 2) at += wait * MIN;
      post.set(b, at);
    }
    return at;
  };
}

/** Ferry crossings (Chatham Islands, +12:45): [depart, arrive] pairs, by day only; shared by a copy's ferry devices. */
function crossings(c: number, seed: number): [number, number][] {
  const r = v12Source(`ferry-${c}`, seed);
  const out: [number, number][] = [];
  for (let d = -1; d < 10; d++) {
    const dayStart = HELDOUT_V12_START + d * DAY - 12.75 * HOUR;
    for (const dep of [7, 10.5, 14, 17.5]) {
      const at = dayStart + (dep + r.between(-0.1, 0.25, 'dep')) * HOUR;
      out.push([at, at + r.between(75, 95, 'len') * MIN]);
    }
  }
  return out;
}
const sailing = (list: [number, number][], t: number) => list.find(([a, b]) => t >= a && t < b);

/** Ferry logger: uploads over the wharf's Wi-Fi 3-10 min after each docking; in port the records go live (2-5 s). */
function alongside(r: Source, list: [number, number][]): Arrival {
  return (_i, t) => {
    const at = sailing(list, t);
    return at ? at[1] + r.between(3, 10, 'upload') * MIN : t + r.between(2, 5, 'wire') * SEC;
  };
}

/** Tide gauge: each reading sent in the next hourly satellite slot and again in the one after. */
function satelliteSlots(r: Source, s: Series): Arrival {
  const phase = r.between(0, HOUR, 'phase');
  const slot = (t: number) => Math.ceil((t + SEC - phase) / HOUR) * HOUR + phase;
  s.duplicates = (i) => slot(s.times[i] as number) + HOUR + r.between(8, 30, 'dup') * SEC;
  return (_i, t) => slot(t) + r.between(8, 30, 'wire') * SEC;
}

// ---- device types ---------------------------------------------------------------------------

interface Ctx {
  r: Source;
  times: number[];
  tz: number;
  regimeAt: number;
  c: number;
  seed: number;
}

interface DeviceType {
  type: string;
  shape: string;
  measurement: string;
  cadence: number;
  days: number;
  step: number;
  tz: number;
  range: [number, number];
  roles: [Role, Role, Role];
  /** PLC clock: timestamps truncated to whole seconds. */
  truncate?: boolean;
  where?: (t: number, x: Ctx) => boolean;
  regimeWhere?: (t: number, x: Ctx) => boolean;
  values: (x: Ctx) => number[];
  delivery: (x: Ctx, s: Series) => Arrival;
}

function ar1(r: Source, phi: number, sd: number, name: string) {
  let x = 0;
  return () => (x = phi * x + Math.sqrt(1 - phi * phi) * sd * r.normal(name));
}

const IRAN = 3.5;
const NFLD = -3.5;
const CHATHAM = 12.75;
const TONGA = 13;
/** Friday 08-16 maintenance stop at the steel works. */
const maintenance = (t: number) => weekday(t, IRAN) === 5 && within(hourOf(t, IRAN), 8, 16);
/** Arc furnace heats: [power on, power off] blocks, 36-44 min on, 12-25 min between; none in the Friday stop. */
function heats(c: number, seed: number): [number, number][] {
  const r = v12Source(`eaf-${c}`, seed);
  const out: [number, number][] = [];
  let t = HELDOUT_V12_START - DAY;
  while (t < HELDOUT_V12_START + 10 * DAY) {
    if (maintenance(t)) {
      t += 10 * MIN;
      continue;
    }
    const on = r.between(36, 44, 'h') * MIN;
    out.push([t, t + on]);
    t += on + r.between(12, 25, 'h') * MIN;
  }
  return out;
}
/** Paper grade changes (shared by a copy's paper machine devices): start times and the new grade's moisture / refiner offsets. */
function grades(c: number, seed: number): { at: number; moist: number; kw: number }[] {
  const r = v12Source(`grade-${c}`, seed);
  const out: { at: number; moist: number; kw: number }[] = [{ at: HELDOUT_V12_START - DAY, moist: 0, kw: 0 }];
  let t = HELDOUT_V12_START + r.between(6, 30, 'g') * HOUR;
  while (t < HELDOUT_V12_START + 10 * DAY) {
    out.push({ at: t, moist: r.between(-0.5, 0.5, 'g'), kw: r.between(-250, 250, 'g') });
    t += r.between(14, 40, 'g') * HOUR;
  }
  return out;
}
const gradeAt = (list: { at: number; moist: number; kw: number }[], t: number) => list.filter((g) => g.at <= t).at(-1) as { at: number; moist: number; kw: number };

const TYPES: DeviceType[] = [
  {
    type: 'eaf-electrode-current', shape: 'electric arc furnace electrode current: heats of ~40 min power-on, exactly 0 kA between heats and in the Friday maintenance stop; Kafka bridge', measurement: 'arc_ka',
    cadence: MIN, days: 3, step: 0.1, tz: IRAN, range: [0, 90], roles: ['control', 'spike', 'dropout'], truncate: true,
    where: (t) => !maintenance(t),
    values: (x) => {
      const list = heats(x.c, x.seed);
      const wob = ar1(x.r, 0.5, 1.8, 'ar');
      return x.times.map((t) => {
        const on = list.find(([a, b]) => t >= a && t < b);
        if (!on) return 0;
        // Bore-in at lower current, then flat bath at full current.
        const into = (t - on[0]) / MIN;
        return (into < 8 ? 48 : 62) + wob() + 0.8 * x.r.logistic('g');
      });
    },
    delivery: (x, s) => kafka(x.r, s),
  },
  {
    type: 'caster-mould-level', shape: 'continuous caster mould level: held at its setpoint, a dip and recovery at each tundish change (~every 7 h)', measurement: 'mould_mm',
    cadence: MIN, days: 3, step: 0.1, tz: IRAN, range: [40, 160], roles: ['shift', 'control', 'flatline'], truncate: true,
    values: (x) => {
      const wob = ar1(x.r, 0.7, 1.1, 'ar');
      const every = x.r.between(6.5, 7.5, 'tundish') * HOUR;
      const t0 = x.times[0] as number;
      return x.times.map((t) => {
        const since = ((t - t0) % every) / MIN;
        const dip = since < 6 ? -5 * Math.sin((since / 6) * Math.PI) : 0;
        return 100 + dip + wob();
      });
    },
    delivery: (x, s) => kafka(x.r, s),
  },
  {
    type: 'reheat-furnace-zone-temp', shape: 'reheat furnace soaking zone temperature: 1180 °C while rolling, held at ~1060 °C over the Friday stop', measurement: 'zone_c',
    cadence: 2 * MIN, days: 4, step: 1, tz: IRAN, range: [900, 1300], roles: ['regime', 'control', 'spike'], truncate: true,
    where: (t) => !maintenance(t) && !maintenance(t - 3 * HOUR),
    regimeWhere: (t) => weekday(t, IRAN) !== 5 && weekday(t, IRAN) !== 6 && within(hourOf(t, IRAN), 0, 20),
    values: (x) => {
      let temp = 1180;
      const wob = ar1(x.r, 0.85, 2.2, 'ar');
      return x.times.map((t, i) => {
        const target = maintenance(t) ? 1060 : 1180;
        temp += 0.06 * (target - temp);
        // A burner fouling: the zone runs a little cooler and less steadily.
        const fouled = x.regimeAt >= 0 && i >= x.regimeAt;
        return temp - (fouled ? 9 * Math.min(1, (i - x.regimeAt) / 40) : 0) + wob() * (fouled ? 1.8 : 1);
      });
    },
    delivery: (x, s) => kafka(x.r, s),
  },
  {
    type: 'kiln-shell-scanner-temp', shape: 'cement kiln shell scanner (burning zone) temperature: follows the day/night air temperature of a highland winter, coating slowly building and falling off', measurement: 'shell_c',
    cadence: 5 * MIN, days: 6, step: 1, tz: IRAN, range: [150, 450], roles: ['control', 'shift', 'dropout'], truncate: true,
    values: (x) => {
      const wob = ar1(x.r, 0.95, 6, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, IRAN);
        return 300 + 9 * Math.sin(((h - 9) / 24) * 2 * Math.PI) + wob() + 1.5 * x.r.normal('n');
      });
    },
    delivery: (x, s) => kafka(x.r, s),
  },
  {
    type: 'cement-mill-motor-kw', shape: 'cement ball mill motor power: runs off-peak, stopped (exactly 0 kW) in the 17-21 peak tariff, clinker hardness wandering', measurement: 'mill_kw',
    cadence: MIN, days: 3, step: 1, tz: IRAN, range: [0, 6000], roles: ['flatline', 'control', 'regime'], truncate: true,
    where: (t) => within(hourOf(t, IRAN), 0, 15),
    regimeWhere: (t) => within(hourOf(t, IRAN), 0, 11),
    values: (x) => {
      const wob = ar1(x.r, 0.97, 60, 'ar');
      return x.times.map((t, i) => {
        const h = hourOf(t, IRAN);
        if (within(h, 17, 21)) return 0;
        const ramp = within(h, 21, 21.3) ? (h - 21) / 0.3 : 1;
        // Liners worn / ball charge topped up: the draw climbs slowly.
        const up = x.regimeAt >= 0 && i >= x.regimeAt ? Math.min(260, 1.1 * (i - x.regimeAt)) : 0;
        return ramp * (4300 + up + wob() + 12 * x.r.normal('n'));
      });
    },
    delivery: (x, s) => kafka(x.r, s),
  },
  {
    type: 'clinker-cooler-undergrate-mbar', shape: 'clinker cooler undergrate pressure: rises and falls with the clinker bed, grate speed trimming it back', measurement: 'grate_mbar',
    cadence: MIN, days: 3, step: 0.5, tz: IRAN, range: [20, 120], roles: ['spike', 'control', 'shift'], truncate: true,
    values: (x) => {
      const wob = ar1(x.r, 0.9, 2.2, 'ar');
      let bed = 0;
      return x.times.map(() => {
        bed = 0.97 * bed + 0.6 * x.r.normal('bed');
        return 62 + bed + wob() + 0.5 * x.r.logistic('g');
      });
    },
    delivery: (x, s) => kafka(x.r, s),
  },
  {
    type: 'paper-reel-moisture', shape: 'paper machine reel moisture: held near 7 %, steps at each grade change, a sheet break now and then', measurement: 'moisture_pct',
    cadence: MIN, days: 4, step: 0.01, tz: NFLD, range: [3, 12], roles: ['regime', 'control', 'spike'],
    regimeWhere: (t) => within(hourOf(t, NFLD), 6, 18),
    values: (x) => {
      const list = grades(x.c, x.seed);
      const wob = ar1(x.r, 0.8, 0.09, 'ar');
      return x.times.map((t, i) => {
        const g = gradeAt(list, t);
        const settle = Math.exp(-(t - g.at) / (20 * MIN));
        // A worn dryer felt: moisture wanders more and sits a little higher.
        const felt = x.regimeAt >= 0 && i >= x.regimeAt;
        return 7 + g.moist * (1 - settle) + (felt ? 0.22 : 0) + wob() * (felt ? 2 : 1);
      });
    },
    delivery: (x, s) => connector(x.r, s, NFLD),
  },
  {
    type: 'pulp-refiner-motor-kw', shape: 'pulp refiner motor power: set by the grade, plate gap trimmed by the operator each shift', measurement: 'refiner_kw',
    cadence: 2 * MIN, days: 4, step: 1, tz: NFLD, range: [0, 4000], roles: ['control', 'dropout', 'shift'],
    values: (x) => {
      const list = grades(x.c, x.seed);
      const wob = ar1(x.r, 0.75, 18, 'ar');
      let trim = 0;
      let shift = -1;
      return x.times.map((t) => {
        const h = hourOf(t, NFLD);
        const now = dayNo(t, NFLD) * 2 + (within(h, 7, 19) ? 1 : 0);
        if (now !== shift) {
          shift = now;
          trim = x.r.between(-40, 40, 'trim');
        }
        return 2100 + gradeAt(list, t).kw + trim + wob();
      });
    },
    delivery: (x, s) => connector(x.r, s, NFLD),
  },
  {
    type: 'recovery-boiler-steam-tph', shape: 'recovery boiler steam flow: follows the black liquor firing, dips at soot blowing every 4 h', measurement: 'steam_tph',
    cadence: 5 * MIN, days: 8, step: 0.5, tz: NFLD, range: [0, 400], roles: ['dropout', 'control', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.9, 3, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, NFLD);
        const soot = within(h % 4, 1, 1.5) ? -6 : 0;
        return 205 + 4 * bell(h, 14, 5) + soot + wob();
      });
    },
    delivery: (x, s) => connector(x.r, s, NFLD),
  },
  {
    type: 'wellhead-flowing-pressure', shape: 'offshore wellhead flowing pressure: slow decline, choke opened a step after the morning well test; Iridium SBD', measurement: 'whp_bar',
    cadence: 5 * MIN, days: 6, step: 0.1, tz: NFLD, range: [20, 250], roles: ['control', 'spike', 'regime'],
    regimeWhere: (t) => within(hourOf(t, NFLD), 11, 22),
    values: (x) => {
      const wob = ar1(x.r, 0.9, 0.35, 'ar');
      const t0 = x.times[0] as number;
      let choke = 0;
      let last = -1;
      return x.times.map((t, i) => {
        const d = dayNo(t, NFLD);
        if (d !== last && hourOf(t, NFLD) >= 9) {
          last = d;
          choke -= x.r.between(0, 1.2, 'choke');
        }
        // Water breakthrough: pressure starts falling faster and slugs more.
        const water = x.regimeAt >= 0 && i >= x.regimeAt;
        const fall = water ? (-0.35 * (t - (x.times[x.regimeAt] as number))) / HOUR : 0;
        return 142 - (0.25 * (t - t0)) / DAY + choke + fall + wob() * (water ? 2 : 1);
      });
    },
    delivery: (x, s) => iridium(x.r, s),
  },
  {
    type: 'gas-compressor-discharge-temp', shape: 'offshore gas compressor discharge temperature: follows throughput and sea-water cooling', measurement: 'discharge_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: NFLD, range: [40, 180], roles: ['shift', 'control', 'dropout'],
    values: (x) => {
      const wob = ar1(x.r, 0.93, 0.9, 'ar');
      return x.times.map((t) => 118 + 1.5 * Math.sin(((hourOf(t, NFLD) - 15) / 24) * 2 * Math.PI) + wob() + 0.2 * x.r.normal('n'));
    },
    delivery: (x, s) => iridium(x.r, s),
  },
  {
    type: 'platform-crane-hook-load', shape: 'platform crane hook load: empty hook (~2 t) most of the time, lifts 3-25 t by day when the supply vessel is alongside', measurement: 'hook_t',
    cadence: MIN, days: 3, step: 0.1, tz: NFLD, range: [0, 60], roles: ['control', 'flatline', 'control'],
    where: (t) => within(hourOf(t, NFLD), 10, 16),
    values: (x) => {
      const vessel = new Set<number>();
      for (let d = -1; d < 6; d++) if (x.r.chance(0.6, 'vessel')) vessel.add(d);
      let load = 0;
      let left = 0;
      return x.times.map((t) => {
        const h = hourOf(t, NFLD);
        const busy = vessel.has(dayNo(t, NFLD)) && within(h, 8, 18);
        if (left > 0) left--;
        else {
          load = busy && x.r.chance(0.12, 'lift') ? x.r.between(3, 25, 'lift') : 0;
          left = load > 0 ? x.r.int(4, 12, 'lift') : 0;
        }
        return 2.1 + load + 0.12 * x.r.normal('n') + (load > 0 ? 0.4 * x.r.normal('sway') : 0);
      });
    },
    delivery: (x, s) => iridium(x.r, s),
  },
  {
    type: 'ferry-main-engine-rpm', shape: 'island ferry main engine speed: four crossings a day (~750 rpm), exactly 0 in port and overnight; logger uploads alongside', measurement: 'engine_rpm',
    cadence: MIN, days: 4, step: 1, tz: CHATHAM, range: [0, 1000], roles: ['spike', 'control', 'control'],
    where: (t, x) => !!sailing(crossings(x.c, x.seed), t - 10 * MIN) && !!sailing(crossings(x.c, x.seed), t + 15 * MIN),
    values: (x) => {
      const list = crossings(x.c, x.seed);
      const wob = ar1(x.r, 0.8, 6, 'ar');
      return x.times.map((t) => {
        const on = sailing(list, t);
        if (!on) return 0;
        const ramp = Math.min(1, (t - on[0]) / (6 * MIN), (on[1] - t) / (6 * MIN));
        return ramp * (748 + wob());
      });
    },
    delivery: (x) => alongside(x.r, crossings(x.c, x.seed)),
  },
  {
    type: 'harbour-tide-gauge', shape: 'harbour tide gauge: semi-diurnal tide (12.42 h, spring-neap), swell; each reading sent in two hourly satellite slots', measurement: 'tide_cm',
    cadence: 6 * MIN, days: 8, step: 1, tz: CHATHAM, range: [-100, 400], roles: ['control', 'dropout', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.6, 2.5, 'ar');
      const t0 = HELDOUT_V12_START;
      const surge = ar1(x.r, 0.995, 6, 'surge');
      return x.times.map((t) => {
        const m2 = Math.cos(((t - t0) / (12.42 * HOUR)) * 2 * Math.PI);
        const s2 = 0.25 * Math.cos(((t - t0) / (12 * HOUR)) * 2 * Math.PI + 1.1);
        return 160 + 48 * (m2 + s2) + surge() + wob();
      });
    },
    delivery: (x, s) => satelliteSlots(x.r, s),
  },
  {
    type: 'fish-plant-blast-freezer-temp', shape: 'fish plant blast freezer: -35 °C, warming when loaded after the morning landing, defrost at 02:00; Wi-Fi logger posting 10-min batches', measurement: 'freezer_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: CHATHAM, range: [-45, 10], roles: ['regime', 'control', 'control'],
    regimeWhere: (t) => within(hourOf(t, CHATHAM), 14, 23),
    values: (x) => {
      const wob = ar1(x.r, 0.85, 0.3, 'ar');
      let temp = -35;
      return x.times.map((t, i) => {
        const h = hourOf(t, CHATHAM);
        const sunday = weekday(t, CHATHAM) === 0;
        const loading = !sunday && within(h, 10, 11.5) ? 1.1 : 0;
        const defrost = within(h, 2, 2.4) ? 1.6 : 0;
        // A refrigerant leak: the plant pulls down more weakly and cycles wider.
        const leak = x.regimeAt >= 0 && i >= x.regimeAt;
        const pull = leak ? 0.06 : 0.12;
        temp += loading + defrost - pull * (temp + 35) + 0.02;
        return temp + (leak ? 1.5 : 0) + wob() * (leak ? 1.8 : 1);
      });
    },
    delivery: (x) => wifiBatch(x.r),
  },
  {
    type: 'desal-ro-feed-pressure', shape: 'desalination RO feed pressure: ~58 bar, rising slowly as membranes foul, a low-pressure flush every 6 h; cellular 10-min bundles', measurement: 'feed_bar',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: TONGA, range: [10, 80], roles: ['control', 'shift', 'spike'],
    where: (t) => !within(hourOf(t, TONGA) % 6, 0, 1),
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.35, 'ar');
      const t0 = x.times[0] as number;
      return x.times.map((t) => {
        const flush = within(hourOf(t, TONGA) % 6, 0, 0.25);
        if (flush) return 4.5 + 0.2 * x.r.normal('n');
        return 57.5 + (0.4 * (t - t0)) / DAY + wob();
      });
    },
    delivery: (x, s) => modem(x.r, s, TONGA),
  },
  {
    type: 'desal-permeate-conductivity', shape: 'desalination permeate conductivity: ~320 µS/cm, higher with warm afternoon feed water, spikes right after each flush', measurement: 'permeate_us',
    cadence: 5 * MIN, days: 6, step: 1, tz: TONGA, range: [50, 1500], roles: ['flatline', 'control', 'regime'],
    regimeWhere: (t) => within(hourOf(t, TONGA) % 6, 1.5, 3),
    values: (x) => {
      const wob = ar1(x.r, 0.85, 7, 'ar');
      return x.times.map((t, i) => {
        const h = hourOf(t, TONGA);
        const afterFlush = within(h % 6, 0.25, 0.75) ? 40 * Math.exp(-((h % 6) - 0.25) / 0.15) : 0;
        // An O-ring leak on a pressure vessel: salt passage creeps up.
        const leak = x.regimeAt >= 0 && i >= x.regimeAt ? Math.min(60, (0.5 * (t - (x.times[x.regimeAt] as number))) / MIN / 5) : 0;
        return 320 + 25 * bell(h, 15, 4) + afterFlush + leak + wob();
      });
    },
    delivery: (x, s) => modem(x.r, s, TONGA),
  },
  {
    type: 'island-powerhouse-load-kw', shape: 'island diesel powerhouse load: evening peak, low and flat on Sunday (Sabbath), church services on Sunday morning', measurement: 'load_kw',
    cadence: MIN, days: 4, step: 1, tz: TONGA, range: [0, 20000], roles: ['dropout', 'control', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.95, 90, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, TONGA);
        const sunday = weekday(t, TONGA) === 0;
        const day = sunday ? 500 * bell(h, 10, 1.5) : 1800 * bell(h, 12, 4);
        return 7200 + day + 2600 * bell(h, 20, 2) + wob() + 25 * x.r.normal('n');
      });
    },
    delivery: (x, s) => modem(x.r, s, TONGA),
  },
];

function find(n: number, from: number, ok: (i: number) => boolean): number {
  for (let i = from; i < n; i++) if (ok(i)) return i;
  for (let i = 300; i < from; i++) if (ok(i)) return i;
  return from;
}

/** The device type names of v12 (for the structure test). */
export const V12_TYPES = TYPES.map((d) => d.type);

/** The held-out v12 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV12(copies = 3, seed = 540_108): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    for (const d of TYPES) {
      const r = v12Source(`${d.type}/${c}`, seed);
      const role: Role = d.roles[c % 3] as Role;
      const times = clock(d.days, d.cadence, r, !!d.truncate);
      const n = times.length;
      const x0: Ctx = { r, times, tz: d.tz, regimeAt: -1, c, seed };
      const ok = (i: number) => !d.where || d.where(times[i] as number, x0);
      const lo = Math.max(360, Math.round(n * 0.3));
      const end = (hours: number) => indexAt(times, (times.at(-1) as number) - hours * HOUR);
      const regimeOk = (i: number) => (d.regimeWhere ? d.regimeWhere(times[i] as number, x0) : ok(i));
      const regimeAt = role === 'regime' ? find(end(6), lo + r.int(0, Math.round(n * 0.2), 'at'), regimeOk) : -1;
      const ctx: Ctx = { ...x0, regimeAt };
      const s: Series = {
        id: `v12-${d.type}-${c}`,
        shape: role === 'control' ? `${d.shape} (control)` : d.shape,
        measurement: d.measurement,
        times,
        values: d.values(ctx),
        step: d.step,
        marks: [],
        missing: new Set(),
        arrival: () => 0,
        duplicates: () => null,
      };
      const start = lo + r.int(0, Math.round(n * 0.3), 'at');
      const sign = r.chance(0.5, 'sign') ? 1 : -1;
      const inward = (base: number, size: number, want: number) => (base + want * size > d.range[1] ? -1 : base + want * size < d.range[0] ? 1 : want);
      if (role === 'spike') {
        const at = find(n - 10, start, ok);
        const width = r.int(1, 3, 'w');
        const sigmas = r.between(7.5, 9.5, 'size');
        const pub = published(s);
        const sigma = localSigma(pub.vals, at, d.step);
        const vals = pub.vals.slice();
        for (let w = 0; w < width; w++) {
          const base = median(vals.slice(at + w - 7, at + w + 8));
          vals[at + w] = v12Round(base + inward(base, sigmas * sigma, sign) * sigmas * sigma, d.step);
        }
        // Settle each spiked value against the median it is measured with (a few passes converge).
        for (let pass = 0; pass < 4; pass++) {
          for (let w = 0; w < width; w++) {
            const base = median(vals.slice(at + w - 7, at + w + 8));
            const dir = vals[at + w] >= base ? 1 : -1;
            vals[at + w] = v12Round(base + dir * sigmas * sigma, d.step);
          }
        }
        for (let w = 0; w < width; w++) s.values[at + w] = vals[at + w] as number;
        s.marks.push({ kind: 'spike', a: at, b: at + width - 1 });
      }
      if (role === 'shift') {
        const length = r.int(150, 250, 'len');
        const at = find(n - length - 20, Math.min(start, n - length - 30), ok);
        const pub = published(s);
        const size = r.between(4.2, 4.8, 'size') * levelSigma(pub.vals, at, d.step);
        const stretch = s.values.slice(at, at + length);
        const dir = sign > 0 ? (Math.max(...stretch) + size > d.range[1] ? -1 : 1) : Math.min(...stretch) - size < d.range[0] ? 1 : -1;
        for (let j = at; j < at + length; j++) s.values[j] = (s.values[j] as number) + dir * size;
        s.marks.push({ kind: 'level_shift', a: at, b: at + 10 });
      }
      if (role === 'flatline') {
        const rounded = s.values.map((v) => v12Round(v, d.step));
        const varying = (i: number) => ok(i) && new Set(rounded.slice(i - 20, i)).size >= 4;
        const at = find(n - 130, start, varying);
        const length = r.int(40, 120, 'len');
        const held = rounded[at - 1] as number;
        for (let j = at; j < at + length; j++) s.values[j] = held;
        let first = at - 1;
        while (first > 0 && rounded[first - 1] === held) first--;
        s.marks.push({ kind: 'flatline', a: first, b: at + length - 1 });
      }
      if (role === 'dropout') {
        const at = find(end(7), start, ok);
        const until = (times[at] as number) + r.between(2.2, 5.5, 'gap') * HOUR;
        let j = at;
        for (; (times[j] as number) < until; j++) s.missing.add(j);
        s.marks.push({ kind: 'dropout', a: at, b: j - 1 });
      }
      if (role === 'regime') s.marks.push({ kind: 'regime_change', a: regimeAt, b: indexAt(times, (times[regimeAt] as number) + 3.5 * HOUR) });
      s.arrival = d.delivery(ctx, s);
      out.push(finish(s));
    }
  }
  return out;
}
