/**
 * Held-out set v6 for `npm run bench:anomaly` (issue 20, sixth round): written in one sitting BEFORE
 * any round-6 measurement by an engineer who never read the detector code, its docs, the bench
 * script, the anomaly tests or the other round-6 worktrees (only the held-out contract in
 * anomaly-heldout.ts and the v4/v5 sets, for the format and the label definitions), and never ran
 * the detector or the bench on it. v1-v5 have been measured after tuning and are "seen";
 * anomaly-set.ts is the tuning set. Misses and false alarms on this set are never listed series by
 * series (that would make it tuning data).
 *
 * Different on purpose from v1-v5:
 * - generator: the Mersenne Twister MT19937 (Matsumoto & Nishimura 1998), hand-written, one
 *   generator per device and purpose seeded with `init_by_array` on the set's seed and the
 *   character codes of "type/copy|purpose" (no string hash); uniforms with 53 bits (genrand_res53,
 *   never 0); normals by Teichroew's odd-polynomial correction of the centred sum of 12 uniforms,
 *   gamma by Marsaglia-Tsang squeeze, Weibull and Gumbel by inversion;
 * - noise models: Voss-McCartney pink (1/f) noise, GARCH(1,1) volatility clustering (latency),
 *   Weibull-shaped meter noise, semi-Markov level switching with Weibull dwell times (microwave RSL,
 *   NR cell reselection, fan PWM steps), bang-bang pressurestat and load/unload compressor
 *   sawtooths, hysteresis pump control of a tank, first-order thermal lag driven by load
 *   (transformer top oil), battery state of charge with shift-driven drain and cradle charging,
 *   solar charging with per-day cloudiness;
 * - device types nobody used before: microwave backhaul received signal level, tram-stop display
 *   5G NR RSRQ, warehouse barcode-scanner battery, solar fence-energiser battery voltage,
 *   district-heating return pressure, compressed-air header pressure, cooling-tower make-up water
 *   flow, data-centre chilled-water flow, injection-moulding barrel temperature, POS card
 *   authorisation latency, edge video-analytics box CPU, municipal water-tower level, server fan
 *   speed, cattle water-trough level, distribution-transformer top-oil temperature, chairlift rope
 *   speed, café espresso boiler pressure, salmon-pen dissolved oxygen;
 * - legitimate events that are NOT anomalies: rain fades and multipath regimes on the microwave
 *   link, cell reselection and tram rush hours, cradle charging at breaks and shift ends, cloudy
 *   days, night setback, lunch breaks and a night with compressors barely loading, cooling-tower
 *   blowdowns, daily chilled-water pump swaps, mould changes at standby temperature, store hours,
 *   a nightly analytics restart, tower refills, trough refills by a solar pump, wind holds and
 *   children slowing the chairlift, espresso eco mode and morning warm-up, fish feeding and night
 *   aeration; local time zones from UTC-8 to UTC+10, a Thursday start so 3-4 day series include a
 *   weekend (weekend shifts, later demand, longer lift hours);
 * - delivery: an NMS polling the microwave radio every 5 min, MQTT QoS-1 redeliveries (out of
 *   order), scanners syncing only when docked (records up to ~4 h late), a BMS trend log uploaded
 *   hourly, a fence logger's GSM modem waking every ~3 h, a POS store-and-forward queue (out of
 *   order, up to 40 min late), a water-tower RTU polled every 30 min, a trough satellite modem
 *   uploading every 4 h, a transformer RTU on DNP3 polls, a fish-pen buoy uploading in 20-40 min batches, and a server BMC whose clock runs
 *   slow (12-20 s an hour) and is stepped forward by NTP every night (clock skew: its stamps lag
 *   their arrival by up to several minutes). On one fish buoy per set the modem hangs: the 1-2 h
 *   before the gap, the gap's edge and what follows arrive only after the gap had ended. Two
 *   dropout types per set stop 2-6 h at 1-2 min cadences and come back only shortly before the
 *   end of the series.
 *
 * Labels, same definitions as v4/v5 (sigmas measured on the series as published, i.e. rounded to
 * the sensor's resolution): spikes are 7-10 local robust sigmas (1.4826 MAD of the
 * residual around a running median of 15, over the 300 points before) for 1-3 points; level
 * shifts 4-5 such sigmas for 150-250 points (here 4.5-5 sigmas for 170-200 points), sigma there
 * being the larger of that and the raw spread (1.4826 MAD of the 300 values before; window: the
 * first 10 points); flatlines from the first point that took the stuck value to the last stuck
 * point; dropouts from the last record before the gap to the first after it; `regime_change` a
 * change that stays inside (or barely leaves) the series' usual range (a slide, a slope change, a
 * variance change, a duty-cycle change) sustained over hours, window the first 3.5 hours of it.
 * Series without labels are controls: any incident on them is a false alarm. Spikes and shifts sit
 * where that sigma means something: a shift on a stepping series inside one regime (RSL, RSRQ, fan
 * PWM), spikes off steep ramps and sawtooth corners (where a running median follows every point
 * and the local sigma is only the gauge's resolution), in production, at cruising speed.
 *
 * With the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts, 6
 * flatlines, 7 dropouts, 6 regime changes) on 33 series, 21 controls (39 %).
 */
import type { HeldoutSeries } from './anomaly-heldout';
import { levelSigma as v6LevelSigma, localSigma as v6LocalSigma } from './anomaly-heldout-v5';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Thursday 2036-09-04 00:00 UTC. Each device type keeps its own UTC offset (`tz` below). */
export const HELDOUT_V6_START = Date.UTC(2036, 8, 4);

const N = 624;
const M = 397;

/** MT19937, the 32-bit Mersenne Twister (reference algorithm, mt19937ar.c). */
export class MT19937 {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  constructor(key: number | number[]) {
    if (typeof key === 'number') this.initGenrand(key);
    else this.initByArray(key);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] as number;
      mt[i] = (Math.imul(1812433253, (prev ^ (prev >>> 30)) >>> 0) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] as number;
      mt[i] = (((mt[i] as number) ^ Math.imul((prev ^ (prev >>> 30)) >>> 0, 1664525)) + ((key[j] as number) >>> 0) + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1] as number;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] as number;
      mt[i] = (((mt[i] as number) ^ Math.imul((prev ^ (prev >>> 30)) >>> 0, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1] as number;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** genrand_int32: a uniform 32-bit unsigned integer. */
  int32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      if (this.index === N + 1) this.initGenrand(5489);
      for (let kk = 0; kk < N; kk++) {
        const y = ((mt[kk] as number) & 0x80000000) | ((mt[(kk + 1) % N] as number) & 0x7fffffff);
        mt[kk] = ((mt[(kk + M) % N] as number) ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)) >>> 0;
      }
      this.index = 0;
    }
    let y = mt[this.index++] as number;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** genrand_res53 shifted half a step: uniform in (0, 1), never 0 or 1. */
  real(): number {
    const a = this.int32() >>> 5;
    const b = this.int32() >>> 6;
    return (a * 67108864 + b + 0.5) / 9007199254740992;
  }
}

