/**
 * Held-out set v15 for `npm run bench:anomaly` (issue 20): written blind, in one sitting, by an
 * engineer who never read the detector code, its docs, the bench scripts, the anomaly tests or the
 * other worktrees (only the held-out contract in anomaly-heldout.ts, the Label/BenchSeries types of
 * anomaly-set.ts, the v14 set for the format and the label definitions, the headers of v2-v13, the v5
 * sigma helpers and the v14 structure test), and who never ran the detector or the bench on it.
 * Misses and false alarms on it must never be listed series by series (that would make it tuning data).
 *
 * What is different from v1-v14:
 * - generator: L'Ecuyer's LFSR113 (1999, "Tables of maximally equidistributed combined LFSR
 *   generators"), four Tausworthe components of degrees 31, 29, 28 and 25 XORed together, hand
 *   written on 32-bit words and seeded as GSL's `taus113` does (a 69069 LCG chain, each word raised
 *   over its component's minimum, ten warm-up draws); one stream per device and purpose, its seed
 *   folded from the set's seed and the text "device|purpose" by LFSR113 itself; uniforms with 53
 *   bits from two words; normals by the Kinderman-Monahan ratio of uniforms; heavy-ish noise from
 *   the logistic distribution and right-skewed noise from the Gumbel distribution, both by inversion;
 * - a culture and visitor-leisure fleet (18 device types never used before): at a Caracas museum and
 *   concert hall complex a display case's humidity, the film archive vault, the auditorium's CO2, the
 *   visitor gates, the conservation lab's fume hood face velocity and the pipe organ's wind
 *   pressure; on Norfolk Island a wildlife park's reptile house basking spot, the aviary's misting
 *   humidity, the convict-era gaol wall's moisture, the visitor kiosk's espresso boiler, the
 *   butterfly house and the touch pool's pH; on the Chatham Islands a lodge's hot-water cylinder, the
 *   community pool's free chlorine, the museum storeroom, the rental e-bike dock, a fish smokehouse
 *   and the golf course green's soil moisture;
 * - a start on a Wednesday in February (2067-02-02 00:00 UTC; no set started in February), southern
 *   summer on the islands, the dry season in Caracas; Waitangi Day (Sunday 6 February, observed on
 *   Monday 7 February) on the Chathams and Carnival Monday and Tuesday (7-8 February) in Caracas
 *   close or change things; a cruise ship calls at Norfolk Island; local offsets never used before:
 *   UTC-4:30 (the set assumes Caracas on the offset it kept in 2007-2016), UTC+11:30 (Norfolk
 *   Island's offset before 2015) and UTC+13:45 (Chatham Islands summer time);
 * - legitimate events that are NOT anomalies: the museum open Tuesday-Sunday (closed Mondays and on
 *   Carnival), visitor breath raising the case humidity by day, the archive vault's compressor cycling
 *   (sawtooth) and its door opened on working mornings, evening concerts filling the auditorium (CO2
 *   up to ~1500 ppm) and a matinee on Sunday, the fume hood's sash lowered at night (setback), the
 *   organ's blower on only for rehearsals and concerts (exactly 0 otherwise); the reptile lamps on
 *   a 12-hour photoperiod, misters switching below 60 % and off above 85 % (sawtooth), the gaol wall
 *   drying in the sun and wetted by a squall, the espresso boiler's element cycling and the morning
 *   rush, a cruise ship day flooding the kiosk; the butterfly house's vents opening at
 *   noon, the touch pool's pH following photosynthesis (day up, night down); the lodge's cylinder
 *   drawn down at the morning and evening showers and reheated, chlorine dosed at 06:00 and eaten by
 *   the afternoon swimmers and the sun, bikes rented out by day (an integer count), smokehouse batches
 *   (exactly the ambient between them), the green irrigated at 04:00 every night (a jump, then
 *   drying);
 * - delivery habits not used before: the Caracas complex's BMS publishes over MQTT with QoS 1 (live
 *   in 1-6 s); 0.6 % of publishes lose their PUBACK and are published again 20-90 s later (a
 *   duplicate), and the BMS stamps on even seconds; Norfolk Island's loggers share the island's
 *   metered satellite link and upload only in the cheap-rate window (23:00-06:00 local; the park's
 *   data up to about 31 hours late), each upload opening with the last record of the previous upload again
 *   (a duplicate), stamps on a 15 s tick; the Chatham Islands' LoRaWAN sensors are live (1-4 s) but
 *   their clocks run slow by up to ~9 s a day and are set right at the daily network time sync (04:00
 *   local), so stamps lag the measurement by a growing few seconds and jump forward once a day;
 *   confirmed uplinks not acknowledged (1 %) are retried 8-30 s later (a duplicate). `points` times
 *   never decrease (equal only for a duplicate, same value); arrivals are never before the
 *   measurement.
 *
 * Composition with the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts,
 * 6 flatlines, 7 dropouts, 6 regime changes), one label per labelled series, 21 controls (39 %).
 *
 * Labels, same definitions as v4-v14 (sigmas measured on the points as published, i.e. rounded to
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
/** Wednesday 2067-02-02 00:00 UTC. */
export const HELDOUT_V15_START = Date.UTC(2067, 1, 2);

