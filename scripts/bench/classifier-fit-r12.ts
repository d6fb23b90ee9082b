/**
 * Round-12 fitting script (issue 20): learn a few numbers from the ~2,800 labelled seen tickets instead of
 * writing more rules, each judged LEAVE-ONE-SET-OUT: fit on every seen set but one, score the one left out,
 * per set and on the mean. Never fits on the scored set. Score of a set: right - 2 x wrong (a wrong answer
 * costs two abstentions); its no-category tickets count as wrong when answered.
 *
 * Commands (figures of round 12: docs/categorisation.md, "Round 12: learned calibration"):
 *
 *   rows FILE                      per-ticket signals of every seen set, both modes, to FILE (JSON; the title read
 *                                     alone costs one more classification per ticket)
 *   calib [--rows=FILE]            1. answer/abstain calibrators (logistic over the signals, threshold fitted on the
 *                                     training sets), LOSO score per variant; --show=veto:NAME:L2 prints one per set, before / after
 *   search a|b [--grid=JSON] [--tuning=JSON] [--out=FILE]
 *                                  2./3. runs every seen set per candidate value (default: the hand-set value x 0.5 … 2
 *                                     per TUNING key; `field.agent` etc. for FIELD_WEIGHT, `confirmed.margin` etc. for CONFIRMED
 *                                     (round 14)), zero-shot (a) or after examples (b)
 *   loso FILE[,FILE]               per key: the value each left-out set gets from the other sets (no value that costs a
 *                                     training set more than one ticket), and its delta on the left-out set; two files
 *                                     (a and b of one grid) are judged together
 *   sets --after=JSON              per set and mode, right / wrong before and after a TUNING change, side by side
 *
 *   npx tsx scripts/bench/classifier-fit-r12.ts rows /tmp/rows.json && npx tsx scripts/bench/classifier-fit-r12.ts calib --rows=/tmp/rows.json
 *   npx tsx scripts/bench/classifier-fit-r12.ts search b --out=/tmp/b.json && npx tsx scripts/bench/classifier-fit-r12.ts loso /tmp/b.json
 *   npx tsx scripts/bench/classifier-fit-r12.ts sets --after='{"examples":0.5}'
 */
import { CONFIRMED, EmbeddedClassifier, FIELD_WEIGHT, rankCategories, ticketFeatures, TUNING, CONCEPT_PREFIX } from '../../shared/domain/ticket/classifier/embedded';
import { detectLanguage, words } from '../../shared/domain/ticket/classifier/language';
import type { ExampleCounts } from '../../shared/domain/ticket/classifier/examples';
import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS, type LabelledTicket } from './classifier-set';
import { HELDOUT_TICKETS } from './classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from './classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, HELDOUT_V3_TICKETS } from './classifier-heldout-v3';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_NO_CATEGORY, HELDOUT_V4_TICKETS } from './classifier-heldout-v4';
import { HELDOUT_V5_EXAMPLES, HELDOUT_V5_NO_CATEGORY, HELDOUT_V5_TICKETS } from './classifier-heldout-v5';
import { HELDOUT_V6_EXAMPLES, HELDOUT_V6_NO_CATEGORY, HELDOUT_V6_TICKETS } from './classifier-heldout-v6';
import { HELDOUT_V7_EXAMPLES, HELDOUT_V7_NO_CATEGORY, HELDOUT_V7_TICKETS } from './classifier-heldout-v7';
import { HELDOUT_V8_EXAMPLES, HELDOUT_V8_NO_CATEGORY, HELDOUT_V8_TICKETS } from './classifier-heldout-v8';
import { HELDOUT_V9_EXAMPLES, HELDOUT_V9_NO_CATEGORY, HELDOUT_V9_TICKETS } from './classifier-heldout-v9';
import { HELDOUT_V10_EXAMPLES, HELDOUT_V10_NO_CATEGORY, HELDOUT_V10_TICKETS } from './classifier-heldout-v10';
import { HELDOUT_V11_EXAMPLES, HELDOUT_V11_NO_CATEGORY, HELDOUT_V11_TICKETS } from './classifier-heldout-v11';
import { HELDOUT_V12_EXAMPLES, HELDOUT_V12_NO_CATEGORY, HELDOUT_V12_TICKETS } from './classifier-heldout-v12';
import { HELDOUT_V13_EXAMPLES, HELDOUT_V13_NO_CATEGORY, HELDOUT_V13_TICKETS } from './classifier-heldout-v13';
import { OWN_TICKETS } from './classifier-own';
import { examplesFrom } from './classifier-eval';

