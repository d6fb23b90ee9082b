/**
 * Held-out set v10 for `npm run bench:anomaly` (issue 20): written blind, in one sitting, by an
 * engineer who never read the detector code, its docs, the bench scripts, the anomaly tests or the
 * other worktrees (only the held-out contract in anomaly-heldout.ts, the Label/BenchSeries types of
 * anomaly-set.ts, the v9 set for the format and the label definitions, the v5 sigma helpers and the
 * v9 structure test), and who never ran the detector or the bench on it. Misses and false alarms on
 * it must never be listed series by series (that would make it tuning data).
 *
 * What is different from v1-v9:
 * - generator: Bob Jenkins' small fast generator JSF32 ("ranval", four 32-bit words, rotations 27
 *   and 17, seeded as raninit: a = 0xf1ea5eed, b = c = d = seed, 20 rounds discarded), one stream
 *   per device and purpose, the stream seed an FNV-1a hash of "seed|device|purpose"; uniforms
 *   (x + 0.5) / 2^32; normals by Box-Muller (both values used); Student-t(3) heavy tails; Poisson
 *   counts (Knuth's product method, a rounded normal above 30);
 * - a hospital, laboratory, transport and IT-operations fleet (18 device types never used before):
 *   a -80 °C lab freezer, an autoclave's chamber temperature, an MRI magnet's helium level, an
 *   operating theatre's pressure and its air changes, a blood gas analyser's pCO2 self-test, a
 *   medical oxygen manifold's bank pressure, a lab incubator's humidity, a ship engine's coolant, a
 *   railway point machine's motor current per throw, a city bus's door cycles, a tram's pantograph
 *   voltage, a chill van's box temperature, an app's p95 latency, a message queue's depth, a
 *   database volume's disk usage, a VPN concentrator's sessions and a build server's CPU;
 * - an autumn start on a Saturday (2048-10-03), so the first weekend comes at once and the first
 *   working days follow; local time zones UTC-5 to UTC+2;
 * - legitimate events that are NOT anomalies: weekday/weekend and office-hour load, freezer door
 *   openings and compressor cycling, autoclave cycles (heat-up, 134 °C hold, exhaust), helium
 *   boil-off and a refill, theatre occupied/setback modes and door openings, analyser drift reset by
 *   auto-calibration every 4 h (sawtooth), oxygen banks draining and changing over (sawtooth),
 *   incubator door openings, a ship at sea and in port (engine stopped, coolant cooling), throws
 *   alternating normal/reverse (bimodal current), buses in the depot (exactly 0 door cycles), trams
 *   in the depot (pantograph down, exactly 0 V), acceleration sags and regeneration, chill van
 *   deliveries (doors open) and nights on shore power, deployments raising latency for minutes, a
 *   nightly batch filling the queue, nightly log rotation (disk sawtooth) and a Sunday vacuum, build
 *   bursts pinned at 100 % CPU and a nightly full build;
 * - delivery habits not used before: hospital gateways batching every 15 min (and re-sending the
 *   last record of a batch with the next one: duplicates), a ship uploading over satellite every
 *   2-5 h at sea and live over 4G in port, cellular modems buffering through tunnels and dead spots
 *   and flushing on reconnect (tram, bus, chill van), IT metrics scraped every minute live with
 *   remote-write retries (duplicates), a trackside link with retransmissions, a point machine
 *   reporting per throw at irregular times. `points` times never decrease (equal only for a
 *   duplicate, same value); arrivals are never before the measurement.
 *
 * Composition with the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts,
 * 6 flatlines, 7 dropouts, 6 regime changes), one label per labelled series, 21 controls (39 %).
 *
 * Labels, same definitions as v4-v9 (sigmas measured on the points as published, i.e. rounded to the
 * sensor's resolution, with `localSigma`/`levelSigma` of v5): spikes 7.5-9.5 local robust sigmas
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
/** Saturday 2048-10-03 00:00 UTC. */
export const HELDOUT_V10_START = Date.UTC(2048, 9, 3);

const rot = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

/** Bob Jenkins' small fast generator (JSF32, "ranval"/"raninit"). */
export class Jsf32 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: number) {
    this.a = 0xf1ea5eed;
    this.b = this.c = this.d = seed >>> 0;
    for (let i = 0; i < 20; i++) this.next();
  }
  next(): number {
    const e = (this.a - rot(this.b, 27)) >>> 0;
    this.a = (this.b ^ rot(this.c, 17)) >>> 0;
    this.b = (this.c + this.d) >>> 0;
    this.c = (this.d + e) >>> 0;
    this.d = (e + this.a) >>> 0;
    return this.d;
  }
  real(): number {
    return (this.next() + 0.5) / 4294967296;
  }
}

