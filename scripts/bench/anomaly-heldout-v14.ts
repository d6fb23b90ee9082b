/**
 * Held-out set v14 for `npm run bench:anomaly` (issue 20): written blind, in one sitting, by an
 * engineer who never read the detector code, its docs, the bench scripts, the anomaly tests or the
 * other worktrees (only the held-out contract in anomaly-heldout.ts, the Label/BenchSeries types of
 * anomaly-set.ts, the v13 set for the format and the label definitions, the headers of v2-v12, the v5
 * sigma helpers and the v13 structure test), and who never ran the detector or the bench on it.
 * Misses and false alarms on it must never be listed series by series (that would make it tuning data).
 *
 * What is different from v1-v13:
 * - generator: Philox4x32-10 (Salmon, Moraes, Dror & Shaw 2011, "Parallel random numbers: as easy as
 *   1, 2, 3"), the counter-based generator of Random123, hand written on 32-bit words (the 32x32->64
 *   multiply split into 16-bit halves); one stream per device and purpose, its 64-bit key folded from
 *   the set's seed and the text "device|purpose" by Philox itself (no separate string hash), its
 *   128-bit counter the block number; uniforms with 53 bits from two words; normals by rejection from
 *   a Cauchy proposal (accept with (1 + x^2) / 2 * exp((1 - x^2) / 2)); right-skewed noise from the
 *   exponentially modified Gaussian; exponentials by inversion;
 * - a food and drink processing fleet (18 device types never used before): at a Pago Pago tuna
 *   cannery a retort's sterilising temperature, the frozen-tuna thaw tank, the boiler's steam header,
 *   a can seamer's speed and the fishmeal dryer's exhaust; on Nuku Hiva (Marquesas) a copra kiln, a
 *   noni juice fermentation tank, the fishing co-op's ice-plant brine and the harbour fuel depot's
 *   tank; at a Kabul dried fruit and nut plant a raisin tunnel dryer, a pistachio roaster's drum, a
 *   controlled-atmosphere apple store's oxygen, the incoming grid feeder's voltage and the nut
 *   warehouse's humidity; at a McLaren Vale (Adelaide) winery the glycol chiller's supply, a cold
 *   stabilisation tank, the barrel hall's humidity and the bottling line's fill volume;
 * - a start on a Saturday in December, the Christmas week (2063-12-22 00:00 UTC, still Friday afternoon
 *   in Samoa and the Marquesas; no set started in December, Saturday only v10, in October): northern winter in Kabul, southern summer in Adelaide, the wet
 *   season in the South Pacific; Christmas Eve, Christmas Day and Boxing Day run short or stop;
 *   local time zones never used before: UTC-11 (Samoa), UTC-9:30 (Marquesas), UTC+4:30 (Kabul) and
 *   UTC+10:30 (Adelaide, summer time);
 * - legitimate events that are NOT anomalies: retort cycles (come-up, 121 °C hold, cool-down) and a
 *   cannery closed on Christmas Day, thaw tank loads of frozen fish (a dip and a steam-heated
 *   recovery), the steam header sagging at each retort come-up, the seamer stopped (exactly 0) at
 *   breaks, shift changes and Christmas, fishmeal dryer feed batches, the copra kiln fired by day and
 *   cooling by night, noni tanks warming in the sun, ice harvests and compressor cycling (sawtooth),
 *   the fuel depot drawn down by day and refilled by the supply ship, raisin dryer trolley changes (the
 *   door open: a dip) and nights off, roaster batches, the CA store's nitrogen flushes (sawtooth),
 *   Kabul's scheduled load shedding (the feeder at exactly 0 V for hours, twice a day) and the evening
 *   sag, warehouse stoves by day, chiller staging with afternoon heat, foggers in the barrel hall
 *   (sawtooth), the bottling line running only on working days (exactly 0 mL otherwise);
 * - delivery habits not used before: the cannery's OPC UA forwarder paused by the historian's nightly
 *   backup (02:00 local, 12-25 min; records held to its end, the last record before the pause
 *   forwarded again at resume: a duplicate), its PLC stamps on a 100 ms tick; Nuku Hiva's VSAT file
 *   sync every 3 h (a slot lost to a rain fade waits for the next; a transfer broken near its end is
 *   sent again in full at the next slot: the part already ingested is duplicated), stamps on a 30 s
 *   tick; Kabul's gateway on a UPS that lasts 15-30 min into each load-shedding block, then records
 *   wait on the logger until the grid is back and the modem has booted (the last record sent before
 *   the UPS died sent again: a duplicate), stamps on a 5 s tick; the winery's BLE loggers read by the
 *   cellar hand's phone on the cellar rounds (three a day on working days, fewer at the weekend and
 *   over Christmas: records up to a day late), uploaded from the office, a round whose upload was not
 *   acknowledged uploaded again after the next round (duplicates), stamps on whole seconds. `points`
 *   times never decrease (equal only for a duplicate, same value); arrivals are never before the
 *   measurement.
 *
 * Composition with the default 3 copies: 54 series of 18 types, 33 labels (7 spikes, 7 level shifts,
 * 6 flatlines, 7 dropouts, 6 regime changes), one label per labelled series, 21 controls (39 %).
 *
 * Labels, same definitions as v4-v13 (sigmas measured on the points as published, i.e. rounded to
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
/** Saturday 2063-12-22 00:00 UTC. */
export const HELDOUT_V14_START = Date.UTC(2063, 11, 22);

