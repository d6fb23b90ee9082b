/**
 * Round-7 probe for the value detectors (not part of the benchmark's figures): replays the seen
 * sets (v1-v14, in-sample, NAB tuning) exactly as `npm run bench:anomaly` does and prints, per set
 * and mode, the summary line and, with `--detail`, per series the false alarms and misses by kind
 * with the values around them. Never reads the NAB held-out part.
 *
 *   npx tsx scripts/bench/anomaly-probe-values.ts v10 v6 v5 [in] [nab] [nabw] [--hourly] [--detail] [--kind spike]
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
import { heldoutSetV11 } from './anomaly-heldout-v11';
import { heldoutSetV12 } from './anomaly-heldout-v12';
import { heldoutSetV13 } from './anomaly-heldout-v13';
import { heldoutSetV14 } from './anomaly-heldout-v14';
import { loadNab, NAB_WINDOW_MS, scoreNabFile, splitWindows, totalNab, type NabFileScore } from './nab';
import type { NewIncident, TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import { replay, startsInLabel } from './anomaly-replay';

type Series = { identifier: string; shape: string; points: TelemetryPoint[]; labels: HeldoutSeries['labels']; arrivals?: number[] };

const args = process.argv.slice(2);
const detail = args.includes('--detail');
const kindAt = args.indexOf('--kind');
const onlyKind = kindAt >= 0 ? args[kindAt + 1] : undefined;
const modes: [string, number][] = args.includes('--hourly') ? [['hourly', 3_600_000]] : args.includes('--both') ? [['delivered', 0], ['hourly', 3_600_000]] : [['delivered', 0]];
const iso = (t: number) => new Date(t).toISOString().slice(5, 16);
const sets: Record<string, () => Series[]> = {
  v1: () => heldoutSet(3), v2: () => heldoutSetV2(3), v3: () => heldoutSetV3(3), v4: () => heldoutSetV4(3), v5: () => heldoutSetV5(3), v6: () => heldoutSetV6(3), v7: () => heldoutSetV7(3), v8: () => heldoutSetV8(3), v9: () => heldoutSetV9(3), v10: () => heldoutSetV10(3), v11: () => heldoutSetV11(3), v12: () => heldoutSetV12(3), v13: () => heldoutSetV13(3), v14: () => heldoutSetV14(3),
  in: () => benchSet(8, 7) as unknown as Series[],
};

function around(s: Series, t: number, key: string): string {
  const i = s.points.findIndex((p) => p.t >= t);
  return s.points.slice(Math.max(0, i - 3), i + 4).map((p) => { const v = p.m[key]; return typeof v === 'number' ? +v.toFixed(3) : v; }).join(' ');
}

for (const name of args.filter((a) => !a.startsWith('--') && a !== onlyKind)) {
  if (name === 'nab' || name === 'nabw') {
    const files = loadNab('/work/nab', 'tuning');
    const scores: NabFileScore[] = [];
    const kinds: Record<string, number> = {};
    for (const file of files) {
      const chunks = name === 'nabw' ? splitWindows(file.points, NAB_WINDOW_MS) : [file.points];
      const starts: number[] = [];
      let span = 0;
      const fk: string[] = [];
      chunks.forEach((chunk, i) => {
        const opened = replay({ identifier: `nab-${i}`, shape: file.name, points: chunk.map((p) => ({ t: p.t, m: { value: p.v } })), labels: [] }, 0);
        span += (chunk.at(-1) as { t: number }).t - (chunk[0] as { t: number }).t;
        for (const o of opened) {
          starts.push(o.startedAt);
          const hit = file.windows.some(([a, b]) => o.startedAt >= a && o.startedAt <= b);
          kinds[`${o.kind}${hit ? '+' : '-'}`] = (kinds[`${o.kind}${hit ? '+' : '-'}`] ?? 0) + 1;
          fk.push(`${o.kind}${hit ? '+' : '-'}@${iso(o.startedAt)}`);
        }
      });
      const sc = scoreNabFile(file.name, file.windows, starts, span);
      scores.push(sc);
      if (detail) console.log(`   ${file.name.padEnd(50)} ${sc.caught}/${sc.failures} FA ${sc.falseAlarms}  ${fk.join(' ')}`);
    }
    const t = totalNab(scores);
    console.log(`${name}: caught ${t.caught}/${t.failures} FA ${t.falseAlarms} = ${t.falseAlarmsPer10DeviceDays.toFixed(2)}/10dd  ${JSON.stringify(kinds)}`);
    continue;
  }
  const set = sets[name]?.();
  if (!set) throw new Error(`unknown set ${name}`);
  for (const [mode, every] of modes) {
    let labels = 0, found = 0, incidents = 0, matched = 0, span = 0, fa = 0;
    const perKind: Record<string, [number, number, number, number]> = {};
    const lines: string[] = [];
    for (const s of set) {
      const opened = replay(s, every);
      span += (s.points.at(-1) as TelemetryPoint).t - (s.points[0] as TelemetryPoint).t;
      labels += s.labels.length;
      incidents += opened.length;
      const inW = (i: NewIncident, l: Series['labels'][number]) => startsInLabel(i.startedAt, l);
      const key = Object.keys(s.points[0]?.m ?? {})[0] ?? 'value';
      for (const l of s.labels) {
        const k = (perKind[l.kind] ??= [0, 0, 0, 0]);
        k[0]++;
        const hit = opened.find((i) => i.kind === l.kind && inW(i, l));
        if (hit) { found++; k[1]++; } else if (!onlyKind || onlyKind === l.kind) {
          const other = opened.filter((i) => inW(i, l)).map((i) => i.kind);
          lines.push(`  MISS ${s.identifier} [${s.shape}] ${l.kind} ${iso(l.from)}..${iso(l.to)} ${other.length ? `(got ${other.join(',')})` : ''}  vals: ${around(s, l.from, key)}`);
        }
      }
      for (const i of opened) {
        const k = (perKind[i.kind] ??= [0, 0, 0, 0]);
        k[2]++;
        if (s.labels.some((l) => inW(i, l))) { matched++; k[3]++; } else {
          fa++;
          if ((!onlyKind || onlyKind === i.kind) && i.kind !== 'dropout') {
            const mk = i.measurement ?? key;
            lines.push(`  FA   ${s.identifier} [${s.shape}] ${i.kind} ${mk} @${iso(i.startedAt)} +${((i.startedAt - (s.points[0] as TelemetryPoint).t) / 3_600_000).toFixed(1)}h ${JSON.stringify(i.evidence.baseline)}  vals: ${around(s, i.startedAt, mk)}`);
          }
        }
      }
    }
    const kinds = Object.entries(perKind).map(([k, [l, f, n, m]]) => `${k} R${f}/${l} P${m}/${n}`).join(', ');
    console.log(`${name} ${mode}: R ${(found / labels).toFixed(3)} P ${(incidents ? matched / incidents : 1).toFixed(3)} FA ${((fa / (span / 86_400_000)) * 100).toFixed(1)}/100dd (${incidents} inc) [${kinds}]`);
    if (detail) console.log(lines.join('\n'));
  }
}
