/**
 * Round-12 what-if for fleet-level learning (issue 20; not part of the benchmark's figures, and
 * no detector behaviour changes): replays the seen sets (v1-v12 and in-sample, never any set
 * beyond v12) exactly as `npm run bench:anomaly` does (anomaly-replay.ts, delivered and hourly),
 * collects every incident each series opened, groups series into fleets (a device type: the
 * identifier without its copy number, so v5-v7's per-copy shape texts still make one fleet), and
 * applies candidate fleet rules as a causal post-filter on those incidents:
 *
 *   sync-same / sync-any  another device of the fleet opened an incident of the same kind (any
 *                         kind) starting within ±W of this one's start;
 *   sched-peer / sched-self / sched-fleet
 *                         another device (this device / any device) of the fleet opened an incident
 *                         of the same kind starting at the same time of day (±W) on an earlier day
 *                         (20 h - 7 d before);
 *   sched2-fleet          as sched-fleet but on at least two earlier days (a schedule recurs);
 *   sync2-same            sync-same with at least two other devices (a quorum of a fleet of 3);
 *   site-dropout          dropouts only: a device of another type with the same copy number (the
 *                         writers' "site") opened a dropout within ±W (the round-8 site gateway).
 *
 * Causal: a peer's incident counts only if it had been opened (detectedAt) before this one was, or
 * within the hold H after it (the ticket would then wait H). Ties at one instant are broken by
 * device id (the first committed sees nothing). Local time: every writer gave all copies of a type
 * one time zone, so a peer's local time of day differs from its UTC one by the same offset and the
 * two give the same figures (the sets do not carry the zone on the series).
 *
 * Besides suppression, `grouped` accounting keeps every label caught and counts a fleet group (an
 * incident and the peers' incidents that the sync rule would merge) as one ticket.
 *
 * Round 12's lead added `--sets v13` (alone, aggregate only) after the rules were fixed: the blind check.
 *
 *   npx tsx scripts/bench/fleet-whatif.ts [--write-cache F] [--cache F] [--sets v1,v2,...] [--modes delivered,hourly]
 *     [--outage] [--w 30] [--hold 60] [--rules a,b] [--per-set] [--by-clock] [--placement]
 *
 * `--outage` adds a simulated site power cut (every series of the set silent for 3 hours from the
 * same minute, labelled as a dropout) to measure how many real simultaneous faults a rule silences.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ANOMALY_SETS as SETS, type LabelledSeries as Series } from './anomaly-sets';
import type { TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import { replay, startsInLabel } from './anomaly-replay';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const ALL_MODES: [string, number][] = [['delivered', 0], ['hourly', HOUR]];
const modeArg = process.argv.indexOf('--modes');
const MODES = modeArg >= 0 ? ALL_MODES.filter(([m]) => (process.argv[modeArg + 1] ?? '').split(',').includes(m)) : ALL_MODES;

/** What the analysis needs of a replayed series. */
export interface CSeries { id: string; fleet: string; copy: string; span: number; labels: { kind: string; from: number; to: number; outage?: boolean }[]; profile: (number | null)[] }
export interface CInc { dev: string; kind: string; meas: string | null; start: number; open: number }
export interface CRun { set: string; mode: string; series: CSeries[]; incidents: CInc[] }

const fleetOf = (id: string) => id.replace(/-\d+$/, '');
const copyOf = (id: string) => /-(\d+)$/.exec(id)?.[1] ?? '';

/** Mean of the first measurement per UTC hour of day, as z-scores (null: no reading that hour). */
function profile(s: Series): (number | null)[] {
  const key = Object.keys(s.points[0]?.m ?? {})[0] as string;
  const sum = new Array<number>(24).fill(0), n = new Array<number>(24).fill(0);
  for (const p of s.points) { const v = p.m[key]; if (typeof v !== 'number') continue; const h = Math.floor((p.t % DAY) / HOUR); sum[h]! += v; n[h]!++; }
  const mean = sum.map((x, h) => (n[h] ? x / n[h]! : null));
  const vals = mean.filter((x): x is number => x !== null);
  const mu = vals.reduce((a, b) => a + b, 0) / (vals.length || 1);
  const sd = Math.sqrt(vals.reduce((a, b) => a + (b - mu) ** 2, 0) / (vals.length || 1)) || 1;
  return mean.map((x) => (x === null ? null : +((x - mu) / sd).toFixed(3)));
}

