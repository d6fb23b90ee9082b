/**
 * Held-out set v9 for `npm run bench:anomaly` (issue 20): written blind, in one sitting, by an
 * engineer who never read the detector code, its docs, the bench scripts, the anomaly tests or the
 * other worktrees (only the held-out contract in anomaly-heldout.ts, the Label/BenchSeries types of
 * anomaly-set.ts, the v7/v8 sets for the format and the label definitions, and the v5 sigma helpers),
 * and who never ran the detector or the bench on it. Misses and false alarms on it must never be
 * listed series by series (that would make it tuning data).
 *
 * What is different from v1-v8:
 * - generator: PCG32 (O'Neill 2014, XSH-RR 64/32, BigInt state, one stream per device and purpose,
 *   the stream increment taken from a DJB2-xor hash of "seed|device|purpose"); uniforms
 *   (x + 0.5) / 2^32; normals by Marsaglia's polar method; Laplace, log-normal, Weibull and
 *   exponential draws by inversion;
 * - a utility / energy / agriculture field fleet (18 device types never used before): a PV array's
 *   AC output, a battery storage system's state of charge, a DC fast charger's session power, a wind
 *   turbine's nacelle vibration, a water main's pressure, a reservoir's stage, a drip zone's soil
 *   moisture, a dairy vat's milk temperature, a grain bin's headspace humidity, a livestock barn's
 *   ammonia, a weather mast's wind gust, a pipeline's cathodic-protection potential, a substation
 *   transformer's top-oil temperature, an AMR water meter's flow, a borehole pump's motor current,
 *   a distribution feeder's current, a biogas digester's temperature and a centre pivot's end
 *   pressure;
 * - a winter start (Sunday 2046-01-14), short days (sunrise ~08, sunset ~16:30 local), a storm per
 *   copy shared by the wind turbine and the weather mast, local time zones UTC-7 to UTC+3;
 * - legitimate events that are NOT anomalies: night (PV exactly 0) and passing clouds, tariff-driven
 *   battery charging at night and discharge at the evening peak, charging sessions starting and
 *   tapering, storm gusts and the turbine's cut-out (vibration falls when it stops), booster pumps on
 *   a schedule, demand peaks, reservoir refills on the night tariff, daily drip irrigation, milking
 *   twice a day and the vat collected and washed every other day, aeration fans at night, manure
 *   scraping in the barn, stray current from a DC railway by day, transformer fans switching,
 *   household water use, pump duty cycles, the Sunday load, digester feeding, pivot stops;
 * - delivery habits not used before: report-by-exception (a deadband plus a heartbeat: the water
 *   main and the borehole pump publish only when the value moved by more than the deadband, or when
 *   the heartbeat is due), LoRaWAN links that lose 5-7 % of uplinks and sometimes several in a row
 *   (gaps up to an hour, normal for those devices), satellite terminals uploading at passes 1.5-4 h
 *   apart, store-and-forward gateways flushing once a day (records up to a day late) that re-send the
 *   tail of the previous flush (duplicates), slow device clocks (timestamps lag by up to 48 s,
 *   re-synchronised every 24 h: a forward jump), live SCADA/OCPP links with QoS-1 duplicates.
 *   Duplicate records: `points` may hold two points with the same `t` (and the same value); their
 *   times never decrease. Arrivals are never before the stamped time.
 *
 * Composition with the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts,
 * 6 flatlines, 7 dropouts, 6 regime changes), one label per labelled series, 21 controls (39 %).
 *
 * Labels, same definitions as v4-v8 (sigmas measured on the points as published, i.e. rounded to the
 * sensor's resolution and, for report-by-exception devices, only the records sent, with
 * `localSigma`/`levelSigma` of v5): spikes 7.5-9.5 local robust sigmas for 1-3 points; level shifts
 * 4.2-4.8 level sigmas for 150-250 points (for a report-by-exception device, the
 * samples that hold that many records on average; window: the first 10 published points); flatlines from
 * the first point that took the stuck value to the last stuck point (40-120 points); dropouts from
 * the last record before the gap to the first after it (gaps of 2.2-5.5 h, far longer than the
 * device's normal gaps); `regime_change` a change inside the usual range (a slope, a duty-cycle or a
 * baseline change) sustained over hours, window the first 3.5 hours of it. No LoRaWAN loss or
 * duplicate falls within an hour of a label (a slow clock's daily re-sync, a forward jump of at most
 * 48 s, may). Series without labels are controls.
 */
import type { HeldoutSeries } from './anomaly-heldout';
import { levelSigma, localSigma } from './anomaly-heldout-v5';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Sunday 2046-01-14 00:00 UTC. */
export const HELDOUT_V9_START = Date.UTC(2046, 0, 14);

const M64 = (1n << 64n) - 1n;
const PCG_MULT = 6364136223846793005n;