/** High and low 32-bit halves of the 64-bit product of two 32-bit words. */
export function mulhilo32(a: number, b: number): [number, number] {
  const al = a & 0xffff;
  const ah = a >>> 16;
  const bl = b & 0xffff;
  const bh = b >>> 16;
  const ll = al * bl;
  const lh = al * bh;
  const hl = ah * bl;
  const hh = ah * bh;
  const mid = (ll >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  const hi = (hh + (lh >>> 16) + (hl >>> 16) + (mid >>> 16)) >>> 0;
  return [hi, Math.imul(a, b) >>> 0];
}

/** Philox4x32-10: four output words for a 128-bit counter and a 64-bit key. */
export function philox4x32(counter: number[], key: number[]): number[] {
  let [c0, c1, c2, c3] = counter.map((w) => w >>> 0) as [number, number, number, number];
  let k0 = (key[0] as number) >>> 0;
  let k1 = (key[1] as number) >>> 0;
  for (let round = 0; round < 10; round++) {
    if (round > 0) {
      k0 = (k0 + 0x9e3779b9) >>> 0;
      k1 = (k1 + 0xbb67ae85) >>> 0;
    }
    const [hi0, lo0] = mulhilo32(0xd2511f53, c0);
    const [hi1, lo1] = mulhilo32(0xcd9e8d57, c2);
    [c0, c1, c2, c3] = [(hi1 ^ c1 ^ k0) >>> 0, lo1, (hi0 ^ c3 ^ k1) >>> 0, lo0];
  }
  return [c0, c1, c2, c3];
}

/** A stream key folded from a text by Philox itself: four characters per block, the running key the first two words. */
export function philoxKey(seed: number, text: string): [number, number] {
  let key: [number, number] = [seed >>> 0, 0x6d656174];
  for (let i = 0; i < text.length; i += 4) {
    const chunk = [0, 1, 2, 3].map((k) => text.charCodeAt(i + k) || 0);
    const out = philox4x32([chunk[0] as number, chunk[1] as number, chunk[2] as number, (chunk[3] as number) ^ (i << 8)], key);
    key = [out[0] as number, out[1] as number];
  }
  return key;
}

/** Philox4x32-10 in counter mode: blocks 0, 1, 2 … of one key, read four words at a time. */
export class Philox {
  private block = 0;
  private words: number[] = [];
  private pos = 4;
  constructor(private readonly key: [number, number]) {}
  next(): number {
    if (this.pos === 4) {
      this.words = philox4x32([this.block, 0, 0, 0], this.key);
      this.block++;
      this.pos = 0;
    }
    return this.words[this.pos++] as number;
  }
  /** A uniform in (0, 1) with 53 bits. */
  real(): number {
    const hi = this.next() >>> 5;
    const lo = this.next() >>> 6;
    return (hi * 67108864 + lo + 0.5) / 9007199254740992;
  }
}

/** One device's random source: each purpose has its own Philox stream. */
export function v14Source(device: string, seed: number) {
  const streams = new Map<string, Philox>();
  const u = (name = 'u'): number => {
    let g = streams.get(name);
    if (!g) {
      g = new Philox(philoxKey(seed, `${device}|${name}`));
      streams.set(name, g);
    }
    return g.real();
  };
  /** Standard normal by rejection from a Cauchy proposal (acceptance about 66 %). */
  const normal = (name = 'n'): number => {
    for (;;) {
      const x = Math.tan(Math.PI * (u(name) - 0.5));
      if (u(name) < ((1 + x * x) / 2) * Math.exp((1 - x * x) / 2)) return x;
    }
  };
  const exponential = (mean: number, name = 'e') => -mean * Math.log(u(name));
  /** Exponentially modified Gaussian, centred: a normal plus an exponential with mean `tail`, minus that mean. */
  const emg = (sd: number, tail: number, name = 'g') => sd * normal(name) + exponential(tail, name) - tail;
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  return { u, normal, exponential, emg, between, int, chance };
}

type Source = ReturnType<typeof v14Source>;

/** Rounds to the sensor's resolution (0.01, 0.1, 0.5, 1); never -0. */
export function v14Round(v: number, step: number): number {
  const places = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  const f = 10 ** places;
  return Math.round(Math.round(v / step) * step * f) / f + 0;
}

const hourOf = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const bell = (h: number, mid: number, width: number) => Math.exp(-(((h - mid) / width) ** 2));
/** Local day number: 0 is Saturday 22 December, 3 Christmas Day, 4 Boxing Day. */
const dayNo = (t: number, tz: number) => Math.floor((t + tz * HOUR - HELDOUT_V14_START) / DAY);
const weekday = (t: number, tz: number) => (((dayNo(t, tz) + 6) % 7) + 7) % 7; // 0 Sunday … 6 Saturday
const CHRISTMAS = 3;
const BOXING_DAY = 4;

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
  return { idx, vals: idx.map((i) => v14Round(s.values[i] as number, s.step)) };
}

