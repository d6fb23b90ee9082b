/**
 * Round-12 what-if for false dropouts as delivered (issue 20; not part of the benchmark's figures,
 * and no detector behaviour changes): replays the seen sets (v1-v12 and in-sample; round 12's lead added
 * `--sets v13`, alone and in aggregate only, after the rule was chosen: the blind check) exactly as `npm run bench:anomaly` does (anomaly-replay.ts, delivered and hourly) and
 * studies every dropout incident the replay opens:
 *
 *   true        it matches a label (a dropout label, or a label of another kind: the bench counts
 *               either as matched);
 *   backfilled  false, and records measured inside its silence (after its start, before it was
 *               opened or before the gap it reports ended) arrived after it was opened: the device
 *               kept measuring, the data was late. `delay` = first such arrival - opening;
 *   silence     false, no record measured inside it ever arrives (a real, unlabelled silence: an
 *               off period, a writer's scheduled gap);
 *   other       false, anything else.
 *
 * Backfilled ones are also counted as `first delay` (the device had never delivered a record 15 min
 * late before the opening) and `live` (opened by the sweep's silence check, not on a resume).
 *
 * and applies causal post-filters (each decides with what had arrived by the opening + its hold):
 *
 *   R1 H        hold the ticket H; withdraw the dropout if any record measured inside its silence
 *               arrives within H of the opening (H = 30 min, 1 h, 2 h, 4 h);
 *   R1c H       as R1, but withdraw only when the records that arrived by then COVER the silence:
 *               re-judged with them, no gap inside it reaches the dropout's own silence limit
 *               (evidence.baseline.silenceLimitSeconds) — a late batch that only fills part of a
 *               real outage does not withdraw it (also H = 8 h and 24 h: records older than 24 h are
 *               not evaluated, so 24 h is the most any hold could wait);
 *   R1e H       the ticket waits until the device resumes or H passes, whichever is first; the
 *               silence is re-judged (as R1c) at each arrival meanwhile: covered, withdrawn;
 *               resumed and still not covered, the ticket goes out then (delay = time to resume);
 *   R2          hold the ticket for the device's own longest delivery delay seen before the
 *               opening (arrival - measurement, any record; no cap), then as R1c;
 *   R2w         R2 with the delays of the last 72 h only (what the state keeps today: CadenceState.slow,
 *               DELIVERY.recurringMs);
 *   R2x H       R2 capped at H.
 *
 * Labels lost = dropout labels caught before and no longer caught after the rule.
 *
 *   npx tsx scripts/bench/dropout-whatif.ts [--sets v1,v2,...] [--modes delivered,hourly] [--write-cache F] [--cache F] [--detail]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ANOMALY_SETS as SETS } from './anomaly-sets';
import type { TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import { replay, startsInLabel } from './anomaly-replay';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const ALL_MODES: [string, number][] = [['delivered', 0], ['hourly', HOUR]];

/** A dropout the replay opened: start (last record before the silence), opening, end of the gap it reports (gap-confirmed ones), silence limit. */
interface DInc { start: number; open: number; end: number | null; limit: number }
/** A replayed series: measurement times and arrival times as the replay fed them (mode applied). */
interface DSeries { id: string; days: number; t: number[]; arr: number[]; labels: { kind: string; from: number; to: number }[]; drops: DInc[] }
interface DRun { set: string; mode: string; series: DSeries[] }

function collect(names: string[], modes: [string, number][], cache?: string): DRun[] {
  const runs: DRun[] = [];
  for (const name of names) {
    const set = SETS[name]?.();
    if (!set) throw new Error(`unknown set ${name}`);
    for (const [mode, every] of modes) {
      const series: DSeries[] = [];
      for (const s of set) {
        const t = s.points.map((p) => p.t);
        // The arrival times exactly as replay() computes them.
        const arr = s.points.map((p, i) => { const own = s.arrivals?.[i] ?? p.t + 1000; return every === 0 ? own : Math.max(own, (Math.floor(p.t / every) + 1) * every + 1000); });
        const drops = replay(s, every).filter((i) => i.kind === 'dropout').map((i) => ({ start: i.startedAt, open: i.detectedAt, end: i.resolvedAt, limit: Number(i.evidence.baseline.silenceLimitSeconds ?? 0) * 1000 }));
        series.push({ id: s.identifier, days: ((s.points.at(-1) as TelemetryPoint).t - (s.points[0] as TelemetryPoint).t) / DAY, t, arr, labels: s.labels.map((l) => ({ kind: l.kind, from: l.from, to: l.to })), drops });
      }
      runs.push({ set: name, mode, series });
      process.stderr.write(`replayed ${name} ${mode}: ${series.reduce((a, s) => a + s.drops.length, 0)} dropouts\n`);
      if (cache) writeFileSync(cache, JSON.stringify(runs));
    }
  }
  return runs;
}

