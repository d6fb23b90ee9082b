/**
 * Held-out set v5 for `npm run bench:anomaly` (issue 20, fifth round): written in one sitting BEFORE
 * any round-5 measurement by an engineer who never read the detector code, its docs or the other
 * round-5 worktrees (only the bench's held-out scripts, for the format and the label definitions).
 * v1-v4 have been measured after tuning and are "seen"; anomaly-set.ts is the tuning set. Misses and
 * false alarms on this set are never listed series by series (that would make it tuning data).
 *
 * Different on purpose from v1-v4:
 * - generator: L'Ecuyer's combined multiplicative LCG (moduli 2^31-85 and 2^31-249) with a
 *   Bays-Durham shuffle table (Numerical Recipes' ran2), one stream per device and purpose keyed by
 *   FNV-1a string hashes; normals by the exponential-rejection method (two Exp(1) draws, random
 *   sign), Student-t by normal over sqrt(chi-square/nu), gamma by summed exponentials, negative
 *   binomial counts as gamma-mixed Poisson (Knuth's product-of-uniforms Poisson, a rounded normal
 *   above lambda 40);
 * - noise models: AR(2) sensor noise, Student-t (3-5 dof, clipped at 4.5 sd) noise, gamma-Poisson over-dispersed
 *   counts, power-curve physics on an AR(1) wind, exponential recession after rain, first-order
 *   heating/cooling with loading events, controller sawtooth (dosing), logistic fermentation curves;
 *   weekly patterns (devices keep their own local time zone, from UTC-7 to UTC+12: shifts, a closed
 *   Sunday, weekend heating, a workplace charger quiet at the weekend); legitimate events that are
 *   NOT anomalies (refuelling, wind stow, turbine cut-out and curtailment, nightly heat disinfection,
 *   milk-tank wash at collection, ice resurfacing, oxygen bank switchover, rainstorms, aeration
 *   fans, dry-hopping, escalator eco crawl, print-job changes); quantisation from 0.001 to 1 unit;
 * - device types nobody used before: brewery fermenter hydrometer gravity, vertical-farm nutrient EC,
 *   wind-turbine rotor speed, forklift lift cycles, reefer-truck fuel level with box temperature
 *   (two measurements), workplace EV charger power, solar tracker angle, dialysis RO permeate
 *   conductivity, grain-silo cable temperature, escalator step rate, gas-meter pulses, hospital
 *   oxygen line pressure, bakery deck-oven temperature, river stage, dairy bulk-tank milk
 *   temperature, print-farm hot-end temperature, ice-rink surface temperature;
 * - delivery: a BLE hydrometer relayed by the brewer's phone only while it is at home (mornings and
 *   evenings: up to 10 h late), forklift telematics uploading over the depot WLAN at breaks and shift
 *   ends, a grain-silo modem in power-saving mode uploading every 6 h, a river gauge on hourly
 *   transmission slots, reefer trucks on a 2-hourly satellite link, a mesh farm network and a wind
 *   farm SCADA replay delivering some records out of order, a dialysis controller whose clock runs
 *   4-9 minutes slow (its records all arrive minutes after their stamp), a milk-tank Wi-Fi whose
 *   router reboots nightly (a 10-25 min backlog). On one reefer per set the link dies in a reboot
 *   loop: the 1-2 h before the gap, the gap's edge and what follows arrive only after the gap ended.
 *
 * Labels, same definitions as v4: spikes are 7-10 local robust sigmas (1.4826 MAD of the residual
 * around a running median of 15, over the 300 points before) for 1-3 points; level shifts 4-5 such
 * sigmas for 150-250 points, sigma there being the larger of that and the raw spread (1.4826 MAD of
 * the 300 values before; window: the first 10 points); flatlines from the first point that took the
 * stuck value to the last stuck point; dropouts from the last record before the gap to the first
 * after it; `regime_change` a change that stays inside (or barely leaves) the series' usual range (a
 * slide, a slope change, a variance change, a duty-cycle change) sustained over hours, window the
 * first 3.5 hours of it. Series without labels are controls: any incident on them is a false alarm.
 */
import type { HeldoutSeries } from './anomaly-heldout';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Friday 2035-11-16 00:00 UTC. Each device type keeps its own UTC offset (see `tz` below). */
export const HELDOUT_V5_START = Date.UTC(2035, 10, 16);

/** FNV-1a, 32 bits. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const M1 = 2147483563;
const M2 = 2147483399;
const NTAB = 32;
const NDIV = 1 + Math.floor((M1 - 1) / NTAB);

/** L'Ecuyer (1988) combined LCG with a Bays-Durham shuffle: uniform in (0, 1). */
export function ecuyer(seed1: number, seed2: number): () => number {
  let s1 = 1 + ((seed1 >>> 0) % (M1 - 1));
  let s2 = 1 + ((seed2 >>> 0) % (M2 - 1));
  const table: number[] = new Array(NTAB).fill(0);
  for (let j = NTAB + 7; j >= 0; j--) {
    s1 = (40014 * s1) % M1;
    if (j < NTAB) table[j] = s1;
  }
  let y = table[0] as number;
  return () => {
    s1 = (40014 * s1) % M1;
    s2 = (40692 * s2) % M2;
    const j = Math.floor(y / NDIV);
    y = (table[j] as number) - s2;
    table[j] = s1;
    if (y < 1) y += M1 - 1;
    return y / M1;
  };
}