/** 32-bit FNV-1a of a string. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** One device's random source: each purpose has its own JSF32 stream. */
export function v10Source(key: string, seed: number) {
  const streams = new Map<string, Jsf32>();
  const spare = new Map<string, number>();
  const u = (name = 'u'): number => {
    let g = streams.get(name);
    if (!g) {
      g = new Jsf32(fnv1a(`${seed}|${key}|${name}`));
      streams.set(name, g);
    }
    return g.real();
  };
  /** Box-Muller; both values used. */
  const normal = (name = 'n'): number => {
    const kept = spare.get(name);
    if (kept !== undefined) {
      spare.delete(name);
      return kept;
    }
    const radius = Math.sqrt(-2 * Math.log(u(name)));
    const angle = 2 * Math.PI * u(name);
    spare.set(name, radius * Math.sin(angle));
    return radius * Math.cos(angle);
  };
  /** Student-t with 3 degrees of freedom, scaled to unit spread (sd of t3 is sqrt 3). */
  const t3 = (name = 't'): number => {
    const z = normal(name);
    const chi = normal(name) ** 2 + normal(name) ** 2 + normal(name) ** 2;
    return z / Math.sqrt(chi / 3) / Math.sqrt(3);
  };
  const poisson = (lambda: number, name = 'p'): number => {
    if (lambda <= 0) return 0;
    if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal(name)));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = u(name);
    while (p > limit) {
      k++;
      p *= u(name);
    }
    return k;
  };
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  return { u, normal, t3, poisson, between, int, chance };
}

type Source = ReturnType<typeof v10Source>;

/** Rounds to the sensor's resolution (0.01, 0.1, 0.5, 1); never -0. */
export function v10Round(v: number, step: number): number {
  const places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const f = 10 ** places;
  return Math.round(Math.round(v / step) * step * f) / f + 0;
}

const hourOf = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
/** 0 Sunday … 6 Saturday, local. */
const weekday = (t: number, tz: number) => new Date(t + tz * HOUR).getUTCDay();
const workday = (t: number, tz: number) => weekday(t, tz) >= 1 && weekday(t, tz) <= 5;
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const bell = (h: number, mid: number, width: number) => Math.exp(-(((h - mid) / width) ** 2));

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

type Arrival = (i: number, t: number) => number;
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
  times: number[];
  values: number[];
  step: number;
  marks: Mark[];
  /** Sample indices never sent (dropouts). */
  missing: Set<number>;
  arrival: Arrival;
  duplicates: (i: number) => number | null;
}

function published(s: Series): { idx: number[]; vals: number[] } {
  const idx: number[] = [];
  for (let i = 0; i < s.values.length; i++) if (!s.missing.has(i)) idx.push(i);
  return { idx, vals: idx.map((i) => v10Round(s.values[i] as number, s.step)) };
}

/** Measurement times from the start (plus up to an hour) for `days`, the next interval drawn by `interval(t)`. */
function clock(days: number, interval: (t: number) => number, r: Source): number[] {
  const t0 = HELDOUT_V10_START + r.int(0, 3600, 'clock') * SEC;
  const times: number[] = [];
  for (let t = t0; t < t0 + days * DAY; t += interval(t)) times.push(Math.round(t));
  return times;
}

/** Last index whose time is at most `t`. */
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
    const value = v10Round(s.values[i] as number, s.step);
    const at = Math.max(t + 200, Math.round(s.arrival(i, t)));
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

/** Live (IT scrape, BMS, trackside link): 0.2-3 s; `dup` of the records delivered again 5-60 s later. */
function live(r: Source, s: Series, dup: number): Arrival {
  s.duplicates = (i) => (r.chance(dup, 'dup') ? (s.times[i] as number) + r.between(5, 60, 'dup') * SEC : null);
  return (_i, t) => t + r.between(200, 3000, 'wire');
}