interface SeenSet {
  label: string;
  tickets: LabelledTicket[];
  examples: readonly LabelledTicket[];
  noCategory: TicketText[];
}

// v13 (blind in round 12) is a seen set from round 14 on.
export const SEEN_SETS: SeenSet[] = [
  { label: 'v13', tickets: HELDOUT_V13_TICKETS, examples: HELDOUT_V13_EXAMPLES, noCategory: HELDOUT_V13_NO_CATEGORY },
  { label: 'v12', tickets: HELDOUT_V12_TICKETS, examples: HELDOUT_V12_EXAMPLES, noCategory: HELDOUT_V12_NO_CATEGORY },
  { label: 'v11', tickets: HELDOUT_V11_TICKETS, examples: HELDOUT_V11_EXAMPLES, noCategory: HELDOUT_V11_NO_CATEGORY },
  { label: 'v10', tickets: HELDOUT_V10_TICKETS, examples: HELDOUT_V10_EXAMPLES, noCategory: HELDOUT_V10_NO_CATEGORY },
  { label: 'v9', tickets: HELDOUT_V9_TICKETS, examples: HELDOUT_V9_EXAMPLES, noCategory: HELDOUT_V9_NO_CATEGORY },
  { label: 'v8', tickets: HELDOUT_V8_TICKETS, examples: HELDOUT_V8_EXAMPLES, noCategory: HELDOUT_V8_NO_CATEGORY },
  { label: 'v7', tickets: HELDOUT_V7_TICKETS, examples: HELDOUT_V7_EXAMPLES, noCategory: HELDOUT_V7_NO_CATEGORY },
  { label: 'v6', tickets: HELDOUT_V6_TICKETS, examples: HELDOUT_V6_EXAMPLES, noCategory: HELDOUT_V6_NO_CATEGORY },
  { label: 'v5', tickets: HELDOUT_V5_TICKETS, examples: HELDOUT_V5_EXAMPLES, noCategory: HELDOUT_V5_NO_CATEGORY },
  { label: 'v4', tickets: HELDOUT_V4_TICKETS, examples: HELDOUT_V4_EXAMPLES, noCategory: HELDOUT_V4_NO_CATEGORY },
  { label: 'v3', tickets: HELDOUT_V3_TICKETS, examples: HELDOUT_V3_EXAMPLES, noCategory: HELDOUT_V3_NO_CATEGORY },
  { label: 'v2', tickets: HELDOUT_V2_TICKETS, examples: HELDOUT_V2_EXAMPLES, noCategory: [] },
  { label: 'v1', tickets: HELDOUT_TICKETS, examples: BENCH_EXAMPLES, noCategory: [] },
  { label: 'in-sample', tickets: BENCH_TICKETS, examples: BENCH_EXAMPLES, noCategory: [] },
  { label: 'own', tickets: OWN_TICKETS, examples: BENCH_EXAMPLES, noCategory: [] },
];

/** One ticket as the calibrator sees it. */
export interface Row {
  set: string;
  mode: 'a' | 'b';
  /** Category wanted, null for a no-category ticket. */
  want: string | null;
  best: string | null;
  /** The classifier's answer today (null: abstained). */
  got: string | null;
  x: number[];
}

export const SIGNALS = ['logit(conf)', 'log(conf/runnerUp)', 'title only', 'concepts', 'max concept', 'conversation', 'log words', 'not English', 'confirmed', 'held', 'answers today', 'title alone agrees', 'logit(title alone conf)'];

const logit = (p: number) => Math.log(Math.max(1e-4, p) / Math.max(1e-4, 1 - p));

