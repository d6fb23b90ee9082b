/**
 * Round-14 what-if for regime-change precision (issue 20; not part of the benchmark's figures, and no
 * detector behaviour changes): replays the seen sets (v1-v14 and in-sample; never v15) exactly as
 * `npm run bench:anomaly` does (the loop of anomaly-replay.ts, delivered and hourly; this copy also
 * records when each incident resolved) and studies every regime_change incident the replay opens:
 * its form (spread, slope, profile, duty cycle: which evidence fields it carries), its evidence, the
 * series' shape, and whether it starts inside a labelled window (and of which kind).
 *
 * Per set: regime labels caught, regime incidents true/false, false alarms per 100 device-days; then
 * candidate opening gates, each a function of the incident's own evidence (what the detector holds
 * when it opens it), applied as post-filters, with labels kept/lost, regime false alarms removed,
 * total precision and false alarms per 100 device-days before/after.
 *
 *   npx tsx scripts/bench/regime-whatif.ts [--sets v1,v2,...] [--modes delivered,hourly] [--write-cache F] [--cache F] [--detail] [--per-set] [--rules G3,G7]
 *   npx tsx scripts/bench/regime-whatif.ts --cache BEFORE --compare AFTER   (AFTER: a cache written with a patched detector)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ANOMALY_SETS } from './anomaly-sets';
import { heldoutSetV14 } from './anomaly-heldout-v14';
import { replay, startsInLabel, type AnySeries } from './anomaly-replay';
import type { Changes, TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** v1-v14 and in-sample: all seen this round (v15, the round's blind set, is never added). */
const SETS: Record<string, () => AnySeries[]> = { ...ANOMALY_SETS, v14: () => heldoutSetV14(3) };
const ALL_MODES: [string, number][] = [['delivered', 0], ['hourly', HOUR]];

/** An incident as the replay opened it, with when it resolved (null: still open at the end). */
interface Inc { kind: string; m: string | null; start: number; open: number; end: number | null; base: Record<string, number | string | null>; vals: (number | null)[] }
interface RSeries { id: string; shape: string; days: number; labels: { kind: string; from: number; to: number }[]; incs: Inc[] }
interface Run { set: string; mode: string; series: RSeries[] }

/** anomaly-replay.ts's replay(), also noting each incident's resolution time. */
function replayResolved(series: AnySeries, uploadEveryMs: number): Inc[] {
  const ended = new Map<string, number>();
  const note = (changes: Changes) => {
    for (const i of changes.opened) if (i.resolvedAt !== null) ended.set(i.incidentId, i.resolvedAt);
    for (const [id, u] of changes.updated) if (u.resolvedAt !== null && !ended.has(id)) ended.set(id, u.resolvedAt);
  };
  return replay(series, uploadEveryMs, [], note).map((i) => ({ kind: i.kind, m: i.measurement, start: i.startedAt, open: i.detectedAt, end: ended.get(i.incidentId) ?? null, base: i.evidence.baseline, vals: i.kind === 'regime_change' ? i.evidence.values.map((v) => v.value) : [] }));
}

function collect(names: string[], modes: [string, number][], cache?: string): Run[] {
  const runs: Run[] = [];
  for (const name of names) {
    const set = SETS[name]?.();
    if (!set) throw new Error(`unknown set ${name}`);
    for (const [mode, every] of modes) {
      const series: RSeries[] = set.map((s) => ({
        id: s.identifier,
        shape: s.shape,
        days: ((s.points.at(-1) as TelemetryPoint).t - (s.points[0] as TelemetryPoint).t) / DAY,
        labels: s.labels.map((l) => ({ kind: l.kind, from: l.from, to: l.to })),
        incs: replayResolved(s, every),
      }));
      runs.push({ set: name, mode, series });
      process.stderr.write(`replayed ${name} ${mode}: ${series.reduce((a, s) => a + s.incs.length, 0)} incidents, ${series.reduce((a, s) => a + s.incs.filter((i) => i.kind === 'regime_change').length, 0)} regime\n`);
      if (cache) writeFileSync(cache, JSON.stringify(runs));
    }
  }
  return runs;
}