/** A site power cut: every series silent for 3 h from one minute (36 h after the set's first reading), labelled as a dropout. */
function withOutage(set: Series[]): Series[] {
  const t0 = Math.min(...set.map((s) => (s.points[0] as TelemetryPoint).t));
  const from = t0 + 36 * HOUR, to = from + 3 * HOUR;
  return set.map((s) => {
    const before = s.points.filter((p) => p.t < from), after = s.points.filter((p) => p.t > to);
    if (before.length < 30 || after.length < 3) return s;
    const keep = s.points.map((p) => p.t < from || p.t > to);
    return {
      ...s,
      points: s.points.filter((_, i) => keep[i]),
      arrivals: s.arrivals?.filter((_, i) => keep[i]),
      labels: [...s.labels, { kind: 'dropout', measurement: null, from: (before.at(-1) as TelemetryPoint).t, to: (after[0] as TelemetryPoint).t, outage: true } as Series['labels'][number]],
    };
  });
}

function collect(names: string[], outage: boolean): CRun[] {
  const runs: CRun[] = [];
  for (const name of names) {
    const base = SETS[name]?.();
    if (!base) throw new Error(`unknown set ${name}`);
    const set = outage ? withOutage(base) : base;
    for (const [mode, every] of MODES) {
      const series: CSeries[] = [], incidents: CInc[] = [];
      for (const s of set) {
        series.push({ id: s.identifier, fleet: fleetOf(s.identifier), copy: copyOf(s.identifier), span: (s.points.at(-1) as TelemetryPoint).t - (s.points[0] as TelemetryPoint).t, labels: s.labels.map((l) => ({ kind: l.kind, from: l.from, to: l.to, ...((l as { outage?: boolean }).outage ? { outage: true } : {}) })), profile: profile(s) });
        for (const i of replay(s, every)) incidents.push({ dev: s.identifier, kind: i.kind, meas: i.measurement, start: i.startedAt, open: i.detectedAt });
      }
      runs.push({ set: name, mode, series, incidents });
      process.stderr.write(`replayed ${name} ${mode}: ${incidents.length} incidents\n`);
    }
  }
  return runs;
}

// ---------------------------------------------------------------- rules

interface Ctx { run: CRun; byFleet: Map<string, CInc[]>; fleetOfDev: Map<string, string>; copyOfDev: Map<string, string>; W: number; H: number }
/** Was `p` known when `i` was decided (with hold H)? Ties: lower device id first. */
const known = (p: CInc, i: CInc, H: number) => p.open < i.open + H || (p.open === i.open + H && (H > 0 || p.dev < i.dev));
const todDist = (a: number, b: number) => { const d = Math.abs((((a - b) % DAY) + DAY) % DAY); return Math.min(d, DAY - d); };