async function row(set: string, mode: 'a' | 'b', ticket: TicketText, want: string | null, examples: ExampleCounts | undefined, classifier: EmbeddedClassifier): Promise<Row> {
  const titleOnly = !ticket.description.trim() && ticket.messages.every((m) => !m.content.trim());
  const [r, answer, features, title] = await Promise.all([
    rankCategories(ticket, BENCH_CATEGORIES, examples),
    classifier.assess(ticket, BENCH_CATEGORIES, undefined, examples),
    ticketFeatures(ticket),
    // The title read alone: does it name the same category as the whole ticket?
    titleOnly ? undefined : rankCategories({ title: ticket.title, description: '', messages: [] }, BENCH_CATEGORIES, examples),
  ]);
  const concepts = [...features].filter(([f, w]) => f.startsWith(CONCEPT_PREFIX) && w >= 0.3).map(([, w]) => w);
  const text = [ticket.title, ticket.description, ...ticket.messages.map((m) => m.content)].join(' ');
  const n = words(text).length;
  const x = [
    logit(r.confidence),
    Math.min(6, Math.log((r.confidence + 1e-4) / (r.runnerUp + 1e-4))),
    titleOnly ? 1 : 0,
    Math.min(4, concepts.length),
    Math.max(0, ...concepts),
    ticket.messages.some((m) => m.role !== 'customer') ? 1 : 0,
    Math.log(1 + n),
    (detectLanguage(words(text), 1) ?? 'en') === 'en' ? 0 : 1,
    r.confirmed ? 1 : 0,
    r.held ? 1 : 0,
    answer.category !== null ? 1 : 0,
    !title || title.best === r.best ? 1 : 0,
    logit(title ? title.confidence : r.confidence),
  ];
  return { set, mode, want, best: r.best, got: answer.category, x };
}

export async function collect(modes: ('a' | 'b')[] = ['a', 'b']): Promise<Row[]> {
  const classifier = new EmbeddedClassifier();
  const rows: Row[] = [];
  for (const set of SEEN_SETS) {
    const counts = await examplesFrom(set.examples);
    for (const mode of modes) {
      const examples = mode === 'b' ? counts : undefined;
      for (const { ticket, category } of set.tickets) rows.push(await row(set.label, mode, ticket, category, examples, classifier));
      for (const ticket of set.noCategory) rows.push(await row(set.label, mode, ticket, null, examples, classifier));
    }
  }
  return rows;
}

/** right, wrong, abstained among labelled tickets; nocat answered among no-category tickets. */
export function tally(rows: Row[], answers: (r: Row) => boolean) {
  let right = 0;
  let wrong = 0;
  let abstained = 0;
  let nocat = 0;
  let n = 0;
  for (const r of rows) {
    const answered = answers(r) && r.best !== null;
    if (r.want === null) {
      if (answered) nocat++;
      continue;
    }
    n++;
    if (!answered) abstained++;
    else if (r.best === r.want) right++;
    else wrong++;
  }
  return { n, right, wrong, abstained, nocat, score: right - 2 * (wrong + nocat) };
}

// ---- logistic regression (L2, Newton-free gradient descent on standardised inputs) ----

export interface Logistic {
  weights: number[];
  bias: number;
}

function fitLogistic(xs: number[][], ys: number[], columns: number[], l2 = 1, iterations = 400): Logistic {
  const d = columns.length;
  const mean = columns.map((c) => xs.reduce((s, x) => s + (x[c] as number), 0) / xs.length);
  const sd = columns.map((c, j) => Math.sqrt(xs.reduce((s, x) => s + ((x[c] as number) - (mean[j] as number)) ** 2, 0) / xs.length) || 1);
  const z = xs.map((x) => columns.map((c, j) => ((x[c] as number) - (mean[j] as number)) / (sd[j] as number)));
  let w = new Array<number>(d).fill(0);
  let b = 0;
  const rate = 0.5;
  for (let it = 0; it < iterations; it++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < z.length; i++) {
      const zi = z[i] as number[];
      const p = 1 / (1 + Math.exp(-(b + zi.reduce((s, v, j) => s + v * (w[j] as number), 0))));
      const e = p - (ys[i] as number);
      gb += e;
      for (let j = 0; j < d; j++) gw[j] = (gw[j] as number) + e * (zi[j] as number);
    }
    w = w.map((wj, j) => wj - rate * (((gw[j] as number) + l2 * wj) / z.length));
    b -= (rate * gb) / z.length;
  }
  // Back to raw inputs.
  const weights = new Array<number>(SIGNALS.length).fill(0);
  let bias = b;
  columns.forEach((c, j) => {
    weights[c] = (w[j] as number) / (sd[j] as number);
    bias -= ((w[j] as number) * (mean[j] as number)) / (sd[j] as number);
  });
  return { weights, bias };
}

export const decision = (m: Logistic, x: number[]) => m.bias + x.reduce((s, v, i) => s + v * (m.weights[i] ?? 0), 0);

/** The logistic's threshold (on its log-odds) that maximises right - 2 x wrong on `rows`. */
function bestThreshold(rows: Row[], gate: (r: Row, t: number) => boolean): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let t = -2; t <= 3.001; t += 0.05) {
    const s = tally(rows, (r) => gate(r, t)).score;
    if (s > bestScore + 1e-9) {
      bestScore = s;
      best = t;
    }
  }
  return best;
}

