/**
 * Held-out set v7 for `npm run bench:anomaly` (issue 20, seventh round): written in one sitting BEFORE
 * any round-7 measurement by an engineer who never read the detector code, its docs, the bench
 * script, the anomaly tests or the other round-7 worktrees (only the held-out contract in
 * anomaly-heldout.ts and the v4-v6 sets, for the format and the label definitions), and never ran
 * the detector or the bench on it. v1-v6 have been measured after tuning and are "seen";
 * anomaly-set.ts is the tuning set. Misses and false alarms on this set are never listed series by
 * series (that would make it tuning data).
 *
 * Different on purpose from v1-v6 — this one is meant to look like the fleet of an ordinary
 * consumer/light-commercial hardware maker, the devices a support desk actually sees:
 * - generator: PCG32 (O'Neill 2014, XSH-RR output of a 64-bit LCG, pcg32_srandom_r seeding), hand
 *   written on two 32-bit halves, one PCG stream per device and purpose (the stream selector is a murmur3
 *   fmix32 mix of "type/copy|purpose", the initial state the set's seed); uniforms (x + 0.5) / 2^32;
 *   normals by Marsaglia's polar method; exponentials by inversion;
 * - noise models: Ornstein-Uhlenbeck wander (room temperatures, PM background, Wi-Fi), AR(1)
 *   sensor noise, log-normal latency with evening congestion and bufferbloat bursts, Poisson
 *   human events (TV sessions, showers, motion at a doorbell, lid openings, cooking, soaks), bang-bang
 *   thermostats and compressors with hysteresis, state-of-charge models (mower, doorbell),
 *   quantisation to the device's resolution (1 dB RSSI, integer % batteries, 0.5 °C thermostats
 *   and hot tubs, integer ppm/µg/g, 0.1 W/A/°C);
 * - device types nobody used before: smart plug behind a TV, a room thermostat, a home air
 *   purifier's PM2.5, a robot mower's battery, a pool pump's power, a shop ice-cream chest
 *   freezer, a home EV wallbox's current, a video doorbell's battery, an under-sink leak sensor's
 *   humidity, a baby monitor's room temperature, a gas combi boiler's flow temperature, a solar
 *   micro-inverter's output, a home router's WAN latency, a mesh Wi-Fi node's RSSI (every 10 s), a
 *   pet feeder's hopper weight, a hot tub's water temperature, an electric water heater's tank
 *   temperature, a classroom CO2 monitor;
 * - legitimate events that are NOT anomalies: TV evenings and weekend afternoons, a set-top box's
 *   nightly update, the heating season starting on day 2, night setback, a window opened, a
 *   thermostat firmware-update reboot (records missing for a few minutes), cooking smoke, rain days
 *   with the mower parked on its dock at 100 %, freezer defrost cycles and lid openings in shop
 *   hours, evening EV sessions, a doorbell battery recharged (back to 100 %) and cold nights,
 *   dishwasher runs, a nursery heater cycling, hot-water draws on a combi, cloudy days and an
 *   inverter firmware reboot at noon, bufferbloat while someone uploads, microwave-oven use near a
 *   Wi-Fi node, owners refilling a feeder, hot-tub soaks, showers and a weekly anti-legionella
 *   heat-up, school weekends, breaks with windows opened, a school holiday Monday; weekly cycles
 *   (series start on a Wednesday, most span a weekend); local time zones from UTC-8 to UTC+10;
 * - delivery: most devices stream live (0.3-3 s late, some records held back seconds so they
 *   arrive out of order, MQTT QoS-1 and LoRaWAN multi-gateway duplicates: the same record (same
 *   time, same value) delivered twice); a minority buffer: Wi-Fi outages flushed on reconnect
 *   (pool pump, pet feeder, hot tub, purifier), a shop freezer on NB-IoT uploading every 15-30
 *   min, a solar gateway every 15 min, a doorbell checking in hourly, a BLE-only robot mower synced
 *   only when its owner opens the phone app (records up to a day late). Dropouts: devices that stop
 *   and come back live (plug, feeder), devices that stop and stay silent until the last few
 *   records of the series (wallbox, router), and devices whose last hour(s) before the gap and
 *   first records after it arrive only after the gap ended (pool pump, boiler, hot tub).
 *   Duplicate records: `points` may hold two points with the same `t` (and the same value); their
 *   times never decrease.
 *
 * Labels, same definitions as v4-v6 (sigmas measured on the series as published, i.e. rounded to
 * the sensor's resolution): spikes are 7-10 local robust sigmas (1.4826 MAD of the residual around
 * a running median of 15, over the 300 points before, at least the resolution) for 1-3 points;
 * level shifts 4.5-5 sigmas for 170-200 points, sigma there being the larger of that and the raw
 * spread (1.4826 MAD of the 300 values before; window: the first 10 points); flatlines from the
 * first point that took the stuck value to the last stuck point; dropouts from the last record
 * before the gap to the first after it; `regime_change` a change that stays inside (or barely
 * leaves) the series' usual range (a slide, a slope change, a duty-cycle change, a ceiling)
 * sustained over hours, window the first 3.5 hours of it. Series without labels are controls: any
 * incident on them is a false alarm.
 *
 * With the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts, 6
 * flatlines, 7 dropouts, 6 regime changes) on 32 series (one mesh node has a spike and a shift),
 * 22 controls (41 %).
 */
import type { HeldoutSeries } from './anomaly-heldout';
import { levelSigma, localSigma } from './anomaly-heldout-v5';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Wednesday 2039-10-05 00:00 UTC. Each device type keeps its own UTC offset (`tz` below). */
export const HELDOUT_V7_START = Date.UTC(2039, 9, 5);

const MASK64 = (1n << 64n) - 1n;
/** The PCG multiplier 6364136223846793005 as two 32-bit halves. */
const MULT_HI = 0x5851f42d;
const MULT_LO = 0x4c957f2d;

