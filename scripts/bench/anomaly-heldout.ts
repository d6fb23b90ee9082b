/**
 * Held-out series for `npm run bench:anomaly` (issue 20), written in one sitting BEFORE any change
 * to the detectors and never inspected point by point while tuning: the bench's headline figures
 * are measured here; scripts/bench/anomaly-set.ts is the tuning (in-sample) set.
 *
 * A different generator from the tuning set on purpose: its own random source (xorshift, not
 * mulberry), other device types (RSSI, battery at 2-minute cadence, barometric pressure, water
 * flow, a buffering gateway, machine temperature, request latency, CPU load), other noise models
 * (AR(1), Laplace, log-normal, quantised steps) and other delivery: some devices upload history
 * in late batches, so their records arrive hours after they were measured.
 *
 * Labels: `regime_change` marks a change that stays inside the series' usual range (a slide, a
 * slope or variance change sustained over hours); the window is where an incident should start.
 */
import type { BenchSeries, Label } from './anomaly-set';

export type HeldoutKind = Label['kind'] | 'regime_change';
export interface HeldoutSeries extends Omit<BenchSeries, 'labels'> {
  labels: { kind: HeldoutKind; measurement: string | null; from: number; to: number }[];
  /** Arrival time (ms) of each point, in point order; absent: a second after it was measured. */
  arrivals?: number[];
}

const MIN = 60_000;
const HOUR = 60 * MIN;
export const HELDOUT_START = Date.UTC(2031, 5, 1, 6);

/** xorshift32 with Box-Muller and Laplace draws. */
function source(seed: number) {
  let x = (seed * 2654435761) >>> 0 || 1;
  const u = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return (x + 0.5) / 4294967296;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(u())) * Math.sin(2 * Math.PI * u());
  const laplace = () => (u() < 0.5 ? 1 : -1) * Math.log(u());
  return { u, gauss, laplace, int: (lo: number, hi: number) => lo + Math.floor(u() * (hi - lo + 1)) };
}

interface Draft {
  id: string;
  shape: string;
  measurement: string;
  times: number[];
  values: number[];
  labels: HeldoutSeries['labels'];
  drop?: Set<number>;
  arrivals?: (i: number, t: number) => number;
  decimals?: number;
}

function clock(n: number, cadence: number, r: ReturnType<typeof source>, jitter = 0.1): number[] {
  const times: number[] = [];
  let t = HELDOUT_START + r.int(0, 3600) * 1000;
  for (let i = 0; i < n; i++) {
    times.push(Math.round(t));
    t += cadence * (1 + jitter * (r.u() - 0.5));
  }
  return times;
}

function finish(d: Draft): HeldoutSeries {
  const points: HeldoutSeries['points'] = [];
  const arrivals: number[] = [];
  const f = 10 ** (d.decimals ?? 2);
  d.values.forEach((v, i) => {
    if (d.drop?.has(i)) return;
    const t = d.times[i] as number;
    points.push({ t, m: { [d.measurement]: Math.round(v * f) / f } });
    arrivals.push(d.arrivals ? d.arrivals(i, t) : t + 1000);
  });
  return { identifier: d.id, shape: d.shape, points, labels: d.labels, arrivals };
}

function spikeAt(d: Draft, at: number, size: number, width: number): void {
  for (let k = 0; k < width; k++) d.values[at + k] = (d.values[at + k] as number) + size;
  d.labels.push({ kind: 'spike', measurement: d.measurement, from: d.times[at] as number, to: d.times[at + width - 1] as number });
}

function shiftAt(d: Draft, at: number, size: number, length: number): void {
  for (let k = at; k < Math.min(d.values.length, at + length); k++) d.values[k] = (d.values[k] as number) + size;
  d.labels.push({ kind: 'level_shift', measurement: d.measurement, from: d.times[at] as number, to: d.times[Math.min(at + 10, d.times.length - 1)] as number });
}

