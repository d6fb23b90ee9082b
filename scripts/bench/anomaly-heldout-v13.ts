/**
 * Held-out set v13 for `npm run bench:anomaly` (issue 20): written blind, in one sitting, by an
 * engineer who never read the detector code, its docs, the bench scripts, the anomaly tests or the
 * other worktrees (only the held-out contract in anomaly-heldout.ts, the Label/BenchSeries types of
 * anomaly-set.ts, the v12 set for the format and the label definitions, the headers of v2-v11, the v5
 * sigma helpers and the v12 structure test), and who never ran the detector or the bench on it.
 * Misses and false alarms on it must never be listed series by series (that would make it tuning data).
 *
 * What is different from v1-v12:
 * - generator: the ChaCha20 block function (Bernstein 2008, in its RFC 8439 form: 256-bit key, 32-bit
 *   block counter, 96-bit nonce, 20 rounds) used as a counter-mode random source, hand written on
 *   32-bit words; one stream per device and purpose, the key the set's seed and seven Jenkins
 *   one-at-a-time hashes of "k|seed|device|purpose"; uniforms with 53 bits from two words; normals by
 *   the Kinderman-Monahan ratio of uniforms (1977); heavy tails from the hyperbolic secant
 *   distribution (by inversion, unit variance); exponentials by inversion;
 * - a science and research-infrastructure fleet (18 device types never used before): on a Hawaiian
 *   summit and volcano an observatory's dome air, a science camera's cryostat, a telescope's
 *   hydrostatic bearing oil pressure, a borehole tiltmeter and a volcanic SO2 flux scanner; at an
 *   Aleutian volcano and weather station a seismometer's RSAM, a fumarole thermocouple, the
 *   radiosonde helium cylinder, a fluxgate magnetometer's H component and the station's diesel day
 *   tank; at an equatorial Pacific baseline station a CO2 analyser, a wave buoy's significant wave
 *   height, a reef logger and a GNSS reference receiver's tracked satellites; at a Nullarbor radio
 *   observatory a receiver's system temperature, the correlator hall's chilled water, a pyranometer
 *   and a cryo compressor's return pressure;
 * - a northern-summer / southern-winter start on a Monday in July (2059-07-14; Monday started only v4,
 *   in March; no set started in July); local time zones never used before: UTC-10 (Hawaii), UTC-9
 *   (Aleutian daylight time), UTC+14 (Line Islands) and UTC+8:45 (Eucla);
 * - legitimate events that are NOT anomalies: the dome shut and air-conditioned to the night's
 *   forecast by day and open at night, the cryostat's daily LN2 fill, the telescope's oil pumps on
 *   standby by day and slewing at night, earth tides and thermal tilt, SO2 scans only in daylight
 *   (exactly 0 at night), small earthquakes and a storm's surf raising the RSAM, rain showers cooling
 *   the fumarole, radiosonde launches twice a day (a pressure step each) and cylinder changes, the
 *   daily Sq variation and night-time substorm bays, the day tank's refills (sawtooth), the CO2
 *   analyser's reference-gas calibration every 4 h, swell events, the reef warming by day with the
 *   tide, satellites rising and setting, the Sun and the Galactic centre in the receiver's beam,
 *   chiller staging (sawtooth), clear and cloudy winter days on the pyranometer (exactly 0 at night);
 * - delivery habits not used before: the summit's archive appliance migrating its short-term store
 *   to the base facility once an hour (records up to an hour late) and its engine restarted at noon
 *   re-writing the last sample before the restart (a duplicate); SeedLink over the Aleutian
 *   microwave and satellite hop (records sent in packets of 8, so a record waits for the packet to
 *   fill; storm outages of 10-40 min, after which the last packet before the outage is sent again:
 *   duplicates); Argos satellite passes at irregular 30-150 min intervals from the equatorial
 *   station (records wait for the next pass, a few heard again on the pass after: duplicates), its
 *   loggers stamping whole minutes; an HF radio data link polling the Nullarbor site every 20 min
 *   (a poll lost in the dawn and dusk grey-line fades waits for the next; a lost acknowledgement
 *   makes the site send the same block again at the next poll: duplicates), its poller stamping on
 *   a 10-second tick. `points` times never decrease (equal only for a duplicate, same value);
 *   arrivals are never before the measurement.
 *
 * Composition with the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts,
 * 6 flatlines, 7 dropouts, 6 regime changes), one label per labelled series, 21 controls (39 %).
 *
 * Labels, same definitions as v4-v12 (sigmas measured on the points as published, i.e. rounded to
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
/** Monday 2059-07-14 00:00 UTC. */
export const HELDOUT_V13_START = Date.UTC(2059, 6, 14);