/** One device's random source: every purpose has its own Mersenne Twister, so purposes never move each other. */
export function v6Source(key: string, seed: number) {
  const streams = new Map<string, MT19937>();
  const u = (name = 'u'): number => {
    let s = streams.get(name);
    if (!s) {
      s = new MT19937([seed >>> 0, ...Array.from(`${key}|${name}`, (ch) => ch.charCodeAt(0))]);
      streams.set(name, s);
    }
    return s.real();
  };
  /** Standard normal: Teichroew's odd polynomial applied to (sum of 12 uniforms - 6) / 4. */
  const normal = (name = 'n') => {
    let sum = 0;
    for (let k = 0; k < 12; k++) sum += u(name);
    const x = (sum - 6) / 4;
    const x2 = x * x;
    return ((((0.029899776 * x2 + 0.008355968) * x2 + 0.076542912) * x2 + 0.252408784) * x2 + 3.949846138) * x;
  };
  /** Gamma(shape >= 1, 1) by Marsaglia & Tsang (2000). */
  const gamma = (shape: number, name = 'g') => {
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = normal(name);
      const v = (1 + c * x) ** 3;
      if (v <= 0) continue;
      if (Math.log(u(name)) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  /** Weibull(shape k, scale 1) by inversion. */
  const weibull = (k: number, name = 'w') => (-Math.log(u(name))) ** (1 / k);
  /** Standard Gumbel (maximum) by inversion. */
  const gumbel = (name = 'gu') => -Math.log(-Math.log(u(name)));
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  const sign = (name = 'r') => (u(name) < 0.5 ? -1 : 1);
  return { u, normal, gamma, weibull, gumbel, between, int, chance, sign };
}

type Source = ReturnType<typeof v6Source>;

/** Voss-McCartney pink noise: `rows` octaves refreshed at halving rates plus white noise, about unit variance. */
function pink(r: Source, rows = 8, name = 'pink') {
  const octave = Array.from({ length: rows }, () => r.normal(name));
  let counter = 0;
  return () => {
    counter++;
    let row = 0;
    while (row < rows - 1 && ((counter >> row) & 1) === 0) row++;
    octave[row] = r.normal(name);
    return (octave.reduce((p, v) => p + v, 0) + r.normal(name)) / Math.sqrt(rows + 1);
  };
}

/** GARCH(1,1) innovations with unit unconditional variance: volatility comes in clusters. */
function garch(r: Source, alpha: number, beta: number, name = 'garch') {
  const omega = 1 - alpha - beta;
  let variance = 1;
  let last = 0;
  return () => {
    variance = omega + alpha * last * last + beta * variance;
    last = Math.sqrt(variance) * r.normal(name);
    return last;
  };
}

/** Local hour of day (0-24) at UTC offset `tz` hours. */
const localHour = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
/** Local day of week (0 = Sunday). */
const localDay = (t: number, tz: number) => new Date(t + tz * HOUR).getUTCDay();
const clamp01 = (x: number) => Math.max(0, Math.min(1, x));

/** Measurement clock: starts `fromHours` after the set's start plus 0-45 min, crystal ±0.15 %, `dither` ms per sample. */
function clock(n: number, cadence: number, r: Source, dither = SEC, fromHours = 0): number[] {
  const rate = 1 + r.between(-0.0015, 0.0015, 'clock');
  const t0 = HELDOUT_V6_START + fromHours * HOUR + r.int(0, 45 * 60, 'clock') * SEC;
  return Array.from({ length: n }, (_, i) => Math.round(t0 + i * cadence * rate + r.u('clock') * dither));
}

interface Series {
  id: string;
  shape: string;
  measurement: string;
  times: number[];
  values: number[];
  step: number;
  labels: HeldoutSeries['labels'];
  gap?: [number, number];
  arrival?: (i: number, t: number) => number;
}

const decimals = (step: number) => Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
/** Rounds to the sensor's resolution `step` (0.01, 0.1, 0.5, 1, 10...). */
export const quantise = (v: number, step: number) => {
  const f = 10 ** decimals(step);
  return Math.round(Math.round(v / step) * step * f) / f;
};

function finish(s: Series, r: Source): HeldoutSeries {
  const points: HeldoutSeries['points'] = [];
  const arrivals: number[] = [];
  s.values.forEach((v, i) => {
    if (s.gap && i >= s.gap[0] && i < s.gap[1]) return;
    const t = s.times[i] as number;
    points.push({ t, m: { [s.measurement]: quantise(v, s.step) } });
    arrivals.push(Math.max(t, Math.round(s.arrival ? s.arrival(i, t) : t + 400 + 2600 * r.u('wire'))));
  });
  return { identifier: s.id, shape: s.shape, points, labels: s.labels, arrivals };
}

/**
 * The label sizes' sigmas are v5's definitions (its header): the local robust sigma (1.4826 × MAD of
 * the residual around a running median of 15, over the 300 points before, at least `step`) and the
 * level-shift sigma (the larger of that and 1.4826 × MAD of the 300 raw values before). One copy,
 * re-exported under the names this set's test uses.
 */
export { localSigma as v6LocalSigma, levelSigma as v6LevelSigma } from './anomaly-heldout-v5';

/** The series as it will be published (rounded to the sensor's resolution): the sizes of spikes and shifts are measured on it. */
const published = (s: Series) => s.values.map((v) => quantise(v, s.step));

function spike(s: Series, at: number, sigmas: number, width: number, sign: number): void {
  const size = sigmas * v6LocalSigma(published(s), at, s.step);
  for (let k = 0; k < width; k++) s.values[at + k] = (s.values[at + k] as number) + sign * size;
  s.labels.push({ kind: 'spike', measurement: s.measurement, from: s.times[at] as number, to: s.times[at + width - 1] as number });
}

function shift(s: Series, at: number, sigmas: number, length: number, sign: number): void {
  const size = sigmas * v6LevelSigma(published(s), at, s.step);
  for (let k = at; k < Math.min(s.values.length, at + length); k++) s.values[k] = (s.values[k] as number) + sign * size;
  s.labels.push({ kind: 'level_shift', measurement: s.measurement, from: s.times[at] as number, to: s.times[Math.min(s.times.length - 1, at + 10)] as number });
}

/** The reading sticks at the value reported just before `at` for `length` points. */
function stick(s: Series, at: number, length: number): void {
  const q = (v: number) => Math.round(v / s.step);
  const held = s.values[at - 1] as number;
  for (let k = at; k < at + length; k++) s.values[k] = held;
  let from = at - 1;
  while (from > 0 && q(s.values[from - 1] as number) === q(held)) from--;
  s.labels.push({ kind: 'flatline', measurement: s.measurement, from: s.times[from] as number, to: s.times[at + length - 1] as number });
}

/** No record from `at` for `length` points. */
function silence(s: Series, at: number, length: number): void {
  s.gap = [at, at + length];
  s.labels.push({ kind: 'dropout', measurement: null, from: s.times[at - 1] as number, to: s.times[at + length] as number });
}

/** A device that stops for `hours` and comes back only `tail` points before the end of its series. */
function silenceNearEnd(s: Series, cadence: number, hours: number, tail: number): void {
  const length = Math.round((hours * HOUR) / cadence);
  silence(s, s.times.length - tail - length, length);
}

function regime(s: Series, at: number): void {
  const end = (s.times[at] as number) + 3.5 * HOUR;
  let to = at;
  while (to + 1 < s.times.length && (s.times[to + 1] as number) <= end) to++;
  s.labels.push({ kind: 'regime_change', measurement: s.measurement, from: s.times[at] as number, to: s.times[to] as number });
}

/** First index at or after `from` whose local hour lies in [lo, hi). */
function atLocalHour(times: number[], tz: number, from: number, lo: number, hi: number): number {
  for (let i = from; i < times.length; i++) {
    const h = localHour(times[i] as number, tz);
    if (h >= lo && h < hi) return i;
  }
  return from;
}

/** First index at or after `from` preceded by `run` points that all satisfy `ok` (and itself ok), else `from`. */
function afterRun(values: number[], from: number, run: number, ok: (v: number) => boolean, limit = values.length - 5): number {
  let streak = 0;
  for (let i = Math.max(0, from - run); i < limit; i++) {
    streak = ok(values[i] as number) ? streak + 1 : 0;
    if (i >= from && streak > run) return i;
  }
  return from;
}

/**
 * First index at or after `from` (wrapping to 300) where `state` (the regime a device was in) stays
 * the same from `before` points before to `after` points after: a shift on a stepping series is
 * placed inside one regime, so the regime's own step neither hides nor doubles it.
 */
function steady(state: number[], from: number, before: number, after: number): number {
  const ok = (i: number) => state.slice(i - before, i + after).every((x) => x === state[i]);
  for (let i = from; i < state.length - after; i++) if (ok(i)) return i;
  for (let i = 300; i < from; i++) if (ok(i)) return i;
  return from;
}

/** Each record goes with the first upload instant at or after it (plus a few seconds on the wire). */
function uploads(instants: number[], r: Source, wire = 8): (i: number, t: number) => number {
  return (_i, t) => {
    let lo = 0;
    let hi = instants.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((instants[mid] as number) >= t) hi = mid;
      else lo = mid + 1;
    }
    const at = instants[lo] as number;
    return Math.max(at, t) + SEC + wire * SEC * r.u('wire');
  };
}

/** Upload instants every `every` ms (±`wobble` ms) from a random phase, past the end of the series. */
function everyFrom(times: number[], every: number, r: Source, wobble = 0): number[] {
  const instants: number[] = [];
  for (let t = (times[0] as number) + r.u('phase') * every; t < (times.at(-1) as number) + 2 * every; t += every + wobble * (2 * r.u('phase') - 1)) instants.push(Math.round(t));
  return instants;
}

const label = (k: number, control: string, one: string, two: string | null) => (k === 1 ? one : k === 2 && two ? two : control);

/** The held-out v6 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV6(copies = 3, seed = 6_041_936): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    const dev = (type: string) => v6Source(`${type}/${c}`, seed);
    const k = c % 3;

    // 1. Microwave backhaul received signal level (dBm, 1 dB), every minute for 2 days, UTC+2. The
    //    level steps between a handful of multipath regimes (0, -1, -2, -3, -5, +1 dB around the
    //    clear-sky level, deeper ones more likely before dawn; Weibull dwell of a few hours), rain fades of 3-6 dB over 25-70 min, ±1-2 dB
    //    scintillation (all normal). An NMS polls the radio every 5 min. Copy 1: a gale knocks the
    //    dish, a 4.5-5 sigma drop for 170-200 points until a crew realigns it. Copy 2: a 7-10 sigma
    //    1-3 point spike.
    {
      const r = dev('mw-link');
      const tz = 2;
      const n = 2880;
      const times = clock(n, MIN, r, 2 * SEC);
      const base = r.between(-44, -37);
      const offsets = [0, -1, -2, -3, -5, 1];
      const fades = Array.from({ length: r.int(0, 2, 'rain') }, () => ({ at: (times[0] as number) + r.between(4, 44, 'rain') * HOUR, len: r.between(25, 70, 'rain') * MIN, depth: r.between(3, 6, 'rain') }));
      let level = 0;
      let until = 0;
      const regimes: number[] = [];
      const values = times.map((t) => {
        if (t >= until) {
          // Ducting before dawn favours the deeper multipath regimes.
          const h = localHour(t, tz);
          const deep = h >= 2 && h < 8 && r.chance(0.5, 'regime');
          level = deep ? ([-2, -3, -5][r.int(0, 2, 'regime')] as number) : (offsets[r.int(0, offsets.length - 1, 'regime')] as number);
          until = t + r.between(2.5, 6, 'regime') * r.weibull(1.6, 'regime') * HOUR;
        }
        let fade = 0;
        for (const f of fades) if (t >= f.at && t < f.at + f.len) fade -= f.depth * Math.sin(((t - f.at) / f.len) * Math.PI);
        const scint = r.chance(0.3, 'scint') ? r.sign('scint') * (r.chance(0.12, 'scint') ? 2 : 1) : 0;
        regimes.push(level + Math.round(fade));
        return base + level + fade + scint;
      });
      const s: Series = { id: `v6-mw-link-${c}`, shape: label(k, 'microwave link rsl (control)', 'microwave link rsl, dish knocked', 'microwave link rsl, glitch'), measurement: 'rsl_dbm', times, values, step: 1, labels: [], arrival: uploads(everyFrom(times, 5 * MIN, r), r) };
      if (k === 1) {
        const length = r.int(170, 200, 'inj');
        shift(s, steady(regimes, r.int(900, 2400, 'inj'), 160, length), r.between(4.5, 5, 'inj'), length, -1);
      }
      if (k === 2) spike(s, r.int(400, 2600, 'inj'), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      out.push(finish(s, r));
    }

    // 2. Tram-stop passenger display, 5G NR RSRQ (dB, 0.5), every 2 min for 3 days, UTC+1. Cell
    //    reselection between three cells a few times a day, 0.3-0.8 dB worse at tram rush hours on
    //    weekdays (cell load), MQTT QoS-1 redeliveries (2 % of records 30-150 s late, out of order).
    //    Copy 1: an antenna is mis-tilted after site works, a 4.5-5 sigma drop for 170-200 points
    //    (tilt fixed remotely). Copy 2: the display's modem stops for 2-6 h and recovers only
    //    10-40 points before the end of the series (dropout).
    {
      const r = dev('nr-rsrq');
      const tz = 1;
      const n = 2160;
      const times = clock(n, 2 * MIN, r, 3 * SEC);
      const cells = [r.between(-10, -8, 'cells'), r.between(-12, -10, 'cells'), r.between(-14, -11.5, 'cells')];
      const load = r.between(0.3, 0.8);
      let cell = 0;
      let until = 0;
      const serving: number[] = [];
      const values = times.map((t) => {
        if (t >= until) {
          cell = r.int(0, 2, 'cell');
          until = t + r.between(3, 8, 'cell') * r.weibull(1.3, 'cell') * HOUR;
        }
        serving.push(cell);
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        const rush = d >= 1 && d <= 5 ? Math.max(clamp01(1 - Math.abs(h - 8) / 1.5), clamp01(1 - Math.abs(h - 17.5) / 2)) : 0.3 * clamp01(1 - Math.abs(h - 14) / 4);
        return (cells[cell] as number) - load * rush + 0.55 * r.normal('fading');
      });
      const arrival = (_i: number, t: number) => t + (r.chance(0.02, 'qos') ? r.between(30, 150, 'qos') * SEC : r.between(0.5, 3, 'qos') * SEC);
      const s: Series = { id: `v6-nr-rsrq-${c}`, shape: label(k, 'tram display nr rsrq (control)', 'tram display nr rsrq, antenna mis-tilt', 'tram display nr rsrq, modem stopped'), measurement: 'rsrq_db', times, values, step: 0.5, labels: [], arrival };
      if (k === 1) {
        const length = r.int(170, 200, 'inj');
        shift(s, steady(serving, r.int(700, 1700, 'inj'), 160, length), r.between(4.5, 5, 'inj'), length, -1);
      }
      if (k === 2) silenceNearEnd(s, 2 * MIN, r.between(2.2, 5.8, 'inj'), r.int(10, 40, 'inj'));
      out.push(finish(s, r));
    }

    // 3. Warehouse barcode-scanner battery (%, 1), every 2 min for 3 days from Thursday, UTC-4.
    //    Shifts 06-14 and 14-22 on weekdays, 06-12 on Saturday; in use it drains 5-8 %/h in
    //    Weibull-shaped bursts, docked at the 10:00 and 18:00 breaks, at the shift change and after
    //    the last shift, where it charges at 35-45 %/h (tapering above 90 %). It syncs only while
    //    docked: records of a shift arrive at the next break or shift end, hours late. Copy 1: the
    //    scanner is switched off behind a rack for 2.5-5 h in a shift (dropout). Copy 2: its fuel
    //    gauge freezes for 3-5 h in a shift (flatline).
    {
      const r = dev('scanner');
      const tz = -4;
      const n = 2160;
      const times = clock(n, 2 * MIN, r, 4 * SEC);
      const drain = r.between(5, 8);
      const charge = r.between(35, 45);
      const inUse = (t: number) => {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        const shift = d >= 1 && d <= 5 ? h >= 6 && h < 22 : d === 6 ? h >= 6 && h < 12 : false;
        const docked = (h >= 10 && h < 10.33) || (h >= 18 && h < 18.33) || (h >= 13.75 && h < 14.25);
        return shift && !docked;
      };
      let level = r.between(60, 100);
      const values = times.map((t) => {
        if (inUse(t)) level -= (drain / 30) * r.weibull(1.5, 'burst') * 1.1;
        else level += level < 90 ? charge / 30 : ((charge / 30) * (100 - level)) / 10;
        level = Math.max(3, Math.min(100, level));
        return Math.max(0, Math.min(100, level + (r.chance(0.04, 'gauge') ? r.sign('gauge') : 0)));
      });
      const instants = times.filter((t) => !inUse(t));
      const s: Series = { id: `v6-scanner-${c}`, shape: label(k, 'scanner battery (control)', 'scanner battery, switched off', 'scanner battery, gauge frozen'), measurement: 'battery_pct', times, values, step: 1, labels: [], arrival: uploads(instants, r, 20) };
      const inShift = (from: number) => {
        let i = from;
        while (i < n - 200 && !(inUse(times[i] as number) && inUse((times[i] as number) + 5 * HOUR) && localHour(times[i] as number, tz) < 15)) i++;
        return i;
      };
      if (k === 1) silence(s, inShift(r.int(200, 900, 'inj')) + r.int(5, 30, 'inj'), r.int(75, 150, 'inj'));
      if (k === 2) stick(s, inShift(r.int(200, 900, 'inj')) + r.int(5, 30, 'inj'), r.int(90, 150, 'inj'));
      out.push(finish(s, r));
    }

    // 4. Solar fence-energiser battery (V, 0.01), every 5 min for 4 days, UTC-3: charged by day
    //    (up to an absorption cap of 14.0-14.3 V, less on cloudy days), drained by the fence pulses
    //    at night; pink ripple. The logger's GSM modem wakes every ~3 h to upload (records up to
    //    3 h late). Copy 1: the charge controller's MPPT fails one morning: it charges
    //    at 40-50 % from then on (lower day peaks, deeper nights: a slope change mostly inside the
    //    range). Copy 2: the logger's ADC freezes for 4-8 h (flatline).
    {
      const r = dev('fence');
      const tz = -3;
      const n = 1152;
      const times = clock(n, 5 * MIN, r, 5 * SEC);
      const cap = r.between(14, 14.3);
      const cloud = Array.from({ length: 6 }, () => r.between(0.35, 1, 'cloud'));
      const onset = atLocalHour(times, tz, r.int(300, 650, 'inj'), 8, 9);
      const ripple = pink(r, 6);
      const mppt = r.between(0.4, 0.5, 'inj');
      let soc = r.between(0.6, 0.8);
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const day = Math.floor((t - HELDOUT_V6_START + tz * HOUR) / DAY) + 1;
        const sun = Math.max(0, Math.sin(((h - 6.5) / 12.5) * Math.PI)) * (cloud[Math.max(0, Math.min(5, day))] as number);
        const ctrl = k === 1 && i >= onset ? mppt : 1;
        soc = Math.max(0.2, Math.min(1, soc - 0.0035 + 0.016 * sun * ctrl));
        const boost = Math.min(1.5 * ctrl, 2.4 * sun * ctrl);
        return Math.min(cap, 11.8 + 0.9 * soc + boost) + 0.02 * ripple();
      });
      const s: Series = { id: `v6-fence-${c}`, shape: label(k, 'fence energiser battery (control)', 'fence energiser battery, mppt failed', 'fence energiser battery, adc frozen'), measurement: 'battery_v', times, values, step: 0.01, labels: [], arrival: uploads(everyFrom(times, 3 * HOUR, r, 15 * MIN), r, 40) };
      if (k === 1) regime(s, onset);
      if (k === 2) stick(s, r.int(200, 1000, 'inj'), r.int(48, 96, 'inj'));
      out.push(finish(s, r));
    }

    // 5. District-heating substation return pressure (bar, 0.01), every 2 min for 2 days, UTC+1:
    //    the network's pumps oscillate it slowly (period 3-6 h), a morning demand bump, a night
    //    setback 23:00-05:00 ramped over 30 min, pink noise. Copy 1: a 7-10 sigma spike of 1-3
    //    points. Copy 2: a make-up valve sticks open, a 4.5-5 sigma rise for 170-200 points.
    {
      const r = dev('dh-pressure');
      const tz = 1;
      const n = 1440;
      const times = clock(n, 2 * MIN, r, 2 * SEC);
      const base = r.between(2.2, 2.8);
      const period = r.between(3, 6) * HOUR;
      const phase = r.between(0, 2 * Math.PI);
      const noise = pink(r, 8);
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const setback = h >= 23 ? clamp01((h - 23) * 2) : h < 5 ? 1 : clamp01(1 - (h - 5) * 2);
        const morning = 0.05 * clamp01(1 - Math.abs(h - 7.5) / 1.5);
        return base + 0.08 * Math.sin((2 * Math.PI * (t - HELDOUT_V6_START)) / period + phase) + morning - 0.1 * setback + 0.006 * r.normal('w') + 0.008 * noise();
      });
      const s: Series = { id: `v6-dh-pressure-${c}`, shape: label(k, 'district heating return pressure (control)', 'district heating return pressure, spike', 'district heating return pressure, make-up valve open'), measurement: 'return_bar', times, values, step: 0.01, labels: [] };
      if (k === 1) spike(s, r.int(400, 1350, 'inj'), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      if (k === 2) shift(s, r.int(400, 1150, 'inj'), r.between(4.5, 5, 'inj'), r.int(170, 200, 'inj'), 1);
      out.push(finish(s, r));
    }

    // 6. Compressed-air header pressure (bar, 0.01), every 30 s for 1 day from Friday 05:00 local,
    //    UTC+9: a load/unload compressor sawtooth between cut-in (6.7-6.9) and cut-out (7.4-7.6),
    //    fast during shifts (08-17), slower at lunch and much slower at night, 0.02 bar of
    //    pulsation on the transducer. Copy 1: a hose bursts
    //    behind a machine: 0.012-0.018 bar more leak per sample from then on, the sawtooth's duty
    //    cycle and period change inside the same band (regime change). Copy 2: a 7-10 sigma spike
    //    at night, in a slow unloaded decay (on the steep daytime sawtooth a running median
    //    follows every point and the local sigma is only the gauge's resolution).
    {
      const r = dev('air-header');
      const tz = 9;
      const n = 2880;
      const times = clock(n, 30 * SEC, r, SEC, 20);
      const cutIn = r.between(6.7, 6.9);
      const cutOut = r.between(7.4, 7.6);
      const demand = r.between(0.03, 0.045);
      const onset = atLocalHour(times, tz, r.int(100, 400, 'inj'), 9.5, 13.5);
      const leak = r.between(0.012, 0.018, 'inj');
      let p = r.between(cutIn, cutOut);
      let loaded = false;
      const states: number[] = [];
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const use = h >= 8 && h < 17 ? (h >= 12 && h < 13 ? 0.5 : 1) * demand * (0.85 + 0.3 * r.u('use')) : 0.004 + 0.002 * r.u('use');
        const extra = k === 1 && i >= onset ? leak : 0;
        p += (loaded ? 0.085 : 0) - use - extra;
        if (p >= cutOut) loaded = false;
        if (p <= cutIn) loaded = true;
        states.push(loaded ? 1 : 0);
        return p + 0.02 * r.normal('w');
      });
      const s: Series = { id: `v6-air-header-${c}`, shape: label(k, 'compressed air header (control)', 'compressed air header, hose burst', 'compressed air header, spike'), measurement: 'header_bar', times, values, step: 0.01, labels: [] };
      if (k === 1) regime(s, onset);
      if (k === 2) spike(s, steady(states, atLocalHour(times, tz, r.int(1500, 2000, 'inj'), 21, 24), 7, 8), r.between(7, 10, 'inj'), r.int(1, 2, 'inj'), r.sign('inj'));
      out.push(finish(s, r));
    }

    // 7. Cooling-tower make-up water flow (l/min, 0.1), every minute for 2 days, UTC-5: evaporation
    //    follows the afternoon heat load, a blowdown every 3-4 h is followed by 10-20 min of extra
    //    make-up (normal), Weibull-shaped meter noise and AR(1) valve hunting. Copy 1: the float
    //    valve sticks open, a 4.5-5 sigma rise for 170-200 points. Copy 2: the meter's gateway stops
    //    for 2-6 h and comes back only 15-40 points before the end (dropout).
    {
      const r = dev('tower-makeup');
      const tz = -5;
      const n = 2880;
      const times = clock(n, MIN, r, 2 * SEC);
      const evap = r.between(40, 70);
      const blowdowns: number[] = [];
      for (let t = (times[0] as number) + r.between(0.5, 3, 'bd') * HOUR; t < (times.at(-1) as number); t += r.between(3, 4, 'bd') * HOUR) blowdowns.push(t);
      const bdLen = r.between(10, 20, 'bd') * MIN;
      let hunt = 0;
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const heat = 0.65 + 0.35 * Math.max(0, Math.sin(((h - 8) / 14) * Math.PI));
        const bd = blowdowns.some((b) => t >= b && t < b + bdLen) ? 0.35 * evap : 0;
        hunt = 0.8 * hunt + 0.6 * r.normal('hunt');
        return evap * heat + bd + hunt + 2.2 * (r.weibull(2, 'meter') - 0.886);
      });
      const s: Series = { id: `v6-tower-makeup-${c}`, shape: label(k, 'cooling tower make-up flow (control)', 'cooling tower make-up flow, float valve open', 'cooling tower make-up flow, gateway stopped'), measurement: 'makeup_lpm', times, values: values.map((v) => Math.max(0, v)), step: 0.1, labels: [] };
      if (k === 1) shift(s, r.int(500, 2400, 'inj'), r.between(4.5, 5, 'inj'), r.int(170, 200, 'inj'), 1);
      if (k === 2) silenceNearEnd(s, MIN, r.between(2.2, 5.8, 'inj'), r.int(15, 40, 'inj'));
      out.push(finish(s, r));
    }

    // 8. Data-centre chilled-water flow (m³/h, 0.1), every minute for 2 days, UTC+0: 180-240 m³/h
    //    following IT load (±4 % over the day), a daily pump swap at 04:00 dips it 12-18 % for
    //    10-20 min (normal), AR(1) plus white noise. The BMS trend log is uploaded hourly (records up
    //    to an hour late). Copy 1: the flow transmitter's BMS point freezes for 2.5-5 h (flatline).
    //    Copy 2: a valve actuator fails partly closed, a 4.5-5 sigma drop for 170-200 points.
    {
      const r = dev('chw-flow');
      const tz = 0;
      const n = 2880;
      const times = clock(n, MIN, r, 2 * SEC);
      const base = r.between(180, 240);
      const swapDip = r.between(0.12, 0.18, 'swap');
      const swapLen = r.between(10, 20, 'swap') / 60;
      let ar = 0;
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const it = 1 + 0.04 * Math.sin(((h - 9) / 24) * 2 * Math.PI);
        const swap = h >= 4 && h < 4 + swapLen ? 1 - swapDip : 1;
        ar = 0.9 * ar + 0.65 * r.normal('ar');
        return base * it * swap + ar + 0.8 * r.normal('w');
      });
      const s: Series = { id: `v6-chw-flow-${c}`, shape: label(k, 'chilled water flow (control)', 'chilled water flow, frozen bms point', 'chilled water flow, valve partly closed'), measurement: 'flow_m3h', times, values, step: 0.1, labels: [], arrival: uploads(everyFrom(times, HOUR, r, 2 * MIN), r, 30) };
      if (k === 1) stick(s, r.int(400, 2400, 'inj'), r.int(150, 300, 'inj'));
      if (k === 2) shift(s, r.int(500, 2400, 'inj'), r.between(4.5, 5, 'inj'), r.int(170, 200, 'inj'), -1);
      out.push(finish(s, r));
    }

    // 9. Injection-moulding barrel zone temperature (°C, 0.1), every 2 min for 2 days, UTC+8: held
    //    at 225-235 °C in production with shot-to-shot AR(1) ripple, two mould changes a day
    //    (60-120 min at a 180 °C standby: normal). Copy 1: a heater band degrades, the zone slides
    //    3.5-5 °C down over 4-5 h and stays there (inside the range). Copy 2: a thermocouple glitch of
    //    7-10 sigmas in production.
    {
      const r = dev('barrel');
      const tz = 8;
      const n = 1440;
      const times = clock(n, 2 * MIN, r, 2 * SEC);
      const setpoint = r.between(225, 235);
      const changes: [number, number][] = [];
      for (let d = 0; d < 3; d++) {
        for (const [lo, hi] of [[9, 11], [19, 22]] as const) {
          const from = HELDOUT_V6_START + d * DAY + (r.between(lo, hi, 'mould') - tz) * HOUR;
          changes.push([from, from + r.between(60, 120, 'mould') * MIN]);
        }
      }
      const producing: number[] = [];
      let onset = r.int(500, 900, 'inj');
      while (onset < n - 200 && changes.some(([a, b]) => (times[onset] as number) >= a - 6 * HOUR && (times[onset] as number) < b + 30 * MIN)) onset++;
      const drop = r.between(3.5, 5, 'inj');
      const slide = r.int(120, 150, 'inj');
      let temp = setpoint;
      let ar = 0;
      const values = times.map((t, i) => {
        const standby = changes.some(([a, b]) => t >= a && t < b);
        const target = standby ? 180 : setpoint;
        temp += (target - temp) / 4;
        producing.push(standby || Math.abs(temp - setpoint) > 0.3 ? 0 : 1);
        ar = 0.6 * ar + 0.3 * r.normal('shot');
        const fault = k === 1 && i >= onset ? -drop * Math.min(1, (i - onset) / slide) : 0;
        return temp + fault + ar + 0.15 * r.normal('w');
      });
      const s: Series = { id: `v6-barrel-${c}`, shape: label(k, 'moulding barrel temperature (control)', 'moulding barrel temperature, heater band failing', 'moulding barrel temperature, thermocouple glitch'), measurement: 'barrel_c', times, values, step: 0.1, labels: [] };
      if (k === 1) regime(s, onset);
      if (k === 2) {
        // In production, with most of the sigma window in production too.
        const at = steady(producing, r.int(320, 1300, 'inj'), 200, 10);
        spike(s, at, r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      }
      out.push(finish(s, r));
    }

    // 10. POS card authorisation latency (ms, 1), median per 5 min for 3 days, UTC-8: 180-260 ms,
    //     up to 25 % slower at lunch and evening peaks, GARCH(1,1) clustered noise, rare small
    //     Gumbel tails; the store is shut 22-07 (probe traffic only, a little faster). The
    //     terminal's store-and-forward queue delivers 4 % of records 5-40 min late (out of order).
    //     Copy 1: the acquirer re-routes traffic: median ×1.2-1.3 and 1.8 times the spread from then
    //     on (regime change). Copy 2: control.
    {
      const r = dev('pos-latency');
      const tz = -8;
      const n = 864;
      const times = clock(n, 5 * MIN, r, 10 * SEC);
      const m0 = r.between(180, 260);
      const onset = r.int(350, 650, 'inj');
      const slower = r.between(1.2, 1.3, 'inj');
      const noise = garch(r, 0.08, 0.88);
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const open = h >= 7 && h < 22;
        const busy = open ? 1 + 0.25 * Math.max(clamp01(1 - Math.abs(h - 12.5) / 1.5), clamp01(1 - Math.abs(h - 18) / 2)) : 0.95;
        const after = k === 1 && i >= onset;
        const tail = r.chance(0.01, 'tail') ? 12 * Math.max(0, r.gumbel('tail')) : 0;
        return m0 * busy * (after ? slower : 1) * Math.exp((after ? 0.125 : 0.07) * noise()) + tail;
      });
      const arrival = (_i: number, t: number) => t + (r.chance(0.04, 'saf') ? r.between(5, 40, 'saf') * MIN : r.between(1, 6, 'saf') * SEC);
      const s: Series = { id: `v6-pos-latency-${c}`, shape: label(k, 'pos authorisation latency (control)', 'pos authorisation latency, acquirer re-route', null), measurement: 'auth_ms', times, values, step: 1, labels: [], arrival };
      if (k === 1) regime(s, onset);
      out.push(finish(s, r));
    }

    // 11. Edge video-analytics box CPU (%, 0.1), every minute for 2 days, UTC+3: 12-18 % idle,
    //     inference bursts of 65-85 % while there is motion (a semi-Markov on/off process, busier by
    //     day), a nightly restart at 03:30 (a few minutes of 0 % then a 60 % boot: normal). Copy 1:
    //     a config push doubles the analysed frame rate: idle rises to 28-36 %, bursts run longer
    //     and more often (duty-cycle and variance change, inside 0-100). Copy 2: control.
    {
      const r = dev('edge-cpu');
      const tz = 3;
      const n = 2880;
      const times = clock(n, MIN, r, 2 * SEC);
      const idle = r.between(12, 18);
      const burst = r.between(65, 85);
      const onset = atLocalHour(times, tz, r.int(1200, 1900, 'inj'), 10, 16);
      const newIdle = r.between(28, 36, 'inj');
      let busyLeft = 0;
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        if (h >= 3.5 && h < 3.5 + 4 / 60) return 0;
        if (h >= 3.5 + 4 / 60 && h < 3.5 + 7 / 60) return 60 + 3 * r.normal('boot');
        const mis = k === 1 && i >= onset;
        const motion = (h >= 7 && h < 21 ? 0.12 : 0.025) * (mis ? 1.6 : 1);
        if (busyLeft <= 0 && r.chance(motion, 'motion')) busyLeft = Math.ceil(r.weibull(1.2, 'motion') * (mis ? 6 : 3));
        if (busyLeft > 0) {
          busyLeft--;
          return burst + 4 * r.normal('cpu');
        }
        return (mis ? newIdle : idle) + (mis ? 4 : 2) * r.normal('cpu');
      });
      const s: Series = { id: `v6-edge-cpu-${c}`, shape: label(k, 'edge analytics cpu (control)', 'edge analytics cpu, frame rate misconfigured', null), measurement: 'cpu_pct', times, values: values.map((v) => Math.max(0, Math.min(100, v))), step: 0.1, labels: [] };
      if (k === 1) regime(s, onset);
      out.push(finish(s, r));
    }

    // 12. Municipal water-tower level (m, 0.01), every 5 min for 3 days, UTC-6: drawn down by
    //     demand (morning and evening peaks, later at the weekend), refilled by the pumps between
    //     8.6 and 11.4 m (hysteresis: normal refills), 3 cm of slosh on the pressure transducer. The RTU is polled every 30 min (records up to
    //     30 min late). Copy 1: the RTU radio fails for 2.5-5 h (dropout). Copy 2: a 7-10 sigma
    //     spike at night (when the level moves slowly, away from a pump start or stop).
    {
      const r = dev('water-tower');
      const tz = -6;
      const n = 864;
      const times = clock(n, 5 * MIN, r, 5 * SEC);
      const draw = r.between(0.02, 0.035);
      let level = r.between(9, 11);
      let pumping = false;
      const states: number[] = [];
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        const late = d === 0 || d === 6 ? 1.5 : 0;
        const peak = Math.max(clamp01(1 - Math.abs(h - 7 - late) / 2), clamp01(1 - Math.abs(h - 19.5) / 2.5));
        const night = h < 5 || h >= 23 ? 0.25 : 1;
        level -= draw * night * (0.6 + 1.2 * peak) * (0.9 + 0.2 * r.u('demand'));
        if (level < 8.6) pumping = true;
        if (level > 11.4) pumping = false;
        if (pumping) level += 0.085;
        states.push(pumping ? 1 : 0);
        return level + 0.03 * r.normal('w');
      });
      const s: Series = { id: `v6-water-tower-${c}`, shape: label(k, 'water tower level (control)', 'water tower level, rtu radio down', 'water tower level, spike'), measurement: 'level_m', times, values, step: 0.01, labels: [], arrival: uploads(everyFrom(times, 30 * MIN, r), r) };
      if (k === 1) silence(s, r.int(200, 700, 'inj'), r.int(30, 60, 'inj'));
      if (k === 2) spike(s, steady(states, atLocalHour(times, tz, r.int(320, 700, 'inj'), 0, 4.5), 9, 11), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      out.push(finish(s, r));
    }

    // 13. Server fan speed (rpm, 10), every minute for 2 days, UTC-7: the BMC steps the fan PWM
    //     between four levels (30/40/55/70 %) with hysteresis on inlet temperature and CPU load
    //     (afternoon heat, nightly batch jobs), tach noise. Clock skew: the BMC clock loses 12-20 s
    //     an hour and NTP steps it forward at 02:00 local (stamps lag arrivals by up to ~7 min).
    //     Copy 1: the BMC's sensor cache goes stale, the reading freezes for 2.5-5 h (flatline).
    //     Copy 2: a sibling fan fails, this one runs 4.5-5 sigma faster for 170-200 points until
    //     the failed fan is replaced.
    {
      const r = dev('server-fan');
      const tz = -7;
      const n = 2880;
      const trueTimes = clock(n, MIN, r, 2 * SEC);
      const lose = r.between(12, 20) / HOUR;
      let synced = trueTimes[0] as number;
      const times = trueTimes.map((t) => {
        const h = localHour(t, tz);
        if (h >= 2 && h < 2 + 1 / 60) synced = t;
        return Math.round(t - (t - synced) * lose * SEC);
      });
      const levels = [30, 40, 55, 70];
      const up = [0.2, 0.6, 1.05];
      const rpmPer = r.between(140, 160);
      let pwm = 1;
      let load = 0;
      const steps: number[] = [];
      const values = trueTimes.map((t) => {
        const h = localHour(t, tz);
        load = 0.95 * load + 0.08 * r.normal('load');
        const heat = 0.5 * Math.max(0, Math.sin(((h - 9) / 14) * Math.PI)) + (h >= 1 && h < 4 ? 0.7 : 0) + load;
        const want = heat > (up[2] as number) ? 3 : heat > (up[1] as number) ? 2 : heat > (up[0] as number) ? 1 : 0;
        if (want > pwm) pwm = want;
        else if (want < pwm && heat < (up[pwm - 1] as number) - 0.15) pwm = want;
        steps.push(pwm);
        return rpmPer * (levels[pwm] as number) + 30 * r.normal('tach');
      });
      const s: Series = { id: `v6-server-fan-${c}`, shape: label(k, 'server fan speed (control)', 'server fan speed, stale sensor cache', 'server fan speed, sibling fan failed'), measurement: 'fan_rpm', times, values, step: 10, labels: [], arrival: (i) => (trueTimes[i] as number) + r.between(1, 3, 'wire') * SEC };
      if (k === 1) stick(s, r.int(400, 2400, 'inj'), r.int(150, 300, 'inj'));
      if (k === 2) shift(s, steady(steps, r.int(500, 2400, 'inj'), 40, 40), r.between(4.5, 5, 'inj'), r.int(170, 200, 'inj'), 1);
      out.push(finish(s, r));
    }

    // 14. Cattle water-trough level (cm, 0.5), every 15 min for 4 days, UTC+10: the herd drinks in
    //     the morning and late afternoon (more on hot days), a solar pump refills it by day when it
    //     is below 30 cm (normal refills), ultrasonic ripple. A satellite modem uploads every 4 h.
    //     Copy 1: the echo locks on the float bracket, the reading freezes for 8-14 h (flatline).
    //     Copy 2: the modem's antenna cable is chewed, nothing for 3-6 h (dropout).
    {
      const r = dev('trough');
      const tz = 10;
      const n = 384;
      const times = clock(n, 15 * MIN, r, 10 * SEC);
      const full = r.between(42, 50);
      const hot = Array.from({ length: 6 }, () => r.between(0.8, 1.4, 'hot'));
      let level = r.between(30, full);
      let filling = false;
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const day = Math.floor((t - HELDOUT_V6_START + tz * HOUR) / DAY);
        const drink = Math.max(clamp01(1 - Math.abs(h - 7.5) / 1.5), clamp01(1 - Math.abs(h - 17) / 2)) * (hot[Math.min(5, day)] as number);
        level -= drink * r.gamma(2, 'drink') * 1.2;
        const sunny = h >= 9 && h < 16;
        if (sunny && level < 30) filling = true;
        if (!sunny || level >= full - 1) filling = false;
        if (filling) level += 4;
        level = Math.max(5, Math.min(full, level));
        return level + 0.3 * r.normal('echo');
      });
      const s: Series = { id: `v6-trough-${c}`, shape: label(k, 'water trough level (control)', 'water trough level, echo locked', 'water trough level, modem cable chewed'), measurement: 'trough_cm', times, values, step: 0.5, labels: [], arrival: uploads(everyFrom(times, 4 * HOUR, r, 10 * MIN), r, 30) };
      if (k === 1) stick(s, r.int(60, 300, 'inj'), r.int(32, 56, 'inj'));
      if (k === 2) silence(s, r.int(80, 320, 'inj'), r.int(12, 24, 'inj'));
      out.push(finish(s, r));
    }

    // 15. Distribution-transformer top-oil temperature (°C, 0.1), every 10 min for 3 days, UTC+1:
    //     first-order thermal lag (time constant ~2.5 h) behind ambient plus a load-driven rise
    //     (residential load: evening peak, more at midday at the weekend). Polled over DNP3 every
    //     10 min (records up to 10 min late). Copy 1: a cooling fan fails, the rise is 15-25 %
    //     larger from then on (the oil creeps up over hours, barely above its usual range).
    //     Copy 2: control.
    {
      const r = dev('transformer');
      const tz = 1;
      const n = 432;
      const times = clock(n, 10 * MIN, r, 5 * SEC);
      const rated = r.between(30, 40);
      const onset = atLocalHour(times, tz, r.int(150, 300, 'inj'), 10, 14);
      const worse = r.between(1.15, 1.25, 'inj');
      let theta = 30;
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        const ambient = 12 + 5 * Math.sin(((h - 9) / 24) * 2 * Math.PI);
        const weekend = d === 0 || d === 6;
        const load = 0.35 + 0.55 * clamp01(1 - Math.abs(h - 19.5) / 2.5) + (weekend ? 0.3 : 0.2) * clamp01(1 - Math.abs(h - 12.5) / 3) + 0.04 * r.normal('load');
        const rise = rated * Math.max(0, load) ** 1.6 * (k === 1 && i >= onset ? worse : 1);
        theta += (ambient + rise - theta) / 15;
        return theta + 0.1 * r.normal('w');
      });
      const s: Series = { id: `v6-transformer-${c}`, shape: label(k, 'transformer top oil (control)', 'transformer top oil, cooling fan failed', null), measurement: 'oil_c', times, values, step: 0.1, labels: [], arrival: uploads(everyFrom(times, 10 * MIN, r), r) };
      if (k === 1) regime(s, onset);
      out.push(finish(s, r));
    }

    // 16. Chairlift rope speed (m/s, 0.01), every minute for 2 days from Thursday, UTC+1: runs
    //     08:30-16:30 (08:00-17:00 at the weekend) at 4.6-5 m/s, slows to 2.5 m/s for 1-3 min when
    //     children board, wind holds of 10-40 min at standstill, exactly 0 at night (all normal).
    //     Copy 1: an encoder glitch of 7-10 sigmas for 1-3 points while running. Copy 2: the
    //     operator PC crashes, nothing for 2-4 h while the lift runs (dropout).
    {
      const r = dev('chairlift');
      const tz = 1;
      const n = 2880;
      const times = clock(n, MIN, r, 2 * SEC);
      const speed = r.between(4.6, 5);
      const holds: [number, number][] = [];
      for (let d = 0; d < 3; d++) {
        for (let h = 0; h < r.int(0, 2, 'wind'); h++) {
          const from = HELDOUT_V6_START + d * DAY + (r.between(10, 15, 'wind') - tz) * HOUR;
          holds.push([from, from + r.between(10, 40, 'wind') * MIN]);
        }
      }
      let slow = 0;
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        const [open, close] = d === 0 || d === 6 ? [8, 17] : [8.5, 16.5];
        if (h < open || h >= close || holds.some(([a, b]) => t >= a && t < b)) return 0;
        const ramp = clamp01(((h - open) * 60) / 3);
        if (slow <= 0 && r.chance(0.02, 'kids')) slow = r.int(1, 3, 'kids');
        const v = slow > 0 ? 2.5 : speed;
        slow--;
        return v * ramp + 0.03 * r.normal('w');
      });
      const s: Series = { id: `v6-chairlift-${c}`, shape: label(k, 'chairlift rope speed (control)', 'chairlift rope speed, encoder glitch', 'chairlift rope speed, operator pc down'), measurement: 'rope_ms', times, values: values.map((v) => Math.max(0, v)), step: 0.01, labels: [] };
      if (k === 1) {
        const from = r.int(300, 1500, 'inj');
        let at = afterRun(s.values, from, 300, (v) => v > 2);
        if (at === from) at = afterRun(s.values, 300, 300, (v) => v > 2);
        // Not on top of a children's slowdown: cruising speed for 8 points either side.
        const cruising = (i: number) => s.values.slice(i - 8, i + 11).every((v) => v > 4);
        for (let i = at; i < Math.min(n - 12, at + 150); i++) {
          if (cruising(i)) {
            at = i;
            break;
          }
        }
        spike(s, at, r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      }
      if (k === 2) silence(s, atLocalHour(times, tz, r.int(600, 1500, 'inj'), 9.5, 11.5), r.int(120, 240, 'inj'));
      out.push(finish(s, r));
    }

    // 17. Café espresso-machine boiler pressure (bar, 0.01), every 30 s for 1 day from 04:00
    //     local, UTC-4: a pressurestat cycles the element between 1.05 and 1.25 bar (slow
    //     oscillation), steam draws during service pull it down, eco mode 21:00-06:00 at ~0.6 bar
    //     with a morning warm-up (normal). Copy 1: the transducer freezes for 2-4 h during service
    //     (flatline). Copy 2: the pressurestat drifts, a 4.5-5 sigma rise for 170-200 points until
    //     the technician resets it.
    {
      const r = dev('espresso');
      const tz = -4;
      const n = 2880;
      const times = clock(n, 30 * SEC, r, SEC, 8);
      const lo = r.between(1.03, 1.07);
      const hi = lo + r.between(0.18, 0.22);
      let p = 0.6;
      let heating = false;
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const eco = h >= 21 || h < 6;
        const [a, b] = eco ? [0.55, 0.65] : [lo, hi];
        if (p < a) heating = true;
        if (p > b) heating = false;
        const service = h >= 7 && h < 19 ? (h >= 7.5 && h < 10 ? 0.3 : 0.15) : 0;
        const steam = r.chance(service, 'steam') ? r.between(0.02, 0.06, 'steam') : 0;
        p += (heating ? 0.03 : 0) - 0.003 - steam;
        return p + 0.004 * r.normal('w');
      });
      const s: Series = { id: `v6-espresso-${c}`, shape: label(k, 'espresso boiler pressure (control)', 'espresso boiler pressure, transducer frozen', 'espresso boiler pressure, pressurestat drift'), measurement: 'boiler_bar', times, values, step: 0.01, labels: [] };
      if (k === 1) stick(s, atLocalHour(times, tz, r.int(400, 900, 'inj'), 10, 13), r.int(240, 480, 'inj'));
      if (k === 2) shift(s, atLocalHour(times, tz, r.int(400, 900, 'inj'), 10.5, 15), r.between(4.5, 5, 'inj'), r.int(170, 200, 'inj'), 1);
      out.push(finish(s, r));
    }

    // 18. Salmon-pen dissolved oxygen (mg/l, 0.01), every 2 min for 2 days, UTC-3: a day/night
    //     photosynthesis cycle (peak mid-afternoon), feedings at 08:00, 12:00 and 17:00 pulling it
    //     down 0.3-0.6 for ~40 min, night aeration lifting it 0.2 (normal), pink plus white noise.
    //     The buoy uploads in batches every 20-40 min. Copy 1: the buoy's modem hangs for 2-5 h
    //     (dropout); the 1-2 h before the gap and the half hour after it are delivered only after
    //     the gap ended. Copy 2: a 7-10 sigma spike.
    {
      const r = dev('fish-do');
      const tz = -3;
      const n = 1440;
      const times = clock(n, 2 * MIN, r, 3 * SEC);
      const base = r.between(7.5, 8.5);
      const feedDrop = r.between(0.3, 0.6);
      const noise = pink(r, 7);
      const values = times.map((t) => {
        const h = localHour(t, tz);
        let feed = 0;
        for (const f of [8, 12, 17]) if (h >= f && h < f + 1.5) feed -= feedDrop * Math.exp(-((h - f) * 60) / 40) * clamp01((h - f) * 6);
        const aer = h >= 23 || h < 5 ? 0.2 : 0;
        return base + 0.8 * Math.sin(((h - 9) / 24) * 2 * Math.PI) + feed + aer + 0.03 * noise() + 0.03 * r.normal('w');
      });
      const instants: number[] = [];
      for (let t = (times[0] as number) + r.between(0, 30, 'batch') * MIN; t < (times.at(-1) as number) + HOUR; t += r.between(20, 40, 'batch') * MIN) instants.push(Math.round(t));
      const batch = uploads(instants, r, 15);
      const s: Series = { id: `v6-fish-do-${c}`, shape: label(k, 'salmon pen dissolved oxygen (control)', 'salmon pen dissolved oxygen, modem hung', 'salmon pen dissolved oxygen, spike'), measurement: 'do_mgl', times, values, step: 0.01, labels: [], arrival: batch };
      if (k === 1) {
        const at = r.int(400, 1100, 'inj');
        const len = r.int(60, 150, 'inj');
        silence(s, at, len);
        const before = at - r.int(30, 60, 'inj');
        const resume = (times[Math.min(n - 1, at + len + 15)] as number) + r.between(2, 8, 'inj') * MIN;
        s.arrival = (i, t) => (i >= before && i < at + len + 15 ? Math.max(resume, t) + r.between(1, 20, 'wire') * SEC : batch(i, t));
      }
      if (k === 2) spike(s, r.int(320, 1400, 'inj'), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      out.push(finish(s, r));
    }
  }
  return out;
}