type Rule = (i: CInc, c: Ctx) => boolean;
const peers = (i: CInc, c: Ctx) => (c.byFleet.get(c.fleetOfDev.get(i.dev) as string) ?? []).filter((p) => p !== i);
const syncPeers = (i: CInc, c: Ctx, sameKind: boolean) => peers(i, c).filter((p) => p.dev !== i.dev && (!sameKind || p.kind === i.kind) && Math.abs(p.start - i.start) <= c.W && known(p, i, c.H));
const schedDays = (i: CInc, c: Ctx, who: 'peer' | 'self' | 'fleet') => {
  const days = new Set<number>();
  for (const p of peers(i, c)) {
    if (p.kind !== i.kind) continue;
    if (who === 'peer' && p.dev === i.dev) continue;
    if (who === 'self' && p.dev !== i.dev) continue;
    const back = i.start - p.start;
    if (back < 20 * HOUR || back > 7 * DAY + c.W || todDist(p.start, i.start) > c.W || !known(p, i, c.H)) continue;
    days.add(Math.round(back / DAY));
  }
  return days.size;
};
export const RULES: Record<string, Rule> = {
  'sync-same': (i, c) => syncPeers(i, c, true).length >= 1,
  'sync-any': (i, c) => syncPeers(i, c, false).length >= 1,
  'sync2-same': (i, c) => new Set(syncPeers(i, c, true).map((p) => p.dev)).size >= 2,
  'sched-peer': (i, c) => schedDays(i, c, 'peer') >= 1,
  'sched-self': (i, c) => schedDays(i, c, 'self') >= 1,
  'sched-fleet': (i, c) => schedDays(i, c, 'fleet') >= 1,
  'sched2-fleet': (i, c) => schedDays(i, c, 'fleet') >= 2,
  'sync|sched-fleet': (i, c) => syncPeers(i, c, true).length >= 1 || schedDays(i, c, 'fleet') >= 1,
  'site-dropout': (i, c) => i.kind === 'dropout' && c.run.incidents.some((p) => p.kind === 'dropout' && p.dev !== i.dev && c.fleetOfDev.get(p.dev) !== c.fleetOfDev.get(i.dev) && c.copyOfDev.get(p.dev) === c.copyOfDev.get(i.dev) && Math.abs(p.start - i.start) <= c.W && known(p, i, c.H)),
};

// ---------------------------------------------------------------- scoring

export interface Score { labels: number; caught: number; incidents: number; matched: number; fa: number; days: number; lost: number; lostOutage: number; outage: number; outageCaught: number }
const inW = (i: CInc, l: CSeries['labels'][number]) => startsInLabel(i.start, l);

export function score(run: CRun, drop: Set<CInc> | null, only?: (s: CSeries) => boolean): Score {
  const sc: Score = { labels: 0, caught: 0, incidents: 0, matched: 0, fa: 0, days: 0, lost: 0, lostOutage: 0, outage: 0, outageCaught: 0 };
  const byDev = new Map<string, CInc[]>();
  for (const i of run.incidents) byDev.set(i.dev, [...(byDev.get(i.dev) ?? []), i]);
  for (const s of run.series) {
    if (only && !only(s)) continue;
    const all = byDev.get(s.id) ?? [];
    const kept = drop ? all.filter((i) => !drop.has(i)) : all;
    sc.days += s.span / DAY;
    for (const l of s.labels) {
      const before = all.some((i) => i.kind === l.kind && inW(i, l));
      const after = kept.some((i) => i.kind === l.kind && inW(i, l));
      if (l.outage) { sc.outage++; if (after) sc.outageCaught++; if (before && !after) sc.lostOutage++; continue; }
      sc.labels++;
      if (after) sc.caught++;
      if (before && !after) sc.lost++;
    }
    for (const i of kept) {
      sc.incidents++;
      if (s.labels.some((l) => !l.outage && inW(i, l))) sc.matched++; else if (!s.labels.some((l) => inW(i, l))) sc.fa++;
    }
  }
  return sc;
}

function ctxOf(run: CRun, W: number, H: number): Ctx {
  const fleetOfDev = new Map(run.series.map((s) => [s.id, s.fleet]));
  const copyOfDev = new Map(run.series.map((s) => [s.id, s.copy]));
  const byFleet = new Map<string, CInc[]>();
  for (const i of run.incidents) { const f = fleetOfDev.get(i.dev) as string; byFleet.set(f, [...(byFleet.get(f) ?? []), i]); }
  return { run, byFleet, fleetOfDev, copyOfDev, W, H };
}
export function suppressed(run: CRun, rule: Rule, W: number, H: number): Set<CInc> {
  const c = ctxOf(run, W, H);
  return new Set(run.incidents.filter((i) => rule(i, c)));
}