/** Hospital gateway: records go with the next 15-min batch; the last record of a batch is re-sent with the next one a fifth of the time. */
function hospitalBatch(r: Source, s: Series): Arrival {
  const period = 15 * MIN;
  const phase = r.between(0, period, 'phase');
  const batch = (t: number) => Math.ceil((t + 5 * SEC - phase) / period) * period + phase;
  // A batch arrives as one upload: the same instant for all its records (the re-sent one a second later).
  const upload = (b: number) => b + (2 + (fnv1a(`${phase}|${b}`) % 18)) * SEC;
  s.duplicates = (i) => {
    const here = batch(s.times[i] as number);
    const next = s.times[i + 1];
    const last = next === undefined || batch(next) !== here;
    return last && r.chance(0.2, 'dup') ? upload(here + period) : null;
  };
  return (_i, t) => upload(batch(t));
}

/** Windows [from, to) without coverage (tunnels, dead spots): one every `every` hours (range), lasting `len` minutes (range). */
function blackouts(r: Source, from: number, to: number, every: [number, number], len: [number, number], active: (t: number) => boolean): [number, number][] {
  const out: [number, number][] = [];
  for (let t = from + r.between(every[0], every[1], 'bo') * HOUR; t < to; t += r.between(every[0], every[1], 'bo') * HOUR) {
    if (!active(t)) continue;
    out.push([Math.round(t), Math.round(t + r.between(len[0], len[1], 'bo') * MIN)]);
  }
  return out;
}

/** Cellular modem: live (1-4 s) but buffering in blackouts and flushing the buffer on reconnect. */
function cellular(r: Source, windows: [number, number][]): Arrival {
  return (_i, t) => {
    const w = windows.find(([a, b]) => t >= a && t < b);
    return w ? w[1] + r.between(3, 15, 'wire') * SEC : t + r.between(1, 4, 'wire') * SEC;
  };
}

// ---- the ship's voyages -----------------------------------------------------------------------

/** Port calls of copy `c`: alternating sea legs (26-44 h) and port stays (8-14 h), starting at sea. */
const voyages = new Map<string, [number, number][]>();
function portCalls(c: number, seed: number): [number, number][] {
  const known = voyages.get(`${seed}/${c}`);
  if (known) return known;
  const r = v10Source(`voyage-${c}`, seed);
  const out: [number, number][] = [];
  let t = HELDOUT_V10_START + r.between(10, 30, 'v') * HOUR;
  while (t < HELDOUT_V10_START + 12 * DAY) {
    const stay = r.between(8, 14, 'v') * HOUR;
    out.push([t, t + stay]);
    t += stay + r.between(26, 44, 'v') * HOUR;
  }
  voyages.set(`${seed}/${c}`, out);
  return out;
}
const inPort = (calls: [number, number][], t: number) => calls.some(([a, b]) => t >= a && t < b);

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
  /** Nominal cadence (ms). */
  cadence: number;
  /** Next interval at `t` if the device does not sample regularly. */
  interval?: (t: number, r: Source, tz: number) => number;
  days: number;
  step: number;
  tz: number;
  /** The physical range: injected spikes and shifts point inward. */
  range: [number, number];
  roles: [Role, Role, Role];
  /** When a label may start, besides being away from the ends. */
  where?: (t: number, x: Ctx) => boolean;
  /** When a regime change may start, if not `where`. */
  regimeWhere?: (t: number, x: Ctx) => boolean;
  values: (x: Ctx) => number[];
  delivery: (x: Ctx, s: Series) => Arrival;
}

/** AR(1) stepper with coefficient `phi` and stationary sd `sd`. */
function ar1(r: Source, phi: number, sd: number, name: string) {
  let x = 0;
  return () => (x = phi * x + Math.sqrt(1 - phi * phi) * sd * r.normal(name));
}