// ---------------------------------------------------------------- classification

const inW = startsInLabel;
/** The silence the dropout reports, as known when it opened: (start, end) for a gap found on resume, (start, open) for a live one. */
const silenceEnd = (d: DInc) => Math.min(d.open, d.end ?? d.open);
/** Indexes of records measured inside the silence. */
const inside = (s: DSeries, d: DInc) => s.t.flatMap((t, i) => (t > d.start && t < silenceEnd(d) ? [i] : []));

type Cls = 'true' | 'backfilled' | 'silence' | 'other';
function classify(s: DSeries, d: DInc): { cls: Cls; delay?: number; dropLabel: boolean } {
  const dropLabel = s.labels.some((l) => l.kind === 'dropout' && inW(d.start, l));
  if (s.labels.some((l) => inW(d.start, l))) return { cls: 'true', dropLabel };
  const idx = inside(s, d);
  if (idx.length === 0) return { cls: 'silence', dropLabel };
  const late = idx.filter((i) => (s.arr[i] as number) > d.open);
  if (late.length === 0) return { cls: 'other', dropLabel };
  return { cls: 'backfilled', delay: Math.min(...late.map((i) => s.arr[i] as number)) - d.open, dropLabel };
}

/** Does a record measured inside the silence arrive within `hold` after the opening? */
const backfilledBy = (s: DSeries, d: DInc, hold: number) => inside(s, d).some((i) => (s.arr[i] as number) > d.open && (s.arr[i] as number) <= d.open + hold);
/** Re-judged with every record that arrived by opening + hold: is no gap inside the silence as long as the dropout's limit? */
function coveredBy(s: DSeries, d: DInc, hold: number): boolean {
  const to = silenceEnd(d);
  const known = inside(s, d).filter((i) => (s.arr[i] as number) <= d.open + hold).map((i) => s.t[i] as number).sort((a, b) => a - b);
  if (known.length === 0) return false;
  const limit = d.limit > 0 ? d.limit : to - d.start;
  let prev = d.start;
  for (const t of [...known, to]) { if (t - prev >= limit) return false; prev = t; }
  return true;
}
/** The device's longest delivery delay (arrival - measurement) among records that arrived before `at`. */
function pastDelay(s: DSeries, at: number, within = Infinity): number {
  let m = 0;
  for (let i = 0; i < s.t.length; i++) if ((s.arr[i] as number) < at && (s.arr[i] as number) >= at - within) m = Math.max(m, (s.arr[i] as number) - (s.t[i] as number));
  return m;
}

/**
 * R1e: the ticket waits until the device resumes (a record measured after the silence arrives) or H
 * has passed, whichever is first; at each arrival in between the silence is re-judged (R1c): covered,
 * the dropout is withdrawn; resumed and not covered, the ticket goes out at once.
 */
function untilResume(s: DSeries, d: DInc, hold: number): { gone: boolean; delay: number } {
  const to = silenceEnd(d);
  const arrivals = [...new Set(s.t.flatMap((t, i) => (t > d.start && (s.arr[i] as number) > d.open && (s.arr[i] as number) <= d.open + hold ? [s.arr[i] as number] : [])))].sort((a, b) => a - b);
  for (const at of arrivals) {
    if (coveredBy(s, d, at - d.open)) return { gone: true, delay: at - d.open };
    if (s.t.some((t, i) => t >= to && (s.arr[i] as number) <= at)) return { gone: false, delay: at - d.open };
  }
  return { gone: coveredBy(s, d, hold), delay: hold };
}

