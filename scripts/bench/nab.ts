/**
 * Real failure data for `npm run bench:anomaly -- --nab <path>`: the Numenta Anomaly Benchmark
 * (NAB, MIT licence; `git clone https://github.com/numenta/NAB` and pass the checkout's path). The
 * data is never copied into this repository: it is read from the given checkout
 * (`data/<group>/<file>.csv` with `timestamp,value`, `labels/combined_windows.json`).
 *
 * Split (fixed before any tuning on it, issue 20):
 * - TUNING part: `artificialWithAnomaly` (6 labelled failures) + `realAWSCloudwatch` (30).
 * - HELD-OUT part: five `realKnownCause` files (12 labelled failures). Never tuned on; run only when
 *   asked for with `--nab-part heldout`.
 *
 * Each file is one device with one measurement (`value`), replayed at its own cadence, in order,
 * time-shifted by a whole number of days (so times of day stay as they were). `--nab-windows`
 * replays instead consecutive 22-hour windows of each file, each as a fresh device (the outside
 * testers' protocol as far as we know it).
 *
 * Scoring: a labelled failure is caught when an incident (any kind) starts inside its window (NAB
 * windows are wide, about 10 % of a file, centred on the failure); every incident starting outside
 * all of a file's windows is a false alarm, counted per 10 device-days.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type NabPart = 'tuning' | 'heldout';

/** The split: tuning = whole groups; held-out = the known-cause failures (never tuned on). */
export const NAB_PARTS: Record<NabPart, { group: string; files?: string[] }[]> = {
  tuning: [{ group: 'artificialWithAnomaly' }, { group: 'realAWSCloudwatch' }],
  heldout: [
    {
      group: 'realKnownCause',
      files: [
        'machine_temperature_system_failure.csv',
        'ec2_request_latency_system_failure.csv',
        'cpu_utilization_asg_misconfiguration.csv',
        'ambient_temperature_system_failure.csv',
        'rogue_agent_key_hold.csv',
      ],
    },
  ],
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Replayed data starts on this day (plus the file's own time of day). */
export const NAB_START = Date.UTC(2032, 0, 5);
export const NAB_WINDOW_MS = 22 * HOUR;

export interface NabFile {
  /** `<group>/<file>.csv` as in NAB's label file. */
  name: string;
  points: { t: number; v: number }[];
  /** Labelled failure windows [from, to] (epoch ms, shifted like the points). */
  windows: [number, number][];
}

/** NAB's timestamps (`2014-02-14 14:30:00`, labels with `.000000`) are UTC without a zone. */
export function nabTime(text: string): number {
  const t = Date.parse(`${text.trim().replace(' ', 'T').replace(/\.\d+$/, '')}Z`);
  if (!Number.isFinite(t)) throw new Error(`bad NAB timestamp: ${text}`);
  return t;
}

/** Parses one NAB csv (header `timestamp,value`); rows in time order, duplicates of a timestamp dropped. */
export function parseNabCsv(text: string): { t: number; v: number }[] {
  const points: { t: number; v: number }[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    const [ts, value] = line.split(',');
    const v = Number(value);
    if (!ts || !Number.isFinite(v)) continue;
    const t = nabTime(ts);
    if (points.length && t <= (points.at(-1) as { t: number }).t) continue;
    points.push({ t, v });
  }
  return points;
}

/** Loads a part's files from a NAB checkout, shifted to start on NAB_START's day. */
export function loadNab(root: string, part: NabPart): NabFile[] {
  const labels = JSON.parse(readFileSync(path.join(root, 'labels', 'combined_windows.json'), 'utf8')) as Record<string, [string, string][]>;
  const out: NabFile[] = [];
  for (const { group, files } of NAB_PARTS[part]) {
    const names = Object.keys(labels)
      .filter((k) => k.startsWith(`${group}/`) && (!files || files.includes(k.slice(group.length + 1))))
      .sort();
    for (const name of names) {
      const raw = parseNabCsv(readFileSync(path.join(root, 'data', name), 'utf8'));
      if (raw.length === 0) continue;
      const first = (raw[0] as { t: number }).t;
      const shift = NAB_START - Math.floor(first / DAY) * DAY;
      out.push({
        name,
        points: raw.map((p) => ({ t: p.t + shift, v: p.v })),
        windows: (labels[name] ?? []).map(([a, b]) => [nabTime(a) + shift, nabTime(b) + shift] as [number, number]),
      });
    }
  }
  return out;
}

/** Consecutive windows of `windowMs` (the last one partial if at least half a window long). */
export function splitWindows(points: readonly { t: number; v: number }[], windowMs = NAB_WINDOW_MS): { t: number; v: number }[][] {
  if (points.length === 0) return [];
  const start = (points[0] as { t: number }).t;
  const chunks: { t: number; v: number }[][] = [];
  for (const p of points) {
    const k = Math.floor((p.t - start) / windowMs);
    (chunks[k] ??= []).push(p);
  }
  return chunks.filter((c, i) => c && c.length > 1 && (i < chunks.length - 1 || (c.at(-1) as { t: number }).t - (c[0] as { t: number }).t >= windowMs / 2));
}

export interface NabFileScore {
  name: string;
  failures: number;
  caught: number;
  incidents: number;
  falseAlarms: number;
  deviceDays: number;
}

/**
 * Scores one file: its labelled windows against the start times of the incidents opened on it
 * (all devices replayed from it). `spanMs`: the replayed time, summed over its devices.
 */
export function scoreNabFile(name: string, windows: readonly [number, number][], incidentStarts: readonly number[], spanMs: number): NabFileScore {
  const inside = (t: number, [a, b]: readonly [number, number]) => t >= a && t <= b;
  return {
    name,
    failures: windows.length,
    caught: windows.filter((w) => incidentStarts.some((t) => inside(t, w))).length,
    incidents: incidentStarts.length,
    falseAlarms: incidentStarts.filter((t) => !windows.some((w) => inside(t, w))).length,
    deviceDays: spanMs / DAY,
  };
}

export function totalNab(scores: readonly NabFileScore[]): NabFileScore & { falseAlarmsPer10DeviceDays: number } {
  const sum = (f: (s: NabFileScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const deviceDays = sum((s) => s.deviceDays);
  const falseAlarms = sum((s) => s.falseAlarms);
  return {
    name: 'total',
    failures: sum((s) => s.failures),
    caught: sum((s) => s.caught),
    incidents: sum((s) => s.incidents),
    falseAlarms,
    deviceDays,
    falseAlarmsPer10DeviceDays: deviceDays ? (falseAlarms / deviceDays) * 10 : 0,
  };
}