// ---------------------------------------------------------------- features (the incident's own evidence)

const num = (x: number | string | null | undefined) => (typeof x === 'number' ? x : NaN);
/** The regime form, by the evidence fields its detector writes (detectors.ts: regimeSignal, driftSignal, profileSignal, cycleSignal). */
function form(i: Inc): 'spread' | 'slope' | 'profile' | 'cycle' {
  if ('usualSpread' in i.base) return 'spread';
  if ('recentSlopePerHour' in i.base) return 'slope';
  if ('smoothedDifference' in i.base) return 'profile';
  return 'cycle';
}
/**
 * The change against the series' own history of such changes, as the detector states it when it opens:
 * spread: recentSpread ÷ usualSpread (opens at REGIME.spreadFactor 2.5); slope: |recent − usual slope| ÷
 * largestUsualDifference (DRIFT.factor 2, or the DRIFT.minScales floor); profile: |smoothedDifference| ÷
 * largestUsualDifference (PROFILE.factor 4, or its floors); cycle: the phase against the usual range
 * (phaseSeconds ÷ usualLongestSeconds, or usualShortestSeconds ÷ phaseSeconds).
 */
function histRatio(i: Inc): number {
  const b = i.base;
  switch (form(i)) {
    case 'spread': return num(b.recentSpread) / Math.max(num(b.usualSpread), 1e-12);
    case 'slope': return Math.abs(num(b.recentSlopePerHour) - num(b.usualSlopePerHour)) / Math.max(num(b.largestUsualDifference), 1e-12);
    case 'profile': return Math.abs(num(b.smoothedDifference)) / Math.max(num(b.largestUsualDifference), 1e-12);
    default: {
      const sec = num(b.phaseSeconds);
      return String(b.change).endsWith('longer') ? sec / Math.max(num(b.usualLongestSeconds), 1) : num(b.usualShortestSeconds) / Math.max(sec, 1);
    }
  }
}
/** The change in the baseline's point scales (evidence `scale`): spread: recentSpread ÷ scale; slope: the level moved in 6 h; profile: |smoothedDifference|; cycle: NaN. */
function scaleRatio(i: Inc): number {
  const b = i.base, sc = Math.max(num(b.scale), 1e-12);
  switch (form(i)) {
    case 'spread': return num(b.recentSpread) / sc;
    case 'slope': return (Math.abs(num(b.recentSlopePerHour) - num(b.usualSlopePerHour)) * 6) / sc;
    case 'profile': return Math.abs(num(b.smoothedDifference)) / sc;
    default: return NaN;
  }
}
/** The change against the envelope the series lived in (evidence high − low): spread ×√2 (a neighbour move), slope × 6 h, profile's difference. */
function rangeRatio(i: Inc): number {
  const b = i.base, r = num(b.high) - num(b.low);
  if (!(r > 0)) return NaN;
  switch (form(i)) {
    case 'spread': return (num(b.recentSpread) * Math.SQRT2) / r;
    case 'slope': return (Math.abs(num(b.recentSlopePerHour) - num(b.usualSlopePerHour)) * 6) / r;
    case 'profile': return Math.abs(num(b.smoothedDifference)) / r;
    default: return NaN;
  }
}
/** The evidence values' smallest non-zero move (the measurement's step as far as the evidence shows). */
function step(i: Inc): number {
  let m = Infinity;
  const v = i.vals.filter((x): x is number => typeof x === 'number');
  for (let k = 1; k < v.length; k++) { const d = Math.abs((v[k] as number) - (v[k - 1] as number)); if (d > 1e-9) m = Math.min(m, d); }
  return m;
}
/** How long the incident stayed open (resolution − opening; to the series' end when never resolved). */
const lasted = (i: Inc) => (i.end === null ? Infinity : i.end - i.open);

// ---------------------------------------------------------------- candidate gates