/** One Tausworthe step of LFSR113: component `z`, mask `m`, shifts q, s, k-s (as in L'Ecuyer 1999). */
function tausStep(z: number, q: number, s: number, mask: number, ks: number): number {
  const b = (((z << q) ^ z) >>> 0) >>> s;
  return ((((z & mask) >>> 0) << ks) ^ b) >>> 0;
}

/** LFSR113 (L'Ecuyer 1999), seeded as GSL's taus113. */
export class Lfsr113 {
  private z1: number;
  private z2: number;
  private z3: number;
  private z4: number;
  constructor(seed: number) {
    const lcg = (n: number) => Math.imul(69069, n) >>> 0;
    const s = seed >>> 0 || 1;
    this.z1 = lcg(s);
    if (this.z1 < 2) this.z1 += 2;
    this.z2 = lcg(this.z1);
    if (this.z2 < 8) this.z2 += 8;
    this.z3 = lcg(this.z2);
    if (this.z3 < 16) this.z3 += 16;
    this.z4 = lcg(this.z3);
    if (this.z4 < 128) this.z4 += 128;
    for (let i = 0; i < 10; i++) this.next();
  }
  /** The next 32-bit output word. */
  next(): number {
    this.z1 = tausStep(this.z1, 6, 13, 0xfffffffe, 18);
    this.z2 = tausStep(this.z2, 2, 27, 0xfffffff8, 2);
    this.z3 = tausStep(this.z3, 13, 21, 0xfffffff0, 7);
    this.z4 = tausStep(this.z4, 3, 12, 0xffffff80, 13);
    return (this.z1 ^ this.z2 ^ this.z3 ^ this.z4) >>> 0;
  }
  /** A uniform in (0, 1) with 53 bits. */
  real(): number {
    const hi = this.next() >>> 5;
    const lo = this.next() >>> 6;
    return (hi * 67108864 + lo + 0.5) / 9007199254740992;
  }
}

/** A stream seed folded from a text by LFSR113 itself: each character reseeds from the previous output. */
export function lfsrSeed(seed: number, text: string): number {
  let h = (seed ^ 0x5bd1e995) >>> 0;
  for (let i = 0; i < text.length; i++) h = new Lfsr113((h ^ Math.imul(text.charCodeAt(i) + 1, 0x01000193)) >>> 0).next();
  return h;
}

/** One device's random source: each purpose has its own LFSR113 stream. */
export function v15Source(device: string, seed: number) {
  const streams = new Map<string, Lfsr113>();
  const u = (name = 'u'): number => {
    let g = streams.get(name);
    if (!g) {
      g = new Lfsr113(lfsrSeed(seed, `${device}|${name}`));
      streams.set(name, g);
    }
    return g.real();
  };
  /** Standard normal by the ratio of uniforms (Kinderman & Monahan 1977), acceptance about 73 %. */
  const normal = (name = 'n'): number => {
    for (;;) {
      const a = u(name);
      const x = (Math.sqrt(8 / Math.E) * (u(name) - 0.5)) / a;
      if (x * x <= -4 * Math.log(a)) return x;
    }
  };
  /** Logistic, scaled to unit standard deviation. */
  const logistic = (name = 'l'): number => {
    const p = u(name);
    return (Math.sqrt(3) / Math.PI) * Math.log(p / (1 - p));
  };
  /** Gumbel (maximum), centred on its mean and scaled to unit standard deviation: right-skewed. */
  const gumbel = (name = 'g'): number => ((-Math.log(-Math.log(u(name))) - 0.5772156649) * Math.sqrt(6)) / Math.PI;
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  return { u, normal, logistic, gumbel, between, int, chance };
}

type Source = ReturnType<typeof v15Source>;