/** Measurement times; `tick` the clock's resolution (the stamp is floored to it). */
function clock(days: number, cadence: number, r: Source, tick: number): number[] {
  const t0 = HELDOUT_V14_START + r.int(0, 5400, 'clock') * SEC + r.int(0, 999, 'clock');
  const times: number[] = [];
  for (let t = t0; t < t0 + days * DAY; t += cadence * (1 + 0.006 * r.normal('clock'))) {
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
    const value = v14Round(s.values[i] as number, s.step);
    const at = Math.max(t + 300, Math.round(s.arrival(i, t)));
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

/** Pago Pago: OPC UA forwarder live (0.4-3 s), paused 12-25 min by the historian's nightly backup at 02:00 local; the last record forwarded before the pause is forwarded again at resume. */
function opcForwarder(r: Source, s: Series, tz: number): Arrival {
  const pauses: [number, number][] = [];
  for (let d = dayNo(s.times[0] as number, tz) - 1; d <= dayNo(s.times.at(-1) as number, tz) + 1; d++) {
    const a = HELDOUT_V14_START + d * DAY - tz * HOUR + 2 * HOUR + r.between(0, 90, 'backup') * SEC;
    pauses.push([a, a + r.between(12, 25, 'backup') * MIN]);
  }
  const lastBefore = new Map<number, number>();
  for (const [a, b] of pauses) {
    const i = indexAt(s.times, a);
    if (i >= 0 && a < (s.times.at(-1) as number)) lastBefore.set(i, b + r.between(1, 6, 'resume') * SEC);
  }
  s.duplicates = (i) => lastBefore.get(i) ?? null;
  return (_i, t) => {
    const wire = t + r.between(0.4, 3, 'wire') * SEC;
    const p = pauses.find(([a, b]) => wire >= a && wire < b);
    return p ? p[1] + r.between(2, 40, 'drain') * SEC : wire;
  };
}

/** Nuku Hiva: VSAT file sync every 3 h (slots at 01:30, 04:30 … local); 12 % of slots lost to rain fade; 4 % of transfers broken near the end, the file sent again in full at the next slot. */
function vsatFiles(r: Source, s: Series, tz: number): Arrival {
  const slots: { at: number; lost: boolean; broken: boolean }[] = [];
  const first = HELDOUT_V14_START + (dayNo(s.times[0] as number, tz) - 1) * DAY - tz * HOUR + 1.5 * HOUR;
  for (let t = first; t < (s.times.at(-1) as number) + 2 * DAY; t += 3 * HOUR) {
    slots.push({ at: t + r.between(0, 8, 'slot') * MIN, lost: r.chance(0.12, 'fade'), broken: r.chance(0.04, 'broken') });
  }
  const slotAfter = (t: number, from = 0) => {
    for (let k = from; k < slots.length; k++) if ((slots[k] as { at: number }).at >= t + MIN && !(slots[k] as { lost: boolean }).lost) return k;
    return slots.length - 1;
  };
  const fileOf = (t: number) => slotAfter(t);
  s.duplicates = (i) => {
    const t = s.times[i] as number;
    const k = fileOf(t);
    const slot = slots[k] as { at: number; broken: boolean };
    if (!slot.broken) return null;
    // The part of the file before the break (its older 80 %) was ingested; it comes again with the next slot.
    const prevAt = k > 0 ? (slots[k - 1] as { at: number }).at : t - 3 * HOUR;
    if (t > prevAt + 0.8 * (slot.at - prevAt)) return null;
    return (slots[slotAfter(slot.at, k + 1)] as { at: number }).at + r.between(20, 300, 'xfer') * SEC;
  };
  return (_i, t) => {
    const k = fileOf(t);
    const slot = slots[k] as { at: number; broken: boolean };
    const prevAt = k > 0 ? (slots[k - 1] as { at: number }).at : t - 3 * HOUR;
    // Records after the break wait for the full resend at the next slot.
    const at = slot.broken && t > prevAt + 0.8 * (slot.at - prevAt) ? (slots[slotAfter(slot.at, k + 1)] as { at: number }).at : slot.at;
    return at + r.between(20, 300, 'xfer') * SEC;
  };
}

/** Kabul's load-shedding blocks for one copy: a morning and an evening block on most days (shared by the feeder voltage and the gateway). */
export function sheddingBlocks(seed: number, c: number): [number, number][] {
  const r = v14Source(`kabul-feeder/${c}`, seed);
  const blocks: [number, number][] = [];
  for (let d = -1; d < 12; d++) {
    const day = HELDOUT_V14_START + d * DAY - KABUL * HOUR;
    if (r.chance(0.85, 'am')) {
      const a = day + r.between(8.5, 11, 'am') * HOUR;
      blocks.push([a, a + r.between(1.5, 2.5, 'am') * HOUR]);
    }
    if (r.chance(0.9, 'pm')) {
      const a = day + r.between(17.5, 19.5, 'pm') * HOUR;
      blocks.push([a, a + r.between(2, 3.2, 'pm') * HOUR]);
    }
  }
  return blocks;
}

/** Kabul: cellular live (2-20 s); in a load-shedding block the UPS holds the gateway 15-30 min, then records wait until the grid is back and the modem has booted (3-6 min); the last record sent before the UPS died is sent again. */
function upsGateway(r: Source, s: Series, blocks: [number, number][]): Arrival {
  const dark = blocks.map(([a, b]) => [a + r.between(15, 30, 'ups') * MIN, b + r.between(3, 6, 'boot') * MIN] as [number, number]);
  const resend = new Map<number, number>();
  for (const [a, b] of dark) {
    const i = indexAt(s.times, a);
    if (i >= 0 && (s.times[i] as number) > a - 10 * MIN) resend.set(i, b + r.between(5, 30, 'flush') * SEC);
  }
  s.duplicates = (i) => resend.get(i) ?? null;
  return (_i, t) => {
    const wire = t + r.between(2, 20, 'wire') * SEC;
    const d = dark.find(([a, b]) => wire >= a && wire < b);
    return d ? d[1] + r.between(5, 60, 'flush') * SEC : wire;
  };
}

/** Adelaide: BLE loggers read on the cellar rounds (07:30, 11:00, 15:30 on working days; 08:00 and 16:00 on Saturday; 09:00 on Sunday; 10:00 only on Christmas and Boxing Day), uploaded from the office 2-25 min later; 3 % of uploads unacknowledged and uploaded again after the next round. */
function cellarRounds(r: Source, s: Series, tz: number): Arrival {
  const rounds: { at: number; again: boolean }[] = [];
  for (let d = dayNo(s.times[0] as number, tz) - 1; d <= dayNo(s.times.at(-1) as number, tz) + 3; d++) {
    const midnight = HELDOUT_V14_START + d * DAY - tz * HOUR;
    const wd = weekday(midnight + 12 * HOUR, tz);
    const hours = d === CHRISTMAS || d === BOXING_DAY ? [10] : wd === 0 ? [9] : wd === 6 ? [8, 16] : [7.5, 11, 15.5];
    for (const h of hours) rounds.push({ at: midnight + (h + r.between(-0.25, 0.25, 'round')) * HOUR, again: r.chance(0.03, 'ack') });
  }
  const upload = new Map<number, number>();
  const up = (k: number) => {
    if (!upload.has(k)) upload.set(k, (rounds[k] as { at: number }).at + r.between(2, 25, 'office') * MIN);
    return upload.get(k) as number;
  };
  const roundOf = (t: number) => {
    let k = 0;
    while (k < rounds.length - 1 && (rounds[k] as { at: number }).at < t + 30 * SEC) k++;
    return k;
  };
  s.duplicates = (i) => {
    const k = roundOf(s.times[i] as number);
    return (rounds[k] as { again: boolean }).again && k + 1 < rounds.length ? up(k + 1) + r.between(5, 60, 'dup') * SEC : null;
  };
  return (_i, t) => up(roundOf(t));
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

const SAMOA = -11;
const MARQUESAS = -9.5;
const KABUL = 4.5;
const ADELAIDE = 10.5;
/** Clock resolution (ms) per site: cannery PLCs 100 ms, Nuku Hiva loggers 30 s, the Kabul gateway 5 s, the winery's BLE loggers whole seconds. */
const TICK: Record<number, number> = { [SAMOA]: 100, [MARQUESAS]: 30 * SEC, [KABUL]: 5 * SEC, [ADELAIDE]: SEC };

const after = (x: Ctx, i: number) => x.regimeAt >= 0 && i >= x.regimeAt;
const since = (x: Ctx, t: number) => (t - (x.times[x.regimeAt] as number)) / HOUR;
const working = (t: number, tz: number) => {
  const d = dayNo(t, tz);
  const wd = weekday(t, tz);
  return d !== CHRISTMAS && d !== BOXING_DAY && wd !== 0 && wd !== 6;
};

const TYPES: DeviceType[] = [
  {
    type: 'cannery-retort-temp', shape: 'cannery retort: cycles of come-up, 121 °C hold and cool-down, idle at breaks and on Christmas Day', measurement: 'retort_c',
    cadence: MIN, days: 4, step: 0.1, tz: SAMOA, range: [15, 130], roles: ['control', 'dropout', 'control'],
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.15, 'ar');
      let phase = 0;
      let left = x.r.int(5, 40, 'cycle');
      let temp = 45;
      return x.times.map((t) => {
        const h = hourOf(t, SAMOA);
        const closed = dayNo(t, SAMOA) === CHRISTMAS || within(h, 23, 24) || within(h, 0, 5);
        if (--left <= 0) {
          phase = (phase + 1) % 4;
          left = phase === 0 ? x.r.int(8, 20, 'cycle') : phase === 1 ? x.r.int(12, 18, 'cycle') : phase === 2 ? x.r.int(55, 80, 'cycle') : x.r.int(18, 25, 'cycle');
        }
        const target = closed ? 28 : phase === 0 ? 50 : phase === 1 || phase === 2 ? 121.3 : 38;
        temp += (phase === 1 ? 0.22 : 0.12) * (target - temp);
        return temp + wob();
      });
    },
  },
  {
    type: 'tuna-thaw-brine-temp', shape: 'tuna thaw tank water: a dip at each load of frozen fish, recovering under steam', measurement: 'thaw_c',
    cadence: 2 * MIN, days: 5, step: 0.1, tz: SAMOA, range: [0, 30], roles: ['spike', 'control', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.12, 'ar');
      let temp = 18;
      let next = x.r.int(60, 240, 'load');
      return x.times.map(() => {
        if (--next <= 0) {
          temp -= x.r.between(7, 11, 'load');
          next = x.r.int(180, 300, 'load');
        }
        temp += 0.025 * (18.2 - temp);
        return temp + wob();
      });
    },
  },
  {
    type: 'cannery-steam-header-bar', shape: 'cannery boiler steam header: sags at retort come-ups, burner firing steps', measurement: 'steam_bar',
    cadence: MIN, days: 3, step: 0.01, tz: SAMOA, range: [5, 12], roles: ['regime', 'spike', 'control'],
    regimeWhere: (t) => within(hourOf(t, SAMOA), 6, 19),
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.05, 'ar');
      let sag = 0;
      return x.times.map((t, i) => {
        if (x.r.chance(1 / 25, 'comeup')) sag = x.r.between(0.15, 0.35, 'comeup');
        else sag *= 0.8;
        // A sticking feedwater valve: the header hunts (wider wander) and sits a little lower.
        const hunt = after(x, i);
        return 9.6 - sag - (hunt ? 0.12 : 0) + wob() * (hunt ? 2.4 : 1) + 0.03 * Math.sin(((hourOf(t, SAMOA) - 10) / 24) * 2 * Math.PI);
      });
    },
  },
  {
    type: 'can-seamer-speed-cpm', shape: 'can seamer speed: about 380 cans a minute on shift, exactly 0 at breaks, shift changes, nights and Christmas Day', measurement: 'cans_pm',
    cadence: MIN, days: 4, step: 1, tz: SAMOA, range: [0, 450], roles: ['control', 'flatline', 'dropout'],
    where: (t) => within(hourOf(t, SAMOA), 7.5, 9.5) || within(hourOf(t, SAMOA), 15.5, 17.5),
    values: (x) =>
      x.times.map((t) => {
        const h = hourOf(t, SAMOA);
        const idle = dayNo(t, SAMOA) === CHRISTMAS || !within(h, 6, 22) || within(h, 10, 10.25) || within(h, 12.5, 13) || within(h, 13.9, 14.1) || within(h, 18, 18.25);
        if (idle) return 0;
        return 380 + 6 * x.r.normal('n') - (x.r.chance(0.01, 'jam') ? x.r.between(40, 120, 'jam') : 0);
      }),
  },
  {
    type: 'fishmeal-dryer-exhaust-temp', shape: 'fishmeal rotary dryer exhaust: wetter feed batches cool it, the burner brings it back', measurement: 'exhaust_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: SAMOA, range: [40, 140], roles: ['shift', 'control', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.6, 'ar');
      let wet = 0;
      return x.times.map(() => {
        if (x.r.chance(1 / 90, 'batch')) wet = x.r.between(2, 6, 'batch');
        else wet *= 0.93;
        return 94 - wet + wob() + x.r.emg(0.15, 0.2, 'g');
      });
    },
  },
  {
    type: 'copra-kiln-air-temp', shape: 'copra kiln: fired from the morning, cooling through the night towards the wet-season air', measurement: 'kiln_c',
    cadence: 5 * MIN, days: 6, step: 0.5, tz: MARQUESAS, range: [15, 95], roles: ['control', 'shift', 'spike'],
    values: (x) => {
      const wob = ar1(x.r, 0.6, 0.9, 'ar');
      let temp = 30;
      const firing = new Map<number, number>();
      return x.times.map((t) => {
        const h = hourOf(t, MARQUESAS);
        const d = dayNo(t, MARQUESAS);
        if (!firing.has(d)) firing.set(d, x.r.between(58, 68, 'fire'));
        const target = within(h, 7, 17) ? (firing.get(d) as number) : 27 + 1.5 * Math.cos(((h - 14) / 24) * 2 * Math.PI);
        temp += 0.06 * (target - temp);
        return temp + wob();
      });
    },
  },
  {
    type: 'noni-ferment-tank-temp', shape: 'noni juice fermentation tank: warming in the sun by day, slow and steady', measurement: 'noni_c',
    cadence: 5 * MIN, days: 6, step: 0.1, tz: MARQUESAS, range: [20, 45], roles: ['regime', 'control', 'dropout'],
    values: (x) => {
      const wob = ar1(x.r, 0.8, 0.12, 'ar');
      const cloud = ar1(x.r, 0.97, 0.4, 'cloud');
      return x.times.map((t, i) => {
        const h = hourOf(t, MARQUESAS);
        // A fresh batch of fruit poured in: fermentation picks up, the tank warms steadily.
        const active = after(x, i) ? 0.22 * since(x, t) : 0;
        return 29 + 2.2 * bell(h, 14.5, 3.5) * (1 - Math.max(0, Math.min(0.6, cloud()))) + Math.min(6, active) + wob();
      });
    },
  },
  {
    type: 'ice-plant-brine-temp', shape: 'fishing co-op ice plant brine: compressor cycling (sawtooth), a warm-up at the morning ice harvest', measurement: 'brine_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: MARQUESAS, range: [-20, 5], roles: ['flatline', 'control', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.5, 0.08, 'ar');
      let temp = -9;
      let on = true;
      return x.times.map((t) => {
        const h = hourOf(t, MARQUESAS);
        if (on) {
          temp -= 0.09;
          if (temp <= -10.2) on = false;
        } else {
          temp += 0.05 + 0.02 * bell(h, 14, 3);
          if (temp >= -8.2) on = true;
        }
        const harvest = 1.2 * bell(h, 5.5, 0.5);
        return temp + harvest + wob();
      });
    },
  },
  {
    type: 'harbour-fuel-depot-m3', shape: 'harbour fuel depot tank: boats fuelling by day, refilled from the supply ship', measurement: 'fuel_m3',
    cadence: 5 * MIN, days: 6, step: 0.1, tz: MARQUESAS, range: [0, 400], roles: ['control', 'dropout', 'control'],
    values: (x) => {
      let level = x.r.between(120, 200, 'start');
      const ship = (x.times[0] as number) + x.r.between(1.5, 4.5, 'ship') * DAY;
      let pumped = 0;
      return x.times.map((t) => {
        const h = hourOf(t, MARQUESAS);
        if (within(h, 6.5, 17) && x.r.chance(0.07, 'boat')) level -= x.r.between(0.3, 2.2, 'boat');
        if (t >= ship && pumped < 160) {
          pumped += 4;
          level += 4;
        }
        return level + 0.08 * x.r.normal('n');
      });
    },
  },
  {
    type: 'raisin-tunnel-dryer-temp', shape: 'raisin tunnel dryer: 62 °C by day, a dip at each trolley change, off at night and on Fridays', measurement: 'dryer_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: KABUL, range: [-10, 80], roles: ['spike', 'control', 'regime'],
    where: (t) => within(hourOf(t, KABUL), 9, 15.5) && weekday(t, KABUL) !== 5,
    values: (x) => {
      const wob = ar1(x.r, 0.7, 0.25, 'ar');
      let temp = 2;
      let door = 0;
      return x.times.map((t, i) => {
        const h = hourOf(t, KABUL);
        const running = within(h, 7, 18) && weekday(t, KABUL) !== 5;
        if (running && x.r.chance(1 / 45, 'trolley')) door = x.r.int(2, 4, 'trolley');
        // A burner's modulation stuck low: the tunnel settles about 3 °C cooler.
        const low = after(x, i) ? 3 * Math.min(1, since(x, t)) : 0;
        const target = running ? 62 - low - (door-- > 0 ? 9 : 0) : 1 + 4 * bell(h, 14, 3);
        temp += (running ? 0.2 : 0.05) * (target - temp);
        return temp + wob();
      });
    },
  },
  {
    type: 'pistachio-roaster-drum-temp', shape: 'pistachio batch roaster drum: heat-up, roast, cool, about 40 min a batch, by day', measurement: 'drum_c',
    cadence: MIN, days: 3, step: 1, tz: KABUL, range: [0, 220], roles: ['control', 'spike', 'flatline'],
    values: (x) => {
      const wob = ar1(x.r, 0.5, 1.1, 'ar');
      let temp = 20;
      let k = 0;
      return x.times.map((t) => {
        const h = hourOf(t, KABUL);
        const on = within(h, 7.5, 17.5) && weekday(t, KABUL) !== 5;
        k = (k + 1) % 40;
        const target = !on ? 12 : k < 8 ? 175 : k < 30 ? 162 : 90;
        temp += 0.25 * (target - temp);
        return temp + wob();
      });
    },
  },
  {
    type: 'ca-store-oxygen-pct', shape: 'controlled-atmosphere apple store oxygen: apples breathe it down, the nitrogen generator flushes (sawtooth)', measurement: 'o2_pct',
    cadence: 5 * MIN, days: 6, step: 0.01, tz: KABUL, range: [0.5, 21], roles: ['shift', 'control', 'regime'],
    values: (x) => {
      let o2 = 1.5;
      let flushing = false;
      return x.times.map((_, i) => {
        // A door seal hardening in the frost: air leaks in, the oxygen creeps up between flushes.
        const leak = after(x, i) ? 0.004 : 0;
        if (flushing) {
          o2 -= 0.06;
          if (o2 <= 1.25) flushing = false;
        } else {
          o2 += 0.002 + leak;
          if (o2 >= 1.75) flushing = true;
        }
        return o2 + 0.012 * x.r.normal('n');
      });
    },
  },
  {
    type: 'kabul-feeder-voltage', shape: 'incoming grid feeder voltage: evening sag, exactly 0 V in scheduled load-shedding blocks twice a day', measurement: 'feeder_v',
    cadence: MIN, days: 3, step: 0.5, tz: KABUL, range: [0, 260], roles: ['dropout', 'control', 'spike'],
    values: (x) => {
      const blocks = sheddingBlocks(x.seed, x.c);
      const wob = ar1(x.r, 0.8, 1.6, 'ar');
      return x.times.map((t) => {
        const w = wob();
        if (blocks.some(([a, b]) => t >= a && t < b)) return 0;
        return 221 - 9 * bell(hourOf(t, KABUL), 19, 2.2) + w;
      });
    },
  },
  {
    type: 'nut-warehouse-rh', shape: 'nut warehouse humidity: dry winter air, stoves lit by day', measurement: 'rh_pct',
    cadence: 5 * MIN, days: 6, step: 1, tz: KABUL, range: [5, 95], roles: ['control', 'flatline', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.85, 1.4, 'ar');
      const weather = ar1(x.r, 0.995, 4, 'weather');
      return x.times.map((t) => {
        const h = hourOf(t, KABUL);
        return 44 + weather() - 9 * (within(h, 8, 17) ? 1 : 0.2) * bell(h, 13, 4) + wob();
      });
    },
  },
  {
    type: 'glycol-chiller-supply-temp', shape: 'winery glycol chiller supply: compressor staging between -4.6 and -3.2 °C (sawtooth), warming faster on hot afternoons', measurement: 'glycol_c',
    cadence: MIN, days: 3, step: 0.1, tz: ADELAIDE, range: [-10, 10], roles: ['control', 'regime', 'spike'],
    values: (x) => {
      const wob = ar1(x.r, 0.5, 0.05, 'ar');
      let temp = -4;
      let on = false;
      const heat = new Map<number, number>();
      return x.times.map((t, i) => {
        const h = hourOf(t, ADELAIDE);
        const d = dayNo(t, ADELAIDE);
        if (!heat.has(d)) heat.set(d, x.r.between(0.4, 1.3, 'heat'));
        // Refrigerant running short: a slower pull-down, the band a little warmer.
        const weak = after(x, i);
        const lo = weak ? -4.2 : -4.6;
        const hi = weak ? -2.8 : -3.2;
        if (on) {
          temp -= weak ? 0.05 : 0.09;
          if (temp <= lo) on = false;
        } else {
          temp += 0.02 + 0.015 * (heat.get(d) as number) * bell(h, 15.5, 3);
          if (temp >= hi) on = true;
        }
        return temp + wob();
      });
    },
  },
  {
    type: 'cold-stab-tank-wine-temp', shape: 'cold stabilisation tank: white wine held at -2.5 °C, jacket valve cycling', measurement: 'wine_c',
    cadence: 2 * MIN, days: 4, step: 0.1, tz: ADELAIDE, range: [-6, 20], roles: ['dropout', 'control', 'shift'],
    values: (x) => {
      const wob = ar1(x.r, 0.9, 0.08, 'ar');
      return x.times.map((t, k) => 0.15 * Math.sin((k / 37) * 2 * Math.PI) - 2.5 + 0.1 * bell(hourOf(t, ADELAIDE), 16, 3) + wob());
    },
  },
  {
    type: 'barrel-hall-rh', shape: 'barrel hall humidity: foggers switched on below 72 % and off above 80 % (sawtooth), drier on hot afternoons', measurement: 'hall_rh',
    cadence: 5 * MIN, days: 6, step: 0.5, tz: ADELAIDE, range: [30, 100], roles: ['regime', 'dropout', 'control'],
    values: (x) => {
      let rh = 76;
      let fog = false;
      return x.times.map((t, i) => {
        const h = hourOf(t, ADELAIDE);
        // Half the fogger nozzles blocked with scale: the hall dries further before it recovers.
        const blocked = after(x, i);
        if (fog) {
          rh += blocked ? 0.45 : 0.9;
          if (rh >= 80) fog = false;
        } else {
          rh -= 0.12 + 0.1 * bell(h, 15.5, 3);
          if (rh <= (blocked ? 69 : 72)) fog = true;
        }
        return rh + 0.35 * x.r.normal('n');
      });
    },
  },
  {
    type: 'bottling-line-fill-ml', shape: 'bottling line fill volume: about 751 mL on working days 07:00-15:30, exactly 0 otherwise (weekend and the Christmas shutdown)', measurement: 'fill_ml',
    cadence: MIN, days: 6, step: 0.1, tz: ADELAIDE, range: [0, 800], roles: ['control', 'control', 'flatline'],
    where: (t) => within(hourOf(t, ADELAIDE), 8, 13) && working(t, ADELAIDE),
    values: (x) => {
      const wob = ar1(x.r, 0.4, 0.45, 'ar');
      return x.times.map((t) => {
        const h = hourOf(t, ADELAIDE);
        const w = wob();
        if (!working(t, ADELAIDE) || !within(h, 7, 15.5) || within(h, 10, 10.25) || within(h, 12, 12.5)) return 0;
        return 751.2 + w;
      });
    },
  },
];