/** PCG32 (XSH-RR, 64-bit state, 32-bit output), as pcg32_srandom_r / pcg32_random_r of the reference C library. */
export class Pcg32 {
  private state = 0n;
  private readonly inc: bigint;
  constructor(initState: bigint, initSeq: bigint) {
    this.inc = ((initSeq << 1n) | 1n) & M64;
    this.next();
    this.state = (this.state + (initState & M64)) & M64;
    this.next();
  }
  next(): number {
    const old = this.state;
    this.state = (old * PCG_MULT + this.inc) & M64;
    const xorshifted = Number((((old >> 18n) ^ old) >> 27n) & 0xffffffffn);
    const rot = Number(old >> 59n);
    return ((xorshifted >>> rot) | (xorshifted << (-rot & 31))) >>> 0;
  }
  real(): number {
    return (this.next() + 0.5) / 4294967296;
  }
}

/** 64-bit DJB2-xor hash of a string (BigInt). */
function djb64(text: string): bigint {
  let h = 5381n;
  for (let i = 0; i < text.length; i++) h = ((h * 33n) ^ BigInt(text.charCodeAt(i))) & M64;
  return h;
}

/** One device's random source: each purpose has its own PCG32 stream. */
export function v9Source(key: string, seed: number) {
  const streams = new Map<string, Pcg32>();
  const spare = new Map<string, number>();
  const u = (name = 'u'): number => {
    let g = streams.get(name);
    if (!g) {
      const h = djb64(`${seed}|${key}|${name}`);
      g = new Pcg32(h ^ 0x853c49e6748fea9bn, (h >> 7n) ^ BigInt(seed));
      streams.set(name, g);
    }
    return g.real();
  };
  /** Marsaglia polar method; both values used. */
  const normal = (name = 'n'): number => {
    const kept = spare.get(name);
    if (kept !== undefined) {
      spare.delete(name);
      return kept;
    }
    for (;;) {
      const a = 2 * u(name) - 1;
      const b = 2 * u(name) - 1;
      const s = a * a + b * b;
      if (s > 0 && s < 1) {
        const f = Math.sqrt((-2 * Math.log(s)) / s);
        spare.set(name, b * f);
        return a * f;
      }
    }
  };
  const laplace = (name = 'l') => {
    const x = u(name) - 0.5;
    return -Math.sign(x) * Math.log(1 - 2 * Math.abs(x));
  };
  const exponential = (mean: number, name = 'e') => -mean * Math.log(u(name));
  const weibull = (scale: number, shape: number, name = 'w') => scale * (-Math.log(u(name))) ** (1 / shape);
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  return { u, normal, laplace, exponential, weibull, between, int, chance };
}

type Source = ReturnType<typeof v9Source>;

/** Rounds to the sensor's resolution (0.01, 0.1, 0.5, 1); never -0. */
export function v9Round(v: number, step: number): number {
  const places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const f = 10 ** places;
  return Math.round(Math.round(v / step) * step * f) / f + 0;
}

const hourOf = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
const weekday = (t: number, tz: number) => new Date(t + tz * HOUR).getUTCDay();
const dayNo = (t: number, tz: number) => Math.floor((t + tz * HOUR - HELDOUT_V9_START) / DAY);
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
/** Winter clear-sky shape: 0 before 08:00 and after 16:30 local, a sine bump between. */
const sun = (h: number) => (within(h, 8, 16.5) ? Math.sin(((h - 8) / 8.5) * Math.PI) ** 1.3 : 0);

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

type Arrival = (i: number, trueT: number) => number;
type Role = 'control' | 'spike' | 'shift' | 'flatline' | 'dropout' | 'regime';

/** A label in sample indices, resolved to published times at the end. */
interface Mark {
  kind: HeldoutSeries['labels'][number]['kind'];
  a: number;
  b: number;
}

interface Series {
  id: string;
  shape: string;
  measurement: string;
  /** Stamped times (device clock). */
  times: number[];
  /** True measurement times (arrivals are computed from these). */
  trueTimes: number[];
  values: number[];
  step: number;
  marks: Mark[];
  /** Sample indices never sent (dropouts, lost uplinks). */
  missing: Set<number>;
  /** Sample indices that must be sent (a report-by-exception device always reports a fault or a reconnect). */
  force: Set<number>;
  deadband?: { delta: number; heartbeat: number };
  arrival: Arrival;
  duplicates: (i: number) => number | null;
}

/** Indices sent: all but the missing ones, thinned by the deadband/heartbeat rule if the device has one. */
function sentIndices(s: Series, values: number[]): number[] {
  const out: number[] = [];
  let lastV = NaN;
  let lastT = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (s.missing.has(i)) continue;
    const v = v9Round(values[i] as number, s.step);
    const t = s.times[i] as number;
    if (s.deadband && !s.force.has(i) && out.length > 0 && Math.abs(v - lastV) < s.deadband.delta - 1e-9 && t - lastT < s.deadband.heartbeat) continue;
    out.push(i);
    lastV = v;
    lastT = t;
  }
  return out;
}

/** The published values (rounded, sent only) and their sample indices. */
function published(s: Series): { idx: number[]; vals: number[] } {
  const idx = sentIndices(s, s.values);
  return { idx, vals: idx.map((i) => v9Round(s.values[i] as number, s.step)) };
}