interface Rule { name: string; keep: (i: Inc) => boolean }
const byForm = (f: Partial<Record<ReturnType<typeof form>, (i: Inc) => boolean>>) => (i: Inc) => (f[form(i)] ?? (() => true))(i);
const RULES: Rule[] = [
  ...[1.5, 2, 3].map((k) => ({ name: `G1 hist x${k}`, keep: (i: Inc) => histRatio(i) >= k * ({ spread: 2.5, slope: 2, profile: 4, cycle: 1 }[form(i)]) })),
  ...[2, 3, 5].map((k) => ({ name: `G2 profile/slope >= ${k} scales`, keep: byForm({ profile: (i) => scaleRatio(i) >= k, slope: (i) => scaleRatio(i) >= k }) })),
  ...[0.1, 0.2, 0.3].map((k) => ({ name: `G3 >= ${k} of range`, keep: (i: Inc) => !(rangeRatio(i) < k) })),
  ...[1, 2, 4].map((h) => ({ name: `G4 persists ${h}h`, keep: (i: Inc) => lasted(i) >= h * HOUR })),
  ...[0.1, 0.2, 0.25, 0.3].map((k) => ({ name: `G6 spread >= ${k} of range`, keep: byForm({ spread: (i) => !(rangeRatio(i) < k) }) })),
  ...[2, 4, 6, 8].map((h) => ({ name: `G7 profile/slope hold ${h}h`, keep: byForm({ profile: (i) => lasted(i) >= h * HOUR, slope: (i) => lasted(i) >= h * HOUR }) })),
  ...[4, 6].map((h) => ({ name: `G8 G6 0.25 + G7 ${h}h`, keep: byForm({ spread: (i) => !(rangeRatio(i) < 0.25), profile: (i) => lasted(i) >= h * HOUR, slope: (i) => lasted(i) >= h * HOUR }) })),
  { name: 'G9 profile/slope >= 0.1 of range', keep: byForm({ profile: (i) => !(rangeRatio(i) < 0.1), slope: (i) => !(rangeRatio(i) < 0.1) }) },
  { name: 'G5 no cycle form', keep: (i: Inc) => form(i) !== 'cycle' },
  { name: 'G5 no spread form', keep: (i: Inc) => form(i) !== 'spread' },
  { name: 'G5 no slope form', keep: (i: Inc) => form(i) !== 'slope' },
  { name: 'G5 no profile form', keep: (i: Inc) => form(i) !== 'profile' },
];

// ---------------------------------------------------------------- report

const inW = (i: Inc, l: { from: number; to: number }) => startsInLabel(i.start, l);
interface Tot { days: number; labels: number; caught: number; regime: number; rTrue: number; all: number; allTrue: number }
interface RTot { lost: number; goneFalse: number; goneTrue: number }
const zeroT = (): Tot => ({ days: 0, labels: 0, caught: 0, regime: 0, rTrue: 0, all: 0, allTrue: 0 });
const zeroR = (): RTot => ({ lost: 0, goneFalse: 0, goneTrue: 0 });
const GROUPS = ['v4-v9 (design)', 'v10-v14 (verify)', 'v1-v3 (verify)', 'in-sample (verify)', 'all seen'];
const groupOf = (set: string) => (set === 'in' ? 'in-sample (verify)' : ['v1', 'v2', 'v3'].includes(set) ? 'v1-v3 (verify)' : Number(set.slice(1)) <= 9 ? 'v4-v9 (design)' : 'v10-v14 (verify)');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : String(x));
const iso = (t: number) => new Date(t).toISOString().slice(5, 16);