/** Rounds to the sensor's resolution (0.01, 0.1, 0.5, 1); never -0. */
export function v15Round(v: number, step: number): number {
  const places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const f = 10 ** places;
  return Math.round(Math.round(v / step) * step * f) / f + 0;
}

const hourOf = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const bell = (h: number, mid: number, width: number) => Math.exp(-(((h - mid) / width) ** 2));
/** Local day number: 0 is Wednesday 2 February, 4 Sunday 6 February (Waitangi Day), 5-6 Carnival Monday and Tuesday. */
const dayNo = (t: number, tz: number) => Math.floor((t + tz * HOUR - HELDOUT_V15_START) / DAY);
const weekday = (t: number, tz: number) => (((dayNo(t, tz) + 3) % 7) + 7) % 7; // 0 Sunday … 6 Saturday
const CARNIVAL = [5, 6];
const WAITANGI = [4, 5];

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
  /** Measurement instants (true time). */
  times: number[];
  /** The stamp each record carries (the device's clock); never decreasing. */
  stamps: number[];
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
  return { idx, vals: idx.map((i) => v15Round(s.values[i] as number, s.step)) };
}

/** Measurement instants at a jittered cadence. */
function clock(days: number, cadence: number, r: Source): number[] {
  const t0 = HELDOUT_V15_START + r.int(0, 4800, 'clock') * SEC + r.int(0, 999, 'clock');
  const times: number[] = [];
  for (let t = t0; t < t0 + days * DAY; t += cadence * (1 + 0.05 * r.logistic('clock') / 3)) times.push(Math.round(t));
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
  const at = (i: number) => s.stamps[i] as number;
  const labels: HeldoutSeries['labels'] = [];
  for (const m of s.marks) {
    const measurement = m.kind === 'dropout' ? null : s.measurement;
    const k = pos.get(m.a) as number;
    if (m.kind === 'spike' || m.kind === 'flatline') labels.push({ kind: m.kind, measurement, from: at(m.a), to: at(m.b) });
    if (m.kind === 'level_shift') labels.push({ kind: 'level_shift', measurement, from: at(m.a), to: at(idx[k + 10] as number) });
    if (m.kind === 'regime_change') {
      const end = at(m.a) + 3.5 * HOUR;
      let j = k;
      while (j + 1 < idx.length && at(idx[j + 1] as number) <= end) j++;
      labels.push({ kind: 'regime_change', measurement, from: at(m.a), to: at(idx[j] as number) });
    }
    if (m.kind === 'dropout') {
      const before = idx.filter((i) => i < m.a).at(-1) as number;
      const after = idx.find((i) => i > m.b) as number;
      labels.push({ kind: 'dropout', measurement, from: at(before), to: at(after) });
    }
  }
  const nearLabel = (t: number) => labels.some((l) => t >= l.from - HOUR && t <= l.to + HOUR);
  const points: HeldoutSeries['points'] = [];
  const arrivals: number[] = [];
  for (const i of idx) {
    const t = at(i);
    const value = v15Round(s.values[i] as number, s.step);
    const arrived = Math.max(t + 300, (s.times[i] as number) + 300, Math.round(s.arrival(i, s.times[i] as number)));
    points.push({ t, m: { [s.measurement]: value } });
    arrivals.push(arrived);
    const dup = nearLabel(t) ? null : s.duplicates(i);
    if (dup !== null) {
      points.push({ t, m: { [s.measurement]: value } });
      arrivals.push(Math.max(arrived + SEC, Math.round(dup)));
    }
  }
  return { identifier: s.id, shape: s.shape, points, labels, arrivals };
}

// ---- delivery -------------------------------------------------------------------------------

const CARACAS = -4.5;
const NORFOLK = 11.5;
const CHATHAM = 13.75;

/** Caracas: MQTT QoS 1 from the BMS, live in 1-6 s; 0.6 % of publishes lose their PUBACK and go again 20-90 s later; stamps on even seconds. */
function mqttBms(r: Source, s: Series): Arrival {
  s.stamps = s.times.map((t) => Math.floor(t / (2 * SEC)) * 2 * SEC);
  s.duplicates = (i) => (r.chance(0.006, 'puback') ? (s.times[i] as number) + r.between(20, 90, 'puback') * SEC : null);
  return (_i, t) => t + r.between(1, 6, 'wire') * SEC;
}