/** Grouped accounting for a sync rule: every label kept, one ticket per group of fleet incidents the rule links. */
export function grouped(run: CRun, W: number, H: number, only?: (s: CSeries) => boolean): { tickets: number; tp: number; fa: number } {
  const c = ctxOf(run, W, H);
  const ser = new Map(run.series.map((s) => [s.id, s]));
  const inc = run.incidents.filter((i) => !only || only(ser.get(i.dev) as CSeries));
  const parent = new Map<CInc, CInc>(inc.map((i) => [i, i]));
  const find = (x: CInc): CInc => { let r = x; while (parent.get(r) !== r) r = parent.get(r) as CInc; return r; };
  for (const i of inc) for (const p of syncPeers(i, c, false)) if (parent.has(p)) parent.set(find(i), find(p));
  const groups = new Map<CInc, CInc[]>();
  for (const i of inc) groups.set(find(i), [...(groups.get(find(i)) ?? []), i]);
  let tp = 0, fa = 0;
  for (const g of groups.values()) {
    const hit = g.some((i) => (ser.get(i.dev) as CSeries).labels.some((l) => !l.outage && inW(i, l)));
    if (hit) tp++; else if (!g.some((i) => (ser.get(i.dev) as CSeries).labels.some((l) => inW(i, l)))) fa++;
  }
  return { tickets: groups.size, tp, fa };
}

// ---------------------------------------------------------------- realism: how copies are placed

/** Per fleet: correlation of the copies' UTC hour-of-day profiles at lag 0 and the best lag (hours). */
export function clockOf(series: CSeries[]): { corr0: number; best: number; bestLag: number } | null {
  if (series.length < 2) return null;
  const corr = (a: (number | null)[], b: (number | null)[], lag: number) => {
    let s = 0, n = 0;
    for (let h = 0; h < 24; h++) { const x = a[h], y = b[(h + lag) % 24]; if (x == null || y == null) continue; s += x * y; n++; }
    return n ? s / n : 0;
  };
  let c0 = 0, best = -Infinity, bestLag = 0, pairs = 0;
  const lagSum = new Array<number>(24).fill(0);
  for (let a = 0; a < series.length; a++) for (let b = a + 1; b < series.length; b++) {
    pairs++;
    c0 += corr(series[a]!.profile, series[b]!.profile, 0);
    for (let lag = 0; lag < 24; lag++) lagSum[lag]! += corr(series[a]!.profile, series[b]!.profile, lag);
  }
  lagSum.forEach((v, lag) => { if (v / pairs > best + 1e-9) { best = v / pairs; bestLag = lag > 12 ? lag - 24 : lag; } });
  return { corr0: c0 / pairs, best, bestLag };
}
/** 'shared': the copies' daily profiles line up at lag 0; 'flat': no daily pattern shared; 'offset': they line up at another lag. */
export function clockClass(series: CSeries[]): 'shared' | 'offset' | 'flat' | 'single' {
  const c = clockOf(series);
  if (!c) return 'single';
  if (c.best < 0.5) return 'flat';
  // A profile that repeats every 12 h matches at lag 12 as well as at 0: lag 0 within 0.05 of the best is shared.
  return (Math.abs(c.bestLag) <= 1 || c.corr0 >= c.best - 0.05) && c.corr0 >= 0.5 ? 'shared' : 'offset';
}

// ---------------------------------------------------------------- report