const TYPES: DeviceType[] = [
  {
    type: 'ult-freezer-cabinet-temp', shape: '-80 °C lab freezer cabinet: compressor cycling, door openings on working days 08-18, 15-min hospital gateway batches', measurement: 'cabinet_c',
    cadence: 2 * MIN, days: 5, step: 0.1, tz: 1, range: [-90, -40], roles: ['spike', 'control', 'shift'],
    values: (x) => {
      let temp = -80;
      let on = false;
      let door = 0;
      return x.times.map((t) => {
        const open = workday(t, 1) && within(hourOf(t, 1), 8, 18);
        if (door <= 0 && open && x.r.chance(0.02, 'door')) door = x.r.int(1, 2, 'door');
        if (door-- > 0) temp += x.r.between(1.2, 3.5, 'door');
        if (temp > -78.6) on = true;
        if (temp < -81.4) on = false;
        temp += on ? -0.2 - 0.03 * (temp + 80) : 0.05;
        return temp + 0.08 * x.r.normal('n');
      });
    },
    delivery: (x, s) => hospitalBatch(x.r, s),
  },
  {
    type: 'autoclave-chamber-temp', shape: 'steam autoclave chamber temperature: sterilisation cycles (heat-up, 134 °C hold, exhaust), fewer at the weekend, jacket off at night', measurement: 'chamber_c',
    cadence: MIN, days: 4, step: 0.5, tz: 0, range: [15, 140], roles: ['control', 'regime', 'control'],
    regimeWhere: (t, x) => workday(t, x.tz) && within(hourOf(t, x.tz), 7, 12),
    values: (x) => {
      let temp = 30;
      let phase: 'idle' | 'heat' | 'hold' | 'exhaust' = 'idle';
      let left = 0;
      let next = x.times[0] as number;
      return x.times.map((t, i) => {
        const h = hourOf(t, 0);
        const weak = x.regimeAt >= 0 && i >= x.regimeAt;
        const busy = workday(t, 0) ? within(h, 6, 22) : within(h, 8, 18);
        if (phase === 'idle' && busy && t >= next) {
          phase = 'heat';
          next = t + (workday(t, 0) ? x.r.between(60, 95, 'gap') : x.r.between(120, 240, 'gap')) * MIN;
        }
        const hold = weak ? 131.5 : 134;
        if (phase === 'heat') {
          temp += (weak ? 3.5 : 6) + 0.5 * x.r.normal('h');
          if (temp >= hold) {
            phase = 'hold';
            left = x.r.int(4, 18, 'hold');
          }
        } else if (phase === 'hold') {
          temp = hold + 0.3 * x.r.normal('h');
          if (--left <= 0) phase = 'exhaust';
        } else if (phase === 'exhaust') {
          temp -= 4 + 0.6 * x.r.normal('h');
          if (temp < 70) phase = 'idle';
        } else {
          const jacket = busy ? 52 : 24;
          temp += 0.04 * (jacket - temp) + 0.2 * x.r.normal('h');
        }
        return temp;
      });
    },
    delivery: (x, s) => hospitalBatch(x.r, s),
  },
  {
    type: 'mri-helium-level', shape: 'MRI magnet helium level: slow boil-off (more while scanning on working days), a refill when low', measurement: 'helium_pct',
    cadence: 10 * MIN, days: 8, step: 0.1, tz: -5, range: [0, 100], roles: ['control', 'shift', 'dropout'],
    values: (x) => {
      let level = x.r.between(64, 78, 'lvl');
      let refill = 0;
      return x.times.map((t) => {
        const h = hourOf(t, -5);
        const scanning = workday(t, -5) && within(h, 7, 21);
        if (refill <= 0 && level < 62 && workday(t, -5) && within(h, 9, 10)) refill = 8;
        if (refill > 0) {
          refill--;
          level += 2.6;
        }
        level -= (scanning ? 0.009 : 0.004) * (1 + 0.3 * x.r.normal('b'));
        return level + 0.05 * x.r.normal('n');
      });
    },
    delivery: (x, s) => hospitalBatch(x.r, s),
  },
  {
    type: 'theatre-room-pressure', shape: 'operating theatre differential pressure: occupied 07-20 on working days, setback otherwise, door openings dip it', measurement: 'pressure_pa',
    cadence: MIN, days: 4, step: 0.1, tz: 1, range: [-5, 40], roles: ['spike', 'control', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.5, 'ar');
      let p = 10;
      let door = 0;
      return x.times.map((t) => {
        const occupied = workday(t, 1) && within(hourOf(t, 1), 7, 20);
        const target = occupied ? 25 : 10;
        p += 0.12 * (target - p);
        if (door <= 0 && occupied && x.r.chance(0.015, 'door')) door = x.r.int(1, 2, 'door');
        const dip = door-- > 0 ? -x.r.between(12, 17, 'door') : 0;
        return p + dip + wob();
      });
    },
    delivery: (x, s) => live(x.r, s, 0.003),
  },
  {
    type: 'bga-selftest-pco2', shape: 'blood gas analyser pCO2 self-test: electrode drift reset by auto-calibration every 4 h (sawtooth), busier by day', measurement: 'pco2_mmhg',
    cadence: 15 * MIN, days: 8, step: 0.1, tz: 2, range: [20, 60], roles: ['control', 'dropout', 'regime'],
    values: (x) => {
      let drift = 0;
      return x.times.map((t, i) => {
        const h = hourOf(t, 2);
        const worn = x.regimeAt >= 0 && i >= x.regimeAt;
        if (h % 4 < 0.25) drift = 0.12 * x.r.normal('cal');
        drift += (worn ? 0.045 : 0.03) * (1 + 0.3 * x.r.normal('d'));
        const busy = workday(t, 2) && within(h, 8, 18) ? 1.4 : 1;
        return 40 + drift + (worn ? 0.36 : 0.12) * busy * x.r.normal('n');
      });
    },
    delivery: (x, s) => hospitalBatch(x.r, s),
  },
  {
    type: 'ship-engine-coolant', shape: 'ship main engine coolant: ~82 °C at sea, cooling down in port, satellite uploads every 2-5 h at sea, 4G in port', measurement: 'coolant_c',
    cadence: 5 * MIN, days: 7, step: 0.5, tz: 0, range: [10, 100], roles: ['shift', 'control', 'spike'],
    where: (t, x) => {
      const calls = portCalls(x.c, x.seed);
      return !inPort(calls, t - 3 * HOUR) && !inPort(calls, t) && !inPort(calls, t + 11 * HOUR) && !inPort(calls, t + 22 * HOUR);
    },
    values: (x) => {
      const calls = portCalls(x.c, x.seed);
      const sea = ar1(x.r, 0.9, 0.7, 'sea');
      let temp = 82;
      return x.times.map((t) => {
        const port = inPort(calls, t);
        const preheat = calls.some(([, b]) => t >= b - 2 * HOUR && t < b);
        const target = port ? (preheat ? 62 : 28) : 82;
        temp += (port ? 0.04 : 0.2) * (target - temp);
        return temp + (port ? 0.2 * x.r.normal('n') : sea());
      });
    },
    delivery: (x, s) => {
      const calls = portCalls(x.c, x.seed);
      const uploads: number[] = [];
      for (let t = (s.times[0] as number) + x.r.between(2, 5, 'sat') * HOUR; t < (s.times.at(-1) as number) + DAY; t += x.r.between(2, 5, 'sat') * HOUR) uploads.push(Math.round(t));
      return (_i, t) => (inPort(calls, t) ? t + x.r.between(1, 5, 'wire') * SEC : (uploads.find((u) => u > t + 30 * SEC) as number) + x.r.between(10, 120, 'wire') * SEC);
    },
  },
  {
    type: 'point-machine-throw-current', shape: 'railway point machine peak motor current per throw: irregular throws (every ~5 min by day, ~25 min at night), normal/reverse alternate, colder mornings draw more', measurement: 'throw_a',
    cadence: 5 * MIN, interval: (t, r, tz) => (within(hourOf(t, tz), 0.5, 5.5) ? 25 : 5) * MIN * r.between(0.5, 1.5, 'iv'),
    days: 3, step: 0.01, tz: 1, range: [0, 12], roles: ['spike', 'shift', 'control'],
    values: (x) => {
      let reverse = false;
      return x.times.map((t) => {
        reverse = !reverse;
        const cold = 0.35 * Math.cos(((hourOf(t, 1) - 5) / 24) * 2 * Math.PI);
        return 4.6 + (reverse ? 0.25 : 0) + cold + 0.07 * x.r.normal('n') + 0.04 * x.r.t3('t');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.006),
  },
  {
    type: 'city-bus-door-cycles', shape: 'city bus door cycles per 15 min: weekday peaks, lighter Saturday and Sunday, exactly 0 in the depot; modem buffers in dead spots', measurement: 'door_cycles',
    cadence: 15 * MIN, days: 8, step: 1, tz: -3, range: [0, 200], roles: ['control', 'dropout', 'control'],
    where: (t, x) => within(hourOf(t, x.tz), 9, 16),
    values: (x) =>
      x.times.map((t) => {
        const h = hourOf(t, -3);
        const wd = weekday(t, -3);
        const service = wd === 0 ? within(h, 8, 22) : wd === 6 ? within(h, 6.5, 23) : within(h, 5.5, 23.5);
        if (!service) return 0;
        const lambda = wd === 0 ? 9 : wd === 6 ? 14 : 18 + 24 * (bell(h, 8, 1.2) + bell(h, 17.5, 1.5));
        return x.r.poisson(lambda, 'p');
      }),
    delivery: (x, s) => cellular(x.r, blackouts(x.r, s.times[0] as number, s.times.at(-1) as number, [0.8, 2], [12, 35], (t) => within(hourOf(t, -3), 6, 23))),
  },
  {
    type: 'tram-pantograph-voltage', shape: 'tram pantograph line voltage per minute: substation wave along the route, acceleration sags, regeneration, exactly 0 in the depot 01-05; tunnel buffering', measurement: 'line_v',
    cadence: MIN, days: 3, step: 1, tz: 1, range: [0, 950], roles: ['flatline', 'control', 'dropout'],
    where: (t, x) => within(hourOf(t, x.tz), 7, 19),
    values: (x) => {
      const trip = x.r.between(45, 60, 'trip') * MIN;
      const wob = ar1(x.r, 0.6, 5, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, 1);
        const late = weekday(t, 1) === 0 || weekday(t, 1) === 6 ? 6.5 : 5;
        if (within(h, 1, late)) return 0;
        const wave = 45 * Math.sin(((t - HELDOUT_V10_START) / trip) * 2 * Math.PI);
        const u = x.r.u('drive');
        const drive = u < 0.2 ? -x.r.between(50, 120, 'sag') : u > 0.9 ? x.r.between(30, 70, 'regen') : 0;
        return 760 + wave + drive + wob();
      });
    },
    delivery: (x, s) => cellular(x.r, blackouts(x.r, s.times[0] as number, s.times.at(-1) as number, [0.4, 0.9], [3, 8], (t) => !within(hourOf(t, 1), 1, 5))),
  },
  {
    type: 'chill-van-box-temp', shape: 'chill van box temperature: delivery rounds 05-14 Monday-Saturday (doors open), shore power at the depot, dead spots on rural roads', measurement: 'box_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: 0, range: [-5, 25], roles: ['control', 'shift', 'flatline'],
    values: (x) => {
      let temp = 3;
      let cooling = false;
      let door = 0;
      return x.times.map((t) => {
        const h = hourOf(t, 0);
        const round = weekday(t, 0) !== 0 && within(h, 5, 14);
        if (round && door <= 0 && x.r.chance(0.04, 'stop')) door = x.r.int(1, 3, 'stop');
        if (door-- > 0) temp += 0.25 * (15 - temp) * x.r.between(0.5, 1, 'stop');
        if (temp > 4.2) cooling = true;
        if (temp < 2) cooling = false;
        temp += cooling ? -0.18 : 0.04;
        return temp + 0.07 * x.r.normal('n');
      });
    },
    delivery: (x, s) => cellular(x.r, blackouts(x.r, s.times[0] as number, s.times.at(-1) as number, [1, 3], [8, 30], (t) => weekday(t, 0) !== 0 && within(hourOf(t, 0), 5, 14))),
  },
  {
    type: 'app-request-p95', shape: 'web app request p95 latency: office-hour traffic on working days, quiet weekends (noisier p95), deployments Tue/Thu 14:00 raise it for minutes', measurement: 'p95_ms',
    cadence: MIN, days: 4, step: 1, tz: 1, range: [20, 5000], roles: ['spike', 'control', 'regime'],
    regimeWhere: (t, x) => workday(t, x.tz) && within(hourOf(t, x.tz), 9, 15),
    values: (x) =>
      x.times.map((t, i) => {
        const h = hourOf(t, 1);
        const load = workday(t, 1) ? 0.1 + 0.9 * bell(h, 11, 2.5) + 0.6 * bell(h, 15.5, 2) : 0.1 + 0.2 * bell(h, 14, 3);
        const deploy = (weekday(t, 1) === 2 || weekday(t, 1) === 4) && within(h, 14, 14 + x.r.between(0.1, 0.2, 'dep')) ? 1.8 : 1;
        const slow = x.regimeAt >= 0 && i >= x.regimeAt ? 1.25 : 1;
        const base = (170 + 70 * Math.min(1, load)) * slow * deploy;
        return base * Math.exp((0.04 / Math.sqrt(load)) * clamp(x.r.t3('t'), -6, 12));
      }),
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'mq-queue-depth', shape: 'message queue depth: consumers keep it low, a nightly 02:00 batch fills it and drains in about an hour', measurement: 'depth',
    cadence: MIN, days: 3, step: 1, tz: 0, range: [0, 1e6], roles: ['dropout', 'control', 'shift'],
    where: (t, x) => within(hourOf(t, x.tz), 6, 14),
    values: (x) => {
      let backlog = 0;
      let drain = 0;
      return x.times.map((t) => {
        const h = hourOf(t, 0);
        if (within(h, 2, 2 + 1 / 60)) {
          backlog = x.r.between(5000, 9000, 'batch');
          drain = backlog / x.r.between(40, 70, 'batch');
        }
        backlog = Math.max(0, backlog - drain);
        const load = workday(t, 0) ? 3 + 25 * bell(h, 13, 4) : 3 + 6 * bell(h, 13, 4);
        return backlog + x.r.poisson(load, 'p');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'db-volume-disk-used', shape: 'database volume disk usage: logs fill it (faster on working days), nightly 02:00 log rotation (sawtooth), Sunday vacuum temp files', measurement: 'disk_pct',
    cadence: 5 * MIN, days: 7, step: 0.1, tz: -5, range: [0, 100], roles: ['control', 'flatline', 'regime'],
    values: (x) => {
      let logs = 0;
      let data = x.r.between(58, 66, 'base');
      return x.times.map((t, i) => {
        const h = hourOf(t, -5);
        const verbose = x.regimeAt >= 0 && i >= x.regimeAt ? 2 : 1;
        if (within(h, 2, 2 + 5 / 60)) logs *= 0.15;
        logs += verbose * (workday(t, -5) && within(h, 8, 19) ? 0.02 : 0.006);
        data += 0.001;
        const vacuum = weekday(t, -5) === 0 && within(h, 3, 4) ? 3 * Math.sin((h - 3) * Math.PI) : 0;
        return data + logs + vacuum + 0.06 * x.r.normal('n');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'vpn-concentrator-sessions', shape: 'VPN concentrator sessions: office hours on working days (lunch dip, early Friday), a few dozen at night and at the weekend', measurement: 'sessions',
    cadence: 5 * MIN, days: 8, step: 1, tz: 1, range: [0, 5000], roles: ['shift', 'control', 'dropout'],
    where: (t, x) => weekday(t, x.tz) === 0 && within(hourOf(t, x.tz), 5, 12),
    values: (x) =>
      x.times.map((t) => {
        const h = hourOf(t, 1);
        const wd = weekday(t, 1);
        const end = wd === 5 ? 15 : 18;
        const office = wd >= 1 && wd <= 5 ? 650 * (1 / (1 + Math.exp(-(h - 8.3) * 3)) - 1 / (1 + Math.exp(-(h - end) * 2))) * (1 - 0.15 * bell(h, 12.5, 0.6)) : 0;
        const weekend = wd === 0 || wd === 6 ? 25 * bell(h, 14, 4) : 0;
        return x.r.poisson(35 + Math.max(0, office) + weekend, 'p');
      }),
    delivery: (x, s) => live(x.r, s, 0.003),
  },
  {
    type: 'build-server-cpu', shape: 'CI build server CPU: idle 2-5 %, builds pinned at 100 % on working days, a nightly full build at 01:00', measurement: 'cpu_pct',
    cadence: MIN, days: 3, step: 1, tz: 1, range: [0, 100], roles: ['control', 'control', 'dropout'],
    values: (x) => {
      let busy = 0;
      return x.times.map((t) => {
        const h = hourOf(t, 1);
        const rate = workday(t, 1) && within(h, 8, 19) ? 0.04 : 0.003;
        if (busy <= 0 && x.r.chance(rate, 'commit')) busy = x.r.int(6, 20, 'commit');
        const nightly = within(h, 1, 2.15);
        if (nightly || busy-- > 0) return clamp(100 - x.r.poisson(nightly ? 0.6 : 2, 'p'), 0, 100);
        return 3 + x.r.poisson(0.7, 'idle');
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'lab-incubator-rh', shape: 'lab incubator humidity near 93 %: door openings on working days drop it, water pan topped up on Monday mornings, 0.5 % sensor steps', measurement: 'rh_pct',
    cadence: 5 * MIN, days: 5, step: 0.5, tz: -5, range: [40, 100], roles: ['spike', 'control', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.45, 'ar');
      let rh = 93;
      return x.times.map((t) => {
        const h = hourOf(t, -5);
        if (workday(t, -5) && within(h, 8, 17) && x.r.chance(0.035, 'door')) rh -= x.r.between(6, 12, 'door');
        const pan = weekday(t, -5) === 1 && within(h, 9, 11) ? 94.5 : 93;
        rh += 0.12 * (pan - rh);
        return Math.min(97.5, rh + wob());
      });
    },
    delivery: (x, s) => hospitalBatch(x.r, s),
  },
  {
    type: 'o2-manifold-bank-pressure', shape: 'medical oxygen manifold active bank pressure: drains faster by day, changeover to the full bank at ~20 bar (sawtooth)', measurement: 'bank_bar',
    cadence: 5 * MIN, days: 6, step: 1, tz: 2, range: [0, 230], roles: ['regime', 'control', 'spike'],
    values: (x) => {
      let bank = x.r.between(80, 200, 'start');
      return x.times.map((t, i) => {
        const h = hourOf(t, 2);
        const leak = x.regimeAt >= 0 && i >= x.regimeAt ? 0.12 : 0;
        bank -= (0.18 + 0.14 * bell(h, 11, 4) + leak) * (1 + 0.2 * x.r.normal('d'));
        if (bank < 20) bank = x.r.between(195, 205, 'full');
        return bank + 0.5 * x.r.normal('n');
      });
    },
    delivery: (x, s) => hospitalBatch(x.r, s),
  },
  {
    type: 'theatre-air-changes', shape: 'operating theatre air changes per hour: ~21 when occupied 07-20 on working days, 8 in setback, filter loading', measurement: 'ach',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: 1, range: [0, 30], roles: ['flatline', 'control', 'regime'],
    regimeWhere: (t, x) => workday(t, x.tz) && within(hourOf(t, x.tz), 8, 14),
    values: (x) => {
      const wob = ar1(x.r, 0.85, 0.3, 'ar');
      let ach = 8;
      return x.times.map((t, i) => {
        const occupied = workday(t, 1) && within(hourOf(t, 1), 7, 20);
        const slip = x.regimeAt >= 0 && i >= x.regimeAt ? Math.min(1, (i - x.regimeAt) / 60) : 0;
        const target = occupied ? 21 - 3.5 * slip - 0.15 * ((t - HELDOUT_V10_START) / DAY) : 8;
        ach += 0.15 * (target - ach);
        return ach + wob();
      });
    },
    delivery: (x, s) => live(x.r, s, 0.003),
  },
];

/** First index at or after `from` (wrapping from 300) where `ok` holds. */
function find(n: number, from: number, ok: (i: number) => boolean): number {
  for (let i = from; i < n; i++) if (ok(i)) return i;
  for (let i = 300; i < from; i++) if (ok(i)) return i;
  return from;
}

/** The device type names of v10 (for the structure test). */
export const V10_TYPES = TYPES.map((d) => d.type);

/** The held-out v10 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV10(copies = 3, seed = 4_810_003): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    for (const d of TYPES) {
      const r = v10Source(`${d.type}/${c}`, seed);
      const role: Role = d.roles[c % 3] as Role;
      const times = clock(d.days, d.interval ? (t) => (d.interval as NonNullable<DeviceType['interval']>)(t, r, d.tz) : () => d.cadence * (1 + 0.01 * r.normal('clock')), r);
      const n = times.length;
      const x0: Ctx = { r, times, tz: d.tz, regimeAt: -1, c, seed };
      const ok = (i: number) => !d.where || d.where(times[i] as number, x0);
      const lo = Math.max(360, Math.round(n * 0.3));
      const end = (hours: number) => indexAt(times, (times.at(-1) as number) - hours * HOUR);
      const regimeOk = (i: number) => (d.regimeWhere ? d.regimeWhere(times[i] as number, x0) : ok(i));
      const regimeAt = role === 'regime' ? find(end(6), lo + r.int(0, Math.round(n * 0.2), 'at'), regimeOk) : -1;
      const ctx: Ctx = { ...x0, regimeAt };
      const s: Series = {
        id: `v10-${d.type}-${c}`,
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
        for (let w = 0; w < width; w++) {
          const base = median(pub.vals.slice(at + w - 7, at + w + 8));
          s.values[at + w] = base + inward(base, sigmas * sigma, sign) * sigmas * sigma;
        }
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
        const rounded = s.values.map((v) => v10Round(v, d.step));
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