/** Norfolk Island: uploads only in the cheap-rate window (23:00-06:00 local), one upload a night at a random time in it; each upload opens with the previous upload's last record again. Stamps on a 15 s tick. */
function nightUploads(r: Source, s: Series, tz: number): Arrival {
  s.stamps = s.times.map((t) => Math.floor(t / (15 * SEC)) * 15 * SEC);
  const uploads: number[] = [];
  for (let d = dayNo(s.times[0] as number, tz) - 1; d <= dayNo(s.times.at(-1) as number, tz) + 2; d++) {
    uploads.push(HELDOUT_V15_START + d * DAY - tz * HOUR + (23 + r.between(0.1, 6.8, 'upload')) * HOUR);
  }
  const uploadOf = (t: number) => {
    let k = 0;
    while (k < uploads.length - 1 && (uploads[k] as number) < t + MIN) k++;
    return k;
  };
  const lastOf = new Map<number, number>();
  s.times.forEach((t, i) => {
    if (!s.missing.has(i)) lastOf.set(uploadOf(t), i);
  });
  const resend = new Map<number, number>();
  for (const [k, i] of lastOf) if (k + 1 < uploads.length && (s.times.at(-1) as number) > (uploads[k] as number)) resend.set(i, (uploads[k + 1] as number) + r.between(2, 20, 'xfer') * SEC);
  s.duplicates = (i) => resend.get(i) ?? null;
  return (_i, t) => (uploads[uploadOf(t)] as number) + r.between(30, 240, 'xfer') * SEC;
}

/** Chatham Islands: LoRaWAN live in 1-4 s; each device's clock runs 4-9 s a day slow and is set right at 04:00 local; 1 % of confirmed uplinks retried 8-30 s later. */
function loraSlowClocks(r: Source, s: Series, tz: number): Arrival {
  const slow = (r.between(4, 9, 'drift') * SEC) / DAY;
  const sync = (t: number) => HELDOUT_V15_START + (dayNo(t - 4 * HOUR, tz) * DAY) - tz * HOUR + 4 * HOUR;
  s.stamps = s.times.map((t) => Math.floor(t - slow * (t - sync(t))));
  s.duplicates = (i) => (r.chance(0.01, 'confirm') ? (s.times[i] as number) + r.between(8, 30, 'confirm') * SEC : null);
  return (_i, t) => t + r.between(1, 4, 'wire') * SEC;
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
  values: (x: Ctx) => number[];
}

function ar1(r: Source, phi: number, sd: number, name: string) {
  let x = 0;
  return () => (x = phi * x + Math.sqrt(1 - phi * phi) * sd * r.normal(name));
}

const after = (x: Ctx, i: number) => x.regimeAt >= 0 && i >= x.regimeAt;
const since = (x: Ctx, t: number) => (t - (x.times[x.regimeAt] as number)) / HOUR;
/** The Caracas museum is open 09:00-17:00 Tuesday-Sunday, closed on Mondays and on Carnival. */
const museumOpen = (t: number) => {
  const h = hourOf(t, CARACAS);
  return within(h, 9, 17) && weekday(t, CARACAS) !== 1 && !CARNIVAL.includes(dayNo(t, CARACAS));
};
/** Concerts: 19:00-21:30 Thursday-Saturday, a Sunday matinee 16:00-18:00, a Carnival Tuesday gala 20:00-23:00. */
const concert = (t: number) => {
  const h = hourOf(t, CARACAS);
  const wd = weekday(t, CARACAS);
  const d = dayNo(t, CARACAS);
  return d === 6 ? within(h, 20, 23) : wd === 0 ? within(h, 16, 18) : [4, 5, 6].includes(wd) && within(h, 19, 21.5);
};
/** The cruise ship calls at Norfolk Island on Friday 4 February (local day 2) in even copies, on Thursday in odd ones; passengers ashore 08:00-16:00. */
const cruiseDay = (c: number) => (c % 2 === 0 ? 2 : 1);
const ashore = (t: number, c: number) => dayNo(t, NORFOLK) === cruiseDay(c) && within(hourOf(t, NORFOLK), 8, 16);