/** Stamped clock: cadence with jitter; a slow device clock lags by `lagPerHour` s/h, re-synced every 24 h of running. */
function clock(n: number, cadence: number, r: Source, lagPerHour: number): { times: number[]; trueTimes: number[] } {
  const t0 = HELDOUT_V9_START + r.int(0, 3600, 'clock') * SEC;
  const trueTimes: number[] = [];
  const times: number[] = [];
  let t = t0;
  let lastStamp = -Infinity;
  for (let i = 0; i < n; i++) {
    const trueT = Math.round(t);
    const sinceSync = (trueT - t0) % DAY;
    const stamp = Math.max(lastStamp + SEC, trueT - Math.round((lagPerHour * SEC * sinceSync) / HOUR));
    trueTimes.push(trueT);
    times.push(stamp);
    lastStamp = stamp;
    t += cadence * (1 + 0.004 * r.normal('clock'));
  }
  return { times, trueTimes };
}

function finish(s: Series): HeldoutSeries {
  for (const m of s.marks) {
    if (m.kind === 'spike') for (let k = m.a; k <= m.b + 1; k++) s.force.add(k);
    if (m.kind === 'level_shift' || m.kind === 'regime_change' || m.kind === 'flatline') s.force.add(m.a);
  }
  const { idx } = published(s);
  const pos = new Map(idx.map((i, k) => [i, k]));
  const labels: HeldoutSeries['labels'] = [];
  for (const m of s.marks) {
    const measurement = m.kind === 'dropout' ? null : s.measurement;
    const k = pos.get(m.a) as number;
    if (m.kind === 'spike') labels.push({ kind: 'spike', measurement, from: s.times[m.a] as number, to: s.times[m.b] as number });
    if (m.kind === 'flatline') labels.push({ kind: 'flatline', measurement, from: s.times[m.a] as number, to: s.times[m.b] as number });
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
    const value = v9Round(s.values[i] as number, s.step);
    const at = Math.max(t, Math.round(s.arrival(i, s.trueTimes[i] as number)));
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

/** SCADA/OCPP live: 0.3-3 s, QoS-1 redelivery of `dup` of the records a few seconds later. */
function live(r: Source, s: Series, dup: number): Arrival {
  s.duplicates = (i) => (r.chance(dup, 'dup') ? (s.trueTimes[i] as number) + r.between(4, 40, 'dup') * SEC : null);
  return (_i, t) => t + r.between(300, 3000, 'wire');
}

/** Upload instants from `first`, gaps drawn by `gap()`; each record goes with the first instant after it. */
function instants(from: number, to: number, gap: () => number): number[] {
  const out: number[] = [];
  for (let t = from + gap(); t < to + 2 * DAY; t += gap()) out.push(Math.round(t));
  return out;
}
function nextInstant(list: number[], t: number): number {
  let a = 0;
  let b = list.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if ((list[m] as number) > t) b = m;
    else a = m + 1;
  }
  return list[a] ?? t + DAY;
}

/** Satellite terminal: records wait for the next pass, passes 1.5-4 h apart. */
function satellite(r: Source, s: Series): Arrival {
  const passes = instants(s.trueTimes[0] as number, s.trueTimes.at(-1) as number, () => r.between(1.5, 4, 'pass') * HOUR);
  return (_i, t) => nextInstant(passes, t + 20 * SEC) + r.between(5, 90, 'wire') * SEC;
}

/** Store-and-forward gateway flushing once a day at local `hour`; it re-sends the records of the last `tail` minutes before each flush at the next one. */
function dailyFlush(r: Source, s: Series, tz: number, hour: number, tail: number): Arrival {
  const first = HELDOUT_V9_START - tz * HOUR + hour * HOUR + r.between(0, 10, 'flush') * MIN;
  const flushes = Array.from({ length: 20 }, (_, k) => first + k * DAY + r.between(0, 6, 'flush') * MIN);
  const arrival: Arrival = (_i, t) => nextInstant(flushes, t + MIN) + r.between(2, 40, 'wire') * SEC;
  s.duplicates = (i) => {
    const t = s.trueTimes[i] as number;
    const flush = nextInstant(flushes, t + MIN);
    return flush - t < tail * MIN ? nextInstant(flushes, flush + MIN) + r.between(2, 40, 'wire') * SEC : null;
  };
  return arrival;
}

/** LoRaWAN: 2-8 s via the network server; lost uplinks are marked missing (see `loraLoss`). */
const lorawan = (r: Source): Arrival => (_i, t) => t + r.between(2, 8, 'wire') * SEC;

/** Lost LoRaWAN uplinks: `p` of them singly, plus a few runs of 2-4 in a row; never near a label. */
function loraLoss(s: Series, r: Source, p: number, cadence: number): void {
  const runs = Math.max(1, Math.round(s.values.length / 300));
  const maxRun = Math.max(2, Math.min(4, Math.floor(HOUR / cadence) - 1));
  const near = (i: number) => s.marks.some((m) => i >= m.a - HOUR / cadence - 2 && i <= m.b + HOUR / cadence + 2);
  for (let i = 1; i < s.values.length - 1; i++) if (r.chance(p, 'loss') && !near(i)) s.missing.add(i);
  for (let k = 0; k < runs; k++) {
    const at = r.int(5, s.values.length - 10, 'loss');
    const len = r.int(2, maxRun, 'loss');
    if (!near(at) && !near(at + len)) for (let j = at; j < at + len; j++) s.missing.add(j);
  }
  // A single loss next to a run must not make a longer silence: at most `maxRun` in a row (about an hour).
  let run = 0;
  for (let i = 1; i < s.values.length - 1; i++) {
    if (!s.missing.has(i) || near(i)) run = 0;
    else if (++run > maxRun) {
      s.missing.delete(i);
      run = 0;
    }
  }
}

// ---- shared weather -------------------------------------------------------------------------

/** A storm per copy (shared by the wind turbine and the weather mast): start and length. */
function storm(c: number, seed: number): [number, number] {
  const r = v9Source(`storm-${c}`, seed);
  const from = HELDOUT_V9_START + r.between(30, 70, 's') * HOUR;
  return [from, from + r.between(8, 16, 's') * HOUR];
}

/** Mean wind (m/s) at `t`: diurnal, an AR(1) weather wander, the storm's bell. */
function windModel(c: number, seed: number, times: number[]): number[] {
  const r = v9Source(`wind-${c}`, seed);
  const [a, b] = storm(c, seed);
  let wander = 0;
  let lastT = times[0] as number;
  return times.map((t) => {
    const dtH = (t - lastT) / HOUR;
    lastT = t;
    const phi = Math.exp(-dtH / 6);
    wander = phi * wander + Math.sqrt(1 - phi * phi) * 1.6 * r.normal('ww');
    const h = hourOf(t, 0);
    const stormy = t >= a && t < b ? 14 * Math.sin(((t - a) / (b - a)) * Math.PI) : 0;
    return Math.max(0.3, 6 + 1.5 * Math.sin(((h - 9) / 24) * 2 * Math.PI) + wander + stormy);
  });
}

// ---- device types ---------------------------------------------------------------------------

interface Ctx {
  r: Source;
  times: number[];
  trueTimes: number[];
  tz: number;
  regimeAt: number;
  c: number;
  seed: number;
  cadence: number;
}

interface DeviceType {
  type: string;
  shape: string;
  measurement: string;
  cadence: number;
  days: number;
  step: number;
  tz: number;
  roles: [Role, Role, Role];
  /** Device clock lag (s per hour, re-synced daily); 0 for a synchronised clock. */
  lag?: number;
  deadband?: { delta: number; heartbeat: number };
  /** LoRaWAN: fraction of uplinks lost singly. */
  lora?: number;
  /** When a label may start (local hour), besides being away from the ends. */
  where?: (t: number, tz: number) => boolean;
  /** When a regime change may start, if not `where`. */
  regimeWhere?: (t: number, tz: number) => boolean;
  values: (x: Ctx) => number[];
  delivery: (x: Ctx, s: Series) => Arrival;
}

/** Bounded AR(1) helper: returns a stepper with coefficient `phi` and stationary sd `sd`. */
function ar1(r: Source, phi: number, sd: number, name: string) {
  let x = 0;
  return () => (x = phi * x + Math.sqrt(1 - phi * phi) * sd * r.normal(name));
}

const TYPES: DeviceType[] = [
  {
    type: 'pv-array-ac-output', shape: 'PV array AC output, winter day 08-16:30, exactly 0 at night, passing clouds', measurement: 'ac_kw',
    cadence: 5 * MIN, days: 4, step: 0.01, tz: 1, roles: ['regime', 'control', 'dropout'],
    where: (t, tz) => within(hourOf(t, tz), 10, 14.5),
    regimeWhere: (t, tz) => within(hourOf(t, tz), 9.5, 11.5),
    values: (x) => {
      const cap = x.r.between(35, 60, 'cap');
      let cloud = 0.8;
      let passing = 0;
      return x.times.map((t, i) => {
        const soiled = x.regimeAt >= 0 && i >= x.regimeAt ? 0.74 : 1;
        const s = sun(hourOf(t, 1)) * soiled;
        cloud = clamp(cloud + 0.04 * x.r.normal('cl'), 0.35, 1);
        if (passing <= 0 && x.r.chance(0.05, 'pass')) passing = x.r.int(1, 4, 'pass');
        const shade = passing-- > 0 ? x.r.between(0.35, 0.7, 'pass') : 1;
        return s === 0 ? 0 : Math.max(0, cap * s * cloud * shade * (1 + 0.01 * x.r.normal('n')));
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'bess-state-of-charge', shape: 'battery storage state of charge: night-tariff charge, evening-peak discharge, midday solar top-up', measurement: 'soc_pct',
    cadence: 5 * MIN, days: 4, step: 0.1, tz: 1, roles: ['control', 'control', 'flatline'],
    where: (t, tz) => within(hourOf(t, tz), 10, 14) || within(hourOf(t, tz), 21.5, 23.5),
    values: (x) => {
      let soc = 55;
      return x.times.map((t, i) => {
        const h = hourOf(t, 1);
        const aged = x.regimeAt >= 0 && i >= x.regimeAt;
        const top = aged ? 80 : 92;
        let d = -0.04;
        if (within(h, 0.5, 5.5) && soc < top) d = (aged ? 1.1 : 1.5) + 0.15 * x.r.normal('d');
        else if (within(h, 17, 21)) d = -(aged ? 1.9 : 1.6) - 0.3 * x.r.u('d');
        else if (within(h, 10, 14.5)) d = 0.1 * sun(h) + 0.1 * x.r.normal('d');
        soc = clamp(soc + d, 8, 100);
        return Math.min(100, soc + 0.06 * x.r.normal('n'));
      });
    },
    delivery: (x, s) => live(x.r, s, 0.003),
  },
  {
    type: 'dc-fast-charger-session', shape: 'DC fast charger session power: arrivals by day, ramp then taper, exactly 0 between sessions', measurement: 'power_kw',
    cadence: MIN, days: 2, step: 0.1, tz: -5, roles: ['control', 'dropout', 'control'],
    where: (t, tz) => within(hourOf(t, tz), 9, 17),
    values: (x) => {
      let left = 0;
      let peak = 0;
      let len = 0;
      return x.times.map((t) => {
        const h = hourOf(t, -5);
        const rate = within(h, 7, 22) ? 0.03 : 0.004;
        if (left <= 0 && x.r.chance(rate, 'arr')) {
          len = x.r.int(18, 45, 'len');
          left = len;
          peak = x.r.between(45, 140, 'pk');
        }
        if (left <= 0) return 0;
        const k = len - left--;
        const p = k < 2 ? peak * (k + 1) / 3 : peak * Math.min(1, Math.exp(-(k - len * 0.45) / (len * 0.35)));
        return Math.max(3, p + 0.8 * x.r.normal('n'));
      });
    },
    delivery: (x, s) => live(x.r, s, 0.008),
  },
  {
    type: 'turbine-nacelle-vibration', shape: 'wind turbine nacelle vibration: follows the wind, a storm, cut-out above 25 m/s', measurement: 'vib_mms',
    cadence: 2 * MIN, days: 3, step: 0.01, tz: 0, roles: ['control', 'shift', 'spike'],
    values: (x) => {
      const wind = windModel(x.c, x.seed, x.trueTimes);
      let stopped = false;
      const wob = ar1(x.r, 0.7, 0.05, 'ar');
      return wind.map((w) => {
        const gust = w * (1 + 0.12 * x.r.normal('g'));
        if (gust > 25) stopped = true;
        if (gust < 20) stopped = false;
        if (stopped || w < 3) return 0.22 + 0.02 * x.r.normal('n');
        return 0.6 + 0.045 * Math.min(w, 14) ** 1.4 + wob() + 0.03 * x.r.normal('n');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.005),
  },
  {
    type: 'water-main-pressure', shape: 'water main pressure, report-by-exception (0.04 bar deadband, 15 min heartbeat): demand dips, booster pump 05-23', measurement: 'pressure_bar',
    cadence: MIN, days: 5, step: 0.01, tz: 2, roles: ['control', 'shift', 'dropout'],
    deadband: { delta: 0.04, heartbeat: 15 * MIN },
    values: (x) => {
      const wob = ar1(x.r, 0.95, 0.03, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, 2);
        const demand = 0.35 * Math.exp(-(((h - 7.5) / 1.2) ** 2)) + 0.3 * Math.exp(-(((h - 19.5) / 1.6) ** 2)) + (weekday(t, 2) === 0 ? -0.05 : 0);
        const booster = within(h, 5, 23) ? 0.45 : 0;
        return 3.9 + booster - demand + wob() + 0.008 * x.r.normal('n');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.002),
  },
  {
    type: 'reservoir-stage', shape: 'service reservoir stage via satellite: daytime drawdown, refill on the night tariff 23-06, slow clock', measurement: 'level_m',
    cadence: 15 * MIN, days: 8, step: 0.01, tz: 2, roles: ['control', 'regime', 'flatline'], lag: 2,
    values: (x) => {
      let level = 4.2;
      return x.times.map((t, i) => {
        const h = hourOf(t, 2);
        const leak = x.regimeAt >= 0 && i >= x.regimeAt ? 0.008 : 0;
        const draw = 0.018 + 0.03 * Math.exp(-(((h - 8) / 2) ** 2)) + 0.025 * Math.exp(-(((h - 19) / 2.5) ** 2)) + leak;
        const refill = h >= 23 || h < 6 ? 0.085 : 0;
        level = clamp(level + refill - draw * (1 + 0.15 * x.r.normal('d')), 2.2, 5.4);
        return level + 0.01 * x.r.normal('n');
      });
    },
    delivery: (x, s) => satellite(x.r, s),
  },
  {
    type: 'drip-zone-vwc', shape: 'drip zone soil moisture over LoRaWAN: 05:00 irrigation pulse, daytime drying, lost uplinks', measurement: 'vwc_pct',
    cadence: 15 * MIN, days: 6, step: 0.1, tz: -7, roles: ['control', 'dropout', 'spike'], lora: 0.07,
    where: (t, tz) => !within(hourOf(t, tz), 4.5, 7),
    values: (x) => {
      let vwc = 27;
      const wob = ar1(x.r, 0.6, 0.12, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, -7);
        if (within(h, 5, 5.75)) vwc += x.r.between(1.8, 2.6, 'irr');
        const et = 0.01 + 0.05 * sun(h);
        vwc = clamp(vwc - et - 0.004 * (vwc - 22), 15, 40);
        return vwc + wob();
      });
    },
    delivery: (x) => lorawan(x.r),
  },
  {
    type: 'dairy-vat-milk-temp', shape: 'dairy vat milk temperature: milkings 05:30 and 16:30 warm it, collection and hot wash every other morning', measurement: 'milk_c',
    cadence: 2 * MIN, days: 5, step: 0.1, tz: 1, roles: ['flatline', 'control', 'regime'],
    where: (t, tz) => within(hourOf(t, tz), 19, 24) || within(hourOf(t, tz), 0, 4),
    values: (x) => {
      let temp = 4;
      return x.times.map((t, i) => {
        const h = hourOf(t, 1);
        const day = dayNo(t, 1);
        const weak = x.regimeAt >= 0 && i >= x.regimeAt;
        const milking = within(h, 5.5, 7) || within(h, 16.5, 18);
        const collected = day % 2 === 1 && within(h, 9, 11);
        if (collected) {
          const into = (h - 9) * 60;
          return into < 30 ? 9 + 0.2 * x.r.normal('n') : into < 55 ? 55 + 3 * x.r.normal('n') : 14 - (into - 55) * 0.05 + 0.2 * x.r.normal('n');
        }
        const target = milking ? 15 : weak ? 5.4 : 3.6;
        temp += (milking ? 0.12 : weak ? 0.03 : 0.05) * (target - temp);
        return temp + 0.09 * x.r.normal('n');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'grain-bin-headspace-rh', shape: 'grain bin headspace humidity: aeration fans at night, ambient diurnal, daily gateway flush, slow clock', measurement: 'rh_pct',
    cadence: 10 * MIN, days: 5, step: 0.5, tz: -6, roles: ['control', 'shift', 'spike'], lag: 1,
    values: (x) => {
      const wob = ar1(x.r, 0.85, 0.5, 'ar');
      let rh = 62;
      return x.times.map((t) => {
        const h = hourOf(t, -6);
        const ambient = 72 - 14 * sun(h);
        const fans = (h >= 22 || h < 5) && ambient < 74;
        rh += (fans ? 0.12 : 0.03) * (ambient - rh);
        return rh + wob();
      });
    },
    delivery: (x, s) => dailyFlush(x.r, s, -6, 3, 40),
  },
  {
    type: 'barn-ammonia', shape: 'livestock barn ammonia: more at night (less ventilation), manure scraping three times a day', measurement: 'nh3_ppm',
    cadence: 5 * MIN, days: 3, step: 0.1, tz: 1, roles: ['spike', 'control', 'shift'],
    where: (t, tz) => !within(hourOf(t, tz), 5.5, 7) && !within(hourOf(t, tz), 12.5, 14) && !within(hourOf(t, tz), 19.5, 21),
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.08, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, 1);
        const vent = 1 - 0.35 * sun(h);
        const scrape = [6, 13, 20].some((s) => within(h, s, s + 0.6)) ? 4 * Math.sin(((h % 1) / 0.6) * Math.PI) : 0;
        return 11 * vent * Math.exp(wob()) + scrape + 0.25 * x.r.normal('n');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'weather-mast-gust', shape: 'weather mast peak gust per 10 min over LoRaWAN: diurnal wind, a winter storm', measurement: 'gust_ms',
    cadence: 10 * MIN, days: 5, step: 0.1, tz: 0, roles: ['control', 'dropout', 'control'], lora: 0.05,
    values: (x) => {
      const wind = windModel(x.c, x.seed, x.trueTimes);
      return wind.map((w) => w * 1.35 + x.r.weibull(0.18 * w + 0.3, 2, 'g'));
    },
    delivery: (x) => lorawan(x.r),
  },
  {
    type: 'cp-pipeline-potential', shape: 'pipeline cathodic-protection potential via satellite store-and-forward: DC-railway stray current by day, slow clock', measurement: 'potential_mv',
    cadence: 10 * MIN, days: 5, step: 1, tz: 3, roles: ['shift', 'control', 'flatline'], lag: 1.5,
    where: (t, tz) => within(hourOf(t, tz), 0.5, 5),
    values: (x) => {
      const wob = ar1(x.r, 0.9, 4, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, 3);
        const trains = within(h, 5.5, 24) ? 14 * x.r.laplace('tr') : 0;
        return -1080 + 10 * Math.sin(((h - 14) / 24) * 2 * Math.PI) + wob() + trains + 1.5 * x.r.normal('n');
      });
    },
    delivery: (x, s) => dailyFlush(x.r, s, 3, 1, 30),
  },
  {
    type: 'substation-top-oil', shape: 'substation transformer top-oil temperature: lags the winter load (evening peak), fans above 36 °C', measurement: 'oil_c',
    cadence: 5 * MIN, days: 4, step: 0.5, tz: 1, roles: ['control', 'regime', 'spike'],
    values: (x) => {
      let oil = 42;
      let fans = false;
      return x.times.map((t, i) => {
        const h = hourOf(t, 1);
        const load = 0.45 + 0.25 * Math.exp(-(((h - 8) / 1.5) ** 2)) + 0.45 * Math.exp(-(((h - 18.5) / 2) ** 2)) - (weekday(t, 1) === 0 ? 0.08 : 0);
        const ambient = 2 + 4 * sun(h);
        if (oil > 36) fans = true;
        if (oil < 31) fans = false;
        const broken = x.regimeAt >= 0 && i >= x.regimeAt;
        const rise = 58 * load * load * (fans && !broken ? 0.8 : 1) + (broken ? 3 : 0);
        oil += 0.045 * (ambient + rise - oil);
        return oil + 0.35 * x.r.normal('n');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.003),
  },
  {
    type: 'amr-water-meter-flow', shape: 'AMR household water meter flow per 15 min, daily store-and-forward: 0 at night, morning and evening use', measurement: 'flow_lph',
    cadence: 15 * MIN, days: 6, step: 1, tz: -3, roles: ['control', 'regime', 'dropout'],
    where: (t, tz) => within(hourOf(t, tz), 22, 24) || within(hourOf(t, tz), 0, 2),
    values: (x) =>
      x.times.map((t, i) => {
        const h = hourOf(t, -3);
        const use = 60 * Math.exp(-(((h - 7) / 1) ** 2)) + 45 * Math.exp(-(((h - 19.5) / 1.5) ** 2)) + (within(h, 7, 23) ? 8 : 0);
        const leak = x.regimeAt >= 0 && i >= x.regimeAt ? 9 + 1.5 * x.r.normal('lk') : 0;
        const burst = use > 0 && x.r.chance(use / 80, 'b') ? x.r.exponential(use, 'e') : 0;
        return burst + leak;
      }),
    delivery: (x, s) => dailyFlush(x.r, s, -3, 2, 45),
  },
  {
    type: 'borehole-pump-amps', shape: 'borehole pump motor current, report-by-exception (0.5 A deadband, 10 min heartbeat): night-tariff runs, refill runs by day', measurement: 'current_a',
    cadence: MIN, days: 4, step: 0.1, tz: 2, roles: ['control', 'spike', 'regime'],
    deadband: { delta: 0.5, heartbeat: 10 * MIN },
    where: (t, tz) => hourOf(t, tz) >= 22 || hourOf(t, tz) < 5.5,
    values: (x) => {
      let tank = 0.6;
      let day = false;
      return x.times.map((t, i) => {
        const h = hourOf(t, 2);
        const night = h >= 22 || h < 6;
        const valve = x.regimeAt >= 0 && i >= x.regimeAt;
        // night: runs 20-40 min, rests 10-25 min while the tank cycles; a leaking check valve makes it run longer and rest shorter.
        tank -= 0.004 + (within(h, 6, 22) ? 0.004 : 0) + (valve ? 0.006 : 0);
        if (tank < 0.3) day = true;
        if (tank > 0.95) day = false;
        const running = night ? Math.sin((i / (valve ? 38 : 55)) * 2 * Math.PI) > (valve ? -0.55 : -0.1) : day;
        if (running) tank += 0.012;
        return running ? 18.2 + 0.25 * x.r.normal('n') : 0;
      });
    },
    delivery: (x, s) => live(x.r, s, 0.003),
  },
  {
    type: 'feeder-line-amps', shape: 'distribution feeder current: winter morning and evening peaks, lighter Sunday, heating at night', measurement: 'current_a',
    cadence: 2 * MIN, days: 3, step: 1, tz: -5, roles: ['spike', 'shift', 'control'],
    values: (x) => {
      const wob = ar1(x.r, 0.97, 6, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, -5);
        const sunday = weekday(t, -5) === 0 ? 0.88 : 1;
        return sunday * (210 + 70 * Math.exp(-(((h - 7.5) / 1.3) ** 2)) + 110 * Math.exp(-(((h - 18.5) / 2) ** 2)) + (h < 6 ? 25 : 0)) + wob() + 3 * x.r.normal('n');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'biogas-digester-temp', shape: 'biogas digester temperature: boiler hysteresis around 38.5 °C, cold feed at 08:00 and 16:00', measurement: 'temp_c',
    cadence: 5 * MIN, days: 4, step: 0.1, tz: 1, roles: ['control', 'flatline', 'shift'],
    where: (t, tz) => !within(hourOf(t, tz), 7.5, 10.5) && !within(hourOf(t, tz), 15.5, 18.5),
    values: (x) => {
      let temp = 38.5;
      let heating = false;
      return x.times.map((t) => {
        const h = hourOf(t, 1);
        if (within(h, 8, 8.25) || within(h, 16, 16.25)) temp -= x.r.between(0.25, 0.4, 'feed');
        if (temp < 38.1) heating = true;
        if (temp > 38.9) heating = false;
        temp += heating ? 0.05 : -0.012;
        return temp + 0.06 * x.r.normal('n');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.003),
  },
  {
    type: 'pivot-end-pressure', shape: 'centre pivot end-gun pressure over LoRaWAN: runs except at the 14-19 tariff peak, terrain wave per revolution, 0 when stopped', measurement: 'pressure_psi',
    cadence: 2 * MIN, days: 3, step: 0.1, tz: -6, roles: ['dropout', 'control', 'flatline'], lora: 0.06,
    where: (t, tz) => !within(hourOf(t, tz), 13, 20),
    values: (x) => {
      const rev = x.r.between(16, 22, 'rev') * HOUR;
      const wob = ar1(x.r, 0.8, 0.35, 'ar');
      let run = 0;
      return x.times.map((t) => {
        const h = hourOf(t, -6);
        const on = !within(h, 14, 19);
        run += on ? x.cadence : 0;
        return on ? 29.5 + 2.2 * Math.sin((run / rev) * 2 * Math.PI) + wob() : 0;
      });
    },
    delivery: (x) => lorawan(x.r),
  },
];

/** First index at or after `from` (wrapping from 300) where `ok` holds. */
function find(n: number, from: number, ok: (i: number) => boolean): number {
  for (let i = from; i < n; i++) if (ok(i)) return i;
  for (let i = 300; i < from; i++) if (ok(i)) return i;
  return from;
}

/** The device type names of v9 (for the structure test). */
export const V9_TYPES = TYPES.map((d) => d.type);

/** The held-out v9 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV9(copies = 3, seed = 46_011_409): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    for (const d of TYPES) {
      const r = v9Source(`${d.type}/${c}`, seed);
      const role: Role = d.roles[c % 3] as Role;
      const n = Math.round((d.days * DAY) / d.cadence);
      const { times, trueTimes } = clock(n, d.cadence, r, d.lag ?? 0);
      const ok = (i: number) => !d.where || d.where(times[i] as number, d.tz);
      // Report-by-exception devices publish a fraction of their samples: labels start later so 300+ records precede them.
      const lo = Math.max(360, Math.round(n * (d.deadband ? 0.45 : 0.3)));
      const regimeOk = (i: number) => (d.regimeWhere ? d.regimeWhere(times[i] as number, d.tz) : ok(i));
      const regimeAt = role === 'regime' ? find(n - Math.ceil((6 * HOUR) / d.cadence), lo + r.int(0, Math.round(n * 0.2), 'at'), regimeOk) : -1;
      const ctx: Ctx = { r, times, trueTimes, tz: d.tz, regimeAt, c, seed, cadence: d.cadence };
      const s: Series = {
        id: `v9-${d.type}-${c}`,
        shape: role === 'control' ? `${d.shape} (control)` : d.shape,
        measurement: d.measurement,
        times,
        trueTimes,
        values: d.values(ctx),
        step: d.step,
        marks: [],
        missing: new Set(),
        force: new Set(),
        arrival: () => 0,
        duplicates: () => null,
      };
      if (d.deadband) s.deadband = d.deadband;
      const start = lo + r.int(0, Math.round(n * 0.3), 'at');
      const sign = r.chance(0.5, 'sign') ? 1 : -1;
      if (role === 'spike') {
        const at = find(n - 10, start, ok);
        const width = r.int(1, 3, 'w');
        const sigmas = r.between(7.5, 9.5, 'size');
        const pub = published(s);
        const k = pub.idx.findIndex((i) => i >= at);
        const sigma = localSigma(pub.vals, k, d.step);
        for (let w = 0; w < width; w++) {
          const base = median(pub.vals.slice(k + w - 7, k + w + 8));
          const up = base - sigmas * sigma < 0 ? 1 : sign;
          s.values[at + w] = base + up * sigmas * sigma;
        }
        s.marks.push({ kind: 'spike', a: at, b: at + width - 1 });
      }
      if (role === 'shift') {
        // 150-250 published points (for a report-by-exception device, as many samples as hold that many records on average).
        const length = Math.round(r.int(150, 250, 'len') * (d.deadband ? n / published(s).idx.length : 1));
        const at = find(n - length - 20, Math.min(start, n - length - 30), ok);
        const pub = published(s);
        const k = pub.idx.findIndex((i) => i >= at);
        const size = r.between(4.2, 4.8, 'size') * levelSigma(pub.vals, k, d.step);
        const dir = sign < 0 && Math.min(...s.values.slice(at, at + length)) - size < 0 ? 1 : sign;
        for (let j = at; j < at + length; j++) s.values[j] = (s.values[j] as number) + dir * size;
        s.marks.push({ kind: 'level_shift', a: at, b: at + 10 });
      }
      if (role === 'flatline') {
        const rounded = s.values.map((v) => v9Round(v, d.step));
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
        const at = find(n - Math.ceil((7 * HOUR) / d.cadence), start, ok);
        const length = Math.round((r.between(2.2, 5.5, 'gap') * HOUR) / d.cadence);
        for (let j = at; j < at + length; j++) s.missing.add(j);
        s.force.add(at + length);
        s.marks.push({ kind: 'dropout', a: at, b: at + length - 1 });
      }
      if (role === 'regime') s.marks.push({ kind: 'regime_change', a: regimeAt, b: regimeAt + Math.round((3.5 * HOUR) / d.cadence) });
      if (d.lora) loraLoss(s, r, d.lora, d.cadence);
      s.arrival = d.delivery(ctx, s);
      out.push(finish(s));
    }
  }
  return out;
}