/** A rule's decision on one dropout: withdrawn, or ticketed `delay` after it was opened. */
interface Rule { name: string; decide: (s: DSeries, d: DInc) => { gone: boolean; delay: number } }
const held = (hold: (s: DSeries, d: DInc) => number, withdraw: (s: DSeries, d: DInc, hold: number) => boolean) => (s: DSeries, d: DInc) => { const h = hold(s, d); return { gone: withdraw(s, d, h), delay: h }; };
const RULES: Rule[] = [
  ...[30, 60, 120, 240].map((h) => ({ name: `R1 H${h}`, decide: held(() => h * MIN, backfilledBy) })),
  ...[30, 60, 120, 240, 480, 1440].map((h) => ({ name: `R1c H${h}`, decide: held(() => h * MIN, coveredBy) })),
  ...[120, 240, 480, 1440].map((h) => ({ name: `R1e H${h}`, decide: (s: DSeries, d: DInc) => untilResume(s, d, h * MIN) })),
  { name: 'R2 own max delay', decide: held((s, d) => pastDelay(s, d.open), coveredBy) },
  { name: 'R2w 72h window', decide: held((s, d) => pastDelay(s, d.open, 72 * HOUR), coveredBy) },
  ...[120, 240].map((h) => ({ name: `R2x cap ${h}`, decide: held((s, d) => Math.min(h * MIN, pastDelay(s, d.open)), coveredBy) })),
];

// ---------------------------------------------------------------- report

interface Tot { drops: number; tru: number; back: number; backFirst: number; backLive: number; sil: number; oth: number; labels: number; caught: number; days: number; delays: number[] }
interface RTot { gone: number; goneFalse: number; goneTrue: number; lost: number; holdTrue: number[]; holdAll: number[] }
const zeroT = (): Tot => ({ drops: 0, tru: 0, back: 0, backFirst: 0, backLive: 0, sil: 0, oth: 0, labels: 0, caught: 0, days: 0, delays: [] });
/** A device that never delivered a record this late before the opening: its first delay (a backfilled dropout's `first delay`). */
const FIRST_DELAY_MS = 15 * MIN;
const zeroR = (): RTot => ({ gone: 0, goneFalse: 0, goneTrue: 0, lost: 0, holdTrue: [], holdAll: [] });
const q = (xs: number[], p: number) => { if (!xs.length) return 0; const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number; };
const mins = (ms: number) => `${Math.round(ms / MIN)}m`;