const fmt = (t: ReturnType<typeof tally>) => `${((100 * t.right) / t.n).toFixed(1).padStart(5)} / ${((100 * t.wrong) / t.n).toFixed(1).padStart(4)} nc${String(t.nocat).padStart(2)} s${String(t.score).padStart(4)}`;

/**
 * Calibrators, each LOSO: `replace` answers when the logistic says so (the rule of today is one of its inputs),
 * `veto` keeps today's rule and abstains where the logistic's log-odds fall under the threshold.
 */
function calib(rows: Row[], columns: number[], variant: 'replace' | 'veto', l2: number, verbose: boolean) {
  const labels = SEEN_SETS.map((s) => s.label);
  const totals = { a: [0, 0], b: [0, 0] };
  const lines: string[] = [];
  for (const mode of ['a', 'b'] as const) {
    for (const label of labels) {
      const train = rows.filter((r) => r.mode === mode && r.set !== label);
      const test = rows.filter((r) => r.mode === mode && r.set === label);
      const model = fitLogistic(
        train.map((r) => r.x),
        train.map((r) => (r.want !== null && r.best === r.want ? 1 : 0)),
        columns,
        l2,
      );
      const gate = (r: Row, t: number) => (variant === 'replace' ? decision(model, r.x) >= t : r.got !== null && decision(model, r.x) >= t);
      const t = bestThreshold(train, gate);
      const before = tally(test, (r) => r.got !== null);
      const after = tally(test, (r) => gate(r, t));
      totals[mode][0] += before.score;
      totals[mode][1] += after.score;
      lines.push(`  ${mode} ${label.padEnd(10)} before ${fmt(before)} | after ${fmt(after)} | ${after.score - before.score >= 0 ? '+' : ''}${after.score - before.score}  (t ${t.toFixed(2)})`);
    }
  }
  if (verbose) for (const l of lines) console.log(l);
  return totals;
}

/** Per seen set, right - 2 x (wrong + no-category answered) of today's rule under the current TUNING, in one mode. */
let salt = 0;

async function setScores(mode: 'a' | 'b'): Promise<Record<string, ReturnType<typeof tally>>> {
  const classifier = new EmbeddedClassifier();
  // Prepared categories are cached by their text: trailing spaces (which change no feature) make this run prepare them anew.
  const pad = ' '.repeat(++salt);
  const categories = BENCH_CATEGORIES.map((c) => ({ ...c, description: `${c.description ?? ''}${pad}` }));
  const out: Record<string, ReturnType<typeof tally>> = {};
  for (const set of SEEN_SETS) {
    const examples = mode === 'b' ? await examplesFrom(set.examples) : undefined;
    const rows: Row[] = [];
    const add = async (ticket: TicketText, want: string | null) => {
      const a = await classifier.assess(ticket, categories, undefined, examples);
      rows.push({ set: set.label, mode, want, best: a.category, got: a.category, x: [] });
    };
    for (const { ticket, category } of set.tickets) await add(ticket, category);
    for (const ticket of set.noCategory) await add(ticket, null);
    out[set.label] = tally(rows, (r) => r.got !== null);
  }
  return out;
}

/** Candidate values per TUNING key: the hand-set value times these factors (integers stay integers). */
const FACTORS = [0.5, 0.75, 1.25, 1.5, 2];
const SEARCH_KEYS = {
  a: ['concept', 'lexical', 'vocabularyStem', 'gamma', 'noneScore', 'categoryConceptMin', 'offTopic', 'offTopicMin', 'decisiveTitleLead'],
  b: ['examples', 'exampleSmoothing', 'exampleVoteShrink', 'exampleTrustFloor', 'exampleTitleLead', 'exampleWordBudget', 'exampleAgree', 'houseWordExamples', 'exampleConceptShare', 'facet'],
} as const;

function candidates(key: string, value: number): number[] {
  if (value === 0) return [-0.5, -0.25, 0.25, 0.5];
  const raw = FACTORS.map((f) => value * f);
  const integral = ['houseWordExamples', 'exampleWordBudget'].includes(key);
  return [...new Set(raw.map((v) => (integral ? Math.round(v) : Math.round(v * 1000) / 1000)))].filter((v) => v !== value && (!integral || v >= 1));
}