/** One device's random source: every purpose name has its own stream, so purposes never move each other. */
export function v5Source(key: string) {
  const streams = new Map<string, () => number>();
  const u = (name = 'u'): number => {
    let s = streams.get(name);
    if (!s) {
      s = ecuyer(fnv1a(`${key}|${name}`), fnv1a(`${name}#${key}`) ^ 0x5bd1e995);
      streams.set(name, s);
    }
    return s();
  };
  const expo = (name = 'e') => -Math.log(u(name));
  /** Standard normal by exponential rejection (Devroye): accept Y1 when Y2 >= (Y1 - 1)^2 / 2. */
  const normal = (name = 'n') => {
    for (;;) {
      const y1 = expo(name);
      const y2 = expo(name);
      if (y2 >= ((y1 - 1) * (y1 - 1)) / 2) return u(name) < 0.5 ? -y1 : y1;
    }
  };
  /**
   * Student-t with integer nu > 2, scaled to unit variance and clipped at ±4.5 (heavy shoulders,
   * but no reading of plain noise reaches the 7 local sigmas a labelled spike has).
   */
  const student = (nu: number, name = 't') => {
    let chi = 0;
    for (let k = 0; k < nu; k++) chi += normal(name) ** 2;
    const x = (normal(name) / Math.sqrt(chi / nu)) * Math.sqrt((nu - 2) / nu);
    return Math.max(-4.5, Math.min(4.5, x));
  };
  const gamma = (shape: number, scale: number, name = 'g') => {
    let s = 0;
    for (let k = 0; k < shape; k++) s += expo(name);
    return s * scale;
  };
  const poisson = (lambda: number, name = 'p') => {
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
  /** Over-dispersed count: Poisson whose mean is gamma(shape) distributed around `mean`. */
  const negbin = (mean: number, shape: number, name = 'nb') => poisson(gamma(shape, mean / shape, name), name);
  const between = (lo: number, hi: number, name = 'r') => lo + (hi - lo) * u(name);
  const int = (lo: number, hi: number, name = 'r') => lo + Math.floor(u(name) * (hi - lo + 1));
  const chance = (p: number, name = 'c') => u(name) < p;
  const sign = (name = 'r') => (u(name) < 0.5 ? -1 : 1);
  return { u, expo, normal, student, gamma, poisson, negbin, between, int, chance, sign };
}

type Source = ReturnType<typeof v5Source>;

/** Local hour of day (0-24) at UTC offset `tz` hours. */
const localHour = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
/** Local day of week (0 = Sunday). */
const localDay = (t: number, tz: number) => new Date(t + tz * HOUR).getUTCDay();

/** Measurement clock: start 0-40 min after the set's start, crystal 0-0.2 % off, `dither` ms per sample. */
function clock(n: number, cadence: number, r: Source, dither = SEC): number[] {
  const rate = 1 + r.between(-0.002, 0.002, 'clock');
  const t0 = HELDOUT_V5_START + r.int(0, 40 * 60, 'clock') * SEC;
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
  /** A second measurement reported in the same records (never labelled unless a label names it). */
  extra?: { measurement: string; values: number[]; step: number };
  gap?: [number, number];
  arrival?: (i: number, t: number) => number;
}

const decimals = (step: number) => Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
const quantise = (v: number, step: number) => {
  const f = 10 ** decimals(step);
  return Math.round(Math.round(v / step) * step * f) / f;
};

function finish(s: Series, r: Source): HeldoutSeries {
  const points: HeldoutSeries['points'] = [];
  const arrivals: number[] = [];
  s.values.forEach((v, i) => {
    if (s.gap && i >= s.gap[0] && i < s.gap[1]) return;
    const t = s.times[i] as number;
    const m: Record<string, number> = { [s.measurement]: quantise(v, s.step) };
    if (s.extra) m[s.extra.measurement] = quantise(s.extra.values[i] as number, s.extra.step);
    points.push({ t, m });
    arrivals.push(Math.max(t, Math.round(s.arrival ? s.arrival(i, t) : t + 700 + 3300 * r.u('wire'))));
  });
  return { identifier: s.id, shape: s.shape, points, labels: s.labels, arrivals };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Local robust sigma before `at`: 1.4826 × MAD of the residual around a running median of 15, over the 300 points before. */
export function localSigma(values: number[], at: number, step: number): number {
  const from = Math.max(0, at - 300);
  const residuals: number[] = [];
  for (let i = from + 7; i < at - 7; i++) residuals.push((values[i] as number) - median(values.slice(i - 7, i + 8)));
  if (residuals.length === 0) return step;
  const m = median(residuals);
  return Math.max(step, 1.4826 * median(residuals.map((x) => Math.abs(x - m))));
}

/** Level-shift sigma: the larger of the local sigma and 1.4826 × MAD of the 300 raw values before. */
export function levelSigma(values: number[], at: number, step: number): number {
  const window = values.slice(Math.max(0, at - 300), at);
  const m = median(window);
  return Math.max(localSigma(values, at, step), 1.4826 * median(window.map((x) => Math.abs(x - m))));
}

function spike(s: Series, at: number, sigmas: number, width: number, sign: number): void {
  const size = sigmas * localSigma(s.values, at, s.step);
  for (let k = 0; k < width; k++) s.values[at + k] = (s.values[at + k] as number) + sign * size;
  s.labels.push({ kind: 'spike', measurement: s.measurement, from: s.times[at] as number, to: s.times[at + width - 1] as number });
}

function shift(s: Series, at: number, sigmas: number, length: number, sign: number): void {
  const size = sigmas * levelSigma(s.values, at, s.step);
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

function silence(s: Series, at: number, length: number): void {
  s.gap = [at, at + length];
  s.labels.push({ kind: 'dropout', measurement: null, from: s.times[at - 1] as number, to: s.times[at + length] as number });
}

function regime(s: Series, at: number, measurement = s.measurement): void {
  const end = (s.times[at] as number) + 3.5 * HOUR;
  let to = at;
  while (to + 1 < s.times.length && (s.times[to + 1] as number) <= end) to++;
  s.labels.push({ kind: 'regime_change', measurement, from: s.times[at] as number, to: s.times[to] as number });
}

/** First index at or after `from` whose local hour lies in [lo, hi). */
function atLocalHour(times: number[], tz: number, from: number, lo: number, hi: number): number {
  for (let i = from; i < times.length; i++) {
    const h = localHour(times[i] as number, tz);
    if (h >= lo && h < hi) return i;
  }
  return from;
}

/** Each record goes with the first upload instant at or after it (plus a few seconds on the wire). */
function uploads(instants: number[], r: Source): (i: number, t: number) => number {
  return (_i, t) => {
    let lo = 0;
    let hi = instants.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((instants[mid] as number) >= t) hi = mid;
      else lo = mid + 1;
    }
    const at = instants[lo] as number;
    return Math.max(at, t) + 2 * SEC + 6 * SEC * r.u('wire');
  };
}

/** AR(2) noise with coefficients a1, a2 scaled to (about) unit variance. */
function ar2(r: Source, a1: number, a2: number, name = 'ar') {
  let x1 = 0;
  let x2 = 0;
  const gain = Math.sqrt(Math.max(0.05, ((1 - a2) * ((1 + a2) ** 2 - a1 * a1)) / (1 + a2)));
  return () => {
    const x = a1 * x1 + a2 * x2 + gain * r.normal(name);
    x2 = x1;
    x1 = x;
    return x;
  };
}

/** The held-out v5 set: `copies` devices of each of the 17 types (51 series by default). */
export function heldoutSetV5(copies = 3, seed = 5_170_329): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    const dev = (type: string) => v5Source(`${seed}/${type}/${c}`);
    const k = c % 3;

    // 1. Fermenter hydrometer gravity (SG, 0.001), every 15 min for 3 days, UTC-5 brewpub. A
    //    logistic fall from OG to FG with Student-t(4) noise, a dry-hop addition on day 2 that lifts
    //    the float a little for an hour (normal). BLE relayed by the brewer's phone, only while it is
    //    at home (local 06:30-08:30 and 17:30-23:30). Copy 1: the float sticks to the wall (flatline
    //    8-14 h). Copy 2: a 7-10 sigma glitch of 1-2 readings.
    {
      const r = dev('fermenter');
      const tz = -5;
      const n = 288;
      const times = clock(n, 15 * MIN, r, 20 * SEC);
      const og = r.between(1.048, 1.066);
      const fg = r.between(1.009, 1.014);
      const mid = r.between(18, 30) * HOUR;
      const width = r.between(5, 8) * HOUR;
      const hop = (times[0] as number) + r.between(40, 52) * HOUR;
      const values = times.map((t) => {
        const x = (t - (times[0] as number) - mid) / width;
        const bump = t > hop && t < hop + HOUR ? 0.0012 : 0;
        return fg + (og - fg) / (1 + Math.exp(x)) + bump + 0.0006 * r.student(4);
      });
      const instants: number[] = [];
      for (let t = times[0] as number; t < (times.at(-1) as number) + DAY; t += 10 * MIN) {
        const h = localHour(t, tz);
        if ((h >= 6.5 && h < 8.5) || (h >= 17.5 && h < 23.5)) instants.push(t);
      }
      const s: Series = { id: `v5-fermenter-${c}`, shape: k === 1 ? 'fermenter gravity, float stuck' : k === 2 ? 'fermenter gravity, glitch' : 'fermenter gravity (control)', measurement: 'sg', times, values, step: 0.001, labels: [], arrival: uploads(instants, r) };
      if (k === 1) stick(s, r.int(60, 150, 'inj'), r.int(32, 56, 'inj'));
      if (k === 2) spike(s, r.int(120, 260, 'inj'), r.between(7, 10, 'inj'), r.int(1, 2, 'inj'), r.sign('inj'));
      out.push(finish(s, r));
    }

    // 2. Vertical-farm nutrient EC (mS/cm, 0.01), every 2 min for 2 days, UTC+3. Plants pull EC
    //    down, a dosing pump tops it up below setpoint - 0.12 (sawtooth), lights-off top-up with fresh
    //    water dilutes it at 22:00 (normal). AR(2) probe noise; a mesh network delivers records
    //    0-4 min late, some out of order. Copy 1: probe fouling, a 4-5 sigma drop for 150-250 points.
    //    Copy 2: the dosing pump's stroke halves, so it doses twice as often (duty-cycle change).
    {
      const r = dev('nutrient-ec');
      const tz = 3;
      const n = 1440;
      const times = clock(n, 2 * MIN, r, 3 * SEC);
      const set = r.between(1.6, 2.2);
      const noise = ar2(r, 0.9, -0.3);
      const onset = atLocalHour(times, tz, r.int(760, 1000, 'inj'), 8, 16);
      let ec = set;
      let lastDay = -1;
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const day = Math.floor((t + tz * HOUR) / DAY);
        const lights = h >= 6 && h < 22;
        ec -= (lights ? 0.0025 : 0.0008) * (1 + 0.2 * r.normal('uptake'));
        if (h >= 22 && day !== lastDay) {
          lastDay = day;
          ec -= r.between(0.1, 0.16, 'topup');
        }
        const dose = k === 2 && i >= onset ? 0.06 : 0.12;
        if (ec < set - 0.12) ec += dose * 2 + 0.02 * r.normal('dose');
        return ec + 0.012 * noise();
      });
      const arrival = (_i: number, t: number) => t + (r.chance(0.15, 'mesh') ? r.between(40, 240, 'mesh') * SEC : r.between(1, 5, 'mesh') * SEC);
      const s: Series = { id: `v5-nutrient-ec-${c}`, shape: k === 1 ? 'nutrient ec, fouled probe' : k === 2 ? 'nutrient ec, dosing twice as often' : 'nutrient ec (control)', measurement: 'ec_ms', times, values, step: 0.01, labels: [], arrival };
      if (k === 1) shift(s, r.int(500, 1100, 'inj'), r.between(4, 5, 'inj'), r.int(150, 250, 'inj'), -1);
      if (k === 2) regime(s, onset);
      out.push(finish(s, r));
    }

    // 3. Wind-turbine rotor speed (rpm, 0.1), 5-min averages for 3 days, UTC+10. Wind is an AR(1)
    //    log-normal process; rpm follows a power curve (0 below cut-in, rated 14-16 rpm above
    //    12 m/s, stopped above 25 m/s: cut-out is normal), night curtailment caps it at 60-70 %
    //    on some nights (normal). SCADA replays after reconnects deliver 2 % of records 5-30 min
    //    late, out of order. Copy 1: the SCADA link is down 3-5 h (dropout). Copy 2: a tachometer
    //    glitch of 7-10 sigmas.
    {
      const r = dev('wind-rpm');
      const tz = 10;
      const n = 864;
      const times = clock(n, 5 * MIN, r, 2 * SEC);
      const rated = r.between(14, 16);
      let lw = Math.log(r.between(6, 10));
      const mean = Math.log(r.between(7, 10));
      const curtailNight = [r.chance(0.5, 'curt'), r.chance(0.5, 'curt'), r.chance(0.5, 'curt'), true];
      let stopped = false;
      const values = times.map((t) => {
        lw = mean + 0.985 * (lw - mean) + 0.06 * r.normal('wind');
        const w = Math.exp(lw);
        if (w > 25) stopped = true;
        if (stopped && w < 20) stopped = false;
        let rpm = stopped || w < 3 ? 0.2 * r.u('idle') : Math.min(rated, (rated * (w - 3)) / 9);
        const h = localHour(t, tz);
        const night = Math.floor((t - HELDOUT_V5_START + tz * HOUR) / DAY);
        if ((h >= 22 || h < 5) && curtailNight[Math.min(3, night)]) rpm = Math.min(rpm, 0.65 * rated);
        return rpm > 1 ? rpm + 0.25 * r.student(5) : rpm;
      });
      const arrival = (_i: number, t: number) => t + (r.chance(0.02, 'replay') ? r.between(5, 30, 'replay') * MIN : r.between(2, 8, 'replay') * SEC);
      const s: Series = { id: `v5-wind-rpm-${c}`, shape: k === 1 ? 'wind-turbine rotor speed, scada down' : k === 2 ? 'wind-turbine rotor speed, tacho glitch' : 'wind-turbine rotor speed (control)', measurement: 'rotor_rpm', times, values: values.map((v) => Math.max(0, v)), step: 0.1, labels: [], arrival };
      if (k === 1) silence(s, r.int(250, 700, 'inj'), r.int(36, 60, 'inj'));
      if (k === 2) {
        let at = r.int(320, 760, 'inj');
        while (at < n - 10 && (s.values[at] as number) < 3) at++;
        spike(s, at, r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      }
      out.push(finish(s, r));
    }

    // 4. Forklift lift cycles per 15 min (count), 4 days from Friday, UTC+1: two shifts on weekdays
    //    (06-14, 14-22, breaks at 10:00 and 18:00), Saturday morning only, nothing on Sunday.
    //    Over-dispersed gamma-Poisson counts. Telematics upload over the depot WLAN only at breaks
    //    and shift ends (records up to 8 h late, the weekend's on Monday morning). Copy 1: the unit
    //    is unplugged for 3-5 h during a Monday shift (dropout). Copy 2: from a Monday shift on, cycles
    //    run 40-50 % lower (a slower mast, inside the range), sustained.
    {
      const r = dev('forklift');
      const tz = 1;
      const n = 384;
      const times = clock(n, 15 * MIN, r, 5 * SEC);
      const rate = r.between(14, 22);
      const monday = atLocalHour(times, tz, 250, 7, 9);
      const slow = r.between(0.5, 0.6, 'inj');
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        const working = d === 0 ? false : d === 6 ? h >= 6 && h < 12 : h >= 6 && h < 22;
        const onBreak = (h >= 10 && h < 10.5) || (h >= 18 && h < 18.5);
        if (!working || onBreak) return r.chance(0.04, 'stray') ? r.int(1, 3, 'stray') : 0;
        return r.negbin(rate * (k === 2 && i >= monday ? slow : 1), 3);
      });
      const instants: number[] = [];
      for (let t = HELDOUT_V5_START; t < (times.at(-1) as number) + DAY; t += 5 * MIN) {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        if (d === 0 || (d === 6 && h > 12.5)) continue;
        if ((h >= 10 && h < 10.5) || (h >= 14 && h < 14.25) || (h >= 18 && h < 18.5) || (h >= 22 && h < 22.25) || (d === 6 && h >= 12 && h < 12.25)) instants.push(t);
      }
      const s: Series = { id: `v5-forklift-${c}`, shape: k === 1 ? 'forklift lift cycles, unit unplugged' : k === 2 ? 'forklift lift cycles, slower mast' : 'forklift lift cycles (control)', measurement: 'lifts', times, values, step: 1, labels: [], arrival: uploads(instants, r) };
      if (k === 1) silence(s, monday + r.int(4, 16, 'inj'), r.int(12, 20, 'inj'));
      if (k === 2) regime(s, monday);
      out.push(finish(s, r));
    }

    // 5. Reefer truck: fuel level (%, 0.5) with return-air box temperature (°C, 0.1) in the same
    //    record, every 10 min for 3 days, UTC-6, on a 2-hourly satellite link (records up to 2 h
    //    late). Fuel drains 0.25-0.45 %/h with Student-t(3) slosh while driving by day, and is
    //    refuelled to 90-98 % when it gets low (normal); box temperature cycles around its setpoint
    //    with a defrost every 8 h (normal). Copy 1: the telematics box falls into a reboot loop
    //    (dropout 2.5-4 h); the 1-2 h before it, and the hour after it, arrive only after the gap
    //    ended. Copy 2: the unit loses capacity, the box slides up 0.3-0.5 °C an hour for 4-6 h
    //    (regime change on box_c).
    {
      const r = dev('reefer');
      const tz = -6;
      const n = 432;
      const times = clock(n, 10 * MIN, r, 4 * SEC);
      const setpoint = r.between(1, 4);
      let fuel = r.between(55, 95);
      const onset = r.int(200, 300, 'inj');
      const rise = r.between(0.3, 0.5, 'inj') / 6;
      const riseFor = r.int(24, 36, 'inj');
      const fuelV: number[] = [];
      const box = times.map((t, i) => {
        const h = localHour(t, tz);
        const driving = h >= 6 && h < 19;
        fuel -= r.between(0.25, 0.45, 'burn') / 6;
        if (fuel < 25 && driving && r.chance(0.2, 'refuel')) fuel = r.between(90, 98, 'refuel');
        fuelV.push(fuel + (driving ? 0.6 * r.student(3, 'slosh') : 0.15 * r.normal('slosh')));
        const defrost = ((t - HELDOUT_V5_START) / HOUR + 3) % 8 < 0.4;
        const drift = k === 2 && i >= onset ? rise * Math.min(riseFor, i - onset) : 0;
        return setpoint + 0.4 * Math.sin(i / 2.3) + (defrost ? 4 : 0) + drift + 0.12 * r.normal('box');
      });
      const instants: number[] = [];
      for (let t = (times[0] as number) + r.between(0, 2, 'sat') * HOUR; t < (times.at(-1) as number) + 3 * HOUR; t += 2 * HOUR + r.between(-10, 10, 'sat') * MIN) instants.push(Math.round(t));
      const sat = uploads(instants, r);
      const s: Series = { id: `v5-reefer-${c}`, shape: k === 1 ? 'reefer fuel and box temperature, reboot loop' : k === 2 ? 'reefer fuel and box temperature, unit losing capacity' : 'reefer fuel and box temperature (control)', measurement: 'box_c', times, values: box, step: 0.1, labels: [], extra: { measurement: 'fuel_pct', values: fuelV, step: 0.5 }, arrival: sat };
      if (k === 1) {
        const at = r.int(180, 300, 'inj');
        const len = r.int(15, 24, 'inj');
        silence(s, at, len);
        const before = at - r.int(6, 12, 'inj');
        const resume = (times[Math.min(n - 1, at + len + 6)] as number) + r.between(2, 10, 'inj') * MIN;
        s.arrival = (i, t) => (i >= before && i < at + len + 6 ? Math.max(resume, t) + r.between(1, 20, 'wire') * SEC : sat(i, t));
      }
      if (k === 2) regime(s, onset);
      out.push(finish(s, r));
    }

    // 6. Workplace EV charger power (kW, 0.1), every minute for 2 days from Friday, UTC+1. Sessions:
    //    cars arrive 07-10 and after lunch on weekdays, few at the weekend; 11 or 22 kW (the car's
    //    on-board charger), tapering over the last 20-40 min, exact zeros when idle. Copy 1: the
    //    meter freezes on its last reading for 3-5 h in a session (flatline). Copy 2: from a session
    //    on, the charger derates (thermal) to 55-65 % of its power for the rest of the set (inside
    //    the range).
    {
      const r = dev('ev-charger');
      const tz = 1;
      const n = 2880;
      const times = clock(n, MIN, r, 3 * SEC);
      const sessions: { from: number; to: number; kw: number; taper: number }[] = [];
      let i0 = 0;
      while (i0 < n) {
        const t = times[i0] as number;
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        const busy = d >= 1 && d <= 5 && ((h >= 7 && h < 10) || (h >= 12.5 && h < 14));
        if (r.chance(busy ? 0.03 : d === 6 && h > 9 && h < 18 ? 0.004 : 0.0008, 'arrive')) {
          const len = r.int(90, 330, 'arrive');
          sessions.push({ from: i0, to: Math.min(n, i0 + len), kw: r.chance(0.6, 'arrive') ? 11 : 22, taper: r.int(20, 40, 'arrive') });
          i0 += len + r.int(5, 40, 'arrive');
        } else i0++;
      }
      // Copy 2's derating starts with the first session on day 2 (or the last one).
      const late = sessions.find((x) => x.from > 1440) ?? sessions.at(-1);
      const derate = r.between(0.55, 0.65, 'inj');
      const values = new Array<number>(n).fill(0);
      for (const x of sessions) {
        for (let i = x.from; i < x.to; i++) {
          const left = x.to - i;
          const factor = k === 2 && late && x.from >= late.from ? derate : 1;
          const p = x.kw * factor * Math.min(1, left / x.taper) * (1 - 0.03 * r.u('ripple'));
          values[i] = Math.max(0.3, p + 0.05 * r.normal('ripple'));
        }
      }
      const s: Series = { id: `v5-ev-charger-${c}`, shape: k === 1 ? 'ev charger power, frozen meter' : k === 2 ? 'ev charger power, derating' : 'ev charger power (control)', measurement: 'power_kw', times, values, step: 0.1, labels: [] };
      if (k === 1) {
        const long = sessions.filter((x) => x.to - x.from > 200 && x.from > 400) ;
        const x = long[0] ?? sessions[Math.floor(sessions.length / 2)];
        if (x) stick(s, x.from + 40, Math.min(r.int(180, 300, 'inj'), n - x.from - 41));
      }
      if (k === 2 && late) regime(s, late.from);
      out.push(finish(s, r));
    }

    // 7. Single-axis solar tracker angle (°, 0.5), every 2 min for 3 days, UTC+1 (Spain): follows
    //    the sun from about -55° to +55° (backtracking near the ends), flat stow at night, wind stow
    //    to 0° for 30-90 min on gusty afternoons (normal). Copy 1: the actuator stalls mid-morning and
    //    the angle stays put for 3-5 h (flatline). Copy 2: an inclinometer glitch of 7-10 sigmas.
    {
      const r = dev('tracker');
      const tz = 1;
      const n = 2160;
      const times = clock(n, 2 * MIN, r, 2 * SEC);
      const noonShift = r.between(0.6, 1.1);
      const stows: [number, number][] = [];
      for (let d = 0; d < 3; d++) if (r.chance(0.6, 'gust')) {
        const from = HELDOUT_V5_START + d * DAY + r.between(13, 16, 'gust') * HOUR - tz * HOUR;
        stows.push([from, from + r.between(30, 90, 'gust') * MIN]);
      }
      const values = times.map((t) => {
        const h = localHour(t, tz) - noonShift;
        if (h < 7 || h > 17 || stows.some(([a, b]) => t >= a && t < b)) return 0.3 * r.normal('jit');
        const ideal = (h - 12) * 15;
        const back = h < 8.2 ? (h - 7) / 1.2 : h > 15.8 ? (17 - h) / 1.2 : 1;
        return Math.max(-55, Math.min(55, ideal)) * back + 0.15 * r.normal('jit');
      });
      const s: Series = { id: `v5-tracker-${c}`, shape: k === 1 ? 'solar tracker angle, actuator stall' : k === 2 ? 'solar tracker angle, inclinometer glitch' : 'solar tracker angle (control)', measurement: 'angle_deg', times, values, step: 0.5, labels: [] };
      if (k === 1) stick(s, atLocalHour(times, tz, r.int(700, 1300, 'inj'), 9.5 + noonShift, 11 + noonShift), r.int(90, 150, 'inj'));
      if (k === 2) spike(s, atLocalHour(times, tz, r.int(400, 1600, 'inj'), 10 + noonShift, 15 + noonShift), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      out.push(finish(s, r));
    }

    // 8. Dialysis RO permeate conductivity (µS/cm, 0.1), every minute for 2 days, UTC+9: 2.5-4.5
    //    with AR(2) noise, +0.4 while the ward draws water (Mon-Sat 06-22, ramping over 45 min), nightly heat
    //    disinfection 01:00-01:45 lifting it by up to 1.4 (normal). The controller's clock runs 4-9 min
    //    slow: every record arrives minutes after its stamp. Copy 1: membrane scaling, a 4-5 sigma
    //    rise for 150-250 points. Copy 2: a 7-10 sigma spike of 1-3 points.
    {
      const r = dev('dialysis-ro');
      const tz = 9;
      const n = 2880;
      const times = clock(n, MIN, r, 2 * SEC);
      const base = r.between(2.5, 4.5);
      const noise = ar2(r, 1.1, -0.35);
      const slow = r.between(4, 9) * MIN;
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        // The ward's draw ramps up over 45 min from 06:00 and down from 21:15 (Sundays closed).
        const ward = d !== 0 ? 0.4 * Math.max(0, Math.min(1, (h - 6) / 0.75, (22 - h) / 0.75)) : 0;
        const heat = h >= 1 && h < 1.75 ? 1.4 * Math.sin(((h - 1) / 0.75) * Math.PI) : 0;
        return base + ward + heat + 0.08 * noise();
      });
      const s: Series = { id: `v5-dialysis-ro-${c}`, shape: k === 1 ? 'dialysis ro conductivity, scaling' : k === 2 ? 'dialysis ro conductivity, spike' : 'dialysis ro conductivity (control)', measurement: 'cond_us', times, values, step: 0.1, labels: [], arrival: (_i, t) => t + slow + r.between(1, 4, 'wire') * SEC };
      if (k === 1) shift(s, atLocalHour(times, tz, r.int(900, 1800, 'inj'), 8, 14), r.between(4, 5, 'inj'), r.int(150, 250, 'inj'), 1);
      if (k === 2) spike(s, atLocalHour(times, tz, r.int(600, 2400, 'inj'), 3, 23), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), 1);
      out.push(finish(s, r));
    }

    // 9. Grain-silo cable temperature (°C, 0.1), every 15 min for 3 days, UTC-6: 11-16 °C, AR(1)
    //    wander, a small daily swing, the aeration fan on cold nights pulling it 0.4-0.7 °C down for
    //    a few hours (normal). The modem sleeps and uploads every 6 h (records up to 6 h late).
    //    Copy 1: a hot spot starts, +0.08-0.12 °C an hour from onset, sustained (regime change).
    //    Copy 2: the modem is lost for 4-7 h (dropout; the records around it arrive late too).
    {
      const r = dev('silo');
      const tz = -6;
      const n = 288;
      const times = clock(n, 15 * MIN, r, 10 * SEC);
      const base = r.between(11, 16);
      const onset = r.int(110, 170, 'inj');
      const slope = r.between(0.08, 0.12, 'inj') / 4;
      const fanNights = Array.from({ length: 4 }, () => (r.chance(0.6, 'fan') ? r.between(0.4, 0.7, 'fan') : 0));
      let w = 0;
      const values = times.map((t, i) => {
        w = 0.97 * w + 0.02 * r.normal('wander');
        const h = localHour(t, tz);
        const night = Math.floor((t - HELDOUT_V5_START + tz * HOUR) / DAY);
        const fan = h >= 1 && h < 5 && (fanNights[Math.min(3, night)] as number) > 0 ? -(fanNights[Math.min(3, night)] as number) * Math.sin(((h - 1) / 4) * Math.PI) : 0;
        const hot = k === 1 && i >= onset ? slope * (i - onset) : 0;
        return base + 0.15 * Math.sin(((h - 9) / 24) * 2 * Math.PI) + fan + w + hot + 0.03 * r.normal();
      });
      const instants: number[] = [];
      for (let t = (times[0] as number) + r.between(0, 6, 'psm') * HOUR; t < (times.at(-1) as number) + 7 * HOUR; t += 6 * HOUR) instants.push(Math.round(t));
      const s: Series = { id: `v5-silo-${c}`, shape: k === 1 ? 'grain-silo temperature, hot spot' : k === 2 ? 'grain-silo temperature, modem lost' : 'grain-silo temperature (control)', measurement: 'grain_c', times, values, step: 0.1, labels: [], arrival: uploads(instants, r) };
      if (k === 1) regime(s, onset);
      if (k === 2) silence(s, r.int(90, 220, 'inj'), r.int(16, 28, 'inj'));
      out.push(finish(s, r));
    }

    // 10. Escalator step rate (steps/min), every minute for 2 days from Friday, UTC+8 (a mall): full
    //     speed ~80-90 steps/min while people ride, an eco crawl of 18-24 after 90 s without anyone,
    //     stopped 23:00-07:00 (0). Passenger arrivals follow the shopping day. Copy 1: the monitor
    //     goes silent for 2.5-4 h in the afternoon (dropout). Copy 2: eco mode is switched off from
    //     onset on: it never crawls again (a duty-cycle change inside the range).
    {
      const r = dev('escalator');
      const tz = 8;
      const n = 2880;
      const times = clock(n, MIN, r, 2 * SEC);
      const full = r.int(80, 90);
      const crawl = r.int(18, 24);
      const onset = atLocalHour(times, tz, r.int(1500, 2000, 'inj'), 9, 13);
      let idle = 0;
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        if (h < 7 || h >= 23) return 0;
        const busy = h < 10 ? 0.5 : h < 12 ? 1.5 : h < 14 ? 3 : h < 18 ? 2 : h < 21 ? 2.5 : 0.6;
        const riders = r.poisson(busy * (localDay(t, tz) === 6 ? 1.6 : 1), 'riders');
        idle = riders > 0 ? 0 : idle + 1;
        const ecoOn = !(k === 2 && i >= onset);
        const sp = ecoOn && idle >= 2 ? crawl : full;
        return sp + (r.chance(0.1, 'enc') ? r.sign('enc') : 0);
      });
      const s: Series = { id: `v5-escalator-${c}`, shape: k === 1 ? 'escalator step rate, monitor silent' : k === 2 ? 'escalator step rate, eco mode off' : 'escalator step rate (control)', measurement: 'steps_min', times, values, step: 1, labels: [] };
      if (k === 1) silence(s, atLocalHour(times, tz, r.int(1400, 1900, 'inj'), 13, 16), r.int(150, 240, 'inj'));
      if (k === 2) regime(s, onset);
      out.push(finish(s, r));
    }

    // 11. Gas-meter pulses per 5 min (1 pulse = 10 l), 4 days from Friday, UTC+0 (a house): the
    //     boiler fires in the morning and evening on weekdays and most of the day at the weekend,
    //     hot-water draws at random, a cold snap from day 3 lengthening the heating (normal).
    //     Copy 1: a leak downstream of the meter adds a steady 4-5 sigma of pulses for 150-250
    //     points. Copies 0 and 2: controls.
    {
      const r = dev('gas-meter');
      const tz = 0;
      const n = 1152;
      const times = clock(n, 5 * MIN, r, 3 * SEC);
      const burn = r.between(12, 20);
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        const cold = t - HELDOUT_V5_START > 2 * DAY ? 1 : 0;
        const weekend = d === 0 || d === 6;
        const heat = weekend ? h >= 7.5 && h < 22 : (h >= 6 && h < 8.5 + cold) || (h >= 16.5 - cold && h < 22);
        const firing = heat && r.chance(0.45 + 0.15 * cold, 'cycle');
        const draw = r.chance(h >= 6 && h < 23 ? 0.05 : 0.005, 'draw') ? r.int(3, 15, 'draw') : 0;
        return (firing ? r.poisson(burn, 'pulse') : 0) + draw;
      });
      const s: Series = { id: `v5-gas-meter-${c}`, shape: k === 1 ? 'gas-meter pulses, leak' : 'gas-meter pulses (control)', measurement: 'pulses', times, values, step: 1, labels: [] };
      if (k === 1) shift(s, r.int(420, 850, 'inj'), r.between(4, 5, 'inj'), r.int(150, 250, 'inj'), 1);
      out.push(finish(s, r));
    }

    // 12. Hospital oxygen line pressure (bar, 0.01), every 30 s for 1 day, UTC+5.5: 4.1-4.3 bar with
    //     AR(2) regulator noise and demand dips by day, a bank switchover every 7-11 h (a 0.04-0.06
    //     bar dip for 2-3 min: normal). Copy 1: a 7-10 sigma spike of 1-3 points. Copy 2: the
    //     regulator set point creeps, a 4-5 sigma drop for 150-250 points.
    {
      const r = dev('oxygen');
      const tz = 5.5;
      const n = 2880;
      const times = clock(n, 30 * SEC, r, SEC);
      const base = r.between(4.1, 4.3);
      const noise = ar2(r, 0.5, 0.3);
      const switches: number[] = [];
      for (let t = HELDOUT_V5_START + r.between(2, 8, 'bank') * HOUR; t < HELDOUT_V5_START + 2 * DAY; t += r.between(7, 11, 'bank') * HOUR) switches.push(t);
      const dip = r.between(0.04, 0.06, 'bank');
      const values = times.map((t) => {
        const h = localHour(t, tz);
        const demand = 0.04 * Math.max(0, Math.min(1, h - 7.5, 20.5 - h));
        const sw = switches.find((x) => t >= x && t < x + 150 * SEC);
        return base - demand + 0.012 * noise() - (sw !== undefined ? dip : 0);
      });
      const s: Series = { id: `v5-oxygen-${c}`, shape: k === 1 ? 'oxygen line pressure, spike' : k === 2 ? 'oxygen line pressure, regulator creep' : 'oxygen line pressure (control)', measurement: 'line_bar', times, values, step: 0.01, labels: [] };
      if (k === 1) spike(s, r.int(600, 2600, 'inj'), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), r.sign('inj'));
      if (k === 2) shift(s, r.int(900, 2400, 'inj'), r.between(4, 5, 'inj'), r.int(150, 250, 'inj'), -1);
      out.push(finish(s, r));
    }

    // 13. Bakery deck-oven chamber temperature (°C, 1), every minute for 2 days from Friday, UTC+1:
    //     heats to 230-250 °C from 03:00, loaded every 20-30 min until 12:00 (a 15-25 °C drop,
    //     first-order recovery), cools towards ~35 °C in the afternoon and night. Copy 1: an element
    //     fails on Saturday morning, the recovery after each load takes 2.5 times longer (a slope
    //     change inside the range). Copy 2: the thermocouple amplifier freezes for 2-4 h during
    //     the bake (flatline).
    {
      const r = dev('deck-oven');
      const tz = 1;
      const n = 2880;
      const times = clock(n, MIN, r, 2 * SEC);
      const setpoint = r.between(230, 250);
      const saturday = atLocalHour(times, tz, 1400, 4.5, 6);
      let temp = 40;
      let nextLoad = 0;
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const baking = h >= 3 && h < 12;
        if (baking) {
          const tau = k === 1 && i >= saturday ? 30 : 12;
          temp += (setpoint - temp) / tau;
          if (h >= 4.5 && i >= nextLoad) {
            temp -= r.between(15, 25, 'load');
            nextLoad = i + r.int(20, 30, 'load');
          }
        } else temp += (35 - temp) / 180;
        return temp + 1.2 * r.student(4);
      });
      const s: Series = { id: `v5-deck-oven-${c}`, shape: k === 1 ? 'deck-oven temperature, element failing' : k === 2 ? 'deck-oven temperature, frozen reading' : 'deck-oven temperature (control)', measurement: 'chamber_c', times, values, step: 1, labels: [] };
      if (k === 1) regime(s, saturday);
      if (k === 2) stick(s, atLocalHour(times, tz, 1400, 6, 8), r.int(120, 240, 'inj'));
      out.push(finish(s, r));
    }

    // 14. River stage (m, 0.001), every 15 min for 4 days, UTC-7: a slow recession with a small
    //     daily snow-melt swing and Student-t(5) noise, one or two rainstorms raising it 0.2-0.8 m
    //     over 2-4 h and receding exponentially (normal). Hourly transmission slots: records up to
    //     an hour late. Copy 1: the float is jammed by debris for 8-14 h (flatline). Copy 2: the
    //     gauge is remounted, a 4-5 sigma offset for 150-250 points.
    {
      const r = dev('river');
      const tz = -7;
      const n = 384;
      const times = clock(n, 15 * MIN, r, 5 * SEC);
      const base = r.between(0.6, 1.8);
      const storms = Array.from({ length: r.int(1, 2, 'storm') }, () => ({ at: (times[0] as number) + r.between(10, 80, 'storm') * HOUR, peak: r.between(0.2, 0.8, 'storm'), rise: r.between(2, 4, 'storm') * HOUR }));
      const values = times.map((t) => {
        const h = localHour(t, tz);
        let v = base - 0.0008 * ((t - HELDOUT_V5_START) / HOUR) + 0.012 * Math.sin(((h - 15) / 24) * 2 * Math.PI);
        for (const st of storms) {
          if (t < st.at) continue;
          const x = t - st.at;
          v += x < st.rise ? (st.peak * x) / st.rise : st.peak * Math.exp(-(x - st.rise) / (8 * HOUR));
        }
        return v + 0.003 * r.student(5);
      });
      const slot = r.int(0, 59, 'slot') * MIN;
      const arrival = (_i: number, t: number) => Math.ceil((t - slot) / HOUR) * HOUR + slot + r.between(5, 40, 'wire') * SEC;
      const s: Series = { id: `v5-river-${c}`, shape: k === 1 ? 'river stage, jammed float' : k === 2 ? 'river stage, remounted gauge' : 'river stage (control)', measurement: 'stage_m', times, values, step: 0.001, labels: [], arrival };
      if (k === 1) stick(s, r.int(90, 250, 'inj'), r.int(32, 56, 'inj'));
      if (k === 2) shift(s, r.int(120, 200, 'inj'), r.between(4, 5, 'inj'), r.int(150, 180, 'inj'), r.sign('inj'));
      out.push(finish(s, r));
    }

    // 15. Dairy bulk milk tank temperature (°C, 0.1), every 2 min for 2 days, UTC+12: 3.5-4 °C,
    //     milking at 05:00 and 16:00 warms it to 8-13 °C, cooled back within ~1.5 h; the tanker
    //     collects every other day at ~10:00, then the empty tank is washed with hot water (up to
    //     45-60 °C for ~20 min) (all normal). The farm router reboots at 03:00: 10-25 min of
    //     backlog. Copy 1: the monitor loses power for 3-5 h (dropout). Copy 2: the compressor
    //     weakens from a milking on day 2 on: cooling takes three times as long (a slope change).
    {
      const r = dev('milk-tank');
      const tz = 12;
      const n = 1440;
      const times = clock(n, 2 * MIN, r, 2 * SEC);
      const cold = r.between(3.5, 4);
      const onset = atLocalHour(times, tz, 720, 16, 16.5);
      const collectDay = r.int(0, 1, 'collect');
      let temp = cold;
      let wash = 0;
      const reboot = r.between(10, 25, 'router') * MIN;
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const day = Math.floor((t - HELDOUT_V5_START + tz * HOUR) / DAY);
        if ((h >= 5 && h < 5.5) || (h >= 16 && h < 16.5)) temp += r.between(0.2, 0.5, 'milking');
        const tau = k === 2 && i >= onset ? 75 : 25;
        temp += (cold - temp) / tau;
        if (day % 2 === collectDay && h >= 10.2 && h < 10.25 && wash === 0) wash = r.between(42, 56, 'wash');
        wash *= 0.88;
        if (wash < 0.05) wash = 0;
        return temp + wash + 0.06 * r.normal();
      });
      const arrival = (_i: number, t: number) => {
        const h = localHour(t, tz);
        return h >= 3 && h < 3 + reboot / HOUR ? t - (h - 3) * HOUR + reboot + r.between(5, 30, 'wire') * SEC : t + r.between(1, 4, 'wire') * SEC;
      };
      const s: Series = { id: `v5-milk-tank-${c}`, shape: k === 1 ? 'milk tank temperature, monitor unpowered' : k === 2 ? 'milk tank temperature, slow cooling' : 'milk tank temperature (control)', measurement: 'milk_c', times, values, step: 0.1, labels: [], arrival };
      if (k === 1) silence(s, r.int(300, 1100, 'inj'), r.int(90, 150, 'inj'));
      if (k === 2) regime(s, onset);
      out.push(finish(s, r));
    }

    // 16. Print-farm hot-end temperature (°C, 0.1), every 30 s for 1 day, UTC+2: jobs at 205-215 °C
    //     (PLA) or 240-250 °C (PETG) for 1-5 h with PID ripple, cooling to ~26 °C for 10-60 min
    //     between jobs (all normal). Copy 1: a thermistor glitch of 7-10 sigmas during a job.
    //     Copies 0 and 2: controls.
    {
      const r = dev('hotend');
      const n = 2880;
      const times = clock(n, 30 * SEC, r, SEC);
      const values: number[] = [];
      let temp = 26;
      let i = 0;
      const jobs: [number, number][] = [];
      while (i < n) {
        const target = r.chance(0.6, 'job') ? r.between(205, 215, 'job') : r.between(240, 250, 'job');
        const len = r.int(120, 600, 'job');
        const from = i;
        for (; i < Math.min(n, from + len); i++) {
          temp += (target - temp) / 6;
          values.push(temp + 0.5 * Math.sin(i / 3.1) + 0.3 * r.normal('pid'));
        }
        jobs.push([from + 30, i]);
        const idle = r.int(20, 120, 'job');
        for (const end = Math.min(n, i + idle); i < end; i++) {
          temp += (26 - temp) / 10;
          values.push(temp + 0.2 * r.normal('pid'));
        }
      }
      const s: Series = { id: `v5-hotend-${c}`, shape: k === 1 ? 'print-farm hot-end temperature, thermistor glitch' : 'print-farm hot-end temperature (control)', measurement: 'hotend_c', times, values, step: 0.1, labels: [] };
      if (k === 1) {
        const job = jobs.find(([a, b]) => b - a > 100 && a > 350) ?? jobs[0];
        if (job) spike(s, job[0] + r.int(40, Math.max(41, job[1] - job[0] - 10), 'inj'), r.between(7, 10, 'inj'), r.int(1, 3, 'inj'), -1);
      }
      out.push(finish(s, r));
    }

    // 17. Ice-rink surface temperature (°C, 0.1), every 5 min for 3 days, UTC-5: -5.5 to -4.5 °C,
    //     resurfacing every 2-2.5 h from 08:00 to 22:00 (a 1-1.5 °C bump fading over ~20 min:
    //     normal), up to 0.25 °C warmer under weekend crowds (ramping over an hour). Copy 1: a brine pump fault, a 4-5 sigma rise for
    //     150-250 points. Copy 2: the chiller slips, the surface slides up 0.25-0.35 °C an hour
    //     for 4-5 h and stays there (inside the range).
    {
      const r = dev('ice-rink');
      const tz = -5;
      const n = 864;
      const times = clock(n, 5 * MIN, r, 3 * SEC);
      const base = r.between(-5.5, -4.5);
      const onset = atLocalHour(times, tz, r.int(350, 600, 'inj'), 23, 24);
      const slide = r.between(0.25, 0.35, 'inj') / 12;
      const slideFor = r.int(48, 60, 'inj');
      let bump = 0;
      let next = 0;
      const noise = ar2(r, 0.6, 0.2);
      const values = times.map((t, i) => {
        const h = localHour(t, tz);
        const d = localDay(t, tz);
        if (h >= 8 && h < 22 && i >= next) {
          bump += r.between(1, 1.5, 'zamboni');
          next = i + r.int(24, 30, 'zamboni');
        }
        bump *= 0.78;
        const crowd = d === 0 || d === 6 ? 0.25 * Math.max(0, Math.min(1, h - 10, 20 - h)) : 0;
        const up = k === 2 && i >= onset ? slide * Math.min(slideFor, i - onset) : 0;
        return base + bump + crowd + up + 0.05 * noise();
      });
      const s: Series = { id: `v5-ice-rink-${c}`, shape: k === 1 ? 'ice-rink surface temperature, brine pump fault' : k === 2 ? 'ice-rink surface temperature, chiller slipping' : 'ice-rink surface temperature (control)', measurement: 'ice_c', times, values, step: 0.1, labels: [] };
      if (k === 1) shift(s, r.int(320, 560, 'inj'), r.between(4, 5, 'inj'), r.int(150, 250, 'inj'), 1);
      if (k === 2) regime(s, onset);
      out.push(finish(s, r));
    }
  }
  return out;
}
