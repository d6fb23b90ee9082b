/**
 * The labelled evaluation set of `npm run bench:anomaly`: synthetic device series, seeded so every
 * run sees the same data. Each device reports every `cadenceMs` (with jitter); injected anomalies
 * are labelled with the window in which an incident should start. Look-alikes (daily cycles, slow
 * trends, integer steps, heavy-tailed noise, battery drain and recharge, single missing points,
 * sparse reporters, stuck-by-design values) carry no label: any incident on them is a false alarm.
 */
import type { AnomalyKind } from '../../shared/domain/anomaly/detectors';

export interface Label {
  kind: AnomalyKind;
  measurement: string | null;
  /** Window (ms) in which the incident should start. */
  from: number;
  to: number;
}

export interface BenchSeries {
  identifier: string;
  shape: string;
  points: { t: number; m: Record<string, number> }[];
  labels: Label[];
}

/** Mulberry32: small, fast, seeded. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
  /** Student-t with `df` degrees of freedom: heavy tails. */
  const studentT = (df: number) => {
    let chi = 0;
    for (let i = 0; i < df; i++) chi += normal() ** 2;
    return normal() / Math.sqrt(chi / df);
  };
  return { uniform, normal, studentT };
}

const MIN = 60_000;
const DAY = 86_400_000;
export const BENCH_START = Date.UTC(2030, 0, 1);

type Gen = (i: number, t: number) => number;

interface Injection {
  kind: 'spike' | 'level_shift' | 'flatline' | 'dropout';
  at: number;
  size?: number;
  length?: number;
}

function build(
  identifier: string,
  shape: string,
  options: { n: number; cadenceMs: number; jitter?: number; seed: number; measurement: string; gen: Gen; injections?: Injection[]; missing?: number[]; round?: number },
): BenchSeries {
  const r = rng(options.seed);
  const points: BenchSeries['points'] = [];
  const labels: Label[] = [];
  const times: number[] = [];
  let t = BENCH_START;
  for (let i = 0; i < options.n; i++) {
    times.push(t);
    t += options.cadenceMs * (1 + (options.jitter ?? 0.05) * (r.uniform() - 0.5));
  }
  const values = times.map((time, i) => options.gen(i, time - BENCH_START));
  const skip = new Set(options.missing ?? []);
  for (const inj of options.injections ?? []) {
    const at = inj.at;
    if (inj.kind === 'spike') {
      values[at] = (values[at] as number) + (inj.size as number);
      labels.push({ kind: 'spike', measurement: options.measurement, from: times[at] as number, to: times[at] as number });
    } else if (inj.kind === 'level_shift') {
      for (let i = at; i < at + (inj.length ?? options.n); i++) if (i < values.length) values[i] = (values[i] as number) + (inj.size as number);
      labels.push({ kind: 'level_shift', measurement: options.measurement, from: times[at] as number, to: times[Math.min(at + 10, options.n - 1)] as number });
    } else if (inj.kind === 'flatline') {
      const stuck = values[at - 1] as number;
      for (let i = at; i < at + (inj.length as number); i++) values[i] = stuck;
      // The run starts where the (rounded) value first took the stuck value.
      const same = (a: number, b: number) => (options.round !== undefined ? Math.round(a / options.round) === Math.round(b / options.round) : Math.abs(a - b) < 5e-4);
      let from = at - 1;
      while (from > 0 && same(values[from - 1] as number, stuck)) from--;
      labels.push({ kind: 'flatline', measurement: options.measurement, from: times[from] as number, to: times[at + (inj.length as number) - 1] as number });
    } else {
      for (let i = at; i < at + (inj.length as number); i++) skip.add(i);
      labels.push({ kind: 'dropout', measurement: null, from: times[at - 1] as number, to: times[at + (inj.length as number)] as number });
    }
  }
  values.forEach((v, i) => {
    if (skip.has(i)) return;
    const value = options.round !== undefined ? Math.round(v / options.round) * options.round : Math.round(v * 1000) / 1000;
    points.push({ t: Math.round(times[i] as number), m: { [options.measurement]: value } });
  });
  for (const l of labels) {
    l.from = Math.round(l.from);
    l.to = Math.round(l.to);
  }
  return { identifier, shape, points, labels };
}

/**
 * The set: `copies` devices of each shape (different seeds and injection points). About 7 days
 * at 5-minute cadence per device unless the shape says otherwise.
 */