const TYPES: DeviceType[] = [
  {
    type: 'gallery-display-case-rh', shape: 'museum display case humidity: silica-buffered near 50 %, visitors breathing it up a little on open days', measurement: 'case_rh',
    cadence: 2 * MIN, days: 5, step: 0.1, tz: CARACAS, range: [30, 70], roles: ['control', 'spike', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.85, 0.25, 'ar');
      let crowd = 0;
      return x.times.map((t) => {
        crowd += 0.04 * ((museumOpen(t) ? 1.2 * bell(hourOf(t, CARACAS), 13, 3) : 0) - crowd);
        return 49.5 + crowd + wob();
      });
    },
  },
  {
    type: 'film-archive-vault-temp', shape: 'film archive vault at 4 °C: compressor cycling (sawtooth), the door opened on working mornings', measurement: 'vault_c',
    cadence: 5 * MIN, days: 6, step: 0.1, tz: CARACAS, range: [-5, 20], roles: ['regime', 'control', 'dropout'],
    values: (x) => {
      const wob = ar1(x.r, 0.5, 0.05, 'ar');
      let temp = 4;
      let on = false;
      return x.times.map((t, i) => {
        const h = hourOf(t, CARACAS);
        // An iced evaporator: the compressor runs longer, the vault sits half a degree warmer.
        const iced = after(x, i) ? Math.min(1, since(x, t) / 2) : 0;
        if (on) {
          temp -= 0.3 - 0.12 * iced;
          if (temp <= 3.4 + 0.5 * iced) on = false;
        } else {
          temp += 0.12;
          if (temp >= 4.6 + 0.5 * iced) on = true;
        }
        const door = museumOpen(t) && within(h, 9.5, 10) && x.r.chance(0.5, 'door') ? 0.4 : 0;
        return temp + door + wob();
      });
    },
  },
  {
    type: 'auditorium-co2-ppm', shape: 'concert hall auditorium CO2: full for evening concerts and a Sunday matinee, ventilated back to ~450 ppm', measurement: 'co2_ppm',
    cadence: 2 * MIN, days: 5, step: 1, tz: CARACAS, range: [380, 2500], roles: ['control', 'flatline', 'spike'],
    values: (x) => {
      const wob = ar1(x.r, 0.7, 9, 'ar');
      let co2 = 450;
      return x.times.map((t) => {
        const target = concert(t) ? x.r.between(1350, 1500, 'house') : 440;
        co2 += (concert(t) ? 0.05 : 0.08) * (target - co2);
        return co2 + wob();
      });
    },
  },
  {
    type: 'museum-gate-visitors', shape: 'museum visitor gates, entries per 5 minutes: open 09:00-17:00 Tuesday-Sunday, exactly 0 on Mondays and on Carnival', measurement: 'entries',
    cadence: 5 * MIN, days: 6, step: 1, tz: CARACAS, range: [0, 200], roles: ['control', 'control', 'dropout'],
    values: (x) =>
      x.times.map((t) => {
        if (!museumOpen(t)) return 0;
        const h = hourOf(t, CARACAS);
        const mean = 4 + 14 * bell(h, 11.5, 1.5) + 10 * bell(h, 15, 1.2) + (weekday(t, CARACAS) === 0 ? 8 : 0);
        return Math.max(0, Math.round(mean + Math.sqrt(mean) * x.r.normal('n')));
      }),
  },
  {
    type: 'conservation-fume-hood-fpm', shape: 'conservation lab fume hood face velocity: ~100 fpm with the sash open by day, setback to ~60 fpm at night and on closed days', measurement: 'face_fpm',
    cadence: MIN, days: 3, step: 1, tz: CARACAS, range: [20, 200], roles: ['shift', 'regime', 'control'],
    where: (t) => within(hourOf(t, CARACAS), 9, 12.5) && weekday(t, CARACAS) !== 1 && !CARNIVAL.includes(dayNo(t, CARACAS)),
    values: (x) => {
      const wob = ar1(x.r, 0.6, 2.2, 'ar');
      let v = 60;
      return x.times.map((t, i) => {
        const h = hourOf(t, CARACAS);
        const day = within(h, 7, 18) && weekday(t, CARACAS) !== 1 && !CARNIVAL.includes(dayNo(t, CARACAS));
        // A slipping exhaust fan belt: the face velocity wanders more and sags by a few fpm.
        const slip = after(x, i);
        v += 0.3 * ((day ? 101 : 61) - (slip ? 6 : 0) - v);
        return v + wob() * (slip ? 2.5 : 1);
      });
    },
  },
  {
    type: 'pipe-organ-wind-mmwc', shape: 'pipe organ wind pressure: blower on for rehearsals (10:00-13:00 Tuesday-Saturday) and concerts, exactly 0 otherwise', measurement: 'wind_mmwc',
    cadence: MIN, days: 6, step: 0.1, tz: CARACAS, range: [0, 150], roles: ['control', 'flatline', 'control'],
    where: (t) => within(hourOf(t, CARACAS), 10.6, 11.2) && ![0, 1].includes(weekday(t, CARACAS)) && !CARNIVAL.includes(dayNo(t, CARACAS)),
    values: (x) => {
      const wob = ar1(x.r, 0.3, 0.35, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, CARACAS);
        const rehearsal = within(h, 10, 13) && ![0, 1].includes(weekday(t, CARACAS)) && !CARNIVAL.includes(dayNo(t, CARACAS));
        const w = wob();
        if (!rehearsal && !concert(t)) return 0;
        // Full organ chords pull the wind down briefly.
        return 95 + w - (x.r.chance(0.08, 'chord') ? x.r.between(1, 3, 'chord') : 0);
      });
    },
  },
  {
    type: 'reptile-basking-spot-temp', shape: 'wildlife park reptile house basking spot: lamps on 07:00-19:00, cooling to the room at night', measurement: 'bask_c',
    cadence: 2 * MIN, days: 4, step: 0.5, tz: NORFOLK, range: [10, 60], roles: ['spike', 'control', 'regime'],
    where: (t) => within(hourOf(t, NORFOLK), 9, 16),
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.7, 'ar');
      let temp = 26;
      return x.times.map((t, i) => {
        const h = hourOf(t, NORFOLK);
        const lamps = within(h, 7, 19);
        // An ageing basking lamp: the spot settles about 4 °C cooler over two hours.
        const aged = after(x, i) ? 4 * Math.min(1, since(x, t) / 2) : 0;
        temp += 0.08 * ((lamps ? 40 - aged : 25) - temp);
        return temp + wob();
      });
    },
  },
  {
    type: 'aviary-misting-rh', shape: 'walk-through aviary humidity: misters on below 60 %, off above 85 % (sawtooth), drying faster at midday', measurement: 'aviary_rh',
    cadence: 2 * MIN, days: 4, step: 1, tz: NORFOLK, range: [20, 100], roles: ['control', 'spike', 'dropout'],
    values: (x) => {
      let rh = 72;
      let mist = false;
      return x.times.map((t) => {
        const h = hourOf(t, NORFOLK);
        if (mist) {
          rh += 2.5;
          if (rh >= 85) mist = false;
        } else {
          rh -= 0.25 + 0.35 * bell(h, 13, 3);
          if (rh <= 60) mist = true;
        }
        return rh + 1.2 * x.r.logistic('n');
      });
    },
  },
  {
    type: 'gaol-wall-moisture-pct', shape: 'convict-era gaol wall moisture: drying in the sun, a squall wetting it, slow', measurement: 'wall_pct',
    cadence: 5 * MIN, days: 6, step: 0.1, tz: NORFOLK, range: [2, 40], roles: ['dropout', 'control', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.12, 'ar');
      let m = 14;
      return x.times.map((t) => {
        const h = hourOf(t, NORFOLK);
        if (x.r.chance(1 / 700, 'squall')) m += x.r.between(1.5, 3, 'squall');
        m -= 0.004 * bell(h, 13, 3) * (m - 8);
        m += 0.0008 * (14 - m);
        return m + wob();
      });
    },
  },
  {
    type: 'kiosk-espresso-boiler-bar', shape: 'visitor kiosk espresso boiler: element cycling 1.0-1.3 bar (sawtooth), shots pulling it down in the morning rush and on the cruise ship day', measurement: 'boiler_bar',
    cadence: MIN, days: 3, step: 0.01, tz: NORFOLK, range: [0.5, 2], roles: ['control', 'spike', 'shift'],
    values: (x) => {
      let p = 1.15;
      let on = true;
      return x.times.map((t) => {
        const h = hourOf(t, NORFOLK);
        const busy = within(h, 7, 17) ? 0.15 + 0.5 * bell(h, 8.5, 1) + (ashore(t, x.c) ? 0.5 : 0) : 0;
        if (x.r.chance(busy, 'shot')) p -= x.r.between(0.02, 0.05, 'shot');
        if (on) {
          p += 0.045;
          if (p >= 1.3) on = false;
        } else {
          p -= 0.012;
          if (p <= 1.0) on = true;
        }
        return p + 0.006 * x.r.normal('n');
      });
    },
  },
  {
    type: 'butterfly-house-air-temp', shape: 'butterfly house air: warm sunny afternoons, roof vents opening at midday, mild nights', measurement: 'bfly_c',
    cadence: 5 * MIN, days: 6, step: 0.1, tz: NORFOLK, range: [10, 45], roles: ['regime', 'control', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.2, 'ar');
      const cloud = ar1(x.r, 0.98, 0.35, 'cloud');
      return x.times.map((t, i) => {
        const h = hourOf(t, NORFOLK);
        const sun = Math.max(0, Math.sin(((h - 6) / 14) * Math.PI));
        const vent = within(h, 11.5, 16) ? 2 : 0;
        // A vent actuator stuck half open: the house runs about 2 °C cooler.
        const stuck = after(x, i) ? 2 * Math.min(1, since(x, t) / 1.5) : 0;
        return 22 + 9 * sun * (1 - Math.max(0, Math.min(0.5, cloud()))) - vent - stuck + wob();
      });
    },
  },
  {
    type: 'touch-pool-ph', shape: 'touch pool pH: up by day (photosynthesis), down at night', measurement: 'pool_ph',
    cadence: 5 * MIN, days: 5, step: 0.01, tz: NORFOLK, range: [7, 9], roles: ['flatline', 'control', 'spike'],
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.012, 'ar');
      return x.times.map((t) => 8.1 + 0.08 * Math.sin(((hourOf(t, NORFOLK) - 10) / 24) * 2 * Math.PI) + wob() + 0.004 * x.r.logistic('n'));
    },
  },
  {
    type: 'lodge-hot-water-cylinder-temp', shape: 'lodge hot-water cylinder: drawn down by morning and evening showers, reheated by the element', measurement: 'hw_c',
    cadence: 2 * MIN, days: 4, step: 0.5, tz: CHATHAM, range: [20, 80], roles: ['control', 'dropout', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.5, 0.4, 'ar');
      let temp = 62;
      return x.times.map((t) => {
        const h = hourOf(t, CHATHAM);
        const draw = 0.6 * bell(h, 7.2, 0.8) + 0.5 * bell(h, 19, 1);
        if (x.r.chance(draw, 'shower')) temp -= x.r.between(0.5, 1.5, 'shower');
        temp += 0.03 * (63 - temp);
        return temp + wob();
      });
    },
  },
  {
    type: 'community-pool-chlorine-ppm', shape: 'community pool free chlorine: dosed at 06:00, eaten by afternoon swimmers and the sun', measurement: 'fcl_ppm',
    cadence: 5 * MIN, days: 6, step: 0.01, tz: CHATHAM, range: [0, 6], roles: ['spike', 'control', 'regime'],
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.03, 'ar');
      let cl = 2.4;
      return x.times.map((t, i) => {
        const h = hourOf(t, CHATHAM);
        // The dosing pump's diaphragm tiring: each dose a little short, chlorine sliding down.
        const weak = after(x, i) ? Math.max(0.4, 1 - 0.04 * since(x, t)) : 1;
        if (within(h, 6, 6.5)) cl += 0.1 * weak * (3.2 - cl);
        cl -= 0.0012 + 0.005 * bell(h, 14.5, 2.5) * (WAITANGI.includes(dayNo(t, CHATHAM)) ? 1.5 : 1);
        cl = Math.max(0.5, cl);
        return cl + wob();
      });
    },
  },
  {
    type: 'museum-storeroom-temp', shape: 'museum storeroom air: slow, following the day a little, door opened now and then', measurement: 'store_c',
    cadence: 5 * MIN, days: 6, step: 0.1, tz: CHATHAM, range: [5, 30], roles: ['shift', 'control', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.9, 0.18, 'ar');
      return x.times.map((t) => 17 + 0.8 * Math.sin(((hourOf(t, CHATHAM) - 10) / 24) * 2 * Math.PI) + wob() + (x.r.chance(0.01, 'door') ? 0.4 : 0));
    },
  },
  {
    type: 'rental-ebike-dock-count', shape: 'rental e-bike dock: 12 bikes overnight, rented out by day (more on Waitangi weekend), an integer count', measurement: 'bikes',
    cadence: 5 * MIN, days: 6, step: 1, tz: CHATHAM, range: [0, 12], roles: ['control', 'control', 'dropout'],
    values: (x) => {
      let bikes = 12;
      return x.times.map((t) => {
        const h = hourOf(t, CHATHAM);
        const out = within(h, 8, 17) ? 0.08 * (WAITANGI.includes(dayNo(t, CHATHAM)) ? 1.6 : 1) : 0;
        const back = within(h, 11, 20) ? 0.05 + 0.12 * bell(h, 17, 1.5) : 0;
        if (bikes > 0 && x.r.chance(out, 'out')) bikes--;
        if (bikes < 12 && x.r.chance(back, 'back')) bikes++;
        if (!within(h, 6, 21.5) && bikes < 12 && x.r.chance(0.2, 'staff')) bikes++;
        return bikes;
      });
    },
  },
  {
    type: 'fish-smokehouse-chamber-temp', shape: 'blue cod smokehouse chamber: 70-85 °C batches by day, the ambient between them', measurement: 'smoke_c',
    cadence: MIN, days: 3, step: 1, tz: CHATHAM, range: [0, 120], roles: ['dropout', 'shift', 'control'],
    where: (t) => within(hourOf(t, CHATHAM), 0, 6),
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.8, 'ar');
      let temp = 16;
      let left = 0;
      let target = 16;
      return x.times.map((t) => {
        const h = hourOf(t, CHATHAM);
        if (left <= 0 && within(h, 8, 15) && x.r.chance(0.02, 'batch')) {
          left = x.r.int(90, 180, 'batch');
          target = x.r.between(70, 85, 'batch');
        }
        left--;
        temp += 0.06 * ((left > 0 ? target : 15 + 3 * bell(h, 14, 3)) - temp);
        return temp + wob();
      });
    },
  },
  {
    type: 'golf-green-soil-vwc', shape: 'golf course green soil moisture: irrigated at 04:00 every night (a jump), drying by day in the summer wind', measurement: 'green_vwc',
    cadence: 5 * MIN, days: 6, step: 0.1, tz: CHATHAM, range: [5, 50], roles: ['control', 'regime', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.1, 'ar');
      let m = 26;
      return x.times.map((t, i) => {
        const h = hourOf(t, CHATHAM);
        // A blocked sprinkler head: each night's watering only half reaches this sensor.
        const blocked = after(x, i);
        if (within(h, 4, 4.5)) m += (blocked ? 0.25 : 0.55) * (30 - m) * 0.3;
        m -= 0.02 + 0.06 * Math.max(0, Math.sin(((h - 7) / 13) * Math.PI));
        m = Math.max(12, m);
        return m + wob();
      });
    },
  },
];