async function search(mode: 'a' | 'b', file: string) {
  const fs = require('node:fs') as typeof import('node:fs');
  const results: { key: string; value: number; scores: Record<string, ReturnType<typeof tally>> }[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  const done = new Set(results.map((r) => `${r.key}=${r.value}`));
  const save = () => fs.writeFileSync(file, JSON.stringify(results));
  if (!done.has('base=0')) {
    results.push({ key: 'base', value: 0, scores: await setScores(mode) });
    save();
  }
  const base = { ...TUNING } as Record<string, number>;
  // `field.agent` etc.: FIELD_WEIGHT, a readonly object at compile time, set here for the run only.
  const fields = FIELD_WEIGHT as unknown as Record<string, number>;
  const fieldBase = { ...fields };
  // `confirmed.threshold` / `confirmed.margin`: CONFIRMED, likewise (round 14).
  const confirmed = CONFIRMED as unknown as Record<string, number>;
  const confirmedBase = { ...confirmed };
  const set = (key: string, value: number) =>
    key.startsWith('field.') ? (fields[key.slice('field.'.length)] = value) : key.startsWith('confirmed.') ? (confirmed[key.slice('confirmed.'.length)] = value) : Object.assign(TUNING, { [key]: value });
  const gridArg = process.argv.find((a) => a.startsWith('--grid='));
  const grid: Record<string, number[]> | undefined = gridArg ? JSON.parse(gridArg.slice('--grid='.length)) : undefined;
  for (const key of grid ? Object.keys(grid) : SEARCH_KEYS[mode]) {
    for (const value of grid?.[key] ?? candidates(key, base[key] as number)) {
      if (done.has(`${key}=${value}`)) continue;
      Object.assign(TUNING, base);
      Object.assign(fields, fieldBase);
      Object.assign(confirmed, confirmedBase);
      set(key, value);
      results.push({ key, value, scores: await setScores(mode) });
      save();
      console.log(key, value, Object.values(results[results.length - 1]!.scores).reduce((s, t) => s + t.score, 0));
    }
  }
  Object.assign(TUNING, base);
  Object.assign(fields, fieldBase);
  Object.assign(confirmed, confirmedBase);
}

type Tally = ReturnType<typeof tally>;

/**
 * LOSO over a search's results: per left-out set, the value of each key that scores best on the other sets
 * (the hand-set value when none beats it), and what it does on the left-out set.
 */
function loso(file: string) {
  const fs = require('node:fs') as typeof import('node:fs');
  // `a.json,b.json`: zero-shot and after-examples searches of the same grid, judged together (their tallies add up per set).
  type Result = { key: string; value: number; scores: Record<string, Tally> };
  const [first, ...more] = file.split(',').map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Result[]);
  const add = (x: Tally, y: Tally): Tally => ({ n: x.n + y.n, right: x.right + y.right, wrong: x.wrong + y.wrong, abstained: x.abstained + y.abstained, nocat: x.nocat + y.nocat, score: x.score + y.score });
  const results = (first as Result[]).flatMap((r) => {
    const others = more.map((m) => m.find((o) => o.key === r.key && o.value === r.value));
    if (others.some((o) => !o)) return [];
    return [{ ...r, scores: Object.fromEntries(Object.entries(r.scores).map(([l, t]) => [l, others.reduce((acc, o) => add(acc, (o as Result).scores[l] as Tally), t)])) }];
  });
  const base = results.find((r) => r.key === 'base') as (typeof results)[number];
  const labels = Object.keys(base.scores);
  const sum = (scores: Record<string, Tally>, skip?: string) => labels.filter((l) => l !== skip).reduce((s, l) => s + (scores[l] as Tally).score, 0);
  for (const key of [...new Set(results.map((r) => r.key))].filter((k) => k !== 'base')) {
    const options = results.filter((r) => r.key === key);
    const cells: string[] = [];
    let total = 0;
    let better = 0;
    let worse = 0;
    for (const label of labels) {
      let pick = base;
      // A value that costs some training set more than one ticket (one more wrong, or one fewer right) is not a candidate.
      const harmless = (o: (typeof options)[number]) =>
        labels.every((l) => l === label || ((o.scores[l] as Tally).right >= (base.scores[l] as Tally).right - 1 && (o.scores[l] as Tally).wrong + (o.scores[l] as Tally).nocat <= (base.scores[l] as Tally).wrong + (base.scores[l] as Tally).nocat + 1));
      for (const o of options) if (harmless(o) && sum(o.scores, label) > sum(pick.scores, label)) pick = o;
      const d = (pick.scores[label] as Tally).score - (base.scores[label] as Tally).score;
      total += d;
      if (d > 0) better++;
      if (d < 0) worse++;
      cells.push(`${label} ${pick === base ? '=' : pick.value}:${d >= 0 ? '+' : ''}${d}`);
    }
    const all = options.map((o) => `${o.value}:${sum(o.scores) - sum(base.scores)}`).join(' ');
    console.log(`${key.padEnd(20)} LOSO ${total >= 0 ? '+' : ''}${total} (better on ${better}, worse on ${worse})  | ${cells.join('  ')}\n${''.padEnd(20)} in-sample deltas by value: ${all}`);
  }
}