function report(runs: Run[], detail: boolean): void {
  const only = opt('--rules');
  const rules = only ? RULES.filter((r) => only.split(',').some((x) => r.name.startsWith(x))) : RULES;
  for (const mode of [...new Set(runs.map((r) => r.mode))]) {
    console.log(`\n## ${mode}`);
    const T: Record<string, Tot> = {}, RT: Record<string, RTot> = {};
    const line = (k: string, t: Tot) => `${k.padEnd(20)} regime labels ${t.caught}/${t.labels}  regime incidents ${t.regime} (true ${t.rTrue}, false ${t.regime - t.rTrue}) regime FA/100dd ${(((t.regime - t.rTrue) / t.days) * 100).toFixed(1)}  | all: P ${(t.allTrue / (t.all || 1)).toFixed(3)} (${t.allTrue}/${t.all}) FA/100dd ${(((t.all - t.allTrue) / t.days) * 100).toFixed(1)}`;
    const rline = (k: string, t: Tot, r: RTot) => `   ${k.padEnd(30)} labels kept ${t.caught - r.lost}/${t.caught} (lost ${r.lost})  regime FA removed ${r.goneFalse}/${t.regime - t.rTrue} (true removed ${r.goneTrue})  P ${(t.allTrue / (t.all || 1)).toFixed(3)} -> ${((t.allTrue - r.goneTrue) / (t.all - r.goneTrue - r.goneFalse || 1)).toFixed(3)}  FA/100dd ${(((t.all - t.allTrue) / t.days) * 100).toFixed(1)} -> ${(((t.all - t.allTrue - r.goneFalse) / t.days) * 100).toFixed(1)}`;
    for (const run of runs.filter((r) => r.mode === mode)) {
      const t = zeroT();
      const rt: Record<string, RTot> = Object.fromEntries(rules.map((r) => [r.name, zeroR()]));
      for (const s of run.series) {
        t.days += s.days;
        for (const l of s.labels) {
          if (l.kind !== 'regime_change') continue;
          t.labels++;
          const mine = s.incs.filter((i) => i.kind === 'regime_change' && inW(i, l));
          if (mine.length) t.caught++;
          for (const r of rules) if (mine.length && !mine.some(r.keep)) (rt[r.name] as RTot).lost++;
        }
        for (const i of s.incs) {
          const hit = s.labels.filter((l) => inW(i, l));
          t.all++;
          if (hit.length) t.allTrue++;
          if (i.kind !== 'regime_change') continue;
          t.regime++;
          if (hit.length) t.rTrue++;
          if (detail) console.log(`  ${run.set} ${s.id.padEnd(22)} [${s.shape.slice(0, 28).padEnd(28)}] ${hit.length ? `TRUE(${hit.map((l) => l.kind).join(',')})` : 'false'} ${form(i).padEnd(7)} ${iso(i.start)} open +${Math.round((i.open - i.start) / MIN)}m lasted ${Number.isFinite(lasted(i)) ? `${(lasted(i) / HOUR).toFixed(1)}h` : 'open'} hist ${f2(histRatio(i))} scales ${f2(scaleRatio(i))} range ${f2(rangeRatio(i))} step ${f2(step(i))} ${JSON.stringify(i.base)}`);
          for (const r of rules) {
            if (r.keep(i)) continue;
            const x = rt[r.name] as RTot;
            if (hit.length) x.goneTrue++; else x.goneFalse++;
          }
        }
      }
      console.log(line(run.set, t));
      if (args.includes('--per-set')) for (const r of rules) console.log(rline(r.name, t, rt[r.name] as RTot));
      for (const g of [groupOf(run.set), 'all seen']) {
        const a = (T[g] ??= zeroT());
        (Object.keys(t) as (keyof Tot)[]).forEach((k) => { a[k] += t[k]; });
        for (const r of rules) { const b = (RT[`${g}|${r.name}`] ??= zeroR()), x = rt[r.name] as RTot; b.lost += x.lost; b.goneFalse += x.goneFalse; b.goneTrue += x.goneTrue; }
      }
    }
    for (const g of GROUPS) {
      if (!T[g]) continue;
      console.log(`\n${line(g, T[g] as Tot)}`);
      for (const r of rules) console.log(rline(r.name, T[g] as Tot, RT[`${g}|${r.name}`] as RTot));
    }
  }
}

/**
 * `--compare F`: the same sets replayed by a detector built with a candidate gate (F, a cache written
 * by this script from a patched, uncommitted detector): per set and mode, before → after for regime
 * labels caught (and which were lost or gained), regime incidents true/false, every label caught (all
 * kinds: a gate must not move another kind), total precision and false alarms per 100 device-days.
 * This is the gate itself, not a post-filter: an incident it did not open may open later, and does here.
 */
