/**
 * Held-out set v2 for `npm run bench:anomaly` (issue 20, second round): written in one sitting
 * BEFORE this round's detector changes, and committed with the baseline figures before any
 * tuning. It is the bench's headline; v1 (anomaly-heldout.ts) has been looked at several times
 * and is printed as "seen"; anomaly-set.ts is the tuning (in-sample) set.
 *
 * Different on purpose from both earlier sets:
 * - generator: counter-based (every draw is a 32-bit integer hash of seed, device, stream and
 *   index: no sequential PRNG state, no mulberry, no xorshift), seeds derived per device type;
 * - noise models: Student-t (3-5 dof), uniform dither, AR(2), bounded random walks, multiplicative
 *   gamma-like noise, quantisation in 1-3 dB steps;
 * - device types: HVAC supply-air temperature, motor current, vibration RMS, water-meter flow,
 *   RSSI, lithium battery with partial recharges, hydraulic pressure oscillation, cold-chain logger
 *   uploading in late batches, and quiet controls (humidity, CO2, room temperature, voltage).
 *
 * Labels: kind and span (the window in which an incident should start). `regime_change` marks a
 * change that stays inside the series' usual range: a slow drift over 6-10 h, a slope change, a
 * variance increase.
 */
import type { HeldoutSeries } from './anomaly-heldout';

const MIN = 60_000;
const HOUR = 60 * MIN;
export const HELDOUT_V2_START = Date.UTC(2032, 2, 9, 0, 17);

/** lowbias32 (C. Wellons): a good 32-bit integer hash. */
function hash32(x: number): number {
  x >>>= 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  x ^= x >>> 16;
  return x >>> 0;
}

/** Counter-based draws: draw k of stream s is hash(seed, s, k); each stream keeps its own counter. */
function draws(seed: number) {
  const counters = new Map<number, number>();
  const u = (stream = 0) => {
    const k = counters.get(stream) ?? 0;
    counters.set(stream, k + 1);
    const h = hash32(hash32(hash32(seed) ^ Math.imul(stream + 1, 0x9e3779b9)) ^ Math.imul(k + 1, 0x85ebca6b));
    return (h + 0.5) / 4294967296;
  };
  /** Standard normal by the polar method on two uniforms of the stream. */
  const normal = (stream = 0) => {
    for (;;) {
      const a = 2 * u(stream) - 1;
      const b = 2 * u(stream) - 1;
      const r = a * a + b * b;
      if (r > 0 && r < 1) return a * Math.sqrt((-2 * Math.log(r)) / r);
    }
  };
  /** Student-t with `dof` degrees of freedom, scaled to unit standard deviation where finite. */
  const studentT = (dof: number, stream = 0) => {
    let chi = 0;
    for (let i = 0; i < dof; i++) chi += normal(stream) ** 2;
    return (normal(stream) / Math.sqrt(chi / dof)) * Math.sqrt((dof - 2) / dof);
  };
  const between = (lo: number, hi: number, stream = 9) => lo + (hi - lo) * u(stream);
  const int = (lo: number, hi: number, stream = 9) => lo + Math.floor(u(stream) * (hi - lo + 1));
  return { u, normal, studentT, between, int };
}

type Draws = ReturnType<typeof draws>;

function timesOf(n: number, cadence: number, d: Draws, jitter = 0.08): number[] {
  const out: number[] = [];
  let t = HELDOUT_V2_START + d.int(0, 50) * MIN;
  for (let i = 0; i < n; i++) {
    out.push(Math.round(t));
    t += cadence * (1 + jitter * (2 * d.u(7) - 1));
  }
  return out;
}

interface Build {
  id: string;
  shape: string;
  measurement: string;
  times: number[];
  values: number[];
  labels: HeldoutSeries['labels'];
  decimals: number;
  skip?: (i: number) => boolean;
  arrival?: (i: number, t: number) => number;
}

function done(b: Build): HeldoutSeries {
  const f = 10 ** b.decimals;
  const points: HeldoutSeries['points'] = [];
  const arrivals: number[] = [];
  b.values.forEach((v, i) => {
    if (b.skip?.(i)) return;
    const t = b.times[i] as number;
    points.push({ t, m: { [b.measurement]: Math.round(v * f) / f } });
    arrivals.push(b.arrival ? b.arrival(i, t) : t + 1500);
  });
  return { identifier: b.id, shape: b.shape, points, labels: b.labels, arrivals };
}