function report(runs: DRun[], detail: boolean): void {
  const groups = (set: string) => (set === 'in' ? ['in-sample'] : set === 'v13' ? ['v13 (blind check)'] : [['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8'].includes(set) ? 'v1-v8 (design)' : 'v9-v12 (verify, rules unchanged)', 'v1-v12']);
  for (const mode of [...new Set(runs.map((r) => r.mode))]) {
    console.log(`\n## ${mode}: dropout incidents (true = matches a label; false split into backfilled / real silence / other)`);
    const T: Record<string, Tot> = {}, RT: Record<string, RTot> = {};
    const line = (k: string, t: Tot) => `${k.padEnd(34)} dropouts ${String(t.drops).padStart(3)}  P ${t.tru}/${t.drops}  false: backfilled ${String(t.back).padStart(3)} (first delay ${t.backFirst}, live ${t.backLive}) silence ${String(t.sil).padStart(3)} other ${t.oth}  labels caught ${t.caught}/${t.labels}  FA/100dd ${(((t.drops - t.tru) / (t.days || 1)) * 100).toFixed(1)}${t.delays.length ? `  backfill delay p50 ${mins(q(t.delays, 0.5))} p90 ${mins(q(t.delays, 0.9))} max ${mins(Math.max(...t.delays))}` : ''}`;
    const rline = (k: string, t: Tot, r: RTot) => `   ${k.padEnd(18)} withdrawn ${String(r.gone).padStart(3)} (false ${r.goneFalse}, true ${r.goneTrue}) labels lost ${r.lost}  P ${t.tru - r.goneTrue}/${t.drops - r.gone}  FA/100dd ${(((t.drops - t.tru - r.goneFalse) / (t.days || 1)) * 100).toFixed(1)}  ticket delay on true: p50 ${mins(q(r.holdTrue, 0.5))} p90 ${mins(q(r.holdTrue, 0.9))} max ${mins(r.holdTrue.length ? Math.max(...r.holdTrue) : 0)}`;
    for (const run of runs.filter((r) => r.mode === mode)) {
      const t = zeroT();
      const rt: Record<string, RTot> = Object.fromEntries(RULES.map((r) => [r.name, zeroR()]));
      for (const s of run.series) {
        t.days += s.days;
        for (const l of s.labels) {
          if (l.kind !== 'dropout') continue;
          t.labels++;
          const mine = s.drops.filter((d) => inW(d.start, l));
          if (mine.length) t.caught++;
          for (const r of RULES) if (mine.length && mine.every((d) => r.decide(s, d).gone)) { (rt[r.name] as RTot).lost++; if (detail) console.log(`  ${run.set} ${s.id} label ${new Date(l.from).toISOString().slice(5, 16)} lost by ${r.name}`); }
        }
        for (const d of s.drops) {
          const c = classify(s, d);
          t.drops++;
          if (c.cls === 'true') t.tru++; else if (c.cls === 'backfilled') { t.back++; t.delays.push(c.delay as number); if (pastDelay(s, d.open) < FIRST_DELAY_MS) t.backFirst++; if (d.end === null) t.backLive++; } else if (c.cls === 'silence') t.sil++; else t.oth++;
          if (detail && c.cls !== 'true') console.log(`  ${run.set} ${s.id} ${c.cls} start ${new Date(d.start).toISOString().slice(5, 16)} open +${mins(d.open - d.start)} ${d.end === null ? 'live' : `gap to +${mins(d.end - d.start)}`} limit ${mins(d.limit)}${c.delay !== undefined ? ` backfill +${mins(c.delay)}` : ''} own max delay ${mins(pastDelay(s, d.open))}`);
          for (const r of RULES) {
            const { gone, delay } = r.decide(s, d), x = rt[r.name] as RTot;
            if (!gone) x.holdAll.push(delay);
            if (c.cls === 'true' && !gone) x.holdTrue.push(delay);
            if (!gone) continue;
            x.gone++;
            if (c.cls === 'true') x.goneTrue++; else x.goneFalse++;
          }
        }
      }
      console.log(line(run.set, t));
      for (const g of groups(run.set)) {
        const a = (T[g] ??= zeroT());
        (Object.keys(t) as (keyof Tot)[]).forEach((k) => { if (k === 'delays') a.delays.push(...t.delays); else a[k] += t[k]; });
        for (const r of RULES) {
          const b = (RT[`${g}|${r.name}`] ??= zeroR()), x = rt[r.name] as RTot;
          b.gone += x.gone; b.goneFalse += x.goneFalse; b.goneTrue += x.goneTrue; b.lost += x.lost; b.holdTrue.push(...x.holdTrue); b.holdAll.push(...x.holdAll);
        }
      }
      if (args.includes('--per-set')) for (const r of RULES) console.log(rline(r.name, t, rt[r.name] as RTot));
    }
    for (const g of ['v1-v8 (design)', 'v9-v12 (verify, rules unchanged)', 'v1-v12', 'in-sample', 'v13 (blind check)']) {
      if (!T[g]) continue;
      console.log(`\n${line(g, T[g] as Tot)}`);
      for (const r of RULES) console.log(rline(r.name, T[g] as Tot, RT[`${g}|${r.name}`] as RTot));
    }
  }
}

const args = process.argv.slice(2);
const opt = (k: string) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const names = (opt('--sets') ?? 'v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,in').split(',');
if (names.some((n) => !(n in SETS))) throw new Error('sets: v1-v13 and in only');
// v13 (blind, the round-12 headline; added by the lead after the rule and its hold were chosen on v1-v12)
// runs alone and in aggregate only: never with --detail (it lists dropouts) or a cache.
if (names.includes('v13') && (names.length > 1 || args.includes('--detail') || opt('--cache') || opt('--write-cache'))) throw new Error('v13 runs alone and in aggregate only (--sets v13, no --detail or cache)');
const modes = ALL_MODES.filter(([m]) => (opt('--modes') ?? 'delivered,hourly').split(',').includes(m));
const runs: DRun[] = opt('--cache')
  ? (JSON.parse(readFileSync(opt('--cache') as string, 'utf8')) as DRun[]).filter((r) => names.includes(r.set) && modes.some(([m]) => m === r.mode))
  : collect(names, modes, opt('--write-cache'));
report(runs, args.includes('--detail'));