/** The held-out set: `copies` devices of each type. */
export function heldoutSet(copies = 3, seed = 2031): HeldoutSeries[] {
  const out: HeldoutSeries[] = [];
  for (let c = 0; c < copies; c++) {
    const r = source(seed + 101 * c);

    // RSSI stepping between 1-3 dB levels, changing regime a few times a day (no anomaly)…
    {
      const n = 2600;
      const times = clock(n, 90_000, r);
      let level = -62 - r.int(0, 8);
      let next = r.int(150, 500);
      const values = times.map((_, i) => {
        if (i === next) {
          level += (r.u() < 0.5 ? -1 : 1) * r.int(1, 3) * (r.u() < 0.3 ? 2 : 1);
          level = Math.max(-80, Math.min(-50, level));
          next = i + r.int(150, 600);
        }
        const jitter = r.u() < 0.25 ? (r.u() < 0.5 ? -1 : 1) * r.int(1, 3) : 0;
        return level + jitter;
      });
      out.push(finish({ id: `ho-rssi-quiet-${c}`, shape: 'rssi regimes', measurement: 'rssi', times, values, labels: [], decimals: 0 }));
    }
    // …and one with a sustained ~5 sigma drop for 170-200 points, plus a 7-10 sigma 1-3 point spike.
    {
      const n = 2400;
      const times = clock(n, 120_000, r);
      const base = -66 - r.int(0, 5);
      const values = times.map(() => base + Math.round(1.5 * r.gauss()));
      const d: Draft = { id: `ho-rssi-shift-${c}`, shape: 'rssi shift', measurement: 'rssi', times, values, labels: [], decimals: 0 };
      spikeAt(d, r.int(500, 800), -Math.round((7 + 3 * r.u()) * 1.5), r.int(1, 3));
      shiftAt(d, r.int(1200, 1800), -Math.round(5 * 1.5), r.int(170, 200));
      out.push(finish(d));
    }
    // Battery: slow drain at 2-minute cadence, recharged over an hour or so (no anomaly).
    {
      const n = 4500;
      const times = clock(n, 120_000, r);
      let level = 80 + 20 * r.u();
      let charging = false;
      const values = times.map(() => {
        if (charging) {
          level += 1.2 + 0.3 * r.u();
          if (level >= 99) charging = false;
        } else {
          level -= 0.025 + 0.02 * r.u();
          if (level < 12 + 10 * r.u()) charging = true;
        }
        return Math.min(100, level) + 0.3 * r.gauss();
      });
      out.push(finish({ id: `ho-battery-${c}`, shape: 'battery drain/recharge', measurement: 'battery_pct', times, values, labels: [], decimals: 0 }));
    }
    // Barometric pressure oscillating slowly (period 5-9 h) with AR(1) noise; one short spike.
    {
      const n = 3000;
      const times = clock(n, 120_000, r);
      const period = (5 + 4 * r.u()) * HOUR;
      let ar = 0;
      const sigma = 0.15;
      const values = times.map((t) => {
        ar = 0.6 * ar + sigma * Math.sqrt(1 - 0.36) * r.gauss();
        return 1008 + 3 * Math.sin((2 * Math.PI * (t - HELDOUT_START)) / period) + ar;
      });
      const d: Draft = { id: `ho-pressure-${c}`, shape: 'oscillating pressure', measurement: 'pressure_hpa', times, values, labels: [], decimals: 2 };
      if (c !== 1) spikeAt(d, r.int(900, 2500), (r.u() < 0.5 ? -1 : 1) * (7 + 3 * r.u()) * sigma * 2, r.int(1, 2));
      out.push(finish(d));
    }
    // Water flow, Laplace noise: a 7-10 sigma spike and a ~5 sigma shift for 170-200 points.
    {
      const n = 2500;
      const times = clock(n, 60_000, r);
      const sd = 0.25 * Math.SQRT2;
      const values = times.map(() => 14 + 0.25 * r.laplace());
      const d: Draft = { id: `ho-flow-${c}`, shape: 'flow', measurement: 'flow_lpm', times, values, labels: [], decimals: 2 };
      spikeAt(d, r.int(400, 900), (7 + 3 * r.u()) * sd, r.int(1, 3));
      shiftAt(d, r.int(1300, 2000), (r.u() < 0.5 ? -1 : 1) * 5 * sd, r.int(170, 200));
      out.push(finish(d));
    }
    // A gateway at 1-2 minute cadence that buffers: mostly live, but one batch of history arrives
    // hours late, and it stops for 2.2-6 hours; the records after the gap arrive in one late batch.
    {
      const n = 3000;
      const cadence = (60 + 60 * r.u()) * 1000;
      const times = clock(n, cadence, r, 0.2);
      const values = times.map((t) => 21 + 0.8 * Math.sin((2 * Math.PI * (t - HELDOUT_START)) / (24 * HOUR)) + 0.15 * r.gauss());
      const gapStart = r.int(1400, 2200);
      const gapPoints = Math.round(((2.2 + 3.8 * r.u()) * HOUR) / cadence);
      const drop = new Set<number>();
      for (let k = gapStart; k < gapStart + gapPoints; k++) drop.add(k);
      // An uplink outage early on: the backlog is uploaded in order when the uplink returns.
      const backlogFrom = r.int(300, 700);
      const backlogTo = backlogFrom + r.int(60, 180);
      // The history just before the gap arrives 2-5 hours late in one batch; the records after the
      // gap arrive together once that batch and the first hour after the gap are in.
      const lateFrom = gapStart - r.int(60, 150);
      const lateArrival = (times[gapStart - 1] as number) + (2 + 3 * r.u()) * HOUR;
      const resumeArrival = Math.max(lateArrival, (times[Math.min(n - 1, gapStart + gapPoints + r.int(30, 60))] as number)) + 5 * MIN;
      const arrivals = (i: number, t: number) => {
        if (i >= backlogFrom && i <= backlogTo) return (times[backlogTo] as number) + 2000;
        if (i >= lateFrom && i < gapStart) return lateArrival;
        if (i >= gapStart + gapPoints && t < resumeArrival) return resumeArrival;
        return t + 2000;
      };
      const labels: HeldoutSeries['labels'] = [{ kind: 'dropout', measurement: null, from: times[gapStart - 1] as number, to: times[gapStart + gapPoints] as number }];
      out.push(finish({ id: `ho-gateway-${c}`, shape: 'buffering gateway', measurement: 'temperature', times, values, labels, drop, arrivals, decimals: 2 }));
    }
    // Machine temperature at 5-minute cadence with a daily cycle: slides down by 1.5x its daily
    // swing over ~4 hours and stays there (inside the range it covers over a week).
    {
      const n = 1800;
      const times = clock(n, 5 * MIN, r, 0.02);
      const at = r.int(700, 1300);
      const slide = 48;
      let ar = 0;
      const values = times.map((t, i) => {
        ar = 0.8 * ar + 0.25 * r.gauss();
        const drift = i < at ? 0 : -4 * Math.min(1, (i - at) / slide);
        return 70 + 3 * Math.sin((2 * Math.PI * (t - HELDOUT_START)) / (24 * HOUR)) + drift + ar;
      });
      const labels: HeldoutSeries['labels'] = [{ kind: 'regime_change', measurement: 'machine_temp', from: times[at] as number, to: times[Math.min(n - 1, at + slide + 24)] as number }];
      out.push(finish({ id: `ho-machine-${c}`, shape: 'machine temperature slide', measurement: 'machine_temp', times, values, labels, decimals: 2 }));
    }
    // Request latency (log-normal): the spread triples and the median rises 40% for the rest of the series.
    {
      const n = 1800;
      const times = clock(n, 5 * MIN, r, 0.02);
      const at = r.int(700, 1300);
      const values = times.map((_, i) => (i < at ? 120 * Math.exp(0.08 * r.gauss()) : 168 * Math.exp(0.24 * r.gauss())));
      const labels: HeldoutSeries['labels'] = [{ kind: 'regime_change', measurement: 'latency_ms', from: times[at] as number, to: times[Math.min(n - 1, at + 36)] as number }];
      out.push(finish({ id: `ho-latency-${c}`, shape: 'latency regime', measurement: 'latency_ms', times, values, labels, decimals: 1 }));
    }
    // CPU load under a diurnal load curve (no anomaly), and one whose slope turns upward (a leak).
    {
      const n = 1800;
      const times = clock(n, 5 * MIN, r, 0.02);
      const at = r.int(800, 1200);
      const quiet = times.map((t) => 35 + 15 * Math.max(0, Math.sin((2 * Math.PI * (t - HELDOUT_START)) / (24 * HOUR))) + 2 * r.gauss());
      out.push(finish({ id: `ho-cpu-quiet-${c}`, shape: 'cpu diurnal', measurement: 'cpu_pct', times, values: quiet, labels: [], decimals: 1 }));
      const leak = times.map((t, i) => 35 + 15 * Math.max(0, Math.sin((2 * Math.PI * (t - HELDOUT_START)) / (24 * HOUR))) + 2 * r.gauss() + (i < at ? 0 : Math.min(40, 0.12 * (i - at))));
      const labels: HeldoutSeries['labels'] = [{ kind: 'regime_change', measurement: 'cpu_pct', from: times[at] as number, to: times[Math.min(n - 1, at + 72)] as number }];
      out.push(finish({ id: `ho-cpu-leak-${c}`, shape: 'cpu slope change', measurement: 'cpu_pct', times, values: leak, labels, decimals: 1 }));
    }
  }
  return out;
}