/** A 1-3 point excursion of `sigmas` × `sd`, labelled spike. */
function spike(b: Build, at: number, sigmas: number, sd: number, width: number, sign: number): void {
  for (let k = 0; k < width; k++) b.values[at + k] = (b.values[at + k] as number) + sign * sigmas * sd * (k === 0 || k === width - 1 ? 1 : 1.1);
  b.labels.push({ kind: 'spike', measurement: b.measurement, from: b.times[at] as number, to: b.times[at + width - 1] as number });
}

/** The held-out v2 set: `copies` devices of each type. */
export function heldoutSetV2(copies = 3, seed = 770_211): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    const dev = (type: number) => draws(seed ^ hash32(1000 * type + c));

    // HVAC supply-air temperature, 2-min cadence, 2.5 days: compressor cycling (a few tenths) on a
    // daily load curve; a slow drift over 6-10 h that stays inside the range the daily curve covers
    // (a failing economiser damper, a refrigerant leak) and holds.
    {
      const d = dev(1);
      const n = 1800;
      const times = timesOf(n, 2 * MIN, d);
      const at = d.int(900, 1250);
      const hours = d.between(6, 10);
      const len = Math.round((hours * HOUR) / (2 * MIN));
      const size = (d.u(9) < 0.5 ? -1 : 1) * d.between(1.6, 2.2);
      let ar1 = 0;
      let ar2 = 0;
      const values = times.map((t, i) => {
        const next = 1.1 * ar1 - 0.3 * ar2 + 0.12 * d.normal(1);
        ar2 = ar1;
        ar1 = next;
        const load = 1.2 * Math.sin((2 * Math.PI * (t - HELDOUT_V2_START)) / (24 * HOUR) - 1.3);
        const cycle = 0.25 * Math.sin((2 * Math.PI * i) / 9);
        const drift = i < at ? 0 : size * Math.min(1, (i - at) / len);
        return 13 + load + cycle + drift + ar1;
      });
      out.push(
        done({ id: `v2-hvac-${c}`, shape: 'hvac supply-air drift', measurement: 'supply_air_c', times, values, decimals: 2, labels: [{ kind: 'regime_change', measurement: 'supply_air_c', from: times[at] as number, to: times[Math.min(n - 1, at + len)] as number }] }),
      );
    }
    // Motor current, 1-min cadence, 2 days: steady with Student-t(5) noise; the slope turns
    // (bearing wear, a clogging filter) and the current climbs slowly for the rest of the series.
    {
      const d = dev(2);
      const n = 2880;
      const times = timesOf(n, MIN, d);
      const at = d.int(1500, 2200);
      const perHour = d.between(0.35, 0.6);
      const values = times.map((t, i) => 8.5 + 0.3 * Math.sin((2 * Math.PI * (t - HELDOUT_V2_START)) / (24 * HOUR)) + 0.15 * d.studentT(5, 1) + (i < at ? 0 : (perHour * (i - at)) / 60));
      out.push(
        done({ id: `v2-motor-${c}`, shape: 'motor current slope change', measurement: 'current_a', times, values, decimals: 2, labels: [{ kind: 'regime_change', measurement: 'current_a', from: times[at] as number, to: times[Math.min(n - 1, at + 360)] as number }] }),
      );
    }
    // Vibration RMS, 3-min cadence, 2.5 days: multiplicative noise around a level; the spread grows
    // 3-4× (a loosening mount) while the median barely moves.
    {
      const d = dev(3);
      const n = 1200;
      const times = timesOf(n, 3 * MIN, d);
      const at = d.int(650, 950);
      const factor = d.between(3, 4);
      const values = times.map((_, i) => {
        const spread = i < at ? 0.05 : 0.05 * factor;
        return 2.4 * (1 + spread * d.normal(1)) + 0.02 * (d.u(2) - 0.5);
      });
      out.push(
        done({ id: `v2-vibration-${c}`, shape: 'vibration variance increase', measurement: 'vibration_rms', times, values, decimals: 3, labels: [{ kind: 'regime_change', measurement: 'vibration_rms', from: times[at] as number, to: times[Math.min(n - 1, at + 60)] as number }] }),
      );
    }
    // Water-meter flow, 1-min cadence, 2 days, Student-t(4) noise: a 4-5 sigma shift lasting
    // 170-200 points, and a 7-10 sigma spike of 1-3 points.
    {
      const d = dev(4);
      const n = 2880;
      const times = timesOf(n, MIN, d);
      const sd = 0.2;
      const values = times.map(() => 22 + sd * d.studentT(4, 1));
      const b: Build = { id: `v2-water-${c}`, shape: 'water-meter flow', measurement: 'flow_m3h', times, values, decimals: 2, labels: [] };
      spike(b, d.int(500, 1100), d.between(7, 10), sd, d.int(1, 3), d.u(9) < 0.5 ? -1 : 1);
      const at = d.int(1500, 2400);
      const length = d.int(170, 200);
      const size = (d.u(9) < 0.5 ? -1 : 1) * d.between(4, 5) * sd;
      for (let k = at; k < Math.min(n, at + length); k++) b.values[k] = (b.values[k] as number) + size;
      b.labels.push({ kind: 'level_shift', measurement: 'flow_m3h', from: times[at] as number, to: times[at + 10] as number });
      out.push(done(b));
    }
    // RSSI quantised in 1-3 dB steps, switching regime a few times a day; no anomaly.
    {
      const d = dev(5);
      const n = 2400;
      const times = timesOf(n, 75_000, d);
      let level = -71 + d.int(0, 10);
      let next = d.int(100, 400);
      const values = times.map((_, i) => {
        if (i >= next) {
          level = Math.max(-90, Math.min(-48, level + (d.u(3) < 0.5 ? -1 : 1) * d.int(1, 3, 3) * d.int(1, 3, 3)));
          next = i + d.int(250, 700, 3);
        }
        const r = d.u(1);
        return level + (r < 0.15 ? -d.int(1, 2, 1) : r > 0.85 ? d.int(1, 2, 1) : 0);
      });
      out.push(done({ id: `v2-rssi-${c}`, shape: 'rssi quantised regimes', measurement: 'rssi_dbm', times, values, decimals: 0, labels: [] }));
    }
    // RSSI with a ~5 sigma drop for 170-200 points (an antenna knocked) and a 7-10 sigma dip.
    {
      const d = dev(6);
      const n = 2400;
      const times = timesOf(n, 75_000, d);
      const base = -64 - d.int(0, 6);
      const sd = 1.2;
      const values = times.map(() => base + Math.round(sd * d.normal(1)));
      const b: Build = { id: `v2-rssi-drop-${c}`, shape: 'rssi drop', measurement: 'rssi_dbm', times, values, decimals: 0, labels: [] };
      spike(b, d.int(400, 900), d.between(7, 10), sd, d.int(1, 3), -1);
      const at = d.int(1300, 2000);
      const length = d.int(170, 200);
      for (let k = at; k < Math.min(n, at + length); k++) b.values[k] = (b.values[k] as number) - Math.round(5 * sd);
      b.labels.push({ kind: 'level_shift', measurement: 'rssi_dbm', from: times[at] as number, to: times[at + 10] as number });
      out.push(done(b));
    }
    // Lithium battery, 5-min cadence, 4 days: load-dependent drain, partial and full recharges at
    // irregular times (faster charge than drain); no anomaly.
    {
      const d = dev(7);
      const n = 1150;
      const times = timesOf(n, 5 * MIN, d);
      let soc = d.between(60, 95);
      let charging = false;
      let target = 100;
      const values = times.map((t) => {
        const hour = ((t - HELDOUT_V2_START) / HOUR) % 24;
        if (charging) {
          soc += d.between(2, 3.5, 1);
          if (soc >= target) charging = false;
        } else {
          soc -= (hour > 8 && hour < 20 ? 0.16 : 0.06) * d.between(0.7, 1.3, 1);
          if (soc < d.between(15, 45, 2) && d.u(2) < 0.08) {
            charging = true;
            target = d.u(2) < 0.5 ? 100 : d.between(70, 95, 2);
          }
        }
        soc = Math.max(3, Math.min(100, soc));
        return soc + 0.15 * d.normal(3);
      });
      out.push(done({ id: `v2-battery-${c}`, shape: 'battery drain/recharge', measurement: 'soc_pct', times, values, decimals: 1, labels: [] }));
    }
    // Hydraulic pressure oscillating slowly (period 3-7 h, amplitude 4-6 bar) with AR(1) noise; no anomaly.
    {
      const d = dev(8);
      const n = 1700;
      const times = timesOf(n, 2 * MIN, d);
      const period = d.between(3, 7) * HOUR;
      const amp = d.between(4, 6);
      const phase = d.between(0, 6.28);
      let ar = 0;
      const values = times.map((t) => {
        ar = 0.7 * ar + 0.2 * d.normal(1);
        return 180 + amp * Math.sin((2 * Math.PI * (t - HELDOUT_V2_START)) / period + phase) + ar;
      });
      out.push(done({ id: `v2-hydraulic-${c}`, shape: 'oscillating hydraulic pressure', measurement: 'pressure_bar', times, values, decimals: 2, labels: [] }));
    }
    // Cold-chain logger, 1-2 min cadence, 2 days: uploads its history in batches every 1-3 hours,
    // some batches arrive hours late; it stops for 2-6 hours once (a dead gateway) and the records
    // after the gap arrive in one late batch.
    {
      const d = dev(9);
      const cadence = d.between(60, 120) * 1000;
      const n = Math.round((2 * 24 * HOUR) / cadence);
      const times = timesOf(n, cadence, d, 0.15);
      const values = times.map((t) => 4 + 0.6 * Math.sin((2 * Math.PI * (t - HELDOUT_V2_START)) / (24 * HOUR)) + 0.1 * d.studentT(5, 1) + 0.05 * (d.u(2) - 0.5));
      const gapAt = d.int(Math.round(n * 0.5), Math.round(n * 0.8));
      const gapLen = Math.round((d.between(2, 6) * HOUR) / cadence);
      const batchEvery = d.between(1, 3) * HOUR;
      const gapEnd = gapAt + gapLen;
      const arrival = (i: number, t: number) => {
        // Each batch: the records since the previous upload, sent at the next upload time.
        const slot = Math.floor((t - HELDOUT_V2_START) / batchEvery) + 1;
        let sent = HELDOUT_V2_START + slot * batchEvery + 90_000;
        if (hash32(seed ^ (slot * 31 + c)) % 5 === 0) sent += d.between(1, 4, 4) * HOUR; // a late batch
        if (i >= gapEnd) sent = Math.max(sent, (times[Math.min(n - 1, gapEnd + Math.round(HOUR / cadence))] as number) + 60_000);
        return sent;
      };
      out.push(
        done({
          id: `v2-coldchain-${c}`,
          shape: 'cold-chain logger, late batches',
          measurement: 'temp_c',
          times,
          values,
          decimals: 2,
          skip: (i) => i >= gapAt && i < gapEnd,
          arrival,
          labels: [{ kind: 'dropout', measurement: null, from: times[gapAt - 1] as number, to: times[gapEnd] as number }],
        }),
      );
    }
    // Quiet controls (no anomaly): humidity with a daily cycle and AR noise, office CO2 with a
    // smooth occupancy bump on weekdays, room temperature, mains voltage with uniform dither.
    // One control per copy also carries a 7-10 sigma spike of 1-3 points.
    {
      const d = dev(10);
      const n = 2000;
      const times = timesOf(n, 2 * MIN, d);
      let ar = 0;
      const values = times.map((t) => {
        ar = 0.85 * ar + 0.4 * d.normal(1);
        return 45 + 8 * Math.sin((2 * Math.PI * (t - HELDOUT_V2_START)) / (24 * HOUR) + 0.7) + ar;
      });
      out.push(done({ id: `v2-humidity-${c}`, shape: 'humidity (control)', measurement: 'rh_pct', times, values, decimals: 1, labels: [] }));
    }
    {
      const d = dev(11);
      const n = 1400;
      const times = timesOf(n, 3 * MIN, d);
      const values = times.map((t) => {
        const hour = ((t - HELDOUT_V2_START) / HOUR) % 24;
        const occupied = Math.max(0, Math.sin((Math.PI * (hour - 8)) / 10));
        return 420 + (hour > 8 && hour < 18 ? 380 * occupied : 0) + 12 * d.studentT(4, 1);
      });
      out.push(done({ id: `v2-co2-${c}`, shape: 'office co2 (control)', measurement: 'co2_ppm', times, values, decimals: 0, labels: [] }));
    }
    {
      const d = dev(12);
      const n = 2200;
      const times = timesOf(n, MIN + 30_000, d);
      const sd = 0.08;
      const values = times.map((t) => 21.5 + 0.4 * Math.sin((2 * Math.PI * (t - HELDOUT_V2_START)) / (24 * HOUR)) + sd * d.normal(1));
      const b: Build = { id: `v2-room-${c}`, shape: 'room temperature', measurement: 'room_c', times, values, decimals: 2, labels: [] };
      spike(b, d.int(600, 1800), d.between(7, 10), sd, d.int(1, 3), d.u(9) < 0.5 ? -1 : 1);
      out.push(done(b));
    }
    {
      const d = dev(13);
      const n = 2600;
      const times = timesOf(n, MIN, d);
      const values = times.map(() => 230 + 1.2 * (d.u(1) - 0.5) + 0.3 * d.normal(2));
      const b: Build = { id: `v2-mains-${c}`, shape: 'mains voltage', measurement: 'voltage_v', times, values, decimals: 1, labels: [] };
      const sd = Math.sqrt(1.2 ** 2 / 12 + 0.09);
      spike(b, d.int(700, 2000), d.between(7, 10), sd, d.int(1, 3), d.u(9) < 0.5 ? -1 : 1);
      out.push(done(b));
    }
  }
  return out;
}