const args = process.argv.slice(2);
const opt = (k: string) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const names = (opt('--sets') ?? 'v1,v2,v3,v4,v5,v6,v7,v8,v9,v10,v11,v12,in').split(',');
if (names.some((n) => !(n in SETS))) throw new Error('sets: v1-v13 and in only');
// v13 (blind, the round-12 headline) is read only alone, after the rules, W and H were fixed on v1-v12,
// and only in aggregate: never with the options that print series (--lost, --placement).
if (names.includes('v13') && (names.length > 1 || args.includes('--lost') || args.includes('--placement'))) throw new Error('v13 runs alone and in aggregate only (--sets v13, no --lost or --placement)');
const outage = args.includes('--outage');
let runs: CRun[];
if (opt('--cache')) runs = (JSON.parse(readFileSync(opt('--cache') as string, 'utf8')) as CRun[]).filter((r) => names.includes(r.set));
else {
  runs = collect(names, outage);
  if (opt('--write-cache')) writeFileSync(opt('--write-cache') as string, JSON.stringify(runs));
}
report(runs);

function report(runs: CRun[]): void {
  const W = Number(opt('--w') ?? 30) * MIN;
  const holdH = Number(opt('--hold') ?? 60) * MIN;
  const ruleNames = (opt('--rules') ?? Object.keys(RULES).join(',')).split(',');
  const f = (s: Score) => `R ${(s.caught / (s.labels || 1)).toFixed(3)} (${s.caught}/${s.labels}) P ${(s.incidents ? s.matched / s.incidents : 1).toFixed(3)} FA ${String(s.fa).padStart(3)} = ${((s.fa / s.days) * 100).toFixed(1).padStart(5)}/100dd${s.lost ? ` lost ${s.lost}` : ''}${s.outage ? ` outage ${s.outageCaught}/${s.outage}${s.lostOutage ? ` (silenced ${s.lostOutage})` : ''}` : ''}`;
  const add = (a: Score, b: Score): Score => Object.fromEntries(Object.keys(a).map((k) => [k, (a as unknown as Record<string, number>)[k]! + (b as unknown as Record<string, number>)[k]!])) as unknown as Score;
  const zero = (): Score => ({ labels: 0, caught: 0, incidents: 0, matched: 0, fa: 0, days: 0, lost: 0, lostOutage: 0, outage: 0, outageCaught: 0 });
  console.log(`W = ±${W / MIN} min; H = 0 and ${holdH / MIN} min (hold)\n`);

  // Placement of copies.
  console.log('## How each set places a type\'s copies (UTC hour-of-day profiles of the copies, averaged over pairs)');
  const seen = new Set<string>();
  const clock = new Map<string, string>();
  for (const run of runs) {
    if (seen.has(run.set)) continue;
    seen.add(run.set);
    const fleets = new Map<string, CSeries[]>();
    for (const s of run.series) fleets.set(s.fleet, [...(fleets.get(s.fleet) ?? []), s]);
    const cls: Record<string, string[]> = {};
    for (const [fl, ss] of fleets) { const k = clockClass(ss); clock.set(`${run.set}/${fl}`, k); (cls[k] ??= []).push(`${fl.replace(/^(v\d+|ho)-/, '')}${k === 'offset' || k === 'shared' ? `(${clockOf(ss)!.bestLag}h ${clockOf(ss)!.corr0.toFixed(2)})` : ''}`); }
    const starts = run.series.map((s) => s.span);
    console.log(`${run.set}: ${fleets.size} fleets; ${Object.entries(cls).map(([k, v]) => `${k} ${v.length}`).join(', ')}; days per series ${(Math.min(...starts) / DAY).toFixed(1)}-${(Math.max(...starts) / DAY).toFixed(1)}`);
    if (args.includes('--placement')) for (const [k, v] of Object.entries(cls)) console.log(`    ${k}: ${v.join(' ')}`);
  }
  console.log('');

  const design = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8'];
  for (const [mode] of MODES) {
    console.log(`## ${mode}`);
    const tot: Record<string, Score> = {};
    const totFor = (group: string, key: string, s: Score) => {
      for (const g of group === 'in-sample' || group.startsWith('v13') ? [group] : [group, 'v1-v12']) tot[`${g}|${key}`] = add(tot[`${g}|${key}`] ?? zero(), s);
    };
    for (const run of runs.filter((r) => r.mode === mode)) {
      const group = run.set === 'in' ? 'in-sample' : run.set === 'v13' ? 'v13 (blind check)' : design.includes(run.set) ? 'v1-v8 (design)' : 'v9-v12 (verify)';
      const base = score(run, null);
      console.log(`${run.set.padEnd(4)} before            ${f(base)}`);
      totFor(group, 'before', base);
      for (const cl of ['shared', 'offset', 'flat', 'single']) totFor(group, `before@${cl}`, score(run, null, (s) => clock.get(`${run.set}/${s.fleet}`) === cl));
      for (const rn of ruleNames) for (const H of [0, holdH]) {
        const drop = suppressed(run, RULES[rn] as Rule, W, H);
        const s = score(run, drop);
        if (args.includes('--per-set')) console.log(`     ${`${rn} H${H / MIN}`.padEnd(22)} ${f(s)}`);
        if (args.includes('--lost')) for (const x of run.series) for (const l of x.labels) {
          const mine = run.incidents.filter((i) => i.dev === x.id && i.kind === l.kind && inW(i, l));
          if (mine.length && mine.every((i) => drop.has(i))) console.log(`       lost by ${rn} H${H / MIN}: ${x.id} ${l.kind}${l.outage ? ' (outage)' : ''} @${new Date(l.from).toISOString().slice(5, 16)}`);
        }
        totFor(group, `${rn} H${H / MIN}`, s);
        for (const cl of ['shared', 'offset', 'flat', 'single']) totFor(group, `${rn} H${H / MIN}@${cl}`, score(run, drop, (x) => clock.get(`${run.set}/${x.fleet}`) === cl));
      }
      for (const H of [0, holdH]) {
        const g = grouped(run, W, H);
        const k = `grouped H${H / MIN}`;
        if (args.includes('--per-set')) console.log(`     ${k.padEnd(22)} R ${(base.caught / (base.labels || 1)).toFixed(3)} (${base.caught}/${base.labels}) P ${(g.tp / (g.tickets || 1)).toFixed(3)} FA ${String(g.fa).padStart(3)} = ${((g.fa / base.days) * 100).toFixed(1).padStart(5)}/100dd (${g.tickets} tickets)`);
        for (const gr of group === 'in-sample' || group.startsWith('v13') ? [group] : [group, 'v1-v12']) {
          const prev = (tot[`${gr}|${k}`] ?? zero()) as Score;
          tot[`${gr}|${k}`] = { ...prev, incidents: prev.incidents + g.tickets, matched: prev.matched + g.tp, fa: prev.fa + g.fa, days: prev.days + base.days, labels: prev.labels + base.labels, caught: prev.caught + base.caught };
        }
      }
    }
    for (const group of ['v1-v8 (design)', 'v9-v12 (verify)', 'v1-v12', 'in-sample', 'v13 (blind check)']) {
      if (!tot[`${group}|before`]) continue;
      console.log(`\n  ${group}, ${mode}:`);
      for (const k of ['before', ...ruleNames.flatMap((rn) => [0, holdH].map((H) => `${rn} H${H / MIN}`)), `grouped H0`, `grouped H${holdH / MIN}`]) {
        const s = tot[`${group}|${k}`];
        if (s) console.log(`    ${k.padEnd(22)} ${f(s)}`);
      }
      if (args.includes('--by-clock')) for (const cl of ['shared', 'offset', 'flat', 'single']) {
        const b = tot[`${group}|before@${cl}`];
        if (!b || !b.days) continue;
        console.log(`    [${cl} clock: ${(b.days).toFixed(0)} device-days]`);
        for (const k of ['before', ...ruleNames.flatMap((rn) => [0, holdH].map((H) => `${rn} H${H / MIN}`))]) { const s = tot[`${group}|${k}@${cl}`]; if (s) console.log(`      ${k.padEnd(20)} ${f(s)}`); }
      }
    }
    console.log('');
  }
}