const rotl = (x: number, n: number) => ((x << n) | (x >>> (32 - n))) >>> 0;

/** The ChaCha20 block function of RFC 8439: 16 output words for (key[8], counter, nonce[3]). */
export function chacha20Block(key: number[], counter: number, nonce: number[]): number[] {
  const init = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574, ...key, counter >>> 0, ...nonce].map((w) => w >>> 0);
  const x = init.slice();
  const qr = (a: number, b: number, c: number, d: number) => {
    x[a] = ((x[a] as number) + (x[b] as number)) >>> 0;
    x[d] = rotl((x[d] as number) ^ (x[a] as number), 16);
    x[c] = ((x[c] as number) + (x[d] as number)) >>> 0;
    x[b] = rotl((x[b] as number) ^ (x[c] as number), 12);
    x[a] = ((x[a] as number) + (x[b] as number)) >>> 0;
    x[d] = rotl((x[d] as number) ^ (x[a] as number), 8);
    x[c] = ((x[c] as number) + (x[d] as number)) >>> 0;
    x[b] = rotl((x[b] as number) ^ (x[c] as number), 7);
  };
  for (let round = 0; round < 10; round++) {
    qr(0, 4, 8, 12);
    qr(1, 5, 9, 13);
    qr(2, 6, 10, 14);
    qr(3, 7, 11, 15);
    qr(0, 5, 10, 15);
    qr(1, 6, 11, 12);
    qr(2, 7, 8, 13);
    qr(3, 4, 9, 14);
  }
  return x.map((w, i) => (w + (init[i] as number)) >>> 0);
}

/** ChaCha20 keystream as a stream of 32-bit words (block counter from 0, nonce 0). */
export class ChaCha20 {
  private counter = 0;
  private block: number[] = [];
  private pos = 16;
  constructor(private readonly key: number[], private readonly nonce: number[] = [0, 0, 0]) {}
  next(): number {
    if (this.pos === 16) {
      this.block = chacha20Block(this.key, this.counter, this.nonce);
      this.counter = (this.counter + 1) >>> 0;
      this.pos = 0;
    }
    return this.block[this.pos++] as number;
  }
  /** A uniform in (0, 1) with 53 bits. */
  real(): number {
    const hi = this.next() >>> 5;
    const lo = this.next() >>> 6;
    return (hi * 67108864 + lo + 0.5) / 9007199254740992;
  }
}

/** Bob Jenkins' one-at-a-time hash, 32 bits, over a string's char codes taken as bytes (ASCII keys only). */
export function oneAtATime(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) {
    h = (h + (text.charCodeAt(i) & 0xff)) >>> 0;
    h = (h + (h << 10)) >>> 0;
    h = (h ^ (h >>> 6)) >>> 0;
  }
  h = (h + (h << 3)) >>> 0;
  h = (h ^ (h >>> 11)) >>> 0;
  h = (h + (h << 15)) >>> 0;
  return h >>> 0;
}

/** One device's random source: each purpose has its own ChaCha20 stream. */
export function v13Source(key: string, seed: number) {
  const streams = new Map<string, ChaCha20>();
  const u = (name = 'u'): number => {
    let g = streams.get(name);
    if (!g) {
      const words = [seed >>> 0];
      for (let k = 1; k < 8; k++) words.push(oneAtATime(`${k}|${seed}|${key}|${name}`));
      g = new ChaCha20(words);
      streams.set(name, g);
    }
    return g.real();
  };
  /** Kinderman-Monahan ratio-of-uniforms normal. */
  const normal = (name = 'n'): number => {
    for (;;) {
      const a = u(name);
      const x = (1.7155277699214135 * (u(name) - 0.5)) / a;
      if ((x * x) / 4 <= -Math.log(a)) return x;
    }
  };
  /** Hyperbolic secant distribution with unit variance (heavier tails than a normal). */
  const sech = (name = 'h'): number => (2 / Math.PI) * Math.log(Math.tan((Math.PI * u(name)) / 2));
  const exponential = (mean: number, name = 'e') => -mean * Math.log(u(name));
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  return { u, normal, sech, exponential, between, int, chance };
}

type Source = ReturnType<typeof v13Source>;

/** Rounds to the sensor's resolution (0.01, 0.1, 0.5, 1); never -0. */
export function v13Round(v: number, step: number): number {
  const places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const f = 10 ** places;
  return Math.round(Math.round(v / step) * step * f) / f + 0;
}