export function benchSet(copies = 4, seed = 7): BenchSeries[] {
  const out: BenchSeries[] = [];
  const n = 2000;
  const cadenceMs = 5 * MIN;
  for (let c = 0; c < copies; c++) {
    const s = seed * 1000 + c * 37;
    const r = rng(s);
    const noise = rng(s + 1);
    const at = (lo: number, hi: number) => lo + Math.floor(r.uniform() * (hi - lo));
    const phase = r.uniform() * DAY;
    const seasonal: Gen = (_i, t) => 20 + 5 * Math.sin((2 * Math.PI * (t + phase)) / DAY) + 0.3 * noise.normal();
    const flat: Gen = () => 50 + 2 * noise.normal();
    const trend: Gen = (i) => 10 + 0.01 * i + 0.2 * noise.normal();
    const integer: Gen = () => 5 + 1.5 * noise.normal();
    const heavy: Gen = () => 30 + 0.5 * noise.studentT(3);
    // Battery: starts full, drains about 0.05 %/point, recharged (a ramp of +6 %/point) when it falls under 20.
    let battery = 100;
    let charging = false;
    const batteryGen: Gen = () => {
      if (charging) {
        battery = Math.min(100, battery + 6);
        if (battery >= 100) charging = false;
      } else {
        battery -= 0.05 + 0.02 * noise.uniform();
        if (battery < 20) charging = true;
      }
      return battery;
    };

    // Anomalies on the usual shapes.
    out.push(build(`seasonal-${c}`, 'seasonal', { n, cadenceMs, seed: s + 2, measurement: 'temperature', gen: seasonal,
      injections: [{ kind: 'spike', at: at(400, 700), size: 25 }, { kind: 'level_shift', at: at(1000, 1300), size: 15 }] }));
    out.push(build(`noisy-${c}`, 'noisy', { n, cadenceMs, seed: s + 3, measurement: 'pressure', gen: flat,
      injections: [{ kind: 'spike', at: at(300, 600), size: -30 }, { kind: 'flatline', at: at(900, 1100), length: 80 }, { kind: 'level_shift', at: at(1500, 1800), size: 14 }] }));
    out.push(build(`trending-${c}`, 'trending', { n, cadenceMs, seed: s + 4, measurement: 'voltage', gen: trend,
      injections: [{ kind: 'spike', at: at(300, 900), size: 4 }, { kind: 'dropout', at: at(1200, 1500), length: 40 }] }));
    out.push(build(`integer-${c}`, 'integer', { n, cadenceMs, seed: s + 5, measurement: 'count', gen: integer, round: 1,
      injections: [{ kind: 'spike', at: at(300, 900), size: 25 }, { kind: 'level_shift', at: at(1200, 1700), size: 15 }] }));
    out.push(build(`stuck-${c}`, 'stuck', { n, cadenceMs, seed: s + 6, measurement: 'mode', gen: () => 1,
      injections: [{ kind: 'dropout', at: at(500, 1500), length: 60 }] }));
    out.push(build(`quantised-${c}`, 'quantised', { n, cadenceMs, seed: s + 7, measurement: 'humidity', gen: (_i, t) => 45 + 3 * Math.sin((2 * Math.PI * (t + phase)) / DAY) + 0.4 * noise.normal(), round: 0.5,
      injections: [{ kind: 'flatline', at: at(600, 1500), length: 100 }] }));

    // Look-alikes, no labels.
    out.push(build(`daily-${c}`, 'daily cycle', { n, cadenceMs, seed: s + 8, measurement: 'temperature', gen: (_i, t) => 18 + 8 * Math.sin((2 * Math.PI * (t + phase)) / DAY) + 0.1 * noise.normal() }));
    out.push(build(`slow-trend-${c}`, 'slow trend', { n, cadenceMs, seed: s + 9, measurement: 'wear', gen: (i) => 0.02 * i + 0.05 * noise.normal() }));
    out.push(build(`int-steps-${c}`, 'integer steps', { n, cadenceMs, seed: s + 10, measurement: 'occupancy', gen: (i) => Math.floor(i / 150) % 4 + (noise.uniform() < 0.1 ? 1 : 0), round: 1 }));
    out.push(build(`heavy-${c}`, 'heavy-tailed', { n, cadenceMs, seed: s + 11, measurement: 'vibration', gen: heavy }));
    out.push(build(`battery-${c}`, 'battery', { n: 4000, cadenceMs, seed: s + 12, measurement: 'battery', gen: batteryGen, round: 1 }));
    out.push(build(`missing-${c}`, 'single missing points', { n, cadenceMs, seed: s + 13, measurement: 'temperature', gen: seasonal, missing: [300, 700, 701, 1200, 1600] }));
    out.push(build(`sparse-${c}`, 'sparse reporter', { n: 60, cadenceMs: 6 * 60 * MIN, jitter: 0.4, seed: s + 14, measurement: 'temperature', gen: () => 20 + noise.normal() }));
  }
  return out;
}