const delivery = (d: DeviceType, x: Ctx, s: Series): Arrival =>
  d.tz === SAMOA ? opcForwarder(x.r, s, SAMOA) : d.tz === MARQUESAS ? vsatFiles(x.r, s, MARQUESAS) : d.tz === KABUL ? upsGateway(x.r, s, sheddingBlocks(x.seed, x.c)) : cellarRounds(x.r, s, ADELAIDE);

function find(n: number, from: number, ok: (i: number) => boolean): number {
  for (let i = from; i < n; i++) if (ok(i)) return i;
  for (let i = 300; i < from; i++) if (ok(i)) return i;
  return from;
}

/** The device type names of v14 (for the structure test). */
export const V14_TYPES = TYPES.map((d) => d.type);
/** UTC offset (hours) of each v14 device type. */
export const V14_ZONES: Record<string, number> = Object.fromEntries(TYPES.map((d) => [d.type, d.tz]));

/** The held-out v14 set: `copies` devices of each of the 18 types (54 series by default). */
export function heldoutSetV14(copies = 3, seed = 631_222): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    for (const d of TYPES) {
      const r = v14Source(`${d.type}/${c}`, seed);
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
        id: `v14-${d.type}-${c}`,
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
          vals[at + w] = v14Round(base + inward(base, sigmas * sigma, sign) * sigmas * sigma, d.step);
        }
        // Settle each spiked value against the median it is measured with (a few passes converge).
        for (let pass = 0; pass < 4; pass++) {
          for (let w = 0; w < width; w++) {
            const base = median(vals.slice(at + w - 7, at + w + 8));
            const dir = (vals[at + w] as number) >= base ? 1 : -1;
            vals[at + w] = v14Round(base + dir * sigmas * sigma, d.step);
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
        const rounded = s.values.map((v) => v14Round(v, d.step));
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