const hourOf = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const bell = (h: number, mid: number, width: number) => Math.exp(-(((h - mid) / width) ** 2));
const dayNo = (t: number, tz: number) => Math.floor((t + tz * HOUR - HELDOUT_V13_START) / DAY);

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
  return { idx, vals: idx.map((i) => v13Round(s.values[i] as number, s.step)) };
}

/** Measurement times; `tick` the clock's resolution (the stamp is floored to it). */
function clock(days: number, cadence: number, r: Source, tick: number): number[] {
  const t0 = HELDOUT_V13_START + r.int(0, 3600, 'clock') * SEC + r.int(0, 999, 'clock');
  const times: number[] = [];
  for (let t = t0; t < t0 + days * DAY; t += cadence * (1 + 0.008 * r.normal('clock'))) {
    const at = tick > 1 ? Math.floor(t / tick) * tick : Math.round(t);
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
    const value = v13Round(s.values[i] as number, s.step);
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

/** Summit archive appliance: the short-term store is migrated to the base facility every hour (at :07-:08); the engine restarts daily at 12:00 local and re-writes the last sample before it. */
function archiver(r: Source, s: Series, tz: number): Arrival {
  const phase = 7 * MIN + r.between(0, 60, 'phase') * SEC;
  const migrate = (t: number) => Math.ceil((t + 30 * SEC - phase) / HOUR) * HOUR + phase + r.between(2, 25, 'move') * SEC;
  const rewrites = new Map<number, number>();
  for (let d = dayNo(s.times[0] as number, tz); d <= dayNo(s.times.at(-1) as number, tz); d++) {
    const noon = HELDOUT_V13_START + d * DAY - tz * HOUR + 12 * HOUR;
    const i = indexAt(s.times, noon);
    if (i >= 0 && i < s.times.length - 1) rewrites.set(i, noon + r.between(20, 90, 'restart') * SEC);
  }
  s.duplicates = (i) => {
    const at = rewrites.get(i);
    return at === undefined ? null : migrate(at);
  };
  return (_i, t) => migrate(t);
}

/** SeedLink: records go in packets of 8, a packet leaves when full (1-4 s over the hop); storm outages of 10-40 min hold packets and re-send the last packet before the outage. */
function seedlink(r: Source, s: Series): Arrival {
  const first = s.times[0] as number;
  const last = s.times.at(-1) as number;
  const outages: [number, number][] = [];
  for (let t = first + r.between(6, 30, 'out') * HOUR; t < last; t += r.between(14, 40, 'out') * HOUR) outages.push([t, t + r.between(10, 40, 'out') * MIN]);
  const n = s.times.length;
  const hop = new Map<number, number>();
  const sentAt = (i: number) => {
    const packet = i - (i % 8);
    const full = s.times[Math.min(n - 1, packet + 7)] as number;
    const down = outages.find(([a, b]) => full >= a && full < b);
    if (!hop.has(packet)) hop.set(packet, r.between(1, 4, 'hop') * SEC);
    return (down ? down[1] : full) + (hop.get(packet) as number);
  };
  s.duplicates = (i) => {
    const full = s.times[Math.min(n - 1, i - (i % 8) + 7)] as number;
    // The packet sent last before an outage is sent again when the link comes back.
    const hit = outages.find(([a]) => full < a && (s.times[Math.min(n - 1, i - (i % 8) + 15)] as number) >= a);
    return hit ? hit[1] + r.between(3, 12, 'dup') * SEC : null;
  };
  return (i) => sentAt(i);
}

/** Argos: passes every 30-150 min; a record goes at the first pass a minute or more after it; 5 % heard again on the following pass. */
function argos(r: Source, s: Series): Arrival {
  const passes: number[] = [];
  for (let t = (s.times[0] as number) - HOUR; t < (s.times.at(-1) as number) + 6 * HOUR; t += r.between(30, 150, 'pass') * MIN) passes.push(t);
  // Each pass's messages reach the processing centre 5-60 s after it.
  const wire = new Map<number, number>();
  const next = (t: number) => {
    const pass = passes[indexAt(passes, t + MIN) + 1] as number;
    if (!wire.has(pass)) wire.set(pass, r.between(5, 60, 'wire') * SEC);
    return pass + (wire.get(pass) as number);
  };
  s.duplicates = (i) => (r.chance(0.05, 'again') ? next(next(s.times[i] as number)) : null);
  return (_i, t) => next(t);
}

/** HF radio link: the base polls every 20 min; in the grey-line fades (05:30-07:30 and 17:00-19:00 local) half the polls fail; 4 % of acknowledgements are lost and the block is sent again at the next poll. */
function hfRadio(r: Source, s: Series, tz: number): Arrival {
  const period = 20 * MIN;
  const phase = r.between(0, period, 'phase');
  const poll = (t: number) => Math.ceil((t + SEC - phase) / period) * period + phase;
  const done = new Map<number, { at: number; again: boolean }>();
  const of = (b: number) => {
    let p = done.get(b);
    if (!p) {
      let at = b;
      for (let k = 0; k < 6; k++) {
        const h = hourOf(at, tz);
        if (!(within(h, 5.5, 7.5) || within(h, 17, 19)) || !r.chance(0.5, 'fade')) break;
        at += period;
      }
      p = { at: at + r.between(10, 50, 'air') * SEC, again: r.chance(0.04, 'ack') };
      done.set(b, p);
    }
    return p;
  };
  s.duplicates = (i) => {
    const p = of(poll(s.times[i] as number));
    return p.again ? p.at + period : null;
  };
  // A poll that failed carries every older block too: arrivals never go backwards between blocks.
  let lastAt = 0;
  return (_i, t) => {
    lastAt = Math.max(lastAt, of(poll(t)).at);
    return lastAt;
  };
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
  where?: (t: number, x: Ctx) => boolean;
  regimeWhere?: (t: number, x: Ctx) => boolean;
  values: (x: Ctx) => number[];
}

function ar1(r: Source, phi: number, sd: number, name: string) {
  let x = 0;
  return () => (x = phi * x + Math.sqrt(1 - phi * phi) * sd * r.normal(name));
}

const HAWAII = -10;
const ALEUTIAN = -9;
const LINE = 14;
const EUCLA = 8.75;
/** Clock resolution (ms) per site: the Line Islands loggers stamp whole minutes, the Nullarbor poller a 10 s tick. */
const TICK: Record<number, number> = { [HAWAII]: 1, [ALEUTIAN]: 1, [LINE]: MIN, [EUCLA]: 10 * SEC };

const after = (x: Ctx, i: number) => x.regimeAt >= 0 && i >= x.regimeAt;
const since = (x: Ctx, t: number) => (t - (x.times[x.regimeAt] as number)) / HOUR;

const TYPES: DeviceType[] = [
  {
    type: 'observatory-dome-air-temp', shape: 'summit observatory dome air: shut and cooled to the night forecast by day, open and following the outside air at night', measurement: 'dome_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: HAWAII, range: [-10, 25], roles: ['control', 'spike', 'dropout'],
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.12, 'ar');
      const forecast = new Map<number, number>();
      let temp = 2;
      return x.times.map((t) => {
        const h = hourOf(t, HAWAII);
        const outside = 3 + 3.5 * Math.cos(((h - 14) / 24) * 2 * Math.PI);
        const open = h >= 18.75 || h < 6.25;
        const d = dayNo(t - 7 * HOUR, HAWAII);
        if (!forecast.has(d)) forecast.set(d, x.r.between(0, 3, 'forecast'));
        const target = open ? outside : (forecast.get(d) as number);
        temp += (open ? 0.12 : 0.04) * (target - temp);
        return temp + wob() + (open ? 0.1 * x.r.sech('gust') : 0);
      });
    },
  },
  {
    type: 'ccd-cryostat-temp', shape: 'science camera cryostat: held at -100 °C, a small bump at the daily LN2 fill (16:00)', measurement: 'cryostat_c',
    cadence: MIN, days: 3, step: 0.01, tz: HAWAII, range: [-130, -60], roles: ['regime', 'control', 'flatline'],
    regimeWhere: (t) => within(hourOf(t, HAWAII), 18, 24) || within(hourOf(t, HAWAII), 0, 11),
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.03, 'ar');
      return x.times.map((t, i) => {
        const h = hourOf(t, HAWAII);
        const fill = h >= 16 ? 0.35 * Math.exp(-(h - 16) / 0.4) : 0;
        // A failing heater resistor: the loop hunts (wider wander) and sits a little warmer.
        const hunt = after(x, i);
        return -100 + fill + (hunt ? 0.08 : 0) + wob() * (hunt ? 2.6 : 1);
      });
    },
  },
  {
    type: 'telescope-hydrostatic-oil-bar', shape: 'telescope hydrostatic bearing oil pressure: pumps on standby by day, tracking at night with slews every 20-40 min', measurement: 'oil_bar',
    cadence: MIN, days: 3, step: 0.1, tz: HAWAII, range: [0, 60], roles: ['shift', 'control', 'dropout'],
    where: (t) => within(hourOf(t, HAWAII), 19.5, 24) || within(hourOf(t, HAWAII), 0, 1.5),
    values: (x) => {
      const wob = ar1(x.r, 0.5, 0.25, 'ar');
      let slew = 0;
      return x.times.map((t) => {
        const h = hourOf(t, HAWAII);
        const night = h >= 18.9 || h < 5.8;
        if (!night) return 4.2 + 0.5 * wob();
        if (slew > 0) slew--;
        else if (x.r.chance(1 / 30, 'slew')) slew = x.r.int(1, 3, 'slew');
        return 37.8 + (slew > 0 ? 2.5 : 0) + wob();
      });
    },
  },
  {
    type: 'kilauea-tiltmeter-urad', shape: 'borehole tiltmeter: earth tides (12.42 h and 24 h) and thermal tilt over a slow wander', measurement: 'tilt_urad',
    cadence: 5 * MIN, days: 6, step: 0.01, tz: HAWAII, range: [-200, 200], roles: ['control', 'regime', 'spike'],
    values: (x) => {
      const wander = ar1(x.r, 0.995, 0.4, 'walk');
      const wob = ar1(x.r, 0.5, 0.03, 'ar');
      const t0 = HELDOUT_V13_START;
      return x.times.map((t, i) => {
        const h = hourOf(t, HAWAII);
        const tide = 0.18 * Math.cos(((t - t0) / (12.42 * HOUR)) * 2 * Math.PI) + 0.1 * Math.cos(((t - t0) / (23.93 * HOUR)) * 2 * Math.PI);
        // Inflation of the summit reservoir: the tilt turns upward and keeps climbing.
        const inflate = after(x, i) ? 0.14 * since(x, t) : 0;
        return 12 + tide + 0.45 * Math.sin(((h - 10) / 24) * 2 * Math.PI) + wander() + inflate + wob();
      });
    },
  },
  {
    type: 'volcano-so2-flux-tpd', shape: 'volcanic SO2 flux (scanning DOAS): daylight scans only, exactly 0 at night; plume wind and cloud spread', measurement: 'so2_tpd',
    cadence: 5 * MIN, days: 8, step: 1, tz: HAWAII, range: [0, 20000], roles: ['control', 'flatline', 'control'],
    where: (t) => within(hourOf(t, HAWAII), 8, 13),
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.18, 'ar');
      const level = ar1(x.r, 0.998, 0.2, 'level');
      return x.times.map((t) => {
        const h = hourOf(t, HAWAII);
        const lv = level();
        const w = wob();
        if (!within(h, 6.6, 18)) return 0;
        return 900 * Math.exp(lv + w);
      });
    },
  },
  {
    type: 'aleutian-seismic-rsam', shape: 'volcano seismometer RSAM (10-min mean amplitude): log-normal background, surf in a storm, small earthquakes', measurement: 'rsam',
    cadence: 5 * MIN, days: 6, step: 1, tz: ALEUTIAN, range: [0, 5000], roles: ['regime', 'control', 'dropout'],
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.09, 'ar');
      const stormAt = (x.times[0] as number) + x.r.between(1, 4, 'storm') * DAY;
      return x.times.map((t, i) => {
        const storm = 0.5 * bell((t - stormAt) / HOUR, 0, 14);
        const quake = x.r.chance(0.004, 'quake') ? x.r.between(0.4, 0.9, 'quake') : 0;
        // Tremor onset: the background climbs by ~45 % over two hours and stays there.
        const tremor = after(x, i) ? 0.37 * Math.min(1, since(x, t) / 2) : 0;
        return 118 * Math.exp(wob() + storm + quake + tremor);
      });
    },
  },
  {
    type: 'fumarole-gas-temp', shape: 'fumarole thermocouple: near boiling, dips when rain showers cool the vent', measurement: 'vent_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: ALEUTIAN, range: [0, 200], roles: ['control', 'shift', 'control'],
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.2, 'ar');
      let rain = 0;
      let left = 0;
      return x.times.map(() => {
        if (left > 0) left--;
        else if (x.r.chance(1 / 400, 'rain')) {
          left = x.r.int(10, 30, 'rain');
          rain = x.r.between(1.5, 5, 'rain');
        } else rain *= 0.9;
        return 96.4 - rain + wob();
      });
    },
  },
  {
    type: 'radiosonde-helium-bar', shape: 'radiosonde helium cylinder: a step down at each balloon fill (02:00 and 14:00), cylinder changed below 40 bar, daily warming of the shed', measurement: 'helium_bar',
    cadence: 5 * MIN, days: 6, step: 0.5, tz: ALEUTIAN, range: [0, 220], roles: ['flatline', 'control', 'spike'],
    where: (t) => !within(hourOf(t, ALEUTIAN) % 12, 1.5, 3),
    values: (x) => {
      let gas = x.r.between(120, 190, 'start');
      let launched = -1;
      const wob = ar1(x.r, 0.6, 0.35, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, ALEUTIAN);
        const slot = dayNo(t, ALEUTIAN) * 2 + (h >= 14 ? 1 : 0);
        if (within(h % 12, 2, 13) && slot !== launched) {
          launched = slot;
          gas -= x.r.between(7, 9.5, 'fill');
          if (gas < 40) gas = x.r.between(192, 198, 'swap');
        }
        return gas * (1 + 0.008 * Math.sin(((h - 9) / 24) * 2 * Math.PI)) + wob();
      });
    },
  },
  {
    type: 'fluxgate-h-nt', shape: 'fluxgate magnetometer H component: daily Sq variation, substorm bays on some nights', measurement: 'h_nt',
    cadence: MIN, days: 3, step: 0.1, tz: ALEUTIAN, range: [17000, 20000], roles: ['spike', 'shift', 'control'],
    where: (t) => within(hourOf(t, ALEUTIAN), 8, 18),
    values: (x) => {
      const wob = ar1(x.r, 0.9, 1.2, 'ar');
      const bays = new Map<number, [number, number, number]>();
      return x.times.map((t) => {
        const h = hourOf(t, ALEUTIAN);
        const d = dayNo(t + 6 * HOUR, ALEUTIAN);
        if (!bays.has(d)) bays.set(d, x.r.chance(0.6, 'bay') ? [x.r.between(23, 27, 'bay'), x.r.between(0.5, 1.2, 'bay'), x.r.between(30, 80, 'bay')] : [0, 1, 0]);
        const [mid, width, depth] = bays.get(d) as [number, number, number];
        const hh = h < 12 ? h + 24 : h;
        return 18450 - 22 * bell(h, 12, 3.5) - depth * bell(hh, mid, width) + wob();
      });
    },
  },
  {
    type: 'station-day-tank-litres', shape: 'station diesel day tank: generator burn (more at night), refilled from the bulk tank by a float switch (sawtooth)', measurement: 'tank_l',
    cadence: 5 * MIN, days: 6, step: 1, tz: ALEUTIAN, range: [0, 1200], roles: ['control', 'flatline', 'dropout'],
    values: (x) => {
      let level = x.r.between(400, 950, 'start');
      let filling = false;
      return x.times.map((t) => {
        const h = hourOf(t, ALEUTIAN);
        const burn = (9 + 3 * bell(h, 2, 5) + 0.5 * x.r.normal('burn')) / 12;
        if (filling) {
          level += 38;
          if (level >= 1000) filling = false;
        } else {
          level -= burn;
          if (level < 300) filling = true;
        }
        return level + 1.4 * x.r.normal('n');
      });
    },
  },
  {
    type: 'baseline-co2-ppm', shape: 'baseline station CO2 analyser: steady marine air, a reference-gas calibration every 4 h', measurement: 'co2_ppm',
    cadence: MIN, days: 3, step: 0.01, tz: LINE, range: [400, 600], roles: ['control', 'regime', 'dropout'],
    where: (t) => within(hourOf(t, LINE) % 4, 0.7, 3.8),
    values: (x) => {
      const wob = ar1(x.r, 0.85, 0.07, 'ar');
      const drift = ar1(x.r, 0.999, 0.15, 'drift');
      return x.times.map((t, i) => {
        const h = hourOf(t, LINE);
        const d = drift();
        const w = wob();
        if (within(h % 4, 0, 0.25)) return 455 + 0.02 * x.r.normal('cal');
        // A cracked inlet line: some island air gets in, noisier and a little higher.
        const leak = after(x, i);
        return 468.3 + 0.25 * Math.sin(((h - 15) / 24) * 2 * Math.PI) + d + (leak ? 0.18 + 0.12 * x.r.sech('leak') : 0) + w * (leak ? 1.8 : 1);
      });
    },
  },
  {
    type: 'wave-buoy-hs-m', shape: 'wave buoy significant wave height: swell events over a day or two, afternoon trade-wind sea', measurement: 'hs_m',
    cadence: 5 * MIN, days: 6, step: 0.01, tz: LINE, range: [0, 10], roles: ['shift', 'control', 'spike'],
    values: (x) => {
      const wob = ar1(x.r, 0.5, 0.05, 'ar');
      const swells: [number, number, number][] = [];
      for (let k = 0; k < 3; k++) swells.push([(x.times[0] as number) + x.r.between(-1, 6, 'swell') * DAY, x.r.between(12, 30, 'swell'), x.r.between(0.3, 0.9, 'swell')]);
      return x.times.map((t) => {
        const h = hourOf(t, LINE);
        const swell = swells.reduce((p, [at, w, a]) => p + a * bell((t - at) / HOUR, 0, w), 0);
        return (1.5 + swell + 0.12 * bell(h, 16, 4)) * (1 + wob());
      });
    },
  },
  {
    type: 'reef-logger-water-temp', shape: 'reef logger: warming by day, tidal flushing on a 12.42 h cycle', measurement: 'reef_c',
    cadence: 5 * MIN, days: 6, step: 0.01, tz: LINE, range: [24, 34], roles: ['flatline', 'control', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.05, 'ar');
      const t0 = HELDOUT_V13_START;
      return x.times.map((t) => {
        const h = hourOf(t, LINE);
        return 28.4 + 0.45 * bell(h, 15, 3) + 0.15 * Math.cos(((t - t0) / (12.42 * HOUR)) * 2 * Math.PI) + wob();
      });
    },
  },
  {
    type: 'gnss-ref-sats-tracked', shape: 'GNSS reference receiver satellites tracked: rising and setting on ~12 h orbits, a satellite lost now and then', measurement: 'sats',
    cadence: MIN, days: 3, step: 1, tz: LINE, range: [0, 40], roles: ['control', 'dropout', 'control'],
    values: (x) => {
      const p1 = x.r.between(0, 2 * Math.PI, 'phase');
      const p2 = x.r.between(0, 2 * Math.PI, 'phase');
      const t0 = HELDOUT_V13_START;
      return x.times.map((t) => {
        const lost = x.r.chance(0.03, 'lost') ? 1 : 0;
        return Math.round(24 + 3 * Math.sin(((t - t0) / (11.97 * HOUR)) * 2 * Math.PI + p1) + 2 * Math.sin(((t - t0) / (14.08 * HOUR)) * 2 * Math.PI + p2) + 0.4 * x.r.normal('n')) - lost;
      });
    },
  },
  {
    type: 'radio-rx-system-temp-k', shape: 'radio telescope receiver system temperature: the Sun in the sidelobes by day, the Galactic centre transiting once a sidereal day', measurement: 'tsys_k',
    cadence: MIN, days: 3, step: 0.1, tz: EUCLA, range: [20, 120], roles: ['regime', 'control', 'spike'],
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.25, 'ar');
      const gc = HELDOUT_V13_START + x.r.between(0, 24, 'gc') * HOUR;
      const sidereal = 23.9345 * HOUR;
      return x.times.map((t, i) => {
        const h = hourOf(t, EUCLA);
        const phase = ((((t - gc) % sidereal) + sidereal) % sidereal) / HOUR;
        const transit = 4 * bell(phase > 12 ? phase - 23.9345 : phase, 0, 1.3);
        // A low-noise amplifier degrading: hotter and noisier.
        const lna = after(x, i);
        return 38 + 6 * bell(h, 12.2, 2.5) + transit + (lna ? 2.6 * Math.min(1, since(x, t)) : 0) + wob() * (lna ? 1.9 : 1);
      });
    },
  },
  {
    type: 'correlator-chw-supply-c', shape: 'correlator hall chilled water supply: compressor staging between 11.2 and 12.8 °C (sawtooth), warming faster in the afternoon', measurement: 'chw_c',
    cadence: MIN, days: 3, step: 0.1, tz: EUCLA, range: [5, 25], roles: ['control', 'regime', 'shift'],
    values: (x) => {
      let temp = 12;
      let on = false;
      const wob = ar1(x.r, 0.5, 0.05, 'ar');
      return x.times.map((t, i) => {
        const h = hourOf(t, EUCLA);
        // One compressor stage weak: slower pull-down, the band a little higher.
        const weak = after(x, i);
        const lo = weak ? 11.6 : 11.2;
        const hi = weak ? 13.1 : 12.8;
        if (on) {
          temp -= weak ? 0.045 : 0.08;
          if (temp <= lo) on = false;
        } else {
          temp += 0.018 + 0.01 * bell(h, 15, 3);
          if (temp >= hi) on = true;
        }
        return temp + wob();
      });
    },
  },
  {
    type: 'pyranometer-ghi-wm2', shape: 'pyranometer global horizontal irradiance: a winter sun (exactly 0 at night), clear and cloudy days', measurement: 'ghi_wm2',
    cadence: 2 * MIN, days: 4, step: 1, tz: EUCLA, range: [0, 1400], roles: ['dropout', 'control', 'flatline'],
    where: (t) => within(hourOf(t, EUCLA), 9, 12.5),
    values: (x) => {
      const cloudy = new Map<number, number>();
      const cloud = ar1(x.r, 0.9, 0.25, 'cloud');
      return x.times.map((t) => {
        const h = hourOf(t, EUCLA);
        const d = dayNo(t, EUCLA);
        if (!cloudy.has(d)) cloudy.set(d, x.r.chance(0.4, 'day') ? 1 : 0);
        const c = cloud();
        if (!within(h, 7.15, 17.15)) return 0;
        const clear = 610 * Math.sin((Math.PI * (h - 7.15)) / 10) ** 1.2;
        const factor = cloudy.get(d) ? Math.min(1, Math.max(0.25, 0.7 + c)) : 1;
        return clear * factor + 2 * x.r.normal('n');
      });
    },
  },
  {
    type: 'cryo-compressor-return-bar', shape: 'receiver cryo compressor return pressure: steady, following the hall temperature a little', measurement: 'return_bar',
    cadence: MIN, days: 3, step: 0.01, tz: EUCLA, range: [4, 12], roles: ['shift', 'spike', 'control'],
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.025, 'ar');
      return x.times.map((t) => 7.45 + 0.06 * Math.sin(((hourOf(t, EUCLA) - 9) / 24) * 2 * Math.PI) + wob());
    },
  },
];