const delivery = (d: DeviceType, x: Ctx, s: Series): Arrival =>
  d.tz === CARACAS ? mqttBms(x.r, s) : d.tz === NORFOLK ? nightUploads(x.r, s, NORFOLK) : loraSlowClocks(x.r, s, CHATHAM);

function find(n: number, from: number, ok: (i: number) => boolean): number {
  for (let i = from; i < n; i++) if (ok(i)) return i;
  for (let i = 360; i < from; i++) if (ok(i)) return i;
  return from;
}

/** The device type names of v15 (for the structure test). */
export const V15_TYPES = TYPES.map((d) => d.type);
/** UTC offset (hours) of each v15 device type. */
export const V15_ZONES: Record<string, number> = Object.fromEntries(TYPES.map((d) => [d.type, d.tz]));
/** The day (local day number) the cruise ship calls at Norfolk Island in copy `c`. */
export const v15CruiseDay = cruiseDay;

/** The held-out v15 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV15(copies = 3, seed = 670_202): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    for (const d of TYPES) {
      const r = v15Source(`${d.type}/${c}`, seed);
      const role: Role = d.roles[c % 3] as Role;
      const times = clock(d.days, d.cadence, r);
      const n = times.length;
      const x0: Ctx = { r, times, tz: d.tz, regimeAt: -1, c, seed };
      const ok = (i: number) => !d.where || d.where(times[i] as number, x0);
      const lo = Math.max(360, Math.round(n * 0.3));
      const end = (hours: number) => indexAt(times, (times.at(-1) as number) - hours * HOUR);
      const regimeAt = role === 'regime' ? find(end(6), lo + r.int(0, Math.round(n * 0.2), 'at'), ok) : -1;
      const ctx: Ctx = { ...x0, regimeAt };
      const s: Series = {
        id: `v15-${d.type}-${c}`,
        shape: role === 'control' ? `${d.shape} (control)` : d.shape,
        measurement: d.measurement,
        times,
        stamps: times,
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
          vals[at + w] = v15Round(base + inward(base, sigmas * sigma, sign) * sigmas * sigma, d.step);
        }
        // Settle each spiked value against the median it is measured with (a few passes converge).
        for (let pass = 0; pass < 4; pass++) {
          for (let w = 0; w < width; w++) {
            const base = median(vals.slice(at + w - 7, at + w + 8));
            const dir = (vals[at + w] as number) >= base ? 1 : -1;
            vals[at + w] = v15Round(base + dir * sigmas * sigma, d.step);
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
        const rounded = s.values.map((v) => v15Round(v, d.step));
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