function compare(before: Run[], after: Run[]): void {
  interface C { labels: number; caught: number; rl: number; rc: number; reg: number; rt: number; all: number; tru: number; days: number; lost: string[]; gained: string[] }
  const zero = (): C => ({ labels: 0, caught: 0, rl: 0, rc: 0, reg: 0, rt: 0, all: 0, tru: 0, days: 0, lost: [], gained: [] });
  const sum = (run: Run, other?: Run): C => {
    const c = zero();
    run.series.forEach((s, k) => {
      c.days += s.days;
      for (const l of s.labels) {
        c.labels++;
        const hit = (x: RSeries) => x.incs.some((i) => i.kind === l.kind && inW(i, l));
        if (hit(s)) c.caught++;
        if (l.kind === 'regime_change') { c.rl++; if (hit(s)) c.rc++; }
        const o = other?.series[k];
        if (o && hit(o) && !hit(s)) c.lost.push(`${s.id} ${l.kind}`);
        if (o && !hit(o) && hit(s)) c.gained.push(`${s.id} ${l.kind}`);
      }
      for (const i of s.incs) {
        const t = s.labels.some((l) => inW(i, l));
        c.all++; if (t) c.tru++;
        if (i.kind === 'regime_change') { c.reg++; if (t) c.rt++; }
      }
    });
    return c;
  };
  const groups: Record<string, [C, C]> = {};
  for (const b of before) {
    const a = after.find((r) => r.set === b.set && r.mode === b.mode);
    if (!a) continue;
    const x = sum(b), y = sum(a, b);
    const fa = (c: C) => (((c.all - c.tru) / c.days) * 100).toFixed(1);
    const p = (c: C) => (c.tru / (c.all || 1)).toFixed(3);
    console.log(`${b.mode.padEnd(9)} ${b.set.padEnd(4)} regime labels ${x.rc}/${x.rl} -> ${y.rc}/${y.rl}  regime inc ${x.reg} (false ${x.reg - x.rt}) -> ${y.reg} (false ${y.reg - y.rt})  all labels ${x.caught}/${x.labels} -> ${y.caught}  P ${p(x)} -> ${p(y)}  FA/100dd ${fa(x)} -> ${fa(y)}${y.lost.length ? `  LOST ${y.lost.join('; ')}` : ''}${y.gained.length ? `  gained ${y.gained.join('; ')}` : ''}`);
    for (const g of [`${b.mode} ${groupOf(b.set)}`, `${b.mode} all seen`]) {
      const [u, v] = (groups[g] ??= [zero(), zero()]);
      for (const [from, to] of [[x, u], [y, v]] as [C, C][]) (['labels', 'caught', 'rl', 'rc', 'reg', 'rt', 'all', 'tru', 'days'] as const).forEach((k) => { to[k] += from[k]; });
    }
  }
  for (const [g, [x, y]] of Object.entries(groups)) console.log(`${g.padEnd(28)} regime labels ${x.rc}/${x.rl} -> ${y.rc}  regime inc ${x.reg} (false ${x.reg - x.rt}) -> ${y.reg} (false ${y.reg - y.rt})  all labels ${x.caught}/${x.labels} -> ${y.caught}  P ${(x.tru / x.all).toFixed(3)} -> ${(y.tru / y.all).toFixed(3)}  FA/100dd ${(((x.all - x.tru) / x.days) * 100).toFixed(1)} -> ${(((y.all - y.tru) / y.days) * 100).toFixed(1)}`);
}

const args = process.argv.slice(2);
const opt = (k: string) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const names = (opt('--sets') ?? 'v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,v13,v14,in').split(',');
if (names.some((n) => !(n in SETS))) throw new Error('sets: v1-v14 and in only');
const modes = ALL_MODES.filter(([m]) => (opt('--modes') ?? 'delivered,hourly').split(',').includes(m));
const runs: Run[] = opt('--cache')
  ? (JSON.parse(readFileSync(opt('--cache') as string, 'utf8')) as Run[]).filter((r) => names.includes(r.set) && modes.some(([m]) => m === r.mode))
  : collect(names, modes, opt('--write-cache'));
if (opt('--compare')) compare(runs, (JSON.parse(readFileSync(opt('--compare') as string, 'utf8')) as Run[]).filter((r) => names.includes(r.set)));
else report(runs, args.includes('--detail'));