const delivery = (d: DeviceType, x: Ctx, s: Series): Arrival =>
  d.tz === HAWAII ? archiver(x.r, s, HAWAII) : d.tz === ALEUTIAN ? seedlink(x.r, s) : d.tz === LINE ? argos(x.r, s) : hfRadio(x.r, s, EUCLA);

function find(n: number, from: number, ok: (i: number) => boolean): number {
  for (let i = from; i < n; i++) if (ok(i)) return i;
  for (let i = 300; i < from; i++) if (ok(i)) return i;
  return from;
}

/** The device type names of v13 (for the structure test). */
export const V13_TYPES = TYPES.map((d) => d.type);
/** UTC offset (hours) of each v13 device type. */
export const V13_ZONES: Record<string, number> = Object.fromEntries(TYPES.map((d) => [d.type, d.tz]));

/** The held-out v13 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV13(copies = 3, seed = 590_714): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    for (const d of TYPES) {
      const r = v13Source(`${d.type}/${c}`, seed);
      const role: Role = d.roles[c % 3] as Role;
      const times = clock(d.days, d.cadence, r, TICK[d.tz] as number);
      const n = times.length;
      const x0: Ctx = { r, times, tz: d.tz, regimeAt: -1, c, seed };
      const ok = (i: number) => !d.where || d.where(times[i] as number, x0);
      const lo = Math.max(360, Math.round(n * 0.3));
      const end = (hours: number) => indexAt(times, (times.at(-1) as number) - hours * HOUR);
      const regimeOk = (i: number) => (d.regimeWhere ? d.regimeWhere(times[i] as number, x0) : ok(i));
      const regimeAt = role === 'regime' ? find(end(6), lo + r.int(0, Math.round(n * 0.2), 'at'), regimeOk) : -1;
      const ctx: Ctx = { ...x0, regimeAt };
      const s: Series = {
        id: `v13-${d.type}-${c}`,
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
          vals[at + w] = v13Round(base + inward(base, sigmas * sigma, sign) * sigmas * sigma, d.step);
        }
        // Settle each spiked value against the median it is measured with (a few passes converge).
        for (let pass = 0; pass < 4; pass++) {
          for (let w = 0; w < width; w++) {
            const base = median(vals.slice(at + w - 7, at + w + 8));
            const dir = (vals[at + w] as number) >= base ? 1 : -1;
            vals[at + w] = v13Round(base + dir * sigmas * sigma, d.step);
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
        const rounded = s.values.map((v) => v13Round(v, d.step));
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
      s.arrival = delivery(d, ctx, s);
      out.push(finish(s));
    }
  }
  return out;
}
