/**
 * Held-out set v11 for `npm run bench:anomaly` (issue 20): written blind, in one sitting, by an
 * engineer who never read the detector code, its docs, the bench scripts, the anomaly tests or the
 * other worktrees (only the held-out contract in anomaly-heldout.ts, the Label/BenchSeries types of
 * anomaly-set.ts, the v10 set for the format and the label definitions, the headers of v2-v9, the v5
 * sigma helpers and the v10 structure test), and who never ran the detector or the bench on it.
 * Misses and false alarms on it must never be listed series by series (that would make it tuning data).
 *
 * What is different from v1-v10:
 * - generator: RANLUX (Lüscher 1994) in its C++ standard form `ranlux24`: the 24-bit
 *   subtract-with-carry generator of Marsaglia and Zaman (lags 10 and 24, `ranlux24_base`) with
 *   Lüscher's decimation (23 of every 223 outputs kept, `discard_block_engine<…, 223, 23>`), seeded as
 *   the standard does (a 40014 / 2^31-85 LCG fills the 24 words); one stream per device and purpose,
 *   the stream seed the CRC-32 of "seed|device|purpose"; uniforms from two 24-bit outputs (48 bits);
 *   normals by Marsaglia's polar method; Laplace heavy tails; Poisson by inversion;
 * - a wastewater, mining, broadcast, airport-apron, stadium and data-centre fleet (18 device types
 *   never used before): a sewage works' influent flow, an aeration basin's dissolved oxygen, a
 *   clarifier's sludge blanket, a mine's main ventilation fan airflow, a haul truck's payload per
 *   load, a primary crusher conveyor's weightometer, a medium-wave transmitter's forward power, an
 *   FM antenna's VSWR, a transmitter hall's temperature, an aircraft stand's ground power unit
 *   current, a pre-conditioned air unit's discharge temperature, a baggage sorter's induction count,
 *   a stadium pitch's grow-light rigs, a stadium concourse's CO2, a data centre UPS's output power,
 *   a CRAH unit's return air, a standby generator's jacket water and a rack PDU branch's current;
 * - a late-northern-summer / southern-winter start on a Tuesday (2051-08-08; every weekday has
 *   started some earlier set, Tuesday only v2, in spring), monsoon season at the Indian and Nepalese
 *   sites, winter (football season) at the Australian stadium; local time zones with half- and
 *   three-quarter-hour offsets never used before: UTC-2:30 (St John's, summer), +5:30, +5:45, +6:30
 *   and +9:30;
 * - legitimate events that are NOT anomalies: the diurnal sewage curve with a Saturday (Nepal's rest
 *   day) pattern and monsoon storm inflow, DO sagging under load and a night setpoint, desludging
 *   three times a day (sawtooth), post-blast ventilation boosts and daily regulator changes, haul
 *   cycles with shift changes and crib breaks (long gaps between loads), light sticky loads, crusher
 *   stops at shift change and a weekly liner inspection (exactly 0 t/h), a medium-wave schedule of
 *   three transmissions a day (exactly 0 kW off air), monsoon rain raising VSWR, hall air conditioners
 *   duty-cycling, aircraft turnarounds (GPU exactly 0 A between flights, PCA cooling only when
 *   connected), baggage banks and the night curfew, grow-light rigs on overnight and pulled off for
 *   the weekend match, a Saturday-night crowd, nightly backups and batch jobs, CRAH duty rotation, a
 *   weekly generator test run (jacket water up to ~80 °C) and its heater's thermostat cycling;
 * - delivery habits not used before: a plant historian exporting hourly files 4-12 min after the
 *   hour, whose export query starts at the previous file's last timestamp inclusive (each file's
 *   last record re-sent at the head of the next: duplicates); haul trucks storing each load and uploading it at the crusher's Wi-Fi hotspot
 *   (minutes late, several loads at once when the hotspot is missed); a transmitter site polled over
 *   VSAT (about a second late), buffered on the site controller through monsoon rain fades; LoRaWAN
 *   confirmed uplinks with retransmissions (duplicates seconds later); apron MQTT QoS 1 (duplicates
 *   on lost acknowledgements); a DCIM Modbus gateway posting 5-min batches, re-posting a whole batch
 *   when the server's answer times out. `points` times never decrease (equal only for a duplicate,
 *   same value); arrivals are never before the measurement.
 *
 * Composition with the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts,
 * 6 flatlines, 7 dropouts, 6 regime changes), one label per labelled series, 21 controls (39 %).
 *
 * Labels, same definitions as v4-v10 (sigmas measured on the points as published, i.e. rounded to
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
/** Tuesday 2051-08-08 00:00 UTC. */
export const HELDOUT_V11_START = Date.UTC(2051, 7, 8);