/** Per seen set and mode, right / wrong (+ no-category answered) under today's TUNING and under `after`, side by side. */
async function sets(after: Record<string, number>) {
  const base = { ...TUNING };
  const pct = (t: Tally, k: 'right' | 'wrong') => ((100 * t[k]) / t.n).toFixed(1).padStart(5);
  const cell = (t: Tally) => `${pct(t, 'right')} / ${pct(t, 'wrong')} nc ${t.nocat}`;
  console.log(`after: ${JSON.stringify(after)}`);
  for (const mode of ['a', 'b'] as const) {
    Object.assign(TUNING, base);
    const before = await setScores(mode);
    Object.assign(TUNING, after);
    const changed = await setScores(mode);
    Object.assign(TUNING, base);
    console.log(mode === 'a' ? 'zero-shot          before                 after                  score' : 'after 3 examples   before                 after                  score');
    let total = 0;
    for (const label of Object.keys(before)) {
      const d = (changed[label] as Tally).score - (before[label] as Tally).score;
      total += d;
      console.log(`  ${label.padEnd(10)} ${cell(before[label] as Tally).padEnd(22)} ${cell(changed[label] as Tally).padEnd(22)} ${d >= 0 ? '+' : ''}${d}`);
    }
    console.log(`  total score ${total >= 0 ? '+' : ''}${total}`);
  }
}

async function main() {
  const [command = 'calib', arg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const tuning = process.argv.find((a) => a.startsWith('--tuning='));
  if (tuning) Object.assign(TUNING, JSON.parse(tuning.slice('--tuning='.length)));
  if (command === 'rows') return void require('node:fs').writeFileSync(arg ?? '/tmp/r12-rows.json', JSON.stringify(await collect()));
  if (command === 'sets') return sets(JSON.parse(process.argv.find((a) => a.startsWith('--after='))?.slice('--after='.length) ?? '{}'));
  if (command === 'loso') return loso(arg ?? '/tmp/r12-search-a.json');
  const out = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
  if (command === 'search') return search(arg === 'b' ? 'b' : 'a', out ?? `/tmp/r12-search-${arg === 'b' ? 'b' : 'a'}.json`);
  if (command === 'calib') {
    const fs = require('node:fs') as typeof import('node:fs');
    const cache = process.argv.find((a) => a.startsWith('--rows='))?.slice('--rows='.length);
    const rows: Row[] = cache && fs.existsSync(cache) ? JSON.parse(fs.readFileSync(cache, 'utf8')) : await collect();
    if (cache && !fs.existsSync(cache)) fs.writeFileSync(cache, JSON.stringify(rows));
    const all = SIGNALS.map((_, i) => i);
    const tries: [string, number[]][] = [
      ['conf+margin', [0, 1]],
      ['conf+margin+today', [0, 1, 10]],
      ['all 13', all],
      ['all but today (with title)', all.filter((i) => i !== 10)],
      ['ten (not today, no title)', all.filter((i) => i < 10)],
      ['conf+margin+title', [0, 1, 11, 12]],
      ['conf+margin+concepts+len+conv+today', [0, 1, 3, 4, 5, 6, 10]],
    ];
    const pick = process.argv.find((a) => a.startsWith('--show='));
    if (!pick) for (const variant of ['veto', 'replace'] as const)
      for (const [name, columns] of tries)
        for (const l2 of [1, 30]) {
          const t = calib(rows, columns, variant, l2, false);
          console.log(`${variant.padEnd(7)} ${name.padEnd(38)} l2 ${String(l2).padStart(3)}: zero-shot score ${t.a[0]} -> ${t.a[1]}, after examples ${t.b[0]} -> ${t.b[1]}`);
        }
    if (pick) {
      const [variant, name, l2] = pick.slice('--show='.length).split(':');
      calib(rows, (tries.find(([n]) => n === name) as [string, number[]])[1], variant as 'veto', Number(l2), true);
    }
  }
}

if (require.main === module)
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
