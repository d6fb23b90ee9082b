/**
 * `npx tsx scripts/bench/probe-dropouts.ts [--list] [--set v6,v5,...] [--nab <NAB checkout>]`: the
 * dropout detector alone, on every SEEN set (held-out v1-v10, in-sample; NAB tuning part with
 * `--nab`), as delivered and as hourly uploads. Only timestamps matter to dropouts, so the records
 * are replayed without their measurements (the value detectors do not run): seconds, not minutes,
 * and the same dropout incidents as `npm run bench:anomaly` (same replay, same sweep).
 *
 * Prints per set and mode: dropout recall (found/labelled) and precision (true/incidents); with
 * `--list`, each false dropout: its series, start and end in measurement time, when it was detected,
 * and the delivery around it (arrival − timestamp of the records before and after the gap). Never
 * run on a held-out set that has not been looked at (v7 and v8 are seen since round 8, v9 since round 9, v10 since round 10).
 */
import { benchSet } from './anomaly-set';
import { heldoutSet, type HeldoutSeries } from './anomaly-heldout';
import { heldoutSetV2 } from './anomaly-heldout-v2';
import { heldoutSetV3 } from './anomaly-heldout-v3';
import { heldoutSetV4 } from './anomaly-heldout-v4';
import { heldoutSetV5 } from './anomaly-heldout-v5';
import { heldoutSetV6 } from './anomaly-heldout-v6';
import { heldoutSetV7 } from './anomaly-heldout-v7';
import { heldoutSetV8 } from './anomaly-heldout-v8';
import { heldoutSetV9 } from './anomaly-heldout-v9';
import { heldoutSetV10 } from './anomaly-heldout-v10';
import { loadNab, NAB_WINDOW_MS, splitWindows } from './nab';
import { evaluateRecords, evaluateSilence, newDeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import { startsInLabel, SWEEP_MS } from './anomaly-replay';

const MIN = 60_000;
const HOUR = 60 * MIN;

type Series = { identifier: string; shape: string; points: TelemetryPoint[]; labels: HeldoutSeries['labels']; arrivals?: number[] };

/** The bench's replay (scripts/bench-anomaly.ts), measurements dropped; dropout incidents with their resolution. */
export function replayDropouts(series: Series, uploadEveryMs: number): { opened: NewIncident; resolvedAt: number | null }[] {
  const state = newDeviceState();
  const out = new Map<string, { opened: NewIncident; resolvedAt: number | null }>();
  const take = (changes: { opened: NewIncident[]; updated: Map<string, { resolvedAt: number | null }> }) => {
    for (const o of changes.opened) if (o.kind === 'dropout') out.set(o.incidentId, { opened: o, resolvedAt: o.resolvedAt });
    for (const [id, u] of changes.updated) {
      const known = out.get(id);
      if (known && u.resolvedAt !== null) known.resolvedAt = u.resolvedAt;
    }
  };
  const points = series.points;
  let nextSweep = (points[0] as TelemetryPoint).t + SWEEP_MS;
  const sweepTo = (t: number) => {
    for (; nextSweep < t; nextSweep += SWEEP_MS) take(evaluateSilence(state, { scope: series.identifier, now: nextSweep }));
  };
  const uploads = new Map<number, TelemetryPoint[]>();
  points.forEach((p, i) => {
    const own = series.arrivals?.[i] ?? p.t + 1000;
    const arrival = uploadEveryMs === 0 ? own : Math.max(own, (Math.floor(p.t / uploadEveryMs) + 1) * uploadEveryMs + 1000);
    uploads.set(arrival, [...(uploads.get(arrival) ?? []), { t: p.t, m: {} }]);
  });
  for (const [arrival, chunk] of [...uploads].sort((a, b) => a[0] - b[0])) {
    sweepTo(arrival);
    take(evaluateRecords(state, chunk, { scope: series.identifier, now: arrival, rules: [] }).changes);
  }
  sweepTo((points.at(-1) as TelemetryPoint).t + SWEEP_MS);
  return [...out.values()];
}

const iso = (t: number) => new Date(t).toISOString().slice(5, 16).replace('T', ' ');
const mins = (ms: number) => `${Math.round(ms / MIN)}m`;

function probe(name: string, set: Series[], uploadEveryMs: number, list: boolean): { labels: number; found: number; incidents: number; matched: number } {
  let labels = 0;
  let found = 0;
  let incidents = 0;
  let matched = 0;
  const lines: string[] = [];
  for (const s of set) {
    const drops = replayDropouts(s, uploadEveryMs);
    const dl = s.labels.filter((l) => l.kind === 'dropout');
    const inWindow = startsInLabel;
    labels += dl.length;
    found += dl.filter((l) => drops.some((d) => inWindow(d.opened.startedAt, l))).length;
    for (const l of dl) if (!drops.some((d) => inWindow(d.opened.startedAt, l))) lines.push(`    MISSED ${s.identifier} (${s.shape}) ${iso(l.from)} → ${iso(l.to)}`);
    incidents += drops.length;
    for (const d of drops) {
      const ok = s.labels.some((l) => inWindow(d.opened.startedAt, l));
      if (ok) matched++;
      else if (list) {
        const i = s.points.findIndex((p) => p.t === d.opened.startedAt);
        const around = [i - 2, i - 1, i, i + 1, i + 2]
          .filter((k) => k >= 0 && k < s.points.length)
          .map((k) => {
            const p = s.points[k] as TelemetryPoint;
            const arr = uploadEveryMs === 0 ? (s.arrivals?.[k] ?? p.t + 1000) : Math.max(s.arrivals?.[k] ?? p.t + 1000, (Math.floor(p.t / uploadEveryMs) + 1) * uploadEveryMs + 1000);
            return `${iso(p.t)}+${mins(arr - p.t)}`;
          })
          .join(' ');
        const b = d.opened.evidence.baseline;
        lines.push(
          `    FALSE ${s.identifier} start ${iso(d.opened.startedAt)} end ${d.resolvedAt ? iso(d.resolvedAt) : 'open'} detected ${iso(d.opened.detectedAt)} (${mins(d.opened.detectedAt - d.opened.startedAt)} after) limit ${b.silenceLimitSeconds}s median ${b.medianGapSeconds}s gaps ${b.gaps ?? 1} | records t+lag: ${around}`,
        );
      }
    }
  }
  console.log(`  ${name.padEnd(30)} dropout R ${found}/${labels} P ${matched}/${incidents}`);
  if (list) for (const l of lines) console.log(l);
  return { labels, found, incidents, matched };
}

function main() {
  const list = process.argv.includes('--list');
  const setAt = process.argv.indexOf('--set');
  const only = setAt === -1 ? undefined : (process.argv[setAt + 1] as string).split(',');
  const sets: [string, () => Series[]][] = [
    ['v10', () => heldoutSetV10(3)],
    ['v9', () => heldoutSetV9(3)],
    ['v8', () => heldoutSetV8(3)],
    ['v7', () => heldoutSetV7(3)],
    ['v6', () => heldoutSetV6(3)],
    ['v5', () => heldoutSetV5(3)],
    ['v4', () => heldoutSetV4(3)],
    ['v3', () => heldoutSetV3(3)],
    ['v2', () => heldoutSetV2(3)],
    ['v1', () => heldoutSet(3)],
    ['in', () => benchSet(8, 7)],
  ];
  for (const [name, make] of sets) {
    if (only && !only.includes(name)) continue;
    const set = make();
    probe(`${name} as delivered`, set, 0, list);
    probe(`${name} hourly`, set, HOUR, list);
  }
  const nabAt = process.argv.indexOf('--nab');
  if (nabAt !== -1) {
    const files = loadNab(process.argv[nabAt + 1] as string, 'tuning');
    for (const [mode, windowMs] of [['nab whole', 0], ['nab windows', NAB_WINDOW_MS]] as const) {
      let n = 0;
      for (const f of files) {
        const chunks = windowMs ? splitWindows(f.points, windowMs) : [f.points];
        chunks.forEach((chunk, i) => {
          const drops = replayDropouts({ identifier: `nab-${i}`, shape: f.name, points: chunk.map((p) => ({ t: p.t, m: {} })), labels: [] }, 0);
          n += drops.length;
          if (list) for (const d of drops) console.log(`    NAB ${f.name} ${iso(d.opened.startedAt)} ${d.opened.evidence.baseline.silentSeconds}s`);
        });
      }
      console.log(`  ${mode.padEnd(30)} dropout incidents ${n}`);
    }
  }
}

main();