const TWO24 = 0x1000000;

/** `ranlux24_base`: subtract-with-carry, w = 24, s = 10, r = 24, seeded as the C++ standard does. */
export class Ranlux24Base {
  private x: number[] = [];
  private carry = 0;
  private k = 0;
  constructor(seed = 19780503) {
    // linear_congruential_engine<uint_least32_t, 40014, 0, 2147483563>(seed == 0 ? 19780503 : seed)
    const m = 2147483563;
    let s = (seed >>> 0) === 0 ? 19780503 : (seed >>> 0) % m;
    if (s === 0) s = 1;
    for (let i = 0; i < 24; i++) {
      s = (40014 * s) % m;
      this.x.push(s % TWO24);
    }
    this.carry = this.x[23] === 0 ? 1 : 0;
  }
  next(): number {
    // X_i = X_{i-10} - X_{i-24} - c mod 2^24; the ring holds X_{i-24} at k.
    const short = this.x[(this.k + 14) % 24] as number;
    const long = this.x[this.k] as number;
    let y = short - long - this.carry;
    if (y < 0) {
      y += TWO24;
      this.carry = 1;
    } else this.carry = 0;
    this.x[this.k] = y;
    this.k = (this.k + 1) % 24;
    return y;
  }
}

/** `ranlux24`: Lüscher's decimation of `ranlux24_base`, 23 outputs kept of each 223. */
export class Ranlux24 {
  private base: Ranlux24Base;
  private used = 0;
  constructor(seed = 19780503) {
    this.base = new Ranlux24Base(seed);
  }
  next(): number {
    if (this.used >= 23) {
      for (let i = 0; i < 223 - 23; i++) this.base.next();
      this.used = 0;
    }
    this.used++;
    return this.base.next();
  }
  /** A uniform in (0, 1) from two outputs (48 bits). */
  real(): number {
    const hi = this.next();
    const lo = this.next();
    return (hi * TWO24 + lo + 0.5) / (TWO24 * TWO24);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE 802.3, reflected) of a string's UTF-16 code units taken as bytes (ASCII keys only). */
export function crc32(text: string): number {
  let c = 0xffffffff;
  for (let i = 0; i < text.length; i++) c = (CRC_TABLE[(c ^ text.charCodeAt(i)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One device's random source: each purpose has its own RANLUX stream. */
export function v11Source(key: string, seed: number) {
  const streams = new Map<string, Ranlux24>();
  const spare = new Map<string, number>();
  const u = (name = 'u'): number => {
    let g = streams.get(name);
    if (!g) {
      g = new Ranlux24(crc32(`${seed}|${key}|${name}`));
      streams.set(name, g);
    }
    return g.real();
  };
  /** Marsaglia's polar method; both values used. */
  const normal = (name = 'n'): number => {
    const kept = spare.get(name);
    if (kept !== undefined) {
      spare.delete(name);
      return kept;
    }
    for (;;) {
      const a = 2 * u(name) - 1;
      const b = 2 * u(name) - 1;
      const q = a * a + b * b;
      if (q >= 1 || q === 0) continue;
      const f = Math.sqrt((-2 * Math.log(q)) / q);
      spare.set(name, b * f);
      return a * f;
    }
  };
  /** Laplace with unit standard deviation. */
  const laplace = (name = 'l'): number => {
    const v = u(name) - 0.5;
    return (-Math.sign(v) * Math.log(1 - 2 * Math.abs(v))) / Math.SQRT2;
  };
  /** Poisson by inversion (sequential search); a rounded normal above 60. */
  const poisson = (lambda: number, name = 'p'): number => {
    if (lambda <= 0) return 0;
    if (lambda > 60) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal(name)));
    let k = 0;
    let p = Math.exp(-lambda);
    let cdf = p;
    const target = u(name);
    while (target > cdf && k < 400) {
      k++;
      p *= lambda / k;
      cdf += p;
    }
    return k;
  };
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  return { u, normal, laplace, poisson, between, int, chance };
}

type Source = ReturnType<typeof v11Source>;

/** Rounds to the sensor's resolution (0.01, 0.1, 0.5, 1); never -0. */
export function v11Round(v: number, step: number): number {
  const places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const f = 10 ** places;
  return Math.round(Math.round(v / step) * step * f) / f + 0;
}

const hourOf = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
/** 0 Sunday … 6 Saturday, local. */
const weekday = (t: number, tz: number) => new Date(t + tz * HOUR).getUTCDay();
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const bell = (h: number, mid: number, width: number) => Math.exp(-(((h - mid) / width) ** 2));
/** Days since the start (fractional), local. */
const dayNo = (t: number, tz: number) => Math.floor((t + tz * HOUR - HELDOUT_V11_START) / DAY);

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
  return { idx, vals: idx.map((i) => v11Round(s.values[i] as number, s.step)) };
}

function clock(days: number, interval: (t: number) => number, r: Source): number[] {
  const t0 = HELDOUT_V11_START + r.int(0, 3600, 'clock') * SEC;
  const times: number[] = [];
  for (let t = t0; t < t0 + days * DAY; t += interval(t)) times.push(Math.round(t));
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
    const value = v11Round(s.values[i] as number, s.step);
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

/** Plant historian: each hour's records go in a file 4-12 min after the hour; each file starts with the previous file's last record (re-sent). */
function hourlyFile(r: Source, s: Series, tz: number): Arrival {
  // Files are cut on the local hour; the offset's minutes matter (UTC+5:45).
  const off = (tz * HOUR) % HOUR;
  const fileOf = (t: number) => Math.floor((t + off) / HOUR) * HOUR - off;
  const delay = new Map<number, number>();
  const sent = (f: number) => {
    let d = delay.get(f);
    if (d === undefined) {
      d = f + HOUR + r.between(4, 12, 'file') * MIN;
      delay.set(f, d);
    }
    return d;
  };
  // The export query starts at the previous file's last timestamp inclusive: each file's last record comes again at the head of the next.
  s.duplicates = (i) => {
    const f = fileOf(s.times[i] as number);
    const next = s.times[i + 1];
    return next !== undefined && fileOf(next) !== f ? sent(f + HOUR) + 2 * SEC : null;
  };
  // A file arrives as one upload: the same instant for all its records.
  return (_i, t) => sent(fileOf(t));
}

/** Live poll (OPC UA, MQTT QoS 1): 0.3-2.5 s; `dup` of the records delivered again 2-40 s later. */
function live(r: Source, s: Series, dup: number): Arrival {
  s.duplicates = (i) => (r.chance(dup, 'dup') ? (s.times[i] as number) + r.between(2, 40, 'dup') * SEC : null);
  return (_i, t) => t + r.between(300, 2500, 'wire');
}

/** LoRaWAN confirmed uplinks: 1-3 s through the network server; a lost ack repeats the uplink 4-20 s later. */
function lorawan(r: Source, s: Series): Arrival {
  s.duplicates = (i) => (r.chance(0.03, 'dup') ? (s.times[i] as number) + r.between(4, 20, 'dup') * SEC : null);
  return (_i, t) => t + r.between(1, 3, 'wire') * SEC;
}

/** Windows [from, to) of rain fade on the VSAT link: afternoon monsoon storms on some days, 10-50 min. */
function rainFades(r: Source, first: number, last: number, tz: number): [number, number][] {
  const out: [number, number][] = [];
  for (let d = dayNo(first, tz) - 1; d <= dayNo(last, tz) + 1; d++) {
    const storms = r.int(0, 2, 'fade');
    for (let k = 0; k < storms; k++) {
      const at = HELDOUT_V11_START + d * DAY - tz * HOUR + r.between(13, 21, 'fade') * HOUR;
      out.push([Math.round(at), Math.round(at + r.between(10, 50, 'fade') * MIN)]);
    }
  }
  return out;
}

/** Transmitter site polled over VSAT (0.6-1.4 s), buffered on the site controller through rain fades, flushed after. */
function vsat(r: Source, fades: [number, number][]): Arrival {
  return (_i, t) => {
    const w = fades.find(([a, b]) => t >= a && t < b);
    return w ? w[1] + r.between(20, 90, 'wire') * SEC : t + r.between(600, 1400, 'wire');
  };
}

/** DCIM Modbus gateway: 5-min batches posted 3-10 s after the cut; 2 % of posts time out and the batch is posted again with the next. */
function dcimBatch(r: Source, s: Series): Arrival {
  const period = 5 * MIN;
  const phase = r.between(0, period, 'phase');
  const cut = (t: number) => Math.ceil((t + SEC - phase) / period) * period + phase;
  const post = new Map<number, { at: number; again: boolean }>();
  const of = (b: number) => {
    let p = post.get(b);
    if (!p) {
      p = { at: b + r.between(3, 10, 'post') * SEC, again: r.chance(0.02, 'again') };
      post.set(b, p);
    }
    return p;
  };
  s.duplicates = (i) => {
    const b = cut(s.times[i] as number);
    return of(b).again ? of(b + period).at : null;
  };
  return (_i, t) => of(cut(t)).at;
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
  interval?: (t: number, r: Source, tz: number) => number;
  days: number;
  step: number;
  tz: number;
  range: [number, number];
  roles: [Role, Role, Role];
  where?: (t: number, x: Ctx) => boolean;
  regimeWhere?: (t: number, x: Ctx) => boolean;
  values: (x: Ctx) => number[];
  delivery: (x: Ctx, s: Series) => Arrival;
}

function ar1(r: Source, phi: number, sd: number, name: string) {
  let x = 0;
  return () => (x = phi * x + Math.sqrt(1 - phi * phi) * sd * r.normal(name));
}

/** Monsoon storms at the sewage works (shared by a copy's plant devices): [start, peak L/s]. */
function storms(c: number, seed: number): [number, number][] {
  const r = v11Source(`monsoon-${c}`, seed);
  const out: [number, number][] = [];
  for (let d = 0; d < 9; d++) if (r.chance(0.45, 's')) out.push([HELDOUT_V11_START + d * DAY - 5.75 * HOUR + r.between(12, 22, 's') * HOUR, r.between(250, 600, 's')]);
  return out;
}
const stormFlow = (list: [number, number][], t: number) =>
  list.reduce((sum, [a, peak]) => (t < a ? sum : sum + peak * Math.min(1, (t - a) / (40 * MIN)) * Math.exp(-Math.max(0, t - a - 40 * MIN) / (3 * HOUR))), 0);

/** Sewage diurnal factor (mean about 1), later and flatter on Saturday. */
function sewage(t: number, tz: number): number {
  const h = hourOf(t, tz);
  const rest = weekday(t, tz) === 6;
  return 0.55 + (rest ? 0.55 * bell(h, 10.5, 2.5) : 0.75 * bell(h, 8.5, 1.8)) + 0.45 * bell(h, 19.5, 2.2) + 0.15 * bell(h, 13.5, 2);
}

/** Aircraft on a stand: [on, off] blocks with 45-110 min turnarounds, none 00:30-05:15 local. */
function turnarounds(c: number, seed: number): [number, number][] {
  const r = v11Source(`stand-${c}`, seed);
  const out: [number, number][] = [];
  let t = HELDOUT_V11_START + r.between(5.3, 6.5, 'a') * HOUR + 2.5 * HOUR;
  while (t < HELDOUT_V11_START + 8 * DAY) {
    const h = hourOf(t, -2.5);
    // No turnaround starts after 22:35: the last aircraft is off the stand before the 00:30 curfew, the first on after 05:15.
    if (h >= 22.58 || h < 5.25) {
      t += (((5.3 - h + 24) % 24) * HOUR) + r.between(0, 40, 'a') * MIN;
      continue;
    }
    const stay = r.between(45, 110, 'a') * MIN;
    out.push([t, t + stay]);
    t += stay + r.between(15, 120, 'a') * MIN;
  }
  return out;
}
const onStand = (list: [number, number][], t: number) => list.find(([a, b]) => t >= a && t < b);

const TYPES: DeviceType[] = [
  {
    type: 'ww-influent-flow', shape: 'sewage works influent flow: diurnal curve (later on Saturday), monsoon storm inflow, hourly historian files', measurement: 'flow_lps',
    cadence: 5 * MIN, days: 6, step: 1, tz: 5.75, range: [0, 3000], roles: ['spike', 'control', 'dropout'],
    values: (x) => {
      const list = storms(x.c, x.seed);
      const wob = ar1(x.r, 0.7, 0.03, 'ar');
      return x.times.map((t) => 620 * sewage(t, 5.75) * (1 + wob()) + stormFlow(list, t) + 6 * x.r.normal('n'));
    },
    delivery: (x, s) => hourlyFile(x.r, s, 5.75),
  },
  {
    type: 'aeration-basin-do', shape: 'aeration basin dissolved oxygen: blowers hold 2.0 mg/L (1.5 at night), sags under the load peaks and storm inflow', measurement: 'do_mgl',
    cadence: 2 * MIN, days: 4, step: 0.01, tz: 5.75, range: [0, 8], roles: ['regime', 'control', 'flatline'],
    regimeWhere: (t, x) => within(hourOf(t, x.tz), 6, 12),
    values: (x) => {
      const list = storms(x.c, x.seed);
      const wob = ar1(x.r, 0.85, 0.07, 'ar');
      return x.times.map((t, i) => {
        const h = hourOf(t, 5.75);
        const setpoint = within(h, 23, 24) || within(h, 0, 5) ? 1.5 : 2.0;
        const fouled = x.regimeAt >= 0 && i >= x.regimeAt;
        const load = sewage(t - 2 * HOUR, 5.75) - 1 + stormFlow(list, t - HOUR) / 900;
        const sag = Math.max(0, load) * (fouled ? 0.95 : 0.55);
        return Math.max(0.05, setpoint - sag + wob() * (fouled ? 1.6 : 1));
      });
    },
    delivery: (x, s) => hourlyFile(x.r, s, 5.75),
  },
  {
    type: 'clarifier-sludge-blanket', shape: 'secondary clarifier sludge blanket: rises with the solids load, desludged at 06, 14 and 22 (sawtooth), 0.1 m ultrasonic steps', measurement: 'blanket_m',
    cadence: 10 * MIN, days: 8, step: 0.1, tz: 5.75, range: [0, 4], roles: ['control', 'shift', 'dropout'],
    values: (x) => {
      let level = x.r.between(1.0, 1.4, 'lvl');
      return x.times.map((t) => {
        const h = hourOf(t, 5.75);
        const desludge = [6, 14, 22].some((d) => within(h, d, d + 0.5));
        level += desludge ? -0.06 * (level - 0.7) * 3 : 0.004 * sewage(t, 5.75) * (1 + 0.3 * x.r.normal('d'));
        return clamp(level, 0.3, 3.5) + 0.05 * x.r.normal('n');
      });
    },
    delivery: (x, s) => hourlyFile(x.r, s, 5.75),
  },
  {
    type: 'mine-vent-fan-airflow', shape: 'underground mine main fan airflow: boosted after the 05:30 and 17:30 blasts, a regulator change by the ventilation officer each day', measurement: 'airflow_m3s',
    cadence: MIN, days: 3, step: 1, tz: 9.5, range: [0, 420], roles: ['control', 'regime', 'spike'],
    regimeWhere: (t, x) => within(hourOf(t, x.tz), 8, 15),
    values: (x) => {
      const wob = ar1(x.r, 0.9, 2.5, 'ar');
      let trim = 0;
      let last = -1;
      return x.times.map((t, i) => {
        const h = hourOf(t, 9.5);
        const day = dayNo(t, 9.5);
        if (day !== last && h >= 10) {
          last = day;
          trim = x.r.int(-2, 2, 'reg') * 4;
        }
        const boost = [5.5, 17.5].some((b) => within(h, b, b + 0.75)) ? 30 : 0;
        const door = x.regimeAt >= 0 && i >= x.regimeAt;
        return 282 + trim + boost + (door ? 6 : 0) + wob() * (door ? 2 : 1);
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'haul-truck-payload', shape: 'haul truck payload per load: a load every 10-16 min, none at the 06/18 shift changes and the crib breaks, light sticky loads; uploaded at the crusher hotspot', measurement: 'payload_t',
    cadence: 13 * MIN,
    interval: (t, r, tz) => {
      const h = hourOf(t, tz);
      const pause = [5.75, 17.75].some((b) => within(h, b, b + 0.3)) || [11.5, 23.5].some((b) => within(h, b, b + 0.25));
      return (pause ? r.between(30, 45, 'iv') : r.between(10, 16, 'iv')) * MIN;
    },
    days: 8, step: 0.1, tz: 9.5, range: [0, 300], roles: ['spike', 'control', 'shift'],
    values: (x) => x.times.map(() => (x.r.chance(0.04, 'sticky') ? x.r.between(170, 200, 'sticky') : 221 + 5 * x.r.laplace('l'))),
    delivery: (x) => {
      let last = 0;
      return (_i, t) => {
        // Weighed at loading, uploaded at the dump 6-11 min later; a missed hotspot waits for the next visit.
        const lag = x.r.chance(0.08, 'miss') ? x.r.between(20, 32, 'miss') : x.r.between(6, 11, 'wire');
        last = Math.max(last, t + lag * MIN);
        return last;
      };
    },
  },
  {
    type: 'crusher-conveyor-tph', shape: 'primary crusher conveyor weightometer: truck-dump surges, 0 t/h at the shift changes and the Wednesday liner inspection 08-14', measurement: 'tph',
    cadence: MIN, days: 3, step: 1, tz: 9.5, range: [0, 4000], roles: ['dropout', 'control', 'flatline'],
    where: (t, x) => weekday(t, x.tz) !== 3 && within(hourOf(t, x.tz), 7, 16.5),
    values: (x) => {
      const wob = ar1(x.r, 0.8, 90, 'ar');
      let surge = 0;
      return x.times.map((t) => {
        const h = hourOf(t, 9.5);
        const stop = [5.9, 17.9].some((b) => within(h, b, b + 0.5)) || (weekday(t, 9.5) === 3 && within(h, 8, 14));
        if (stop) return 0;
        if (x.r.chance(0.08, 'dump')) surge = x.r.between(200, 450, 'dump');
        surge *= 0.7;
        return Math.max(0, 2150 + surge + wob());
      });
    },
    delivery: (x, s) => live(x.r, s, 0.004),
  },
  {
    type: 'mw-transmitter-forward-power', shape: 'medium-wave 100 kW transmitter forward power: morning, midday and evening transmissions, exactly 0 off air; VSAT polling', measurement: 'fwd_kw',
    cadence: MIN, days: 4, step: 0.1, tz: 5.5, range: [0, 130], roles: ['control', 'spike', 'dropout'],
    where: (t, x) => within(hourOf(t, x.tz), 17.8, 22.5),
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.8, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, 5.5);
        const onAir = within(h, 5.5, 10.17) || within(h, 12, 15.5) || within(h, 17, 23.17);
        if (!onAir) return 0;
        // Carrier plus modulation: music raises the average power more than speech.
        const music = Math.sin(h * 2.1) > 0.2 ? 4 : 1.5;
        return 100 + music + wob() + 0.4 * x.r.laplace('l');
      });
    },
    delivery: (x, s) => vsat(x.r, rainFades(x.r, s.times[0] as number, s.times.at(-1) as number, 5.5)),
  },
  {
    type: 'tx-antenna-vswr', shape: 'FM antenna VSWR: 1.1-1.2, monsoon rain on the radome raises it for an hour or two, a slight daily thermal cycle', measurement: 'vswr',
    cadence: 5 * MIN, days: 6, step: 0.01, tz: 5.5, range: [1, 3], roles: ['regime', 'control', 'shift'],
    values: (x) => {
      const base = x.r.between(1.1, 1.16, 'base');
      const rain = rainFades(x.r, x.times[0] as number, x.times.at(-1) as number, 5.5);
      return x.times.map((t, i) => {
        const h = hourOf(t, 5.5);
        const wet = rain.reduce((w, [a, b]) => w + (t >= a && t < b + 90 * MIN ? 0.04 * Math.exp(-Math.max(0, t - b) / (40 * MIN)) : 0), 0);
        const ingress = x.regimeAt >= 0 && i >= x.regimeAt ? Math.min(0.07, (0.01 * (t - (x.times[x.regimeAt] as number))) / HOUR) : 0;
        return base + 0.008 * Math.sin(((h - 15) / 24) * 2 * Math.PI) + wet + ingress + 0.006 * x.r.normal('n');
      });
    },
    delivery: (x, s) => vsat(x.r, rainFades(x.r, s.times[0] as number, s.times.at(-1) as number, 5.5)),
  },
  {
    type: 'tx-hall-temp', shape: 'transmitter hall temperature: two air conditioners duty-cycling 23-27 °C, warmer while the medium-wave transmitter is on air', measurement: 'hall_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: 5.5, range: [10, 45], roles: ['flatline', 'control', 'shift'],
    values: (x) => {
      let temp = 25;
      let cooling = false;
      return x.times.map((t) => {
        const h = hourOf(t, 5.5);
        const onAir = within(h, 5.5, 10.17) || within(h, 12, 15.5) || within(h, 17, 23.17);
        const gain = 0.05 + (onAir ? 0.05 : 0) + 0.03 * bell(h, 15, 3);
        if (temp > 26.8) cooling = true;
        if (temp < 23.4) cooling = false;
        temp += gain - (cooling ? 0.22 : 0) + 0.03 * x.r.normal('d');
        return temp + 0.08 * x.r.normal('n');
      });
    },
    delivery: (x, s) => vsat(x.r, rainFades(x.r, s.times[0] as number, s.times.at(-1) as number, 5.5)),
  },
  {
    type: 'stand-gpu-output-amps', shape: 'aircraft stand 400 Hz ground power unit current: 0 A between turnarounds, 80-230 A while an aircraft is on the stand, night curfew; apron MQTT', measurement: 'gpu_a',
    cadence: MIN, days: 3, step: 1, tz: -2.5, range: [0, 400], roles: ['control', 'dropout', 'control'],
    values: (x) => {
      const list = turnarounds(x.c, x.seed);
      const wob = ar1(x.r, 0.8, 6, 'ar');
      const level = new Map<number, number>();
      return x.times.map((t) => {
        const on = onStand(list, t);
        if (!on) return 0;
        let a = level.get(on[0]);
        if (a === undefined) {
          a = x.r.between(80, 230, 'ac');
          level.set(on[0], a);
        }
        const plugIn = Math.min(1, (t - on[0]) / (6 * MIN));
        return Math.max(0, a * plugIn + wob());
      });
    },
    delivery: (x, s) => live(x.r, s, 0.005),
  },
  {
    type: 'pca-discharge-temp', shape: 'pre-conditioned air unit discharge temperature: ambient when idle, 5-9 °C while cooling a connected aircraft', measurement: 'discharge_c',
    cadence: MIN, days: 3, step: 0.1, tz: -2.5, range: [-5, 40], roles: ['spike', 'control', 'flatline'],
    values: (x) => {
      const list = turnarounds(x.c, x.seed);
      const wob = ar1(x.r, 0.9, 0.3, 'ar');
      let temp = 18;
      return x.times.map((t) => {
        const h = hourOf(t, -2.5);
        const ambient = 17 + 4 * Math.sin(((h - 9) / 24) * 2 * Math.PI);
        const on = onStand(list, t);
        const target = on && t - on[0] > 8 * MIN ? 7 : ambient;
        temp += 0.2 * (target - temp);
        return temp + wob();
      });
    },
    delivery: (x, s) => live(x.r, s, 0.005),
  },
  {
    type: 'baggage-sorter-inducts', shape: 'baggage sorter bags inducted per 5 min: morning, midday and evening departure banks, 0 in the night curfew', measurement: 'bags',
    cadence: 5 * MIN, days: 5, step: 1, tz: -2.5, range: [0, 600], roles: ['control', 'dropout', 'shift'],
    where: (t, x) => within(hourOf(t, x.tz), 6, 20),
    values: (x) =>
      x.times.map((t) => {
        const h = hourOf(t, -2.5);
        if (within(h, 0.5, 4.5)) return 0;
        const lambda = 6 + 70 * bell(h, 6.5, 1) + 45 * bell(h, 12.5, 1.3) + 60 * bell(h, 18, 1.5);
        return x.r.poisson(lambda, 'p');
      }),
    delivery: (x, s) => live(x.r, s, 0.005),
  },
  {
    type: 'pitch-grow-light-power', shape: 'stadium pitch grow-light rigs: on overnight 18-07 (winter), pulled off from Friday evening for the weekend match; LoRaWAN', measurement: 'rig_kw',
    cadence: 5 * MIN, days: 6, step: 1, tz: 9.5, range: [0, 200], roles: ['control', 'control', 'dropout'],
    where: (t, x) => within(hourOf(t, x.tz), 8, 15),
    values: (x) => {
      const rigs = x.r.int(6, 8, 'rigs');
      return x.times.map((t) => {
        const h = hourOf(t, 9.5);
        const wd = weekday(t, 9.5);
        const weekend = (wd === 5 && h >= 16) || wd === 6 || (wd === 0 && h < 18);
        const night = h >= 18 || h < 7;
        if (weekend || !night) return 0;
        return rigs * 12.5 + 1.2 * x.r.normal('n');
      });
    },
    delivery: (x, s) => lorawan(x.r, s),
  },
  {
    type: 'stadium-concourse-co2', shape: 'stadium concourse CO2: ~430 ppm empty, function-room events Tuesday and Thursday evenings, the Saturday night match crowd', measurement: 'co2_ppm',
    cadence: 5 * MIN, days: 6, step: 1, tz: 9.5, range: [380, 5000], roles: ['shift', 'control', 'flatline'],
    where: (t, x) => weekday(t, x.tz) !== 6 && weekday(t, x.tz) !== 0,
    values: (x) => {
      const wob = ar1(x.r, 0.8, 6, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, 9.5);
        const wd = weekday(t, 9.5);
        const event = (wd === 2 || wd === 4) && within(h, 18, 23) ? 180 * Math.sin(((h - 18) / 5) * Math.PI) : 0;
        const match = wd === 6 && within(h, 17.5, 23.5) ? 850 * Math.sin(((h - 17.5) / 6) * Math.PI) : 0;
        return 432 + 15 * bell(h, 13, 4) + event + match + wob();
      });
    },
    delivery: (x, s) => lorawan(x.r, s),
  },
  {
    type: 'dc-ups-output-kw', shape: 'data centre UPS output power: IT load with a small daily swing and the 01-03 batch window; DCIM 5-min batches', measurement: 'ups_kw',
    cadence: MIN, days: 3, step: 0.1, tz: 5.5, range: [0, 800], roles: ['spike', 'control', 'shift'],
    values: (x) => {
      const base = x.r.between(380, 460, 'base');
      const wob = ar1(x.r, 0.95, 1.6, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, 5.5);
        return base * (1 + 0.025 * bell(h, 15, 4)) + (within(h, 1, 3) ? 14 : 0) + wob() + 0.5 * x.r.normal('n');
      });
    },
    delivery: (x, s) => dcimBatch(x.r, s),
  },
  {
    type: 'crah-return-air-temp', shape: 'CRAH return air temperature: follows the IT load, duty/standby rotation at 10:00 each day', measurement: 'return_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: 5.5, range: [15, 45], roles: ['control', 'regime', 'spike'],
    values: (x) => {
      const wob = ar1(x.r, 0.9, 0.25, 'ar');
      return x.times.map((t, i) => {
        const h = hourOf(t, 5.5);
        const rotation = within(h, 10, 10.4) ? 0.9 * Math.sin(((h - 10) / 0.4) * Math.PI) : 0;
        const propped = x.regimeAt >= 0 && i >= x.regimeAt;
        return 31 + 0.8 * bell(h, 15, 4) + (within(h, 1, 3) ? 0.4 : 0) + rotation - (propped ? 1.3 : 0) + wob() * (propped ? 1.8 : 1);
      });
    },
    delivery: (x, s) => dcimBatch(x.r, s),
  },
  {
    type: 'genset-jacket-water-temp', shape: 'standby generator jacket water: heater thermostat cycling 38-44 °C, weekly Monday 10:00 test run to ~80 °C', measurement: 'jacket_c',
    cadence: 5 * MIN, days: 8, step: 0.5, tz: 6.5, range: [5, 100], roles: ['regime', 'control', 'flatline'],
    where: (t, x) => weekday(t, x.tz) !== 1,
    regimeWhere: (t, x) => weekday(t, x.tz) !== 1 && weekday(t, x.tz) !== 0,
    values: (x) => {
      let temp = 41;
      let heating = false;
      return x.times.map((t, i) => {
        const h = hourOf(t, 6.5);
        const weak = x.regimeAt >= 0 && i >= x.regimeAt;
        const running = weekday(t, 6.5) === 1 && within(h, 10, 10.5);
        if (running) temp += 0.25 * (80 - temp);
        else {
          if (temp < 38) heating = true;
          if (temp > 44) heating = false;
          const ambient = 29 + 3 * Math.sin(((h - 9) / 24) * 2 * Math.PI);
          temp += (heating ? (weak ? 0.35 : 0.9) : 0) - 0.035 * (temp - ambient);
        }
        return temp + 0.2 * x.r.normal('n');
      });
    },
    delivery: (x, s) => dcimBatch(x.r, s),
  },
  {
    type: 'pdu-branch-amps', shape: 'rack PDU branch current: servers follow the service load, nightly backup 00:30-02:30', measurement: 'branch_a',
    cadence: MIN, days: 3, step: 0.1, tz: 6.5, range: [0, 32], roles: ['control', 'control', 'regime'],
    regimeWhere: (t, x) => within(hourOf(t, x.tz), 9, 16),
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.18, 'ar');
      return x.times.map((t, i) => {
        const h = hourOf(t, 6.5);
        const deployed = x.regimeAt >= 0 && i >= x.regimeAt;
        return 9.4 + 0.9 * bell(h, 14, 4) + (within(h, 0.5, 2.5) ? 1.2 : 0) + (deployed ? 0.7 : 0) + wob() * (deployed ? 2.2 : 1);
      });
    },
    delivery: (x, s) => dcimBatch(x.r, s),
  },
];

function find(n: number, from: number, ok: (i: number) => boolean): number {
  for (let i = from; i < n; i++) if (ok(i)) return i;
  for (let i = 300; i < from; i++) if (ok(i)) return i;
  return from;
}

/** The device type names of v11 (for the structure test). */
export const V11_TYPES = TYPES.map((d) => d.type);

/** The held-out v11 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV11(copies = 3, seed = 510_808): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    for (const d of TYPES) {
      const r = v11Source(`${d.type}/${c}`, seed);
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
        id: `v11-${d.type}-${c}`,
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
          vals[at + w] = v11Round(base + inward(base, sigmas * sigma, sign) * sigmas * sigma, d.step);
        }
        // On a steep daily slope the spiked point moves its own window's median: settle the value
        // against the median it is measured with (a few passes converge).
        for (let pass = 0; pass < 4; pass++) {
          for (let w = 0; w < width; w++) {
            const base = median(vals.slice(at + w - 7, at + w + 8));
            const dir = vals[at + w] >= base ? 1 : -1;
            vals[at + w] = v11Round(base + dir * sigmas * sigma, d.step);
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
        const rounded = s.values.map((v) => v11Round(v, d.step));
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