/** High 32 bits of the 64-bit product of two unsigned 32-bit integers (16-bit limbs, exact in doubles). */
function mulHi32(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const mid = ((a0 * b0) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return (a1 * b1 + Math.floor(p01 / 65536) + Math.floor(p10 / 65536) + Math.floor(mid / 65536)) >>> 0;
}

/**
 * PCG32 (pcg32_random_r: 64-bit LCG state, XSH-RR 32-bit output), seeded as
 * pcg32_srandom_r(initstate, initseq). The 64-bit state is kept as two 32-bit halves.
 */
export class Pcg32 {
  private hi = 0;
  private lo = 0;
  private readonly incHi: number;
  private readonly incLo: number;

  constructor(initstate: bigint | number, initseq: bigint | number) {
    const inc = ((BigInt(initseq) << 1n) | 1n) & MASK64;
    this.incHi = Number(inc >> 32n);
    this.incLo = Number(inc & 0xffffffffn);
    this.next();
    const init = BigInt(initstate) & MASK64;
    this.add(Number(init >> 32n), Number(init & 0xffffffffn));
    this.next();
  }

  private add(hi: number, lo: number): void {
    const low = this.lo + lo;
    this.lo = low >>> 0;
    this.hi = (this.hi + hi + (low > 0xffffffff ? 1 : 0)) >>> 0;
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const hi = this.hi;
    const lo = this.lo;
    // state = state * MULT + inc (mod 2^64)
    this.lo = Math.imul(lo, MULT_LO) >>> 0;
    this.hi = (mulHi32(lo, MULT_LO) + Math.imul(lo, MULT_HI) + Math.imul(hi, MULT_LO)) >>> 0;
    this.add(this.incHi, this.incLo);
    // output: rotr32(((old >> 18) ^ old) >> 27, old >> 59)
    const xHi = hi ^ (hi >>> 18);
    const xLo = (lo ^ ((lo >>> 18) | (hi << 14))) >>> 0;
    const xorshifted = ((xLo >>> 27) | (xHi << 5)) >>> 0;
    const rot = hi >>> 27;
    return ((xorshifted >>> rot) | (xorshifted << (-rot & 31))) >>> 0;
  }

  /** Uniform in (0, 1), never 0 or 1. */
  real(): number {
    return (this.next() + 0.5) / 4294967296;
  }
}

/** murmur3's fmix32 folded over the character codes: the PCG stream selector of a name. */
function streamOf(name: string): bigint {
  let h = 0x9747b28c;
  for (let i = 0; i < name.length; i++) {
    h = Math.imul(h ^ name.charCodeAt(i), 0xcc9e2d51);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (BigInt(h >>> 0) << 32n) | BigInt(name.length);
}

/** One device's random source: every purpose is its own PCG stream, so purposes never move each other. */
export function v7Source(key: string, seed: number) {
  const streams = new Map<string, Pcg32>();
  const spare = new Map<string, number>();
  const u = (name = 'u'): number => {
    let s = streams.get(name);
    if (!s) {
      s = new Pcg32(BigInt(seed >>> 0), streamOf(`${key}|${name}`));
      streams.set(name, s);
    }
    return s.real();
  };
  /** Standard normal by Marsaglia's polar method (the second value of each pair is kept for the next call). */
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
  const exp = (mean: number, name = 'e') => -mean * Math.log(u(name));
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  const sign = (name = 'r') => (u(name) < 0.5 ? -1 : 1);
  return { u, normal, exp, between, int, chance, sign };
}

type Source = ReturnType<typeof v7Source>;

const localHour = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
/** Local day of week, 0 = Sunday. */
const localDay = (t: number, tz: number) => new Date(t + tz * HOUR).getUTCDay();
/** Local day number since the set's start (0, 1, 2...). */
const localDate = (t: number, tz: number) => Math.floor((t + tz * HOUR - HELDOUT_V7_START) / DAY);
const inHours = (h: number, lo: number, hi: number) => h >= lo && h < hi;

/** Measurement clock: from `fromHours` after the start plus 0-30 min, crystal ±0.1 %, up to `dither` ms late per sample. */
function clock(n: number, cadence: number, r: Source, dither = 500, fromHours = 0): number[] {
  const rate = 1 + r.between(-0.001, 0.001, 'clock');
  const t0 = HELDOUT_V7_START + fromHours * HOUR + r.int(0, 1800, 'clock') * SEC;
  return Array.from({ length: n }, (_, i) => Math.round(t0 + i * cadence * rate + r.u('clock') * dither));
}

/** Rounds to the sensor's resolution (0.1, 0.5, 1). */
export function v7Round(v: number, step: number): number {
  const places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const f = 10 ** places;
  return Math.round(Math.round(v / step) * step * f) / f + 0;
}

type Arrival = (i: number, t: number) => number;

interface Series {
  id: string;
  shape: string;
  measurement: string;
  times: number[];
  values: number[];
  step: number;
  labels: HeldoutSeries['labels'];
  /** Indices never reported: [from, to) ranges. */
  missing: [number, number][];
  arrival: Arrival;
  /** Chance that a record is delivered twice (QoS-1 redelivery, a second LoRaWAN gateway). */
  duplicates?: number;
}

const published = (s: Series) => s.values.map((v) => v7Round(v, s.step));

function finish(s: Series, r: Source): HeldoutSeries {
  const points: HeldoutSeries['points'] = [];
  const arrivals: number[] = [];
  const nearLabel = (t: number) => s.labels.some((l) => t >= l.from - HOUR && t <= l.to + HOUR);
  s.values.forEach((v, i) => {
    if (s.missing.some(([a, b]) => i >= a && i < b)) return;
    const t = s.times[i] as number;
    const value = v7Round(v, s.step);
    const at = Math.max(t, Math.round(s.arrival(i, t)));
    points.push({ t, m: { [s.measurement]: value } });
    arrivals.push(at);
    if (s.duplicates && r.chance(s.duplicates, 'dup') && !nearLabel(t)) {
      points.push({ t, m: { [s.measurement]: value } });
      arrivals.push(at + r.int(300, 25_000, 'dup'));
    }
  });
  return { identifier: s.id, shape: s.shape, points, labels: s.labels, arrivals };
}

// ---- delivery -------------------------------------------------------------------------------

/** Live streaming: 0.3-3 s on the wire; `hold` of the records are held back 4-40 s (they overtake nothing but are overtaken). */
function live(r: Source, hold = 0.01): Arrival {
  return (_i, t) => t + 300 + 2700 * r.u('wire') + (r.chance(hold, 'hold') ? r.between(4, 40, 'hold') * SEC : 0);
}

/** Wi-Fi outages (`count` of 10-90 min): what is measured during one is flushed in order on reconnect; live otherwise. */
function wifiOutages(times: number[], r: Source, count: number, then: Arrival): Arrival {
  const first = times[0] as number;
  const span = (times.at(-1) as number) - first;
  const outages = Array.from({ length: count }, () => {
    const from = first + r.between(0.05, 0.95, 'outage') * span;
    return [from, from + r.between(10, 90, 'outage') * MIN] as const;
  });
  return (i, t) => {
    const o = outages.find(([a, b]) => t >= a && t < b);
    return o ? o[1] + r.between(2, 20, 'outage') * SEC + (t - o[0]) / 1000 : then(i, t);
  };
}

/** Each record goes with the first upload instant at or after it (plus a few seconds on the wire). */
function batches(instants: number[], r: Source): Arrival {
  return (_i, t) => {
    const at = instants.find((x) => x >= t) ?? t + HOUR;
    return at + r.between(1, 9, 'wire') * SEC;
  };
}

/** Upload instants every `lo`-`hi` minutes from a random phase until well past the end. */
function every(times: number[], lo: number, hi: number, r: Source): number[] {
  const out: number[] = [];
  for (let t = (times[0] as number) + r.between(0, lo, 'up') * MIN; t < (times.at(-1) as number) + 3 * hi * MIN; t += r.between(lo, hi, 'up') * MIN) out.push(Math.round(t));
  return out;
}

/** A BLE device synced when its owner opens the phone app: 1-4 times a day between 07:00 and 23:00 local. */
function appOpens(times: number[], tz: number, r: Source): number[] {
  const out: number[] = [];
  for (let day = -1; day < 6; day++) {
    const midnight = HELDOUT_V7_START + day * DAY - tz * HOUR;
    const opens = r.int(1, 4, 'app');
    for (let k = 0; k < opens; k++) out.push(Math.round(midnight + r.between(7, 23, 'app') * HOUR));
  }
  out.push((times.at(-1) as number) + r.between(1, 3, 'app') * HOUR);
  return out.sort((a, b) => a - b);
}

// ---- labels ---------------------------------------------------------------------------------

function spike(s: Series, at: number, sigmas: number, width: number, sign: number): void {
  const size = sigmas * localSigma(published(s), at, s.step);
  for (let k = 0; k < width; k++) s.values[at + k] = (s.values[at + k] as number) + sign * size;
  s.labels.push({ kind: 'spike', measurement: s.measurement, from: s.times[at] as number, to: s.times[at + width - 1] as number });
}

function shift(s: Series, at: number, sigmas: number, length: number, sign: number): void {
  const size = sigmas * levelSigma(published(s), at, s.step);
  for (let k = at; k < Math.min(s.values.length, at + length); k++) s.values[k] = (s.values[k] as number) + sign * size;
  s.labels.push({ kind: 'level_shift', measurement: s.measurement, from: s.times[at] as number, to: s.times[at + 10] as number });
}

/** The reading sticks at the value published just before `at` for `length` points. */
function stick(s: Series, at: number, length: number): void {
  const pub = published(s);
  const held = pub[at - 1] as number;
  for (let k = at; k < at + length; k++) s.values[k] = held;
  let from = at - 1;
  while (from > 0 && pub[from - 1] === held) from--;
  s.labels.push({ kind: 'flatline', measurement: s.measurement, from: s.times[from] as number, to: s.times[at + length - 1] as number });
}

/** No record from `at` for `hours` (a whole number of records). Returns the index of the first record after the gap. */
function silence(s: Series, at: number, hours: number, cadence: number): number {
  const length = Math.round((hours * HOUR) / cadence);
  s.missing.push([at, at + length]);
  s.labels.push({ kind: 'dropout', measurement: null, from: s.times[at - 1] as number, to: s.times[at + length] as number });
  return at + length;
}

/** Window: the first 3.5 hours from `at`. */
function regime(s: Series, at: number): void {
  const end = (s.times[at] as number) + 3.5 * HOUR;
  let to = at;
  while (to + 1 < s.times.length && (s.times[to + 1] as number) <= end) to++;
  s.labels.push({ kind: 'regime_change', measurement: s.measurement, from: s.times[at] as number, to: s.times[to] as number });
}

/** First index at or after `from` where `state` holds one value from `before` points before to `after` points after (wrapping to `floor`). */
function steady(state: number[], from: number, before: number, after: number, floor = 300): number {
  const ok = (i: number) => {
    for (let k = i - before; k < i + after; k++) if (state[k] !== state[i]) return false;
    return true;
  };
  for (let i = Math.max(from, before); i < state.length - after; i++) if (ok(i)) return i;
  for (let i = Math.max(floor, before); i < from; i++) if (ok(i)) return i;
  return from;
}

/** First index at or after `from` whose local hour lies in [lo, hi). */
function atHour(times: number[], tz: number, from: number, lo: number, hi: number): number {
  for (let i = from; i < times.length; i++) if (inHours(localHour(times[i] as number, tz), lo, hi)) return i;
  return from;
}

/** Delivery for a device whose last `beforeMin` minutes before the gap and whose records after it arrive together, `lateMin` minutes after the gap ended. */
function lateAroundGap(s: Series, gapAt: number, resume: number, beforeMin: number, lateMin: number, then: Arrival): Arrival {
  const gapFrom = s.times[gapAt - 1] as number;
  const flush = (s.times[resume] as number) + lateMin * MIN;
  return (i, t) => (t >= gapFrom - beforeMin * MIN && t <= gapFrom) || (i >= resume && t < flush) ? flush + (t % 7000) : then(i, t);
}

const name = (k: number, control: string, one: string, two: string | null) => (k === 1 ? one : k === 2 && two ? two : `${control} (control)`);

/** The held-out v7 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV7(copies = 3, seed = 7_100_539): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    const dev = (type: string) => v7Source(`${type}/${c}`, seed);
    const k = c % 3;
    out.push(plugTv(dev('plug-tv'), c, k));
    out.push(roomStat(dev('room-stat'), c, k));
    out.push(purifierPm(dev('purifier-pm'), c, k));
    out.push(mowerSoc(dev('mower-soc'), c, k));
    out.push(poolPumpPower(dev('pool-pump-power'), c, k));
    out.push(chestFreezer(dev('chest-freezer'), c, k));
    out.push(wallbox(dev('wallbox-amps'), c, k));
    out.push(doorbellBattery(dev('doorbell-batt'), c, k));
    out.push(leakHumidity(dev('leak-rh'), c, k));
    out.push(babyMonitor(dev('babycam-temp'), c, k));
    out.push(combiFlow(dev('combi-flow'), c, k));
    out.push(microInverter(dev('micro-inverter'), c, k));
    out.push(routerPing(dev('router-ping'), c, k));
    out.push(meshRssi(dev('mesh-rssi'), c, k));
    out.push(petFeeder(dev('pet-feeder'), c, k));
    out.push(hotTub(dev('hot-tub'), c, k));
    out.push(waterHeater(dev('water-heater'), c, k));
    out.push(classroomCo2(dev('class-co2'), c, k));
  }
  return out;
}

// ---- device types ---------------------------------------------------------------------------

/**
 * 1. Smart plug behind a living-room TV and set-top box (W, 0.1), every minute for 3 days, UTC-5,
 *    live MQTT with QoS-1 duplicates. Standby 0.5-1 W; TV evenings (18:00-20:30 start, 1.5-4.5 h)
 *    and weekend afternoons at 70-130 W moving with the picture; the box's nightly update at 03:00
 *    draws ~12 W for ~10 min. Copy 1: a 7-10 sigma 1-3 point spike in standby. Copy 2: the plug
 *    is pulled for 2-6 h and comes back live.
 */
function plugTv(r: Source, c: number, k: number): HeldoutSeries {
  const tz = -5;
  const n = 3 * 1440;
  const times = clock(n, MIN, r);
  const standby = r.between(0.5, 1);
  const sessions: [number, number, number][] = [];
  for (let day = 0; day < 5; day++) {
    const midnight = HELDOUT_V7_START + day * DAY - tz * HOUR;
    const start = midnight + r.between(18, 20.5, 's') * HOUR;
    sessions.push([start, start + r.between(1.5, 4.5, 's') * HOUR, r.between(75, 115, 's')]);
    const dow = new Date(midnight + tz * HOUR + HOUR).getUTCDay();
    if ((dow === 0 || dow === 6) && r.chance(0.8, 's')) {
      const a = midnight + r.between(13, 16, 's') * HOUR;
      sessions.push([a, a + r.between(1, 2.5, 's') * HOUR, r.between(70, 100, 's')]);
    }
  }
  let picture = 0;
  const state: number[] = [];
  const values = times.map((t) => {
    picture = 0.95 * picture + 0.3 * r.normal();
    const on = sessions.find(([a, b]) => t >= a && t < b);
    const h = localHour(t, tz);
    if (on) {
      state.push(-state.length - 1);
      return on[2] + 6 * picture + 1.5 * r.normal();
    }
    if (inHours(h, 3, 3.17)) {
      state.push(-state.length - 1);
      return 12 + 0.8 * r.normal();
    }
    state.push(0);
    return standby + 0.06 * r.normal();
  });
  const s: Series = { id: `v7-plug-tv-${c}`, shape: name(k, 'smart plug tv power', 'smart plug tv power, glitch', 'smart plug tv power, unplugged'), measurement: 'plug_w', times, values, step: 0.1, labels: [], missing: [], arrival: live(r), duplicates: 0.003 };
  if (k === 1) spike(s, steady(state, r.int(400, 3900, 'inj'), 20, 20), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), 1);
  if (k === 2) silence(s, r.int(800, 3400, 'inj'), r.between(2.2, 5.8, 'inj'), MIN);
  return finish(s, r);
}

/**
 * 2. Room thermostat (°C, 0.5 steps), every 5 min for 4 days, UTC+1, live. Day 1 the heating is
 *    still off (the room follows the weather, 17-19 °C); the heating season starts on day 2 (comfort
 *    20.5-21 from 06:30 and 17:00, setback 17 at 22:30), a window opened for 10-25 min once a day
 *    (2-3 °C down, slow recovery), a firmware-update reboot (10-15 min without records) on one
 *    night. Copy 1: a radiator valve sticks half closed: from a morning on day 3 the room slides
 *    ~1.5 °C under its comfort level and stays there (regime change).
 */
function roomStat(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 1;
  const n = 4 * 288;
  const times = clock(n, 5 * MIN, r);
  const at = k === 1 ? atHour(times, tz, r.int(580, 640, 'inj'), 7, 8) : n;
  const windows = Array.from({ length: 4 }, (_, d) => HELDOUT_V7_START + d * DAY - tz * HOUR + r.between(8, 20, 'win') * HOUR);
  const windowLen = r.between(10, 25, 'win') * MIN;
  let room = r.between(17.5, 18.5);
  let ou = 0;
  const values = times.map((t, i) => {
    const h = localHour(t, tz);
    const heatingSeason = localDate(t, tz) >= 1;
    const comfort = inHours(h, 6.5, 22.5) && !inHours(h, 9, 17) ? 20.75 : inHours(h, 9, 17) ? 19 : 17;
    const outside = 18 + 1.2 * Math.sin(((h - 9) / 24) * 2 * Math.PI);
    const stuck = i >= at ? 1.5 * Math.min(1, (i - at) / 30) : 0;
    const target = heatingSeason ? Math.max(outside - 1, comfort - stuck) : outside;
    room += (target - room) * (heatingSeason ? 0.12 : 0.05);
    const open = windows.find((w) => t >= w && t < w + windowLen);
    if (open) room -= 0.5;
    ou = 0.9 * ou + 0.08 * r.normal();
    return room + ou;
  });
  const s: Series = { id: `v7-room-stat-${c}`, shape: name(k, 'room thermostat', 'room thermostat, valve stuck', null), measurement: 'room_temp_c', times, values, step: 0.5, labels: [], missing: [], arrival: live(r) };
  const reboot = atHour(times, tz, r.int(300, 900, 'fw'), 2, 4);
  s.missing.push([reboot, reboot + r.int(2, 3, 'fw')]);
  if (k === 1) regime(s, at);
  return finish(s, r);
}

/**
 * 3. Home air purifier's PM2.5 (µg/m³, 1), every 2 min for 3 days, UTC+8, live Wi-Fi with two
 *    outages flushed on reconnect. Background wanders (OU, 6-25), cooking at lunch and dinner
 *    raises it to 40-150 for 30-80 min (decaying as the purifier ramps up), log-normal sensor noise.
 *    Copy 1: the optical sensor sticks for 1.5-4 h. Copy 2: its fan fouls: a 4.5-5 sigma rise for
 *    170-200 points overnight until the filter is cleaned.
 */
function purifierPm(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 8;
  const n = 3 * 720;
  const times = clock(n, 2 * MIN, r);
  const cooking: [number, number, number][] = [];
  for (let d = 0; d < 4; d++) {
    const midnight = HELDOUT_V7_START + d * DAY - tz * HOUR;
    for (const [lo, hi] of [[11.3, 12.6], [17.8, 19.6]] as const) {
      if (r.chance(0.8, 'cook')) cooking.push([midnight + r.between(lo, hi, 'cook') * HOUR, r.between(30, 80, 'cook') * MIN, r.between(30, 130, 'cook')]);
    }
  }
  let bg = r.between(10, 16);
  const values = times.map((t) => {
    bg += 0.02 * (12 - bg) + 0.25 * r.normal();
    bg = Math.max(4, bg);
    let smoke = 0;
    for (const [a, len, peak] of cooking) if (t >= a && t < a + 3 * len) smoke += peak * Math.min(1, (t - a) / (0.2 * len)) * Math.exp(-Math.max(0, t - a - 0.2 * len) / (0.5 * len));
    return (bg + smoke) * Math.exp(0.08 * r.normal());
  });
  const s: Series = { id: `v7-purifier-pm-${c}`, shape: name(k, 'air purifier pm2.5', 'air purifier pm2.5, sensor stuck', 'air purifier pm2.5, fouled'), measurement: 'pm25_ugm3', times, values, step: 1, labels: [], missing: [], arrival: wifiOutages(times, r, 2, live(r)) };
  if (k === 1) stick(s, r.int(500, 1800, 'inj'), r.int(45, 120, 'inj'));
  if (k === 2) {
    const length = r.int(170, 200, 'inj');
    shift(s, atHour(times, tz, r.int(700, 1500, 'inj'), 22.5, 23.5), r.between(4.5, 5, 'inj'), length, 1);
  }
  return finish(s, r);
}

/**
 * 4. BLE-only robot mower's battery (%, integer), every 5 min for 4 days, UTC+2, synced only when
 *    the owner opens the phone app (1-4 times a day: records hours late). Mows 09:00-19:00 in
 *    70-100 min runs down to ~25 %, charges back on the dock at ~4 %/5 min; rain days it stays
 *    parked at 100 %. Copy 1: the pack ages suddenly: from a run on day 2-3 it drains 60 % faster
 *    (shorter runs, more charging: a duty-cycle change inside the usual range).
 */
function mowerSoc(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 2;
  const n = 4 * 288;
  const times = clock(n, 5 * MIN, r);
  const rainDay = r.int(0, 3, 'rain');
  const at = k === 1 ? atHour(times, tz, r.int(340, 640, 'inj'), 10, 12) : n;
  let soc = 100;
  let mowing = false;
  let low = r.between(20, 30);
  const values = times.map((t, i) => {
    const h = localHour(t, tz);
    const day = localDate(t, tz);
    const drain = r.between(0.9, 1.2, 'drain') * (i >= at ? 1.6 : 1);
    if (mowing) {
      soc -= drain;
      if (soc <= low || !inHours(h, 9, 19)) {
        mowing = false;
        low = r.between(20, 30);
      }
    } else {
      soc = Math.min(100, soc + (soc < 100 ? r.between(3.5, 4.5, 'chg') : 0));
      if (soc >= 99.5 && inHours(h, 9, 18.5) && day !== rainDay) mowing = true;
    }
    return soc;
  });
  const s: Series = { id: `v7-mower-soc-${c}`, shape: name(k, 'robot mower battery', 'robot mower battery, pack ageing', null), measurement: 'mower_soc_pct', times, values, step: 1, labels: [], missing: [], arrival: batches(appOpens(times, tz, r), r) };
  if (k === 1) regime(s, at);
  return finish(s, r);
}

/**
 * 5. Variable-speed pool pump's power (W, 1), every 2 min for 3 days, UTC-7, Wi-Fi with outages
 *    flushed on reconnect. Runs 08:00-16:00 at 1000-1150 W with a skimmer boost (1500-1650 W)
 *    12:00-13:00, off (3 W) otherwise; on one evening the owner runs it by hand for 1-2 h. Copy 1:
 *    the extender it talks through hangs: no record for 2-6 h, the last 30-90 min before the gap
 *    and the first records after it arrive together 10-40 min after it comes back.
 */
function poolPumpPower(r: Source, c: number, k: number): HeldoutSeries {
  const tz = -7;
  const n = 3 * 720;
  const times = clock(n, 2 * MIN, r);
  const run = r.between(1000, 1150);
  const manualDay = r.int(0, 2, 'man');
  const manualFrom = r.between(18, 20, 'man');
  const manualLen = r.between(1, 2, 'man');
  let ar = 0;
  const values = times.map((t) => {
    const h = localHour(t, tz);
    ar = 0.7 * ar + 6 * r.normal();
    if (inHours(h, 12, 13)) return 1580 + ar;
    if (inHours(h, 8, 16)) return run + ar;
    if (localDate(t, tz) === manualDay && inHours(h, manualFrom, manualFrom + manualLen)) return run + ar;
    return 3 + 0.4 * r.normal();
  });
  const s: Series = { id: `v7-pool-pump-power-${c}`, shape: name(k, 'pool pump power', 'pool pump power, link hung', null), measurement: 'pump_w', times, values, step: 1, labels: [], missing: [], arrival: live(r) };
  const flushing = wifiOutages(times, r, 3, live(r));
  s.arrival = flushing;
  if (k === 1) {
    const at = r.int(500, 1800, 'inj');
    const resume = silence(s, at, r.between(2.2, 5.8, 'inj'), 2 * MIN);
    s.arrival = lateAroundGap(s, at, resume, r.between(30, 90, 'inj'), r.between(10, 40, 'inj'), flushing);
  }
  return finish(s, r);
}

/**
 * 6. Shop ice-cream chest freezer (°C, 0.1), every 2 min for 3 days, UTC+0, NB-IoT uploads every
 *    15-30 min. The compressor holds -21.5/-18.5 (sawtooth); lid openings in shop hours (08:00-20:00)
 *    warm it 0.3-1 °C; a defrost every 8 h warms it to about -8 °C for ~20 min, then pull-down.
 *    Copy 1: the lid gasket starts to leak: from day 2 it warms 60 % faster between compressor runs
 *    and sits ~1 °C warmer (duty-cycle change, inside the defrost range). Copy 2: a 7-10 sigma 1-2 point spike at night, on a warm-up.
 */
function chestFreezer(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 0;
  const n = 3 * 720;
  const times = clock(n, 2 * MIN, r);
  const at = k === 1 ? r.int(800, 1500, 'inj') : n;
  const defrostPhase = r.between(0, 8, 'def');
  let temp = -20;
  let cooling = false;
  let ar = 0;
  const state: number[] = [];
  const values = times.map((t, i) => {
    const h = localHour(t, tz);
    const sinceDefrost = ((((t - HELDOUT_V7_START) / HOUR - defrostPhase) % 8) + 8) % 8;
    const leak = i >= at ? 1.6 : 1;
    const hi = i >= at ? -17.5 : -18.5;
    if (sinceDefrost < 0.33) {
      temp += (-8 - temp) * 0.3;
      cooling = false;
      state.push(100 + i);
    } else {
      if (temp >= hi) cooling = true;
      if (temp <= -21.5) cooling = false;
      temp += cooling ? -0.35 - 0.05 * r.u('cmp') : 0.09 * leak;
      if (inHours(h, 8, 20) && r.chance(0.03, 'lid')) temp += r.between(0.3, 1, 'lid');
      // A spike goes on a steady warm-up between compressor runs, at night (no lid openings).
      state.push(sinceDefrost < 1.5 || cooling || inHours(h, 7, 21) ? 100 + i : 0);
    }
    ar = 0.6 * ar + 0.04 * r.normal();
    return temp + ar;
  });
  const s: Series = { id: `v7-chest-freezer-${c}`, shape: name(k, 'shop chest freezer', 'shop chest freezer, gasket leak', 'shop chest freezer, glitch'), measurement: 'cabinet_c', times, values, step: 0.1, labels: [], missing: [], arrival: batches(every(times, 15, 30, r), r) };
  if (k === 1) regime(s, at);
  if (k === 2) spike(s, steady(state, r.int(400, 2000, 'inj'), 9, 9), r.between(7, 10, 'inj'), r.int(1, 2, 'inj'), 1);
  return finish(s, r);
}

/**
 * 7. Home EV wallbox's charging current (A, 0.1), every minute for 3 days, UTC+1, live over the
 *    home Wi-Fi. Idle 0; an evening session most days (17:00-20:00 arrival, 16 or 32 A, 1.5-5 h,
 *    tapering over the last 20 min), a midday top-up at the weekend. Copy 1: the meter freezes in a
 *    session for 1-2.5 h (flatline). Copy 2: the wallbox stops reporting for 2-6 h and only its
 *    last few records of the series come in (it stays silent until the end).
 */
function wallbox(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 1;
  const n = 3 * 1440;
  const times = clock(n, MIN, r);
  const amps = r.chance(0.5) ? 16 : 32;
  const sessions: [number, number][] = [];
  for (let d = 0; d < 4; d++) {
    const midnight = HELDOUT_V7_START + d * DAY - tz * HOUR;
    if (d === 0 || r.chance(0.85, 's')) {
      const a = midnight + r.between(17, 20, 's') * HOUR;
      sessions.push([a, a + r.between(2.5, 5, 's') * HOUR]);
    }
    const dow = new Date(midnight + tz * HOUR + HOUR).getUTCDay();
    if (dow === 0 || dow === 6) {
      const a = midnight + r.between(11, 13, 's') * HOUR;
      sessions.push([a, a + r.between(1, 2, 's') * HOUR]);
    }
  }
  const values = times.map((t) => {
    const on = sessions.find(([a, b]) => t >= a && t < b);
    if (!on) return 0;
    const left = (on[1] - t) / MIN;
    return amps * Math.min(1, 0.25 + left / 27) + 0.15 * r.normal();
  });
  const s: Series = { id: `v7-wallbox-amps-${c}`, shape: name(k, 'home ev wallbox current', 'home ev wallbox current, meter frozen', 'home ev wallbox current, gone silent'), measurement: 'charge_a', times, values, step: 0.1, labels: [], missing: [], arrival: live(r, 0.02), duplicates: 0.002 };
  if (k === 1) {
    const first = sessions[0] as [number, number];
    const at = times.findIndex((t) => t >= first[0] + 30 * MIN);
    stick(s, at, r.int(60, 150, 'inj'));
  }
  if (k === 2) {
    const hours = r.between(2.2, 5.8, 'inj');
    const tail = r.int(2, 6, 'inj');
    silence(s, n - tail - Math.round((hours * HOUR) / MIN), hours, MIN);
  }
  return finish(s, r);
}

/**
 * 8. Video doorbell's battery (%, integer), every 15 min for 4 days, UTC-8, checking in hourly.
 *    Drains ~1 %/day plus motion events (Poisson, daytime); cold nights read 1-2 % low (reversible);
 *    copies 0 and 2: the owner recharges the pack on day 2-3 (back to 100 %). Copy 1: motion
 *    detection gets stuck on (a hedge in the wind): from day 2 it drains ~8x faster (slope change).
 *    Copy 2: the reading sags 7-10 sigmas for 1-2 records (a ring under load), after its recharge.
 */
function doorbellBattery(r: Source, c: number, k: number): HeldoutSeries {
  const tz = -8;
  const n = 4 * 96;
  const times = clock(n, 15 * MIN, r, 5 * SEC);
  const at = k === 1 ? r.int(110, 250, 'inj') : n;
  const recharge = k === 1 ? n : r.int(130, 290, 'rc');
  let charge = k === 1 ? r.between(70, 90) : r.between(18, 40);
  const values = times.map((t, i) => {
    const h = localHour(t, tz);
    if (i === recharge) charge = 100;
    const motion = inHours(h, 7, 21) && r.chance(0.3, 'mot') ? r.between(0.02, 0.08, 'mot') : 0;
    charge -= 0.01 + motion + (i >= at ? 0.12 + 0.05 * r.u('mot') : 0);
    const cold = inHours(h, 1, 7) ? 1.5 * Math.sin(((h - 1) / 6) * Math.PI) : 0;
    return charge - cold + 0.2 * r.normal();
  });
  const s: Series = { id: `v7-doorbell-batt-${c}`, shape: name(k, 'video doorbell battery', 'video doorbell battery, motion stuck on', 'video doorbell battery, sag glitch'), measurement: 'doorbell_pct', times, values, step: 1, labels: [], missing: [], arrival: batches(every(times, 58, 62, r), r) };
  if (k === 1) regime(s, at);
  if (k === 2) spike(s, r.int(312, 375, 'inj'), r.between(7, 10, 'inj'), r.int(1, 2, 'inj'), -1);
  return finish(s, r);
}

/**
 * 9. Under-sink water-leak sensor's humidity (% RH, 1), every 10 min for 4 days, UTC+10, Zigbee via
 *    a hub (live; one hub outage flushed on reconnect). 50-60 % with a daily swing, a dishwasher
 *    run most evenings (+5-10 % for an hour or two). Copy 1: a slow drip under the sink: a 4.5-5
 *    sigma rise for 170-200 points until it is fixed. Copy 2: the humidity sensor sticks for 7-16 h.
 */
function leakHumidity(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 10;
  const n = 4 * 144;
  const times = clock(n, 10 * MIN, r, 2 * SEC);
  const base = r.between(50, 60);
  const dish = Array.from({ length: 5 }, (_, d) => HELDOUT_V7_START + (d - 1) * DAY - tz * HOUR + r.between(19.5, 22, 'dw') * HOUR);
  let ou = 0;
  const values = times.map((t) => {
    const h = localHour(t, tz);
    ou = 0.85 * ou + 0.6 * r.normal();
    let wash = 0;
    for (const d of dish) if (t >= d && t < d + 3 * HOUR) wash += 8 * Math.sin(((t - d) / (3 * HOUR)) * Math.PI) ** 2;
    return base + 2 * Math.sin(((h - 15) / 24) * 2 * Math.PI) + wash + ou;
  });
  const s: Series = { id: `v7-leak-rh-${c}`, shape: name(k, 'under-sink leak sensor humidity', 'under-sink leak sensor humidity, drip', 'under-sink leak sensor humidity, stuck'), measurement: 'cabinet_rh_pct', times, values, step: 1, labels: [], missing: [], arrival: wifiOutages(times, r, 1, live(r)) };
  if (k === 1) {
    const length = r.int(170, 200, 'inj');
    shift(s, r.int(300, n - length - 5, 'inj'), r.between(4.5, 5, 'inj'), length, 1);
  }
  if (k === 2) stick(s, r.int(150, 450, 'inj'), r.int(42, 96, 'inj'));
  return finish(s, r);
}

/**
 * 10. Baby monitor's room temperature (°C, 0.1), every minute for 2 days, UTC-4, live. A nursery
 *     heater cycles overnight (20-22 °C, 30-50 min period), the day follows the house; the door is
 *     opened a few times (0.3-0.6 °C dip for ~10 min). Copy 1: a 7-10 sigma spike. Copy 2: the
 *     monitor is put on a shelf above the radiator: a 4.5-5 sigma rise for 170-200 points.
 */
function babyMonitor(r: Source, c: number, k: number): HeldoutSeries {
  const tz = -4;
  const n = 2 * 1440;
  const times = clock(n, MIN, r);
  const period = r.between(30, 50) * MIN;
  const doors = Array.from({ length: 8 }, () => (times[0] as number) + r.between(0, 47, 'door') * HOUR);
  let ar = 0;
  const values = times.map((t) => {
    const h = localHour(t, tz);
    ar = 0.8 * ar + 0.04 * r.normal();
    const night = inHours(h, 19, 24) || inHours(h, 0, 7);
    const heat = night ? 21 + 0.8 * Math.sin(((t % period) / period) * 2 * Math.PI) : 21.5 + 0.7 * Math.sin(((h - 8) / 24) * 2 * Math.PI);
    let dip = 0;
    for (const d of doors) if (t >= d && t < d + 25 * MIN) dip -= 0.45 * Math.exp(-(t - d) / (8 * MIN));
    return heat + dip + ar;
  });
  const s: Series = { id: `v7-babycam-temp-${c}`, shape: name(k, 'baby monitor room temperature', 'baby monitor room temperature, glitch', 'baby monitor room temperature, moved'), measurement: 'nursery_c', times, values, step: 0.1, labels: [], missing: [], arrival: live(r), duplicates: 0.004 };
  if (k === 1) spike(s, r.int(400, 2700, 'inj'), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
  if (k === 2) {
    const length = r.int(170, 200, 'inj');
    shift(s, r.int(400, n - length - 10, 'inj'), r.between(4.5, 5, 'inj'), length, 1);
  }
  return finish(s, r);
}

/**
 * 11. Gas combi boiler's flow temperature (°C, 1), every minute for 2 days, UTC+1, live through an
 *     OpenTherm gateway. Heating 06:00-09:00 and 16:00-23:00 with burner cycling (45-68 °C), cooling
 *     toward 25 °C otherwise; hot-water draws (showers, dishes) push it to ~60 °C for minutes.
 *     Copy 1: the gateway loses its link and then the boiler's bus: no record for 2-6 h; the last
 *     30-90 min before and the records after it arrive together 10-40 min after it is back. Copy 2:
 *     the flow sensor sticks for 1-2 h during heating.
 */
function combiFlow(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 1;
  const n = 2 * 1440;
  const times = clock(n, MIN, r);
  const draws = Array.from({ length: 10 }, () => (times[0] as number) + r.between(0, 47, 'dhw') * HOUR);
  let flow = 30;
  let burner = false;
  const values = times.map((t) => {
    const h = localHour(t, tz);
    const heating = inHours(h, 6, 9) || inHours(h, 16, 23);
    const draw = draws.some((d) => t >= d && t < d + r.between(4, 12, 'dhw') * MIN);
    if (heating) {
      if (flow < 46) burner = true;
      if (flow > 66) burner = false;
      flow += burner ? r.between(1.5, 2.5, 'b') : -r.between(0.8, 1.4, 'b');
    } else if (draw) flow += (61 - flow) * 0.35;
    else flow += (25 - flow) * 0.03;
    return flow + 0.4 * r.normal();
  });
  const s: Series = { id: `v7-combi-flow-${c}`, shape: name(k, 'combi boiler flow temperature', 'combi boiler flow temperature, gateway hung', 'combi boiler flow temperature, sensor stuck'), measurement: 'boiler_flow_c', times, values, step: 1, labels: [], missing: [], arrival: live(r) };
  if (k === 1) {
    const at = r.int(500, 2300, 'inj');
    const resume = silence(s, at, r.between(2.2, 5.8, 'inj'), MIN);
    s.arrival = lateAroundGap(s, at, resume, r.between(30, 90, 'inj'), r.between(10, 40, 'inj'), live(r));
  }
  if (k === 2) stick(s, atHour(times, tz, r.int(400, 1700, 'inj'), 16.5, 20), r.int(60, 120, 'inj'));
  return finish(s, r);
}

/**
 * 12. Solar micro-inverter's output (W, 1), every 5 min for 4 days, UTC+2, its gateway uploading
 *     every 15 min. A clear-sky bell (peak 260-330 W) times a cloudiness per day (0.35-1) and
 *     passing clouds; 0 at night; a firmware-update reboot on one day around noon (10-15 min
 *     without records). Copy 1: the inverter starts derating: from a morning on day 2-4 its output
 *     is capped at 65-75 % of the clear-sky peak (regime change). (No spike here: half its points
 *     are night zeros, so its local sigma is the 1 W resolution and a 7-10 sigma spike would vanish
 *     in the daylight curve.)
 */
function microInverter(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 2;
  const n = 4 * 288;
  const times = clock(n, 5 * MIN, r, 3 * SEC);
  const peak = r.between(260, 330);
  const cloudiness = Array.from({ length: 6 }, () => (r.chance(0.3, 'sky') ? r.between(0.35, 0.7, 'sky') : r.between(0.9, 1, 'sky')));
  const capAt = k === 1 ? localDate(times[0] as number, tz) + r.int(1, 3, 'inj') : 99;
  const cap = r.between(0.65, 0.75, 'inj') * peak;
  let cloud = 0;
  const values = times.map((t) => {
    const h = localHour(t, tz);
    const day = localDate(t, tz);
    const sun = Math.max(0, Math.sin(((h - 6.8) / 12.4) * Math.PI)) ** 1.3;
    const sky = cloudiness[Math.max(0, day) % 6] as number;
    cloud = 0.85 * cloud + (1 - sky + 0.05) * 0.35 * r.normal();
    let w = peak * sun * Math.min(1, Math.max(0.1, sky + cloud));
    if (day >= capAt) w = Math.min(w, cap);
    return w > 0.5 ? Math.max(0, w + 1.5 * r.normal()) : 0;
  });
  const s: Series = { id: `v7-micro-inverter-${c}`, shape: name(k, 'solar micro-inverter output', 'solar micro-inverter output, derating', null), measurement: 'ac_w', times, values, step: 1, labels: [], missing: [], arrival: batches(every(times, 15, 15.2, r), r) };
  const reboot = atHour(times, tz, r.int(300, 900, 'fw'), 12, 13);
  s.missing.push([reboot, reboot + r.int(2, 3, 'fw')]);
  if (k === 1) {
    const at = times.findIndex((t, i) => localDate(t, tz) >= capAt && (values[i] as number) > cap);
    regime(s, at >= 0 ? at : atHour(times, tz, 700, 11, 12));
  }
  return finish(s, r);
}

/**
 * 13. Home router's WAN latency to its ISP's anycast resolver (ms, 0.1), every 30 s for 1 day,
 *     UTC-5, live. Log-normal around 14-22 ms, 40 % slower in the evening peak (19:00-23:00),
 *     bufferbloat while someone uploads photos (20-40 min of +20-60 ms, heavy-tailed). Copy 1: the
 *     ISP reroutes: a 4.5-5 sigma rise for 170-200 points. Copy 2: the router stops reporting
 *     for 2-6 h and only its last few records come in (silent until the end).
 */
function routerPing(r: Source, c: number, k: number): HeldoutSeries {
  const tz = -5;
  const n = 2880;
  const times = clock(n, 30 * SEC, r, 200, r.between(0, 10));
  const base = r.between(14, 22);
  const bloat = Array.from({ length: r.int(1, 2, 'bl') }, () => [(times[0] as number) + r.between(1, 23, 'bl') * HOUR, r.between(20, 40, 'bl') * MIN] as const);
  const values = times.map((t) => {
    const h = localHour(t, tz);
    const peak = inHours(h, 19, 23) ? 1.4 : 1;
    const bb = bloat.some(([a, len]) => t >= a && t < a + len) ? r.between(20, 60, 'bl') * Math.exp(0.3 * r.normal('bl')) : 0;
    return base * peak * Math.exp(0.1 * r.normal()) + bb;
  });
  const s: Series = { id: `v7-router-ping-${c}`, shape: name(k, 'home router wan latency', 'home router wan latency, reroute', 'home router wan latency, gone silent'), measurement: 'wan_rtt_ms', times, values, step: 0.1, labels: [], missing: [], arrival: live(r, 0.02) };
  if (k === 1) {
    const length = r.int(170, 200, 'inj');
    // Outside the evening peak and away from bufferbloat: busy points get a state of their own, so `steady` never picks them.
    const clear = times.map((t, i) => (inHours(localHour(t, tz), 19, 23) || bloat.some(([a, len]) => t >= a - HOUR && t < a + len + HOUR) ? -i - 1 : 0));
    shift(s, steady(clear, r.int(400, n - 400, 'inj'), 60, length), r.between(4.5, 5, 'inj'), length, 1);
  }
  if (k === 2) {
    const hours = r.between(2.2, 5.8, 'inj');
    const tail = r.int(2, 6, 'inj');
    silence(s, n - tail - Math.round((hours * HOUR) / (30 * SEC)), hours, 30 * SEC);
  }
  return finish(s, r);
}

/**
 * 14. Mesh Wi-Fi satellite node's RSSI to its base (dBm, 1), every 10 s for 1 day, UTC+1, live
 *     MQTT with reorderings and QoS-1 duplicates. Steps between levels (-47..-62) as doors open and
 *     people move (dwell 20-120 min), ±1-2 dB jitter; the microwave oven at meal times costs 4-8 dB
 *     for 2-4 min. Copy 1: a 7-10 sigma spike, then later a 4.5-5 sigma drop for 170-200 points
 *     inside one level. Copy 2: the node is pushed behind the TV: a 4.5-5 sigma drop for 170-200
 *     points inside one level.
 */
function meshRssi(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 1;
  const n = 8640;
  const times = clock(n, 10 * SEC, r, 300);
  const home = -r.between(48, 54);
  let level = 0;
  let until = 0;
  const microwaves = [7.5, 12.5, 19].map((hh) => HELDOUT_V7_START - tz * HOUR + (hh + r.between(-0.5, 0.8, 'mw')) * HOUR);
  const state: number[] = [];
  const values = times.map((t) => {
    if (t >= until) {
      level = [0, -2, -3, -5, 1, -7][r.int(0, 5, 'lvl')] as number;
      until = t + r.between(20, 120, 'lvl') * MIN;
    }
    const day = Math.floor((t - (times[0] as number)) / DAY) * DAY;
    const mw = microwaves.some((m) => t >= m + day && t < m + day + 3 * MIN) ? -6 : 0;
    state.push(mw === 0 ? level : 100 + state.length);
    const jitter = r.chance(0.35, 'j') ? r.sign('j') * (r.chance(0.15, 'j') ? 2 : 1) : 0;
    return home + level + mw + jitter;
  });
  const s: Series = { id: `v7-mesh-rssi-${c}`, shape: name(k, 'mesh wifi node rssi', 'mesh wifi node rssi, glitch then moved', 'mesh wifi node rssi, moved'), measurement: 'wifi_rssi_dbm', times, values, step: 1, labels: [], missing: [], arrival: live(r, 0.03), duplicates: 0.002 };
  if (k === 1) spike(s, steady(state, r.int(400, 3500, 'inj'), 20, 20), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), -1);
  if (k === 1 || k === 2) {
    const length = r.int(170, 200, 'inj');
    shift(s, steady(state, r.int(4500, 8000, 'inj'), 150, length, 4200), r.between(4.5, 5, 'inj'), length, -1);
  }
  return finish(s, r);
}

/**
 * 15. Pet feeder's hopper weight (g, 1), every 5 min for 4 days, UTC+9, Wi-Fi with outages flushed
 *     on reconnect. Meals at ~07:00, ~12:30 and ~18:30 (20-35 g each, a treat now and then); the
 *     owner tops the hopper up when it runs low; load-cell noise ±1 g and a 1-2 g daily drift.
 *     Copy 1: the load cell sticks for 5-8 h (meals stop showing). Copy 2: it loses Wi-Fi for 2-6 h
 *     and comes back live.
 */
function petFeeder(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 9;
  const n = 4 * 288;
  const times = clock(n, 5 * MIN, r, 2 * SEC);
  let hopper = r.between(900, 1800);
  const meals = [7, 12.5, 18.5].map((m) => m + r.between(-0.1, 0.1, 'meal'));
  let lastMeal = -1;
  const values = times.map((t) => {
    const h = localHour(t, tz);
    const slot = meals.findIndex((m) => h >= m && h < m + 5 / 60);
    const key = localDate(t, tz) * 10 + slot;
    if (slot >= 0 && key !== lastMeal) {
      hopper -= r.between(20, 35, 'meal');
      lastMeal = key;
    }
    if (r.chance(0.004, 'treat')) hopper -= r.between(5, 10, 'treat');
    if (hopper < 500 && inHours(h, 19, 22) && r.chance(0.1, 'refill')) hopper = r.between(1600, 1900, 'refill');
    return hopper + 1.5 * Math.sin(((h - 14) / 24) * 2 * Math.PI) + 0.8 * r.normal();
  });
  const s: Series = { id: `v7-pet-feeder-${c}`, shape: name(k, 'pet feeder hopper weight', 'pet feeder hopper weight, load cell stuck', 'pet feeder hopper weight, offline'), measurement: 'hopper_g', times, values, step: 1, labels: [], missing: [], arrival: wifiOutages(times, r, 2, live(r)) };
  if (k === 1) stick(s, atHour(times, tz, r.int(300, 800, 'inj'), 5, 6), r.int(60, 96, 'inj'));
  if (k === 2) silence(s, r.int(300, 1000, 'inj'), r.between(2.2, 5.8, 'inj'), 5 * MIN);
  return finish(s, r);
}

/**
 * 16. Hot tub's water temperature (°C, 0.5), every 5 min for 4 days, UTC-8, Wi-Fi with outages
 *     flushed on reconnect. The heater holds 37.5-38.5 (hysteresis; faster cooling on cold
 *     nights), evening soaks (cover off, 30-60 min) cost 1-2 °C. Copy 1: the controller's Wi-Fi
 *     module locks up: no record for 2-6 h; the last 30-90 min before it and the records after it
 *     arrive together 10-40 min after it is back. Copy 2: a 7-10 sigma spike.
 */
function hotTub(r: Source, c: number, k: number): HeldoutSeries {
  const tz = -8;
  const n = 4 * 288;
  const times = clock(n, 5 * MIN, r, 2 * SEC);
  const soaks = Array.from({ length: 4 }, (_, d) => (r.chance(0.6, 'soak') ? HELDOUT_V7_START + d * DAY - tz * HOUR + r.between(19, 22, 'soak') * HOUR : 0));
  let temp = 38;
  let heating = false;
  const values = times.map((t) => {
    const h = localHour(t, tz);
    const soaking = soaks.some((a) => a > 0 && t >= a && t < a + 45 * MIN);
    if (temp < 37.5) heating = true;
    if (temp > 38.5) heating = false;
    temp += heating ? 0.12 : -(inHours(h, 0, 7) ? 0.05 : 0.03) - (soaking ? 0.2 : 0);
    return temp + 0.08 * r.normal();
  });
  const s: Series = { id: `v7-hot-tub-${c}`, shape: name(k, 'hot tub water temperature', 'hot tub water temperature, wifi lock-up', 'hot tub water temperature, glitch'), measurement: 'water_c', times, values, step: 0.5, labels: [], missing: [], arrival: wifiOutages(times, r, 2, live(r)) };
  if (k === 1) {
    const at = r.int(350, 900, 'inj');
    const resume = silence(s, at, r.between(2.2, 5.8, 'inj'), 5 * MIN);
    s.arrival = lateAroundGap(s, at, resume, r.between(30, 90, 'inj'), r.between(10, 40, 'inj'), s.arrival);
  }
  if (k === 2) spike(s, r.int(350, 1100, 'inj'), r.between(7, 10, 'inj'), r.int(1, 2, 'inj'), r.sign('inj'));
  return finish(s, r);
}

/**
 * 17. Electric water heater's tank temperature (°C, 0.5), every 2 min for 3 days, UTC+1, live.
 *     Setpoint 60 with a 5 °C dead band; showers in the morning and evening draw it down 8-15 °C,
 *     the 3 kW element recovers it; a weekly anti-legionella heat-up to 65 °C early on Friday
 *     (01:00-03:00 local). Copy 1: the tank sensor sticks for 2-4 h. Copy 2: one of two elements burns out: from
 *     a draw on day 2-3 recovery is half as fast (slope change inside the usual range).
 */
function waterHeater(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 1;
  const n = 3 * 720;
  const times = clock(n, 2 * MIN, r);
  const draws: [number, number][] = [];
  for (let d = 0; d < 4; d++) {
    const midnight = HELDOUT_V7_START + d * DAY - tz * HOUR;
    draws.push([midnight + r.between(6.3, 7.8, 'draw') * HOUR, r.between(0.6, 1.1, 'draw')]);
    if (r.chance(0.7, 'draw')) draws.push([midnight + r.between(19, 22.5, 'draw') * HOUR, r.between(0.4, 0.9, 'draw')]);
  }
  const failDraw = draws[Math.min(draws.length - 1, r.int(2, 4, 'inj'))] as [number, number];
  const failFound = times.findIndex((t) => t >= failDraw[0]);
  const failAt = k !== 2 ? n : failFound > 0 ? failFound : Math.floor(n / 2);
  let temp = 59;
  let heating = false;
  let regimeAt = -1;
  const values = times.map((t, i) => {
    const h = localHour(t, tz);
    const legionella = localDay(t, tz) === 5 && inHours(h, 1, 3);
    const target = legionella ? 65 : 60;
    if (temp < target - 5) heating = true;
    if (temp >= target) heating = false;
    const draw = draws.find(([a]) => t >= a && t < a + 12 * MIN);
    if (draw) temp -= draw[1] * r.between(1.4, 2, 'use');
    if (heating) {
      temp += i >= failAt ? 0.22 : 0.45;
      if (i >= failAt && regimeAt < 0) regimeAt = i;
    } else temp -= 0.01;
    return temp + 0.12 * r.normal();
  });
  const s: Series = { id: `v7-water-heater-${c}`, shape: name(k, 'electric water heater tank', 'electric water heater tank, sensor stuck', 'electric water heater tank, element failing'), measurement: 'tank_c', times, values, step: 0.5, labels: [], missing: [], arrival: live(r) };
  if (k === 1) {
    const first = draws[1] as [number, number];
    stick(s, times.findIndex((t) => t >= first[0] - 30 * MIN), r.int(60, 120, 'inj'));
  }
  if (k === 2) regime(s, regimeAt >= 0 ? regimeAt : failAt);
  return finish(s, r);
}

/**
 * 18. Classroom CO2 monitor (ppm, 1), every 5 min for 4 days from Friday 00:00 local, UTC+1,
 *     LoRaWAN (live; heard by two gateways now and then: duplicates). Lessons 08:00-15:30 raise it
 *     toward 900-1800 ppm, breaks with windows opened bring it down; ~420 ppm outside school hours
 *     and at the weekend; copy 0's Monday is a school holiday. Copy 1: a 7-10 sigma spike at the weekend. Copy 2:
 *     the sensor's self-calibration jumps on Saturday: a 4.5-5 sigma step for 170-200 points.
 */
function classroomCo2(r: Source, c: number, k: number): HeldoutSeries {
  const tz = 1;
  const n = 4 * 288;
  const times = clock(n, 5 * MIN, r, 2 * SEC, 2 * 24 - tz);
  const size = r.between(0.7, 1.2);
  const outside = r.between(405, 430);
  let co2 = outside;
  let ar = 0;
  const values = times.map((t) => {
    const h = localHour(t, tz);
    const dow = localDay(t, tz);
    const school = dow >= 1 && dow <= 5 && !(k === 0 && dow === 1) && inHours(h, 8, 15.5);
    const brk = inHours(h, 9.75, 10) || inHours(h, 12, 12.75);
    const gain = school && !brk ? 32 * size : 0;
    co2 += gain - (co2 - outside) * (brk ? 0.35 : school ? 0.025 : 0.06);
    ar = 0.7 * ar + 5 * r.normal();
    return co2 + ar;
  });
  const s: Series = { id: `v7-class-co2-${c}`, shape: name(k, 'classroom co2 monitor', 'classroom co2 monitor, glitch', 'classroom co2 monitor, calibration jump'), measurement: 'class_co2_ppm', times, values, step: 1, labels: [], missing: [], arrival: live(r, 0.02), duplicates: 0.01 };
  if (k === 1) spike(s, r.int(300, 880, 'inj'), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), 1);
  if (k === 2) {
    const length = r.int(170, 200, 'inj');
    shift(s, atHour(times, tz, 400, 16, 20), r.between(4.5, 5, 'inj'), length, r.sign('inj'));
  }
  return finish(s, r);
}
