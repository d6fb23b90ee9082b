/**
 * Round-11 probe (issue 20): round 10's probe (classifier-probe-r10.ts, renamed to this) with v11 (a tuning set from round 11 on) added,
 * and v12 (a tuning set from round 12 on) added in round 12 without a rename, v13 (seen from round 14 on) in round 14;
 * earlier: round 9's probe with v10 added; every labelled set in one table (zero-shot right / wrong / abstained,
 * after 3 examples right / wrong, no-category abstentions zero-shot / after examples, categories without words), without the
 * bundle build. v1-v12 are all seen (v10 from round 10, v11 from round 11, v12 from round 12), so misses are listable for each; --nocat lists
 * the no-category tickets a set answers.
 *
 *   npx tsx scripts/bench/classifier-probe-r11.ts [--misses=label[,label]] [--b] [--nocat] [--tuning=JSON] [--dump=file]
 */
import { EmbeddedClassifier, TUNING } from '../../shared/domain/ticket/classifier/embedded';
import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS, type LabelledTicket } from './classifier-set';
import { HELDOUT_TICKETS } from './classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from './classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, HELDOUT_V3_TICKETS, splitHeldoutV3 } from './classifier-heldout-v3';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_NO_CATEGORY, HELDOUT_V4_TICKETS } from './classifier-heldout-v4';
import { HELDOUT_V5_EXAMPLES, HELDOUT_V5_LANGUAGES, HELDOUT_V5_NO_CATEGORY, HELDOUT_V5_TICKETS } from './classifier-heldout-v5';
import { HELDOUT_V6_EXAMPLES, HELDOUT_V6_LANGUAGES, HELDOUT_V6_NO_CATEGORY, HELDOUT_V6_TICKETS } from './classifier-heldout-v6';
import { HELDOUT_V7_EXAMPLES, HELDOUT_V7_LANGUAGES, HELDOUT_V7_NO_CATEGORY, HELDOUT_V7_TICKETS } from './classifier-heldout-v7';
import { HELDOUT_V10_EXAMPLES, HELDOUT_V10_LANGUAGES, HELDOUT_V10_NO_CATEGORY, HELDOUT_V10_TICKETS } from './classifier-heldout-v10';
import { HELDOUT_V11_EXAMPLES, HELDOUT_V11_LANGUAGES, HELDOUT_V11_NO_CATEGORY, HELDOUT_V11_TICKETS } from './classifier-heldout-v11';
import { HELDOUT_V12_EXAMPLES, HELDOUT_V12_LANGUAGES, HELDOUT_V12_NO_CATEGORY, HELDOUT_V12_TICKETS } from './classifier-heldout-v12';
import { HELDOUT_V13_EXAMPLES, HELDOUT_V13_LANGUAGES, HELDOUT_V13_NO_CATEGORY, HELDOUT_V13_TICKETS } from './classifier-heldout-v13';
import { HELDOUT_V9_EXAMPLES, HELDOUT_V9_LANGUAGES, HELDOUT_V9_NO_CATEGORY, HELDOUT_V9_TICKETS } from './classifier-heldout-v9';
import { HELDOUT_V8_EXAMPLES, HELDOUT_V8_LANGUAGES, HELDOUT_V8_NO_CATEGORY, HELDOUT_V8_TICKETS } from './classifier-heldout-v8';
import { OWN_TICKETS } from './classifier-own';
import { opaqueCategories } from './classifier-opaque';
import { evaluate, examplesFrom, type Evaluation } from './classifier-eval';

interface Set {
  label: string;
  tickets: LabelledTicket[];
  examples: readonly LabelledTicket[];
  noCategory?: TicketText[];
  languages?: readonly string[];
  opaque?: boolean;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}`.padStart(5);

async function main() {
  const tuning = process.argv.find((a) => a.startsWith('--tuning='));
  if (tuning) Object.assign(TUNING, JSON.parse(tuning.slice('--tuning='.length)));
  const missArg = process.argv.find((a) => a.startsWith('--misses='));
  const missSets = new Set(missArg ? missArg.slice('--misses='.length).split(',') : []);
  const v3 = splitHeldoutV3();
  const sets: Set[] = [
    { label: 'v10', tickets: HELDOUT_V10_TICKETS, examples: HELDOUT_V10_EXAMPLES, noCategory: HELDOUT_V10_NO_CATEGORY, languages: HELDOUT_V10_LANGUAGES, opaque: true },
    { label: 'v13', tickets: HELDOUT_V13_TICKETS, examples: HELDOUT_V13_EXAMPLES, noCategory: HELDOUT_V13_NO_CATEGORY, languages: HELDOUT_V13_LANGUAGES, opaque: true },
    { label: 'v12', tickets: HELDOUT_V12_TICKETS, examples: HELDOUT_V12_EXAMPLES, noCategory: HELDOUT_V12_NO_CATEGORY, languages: HELDOUT_V12_LANGUAGES, opaque: true },
    { label: 'v11', tickets: HELDOUT_V11_TICKETS, examples: HELDOUT_V11_EXAMPLES, noCategory: HELDOUT_V11_NO_CATEGORY, languages: HELDOUT_V11_LANGUAGES, opaque: true },
    { label: 'v9', tickets: HELDOUT_V9_TICKETS, examples: HELDOUT_V9_EXAMPLES, noCategory: HELDOUT_V9_NO_CATEGORY, languages: HELDOUT_V9_LANGUAGES, opaque: true },
    { label: 'v8', tickets: HELDOUT_V8_TICKETS, examples: HELDOUT_V8_EXAMPLES, noCategory: HELDOUT_V8_NO_CATEGORY, languages: HELDOUT_V8_LANGUAGES, opaque: true },
    { label: 'v7', tickets: HELDOUT_V7_TICKETS, examples: HELDOUT_V7_EXAMPLES, noCategory: HELDOUT_V7_NO_CATEGORY, languages: HELDOUT_V7_LANGUAGES, opaque: true },
    { label: 'v6', tickets: HELDOUT_V6_TICKETS, examples: HELDOUT_V6_EXAMPLES, noCategory: HELDOUT_V6_NO_CATEGORY, languages: HELDOUT_V6_LANGUAGES, opaque: true },
    { label: 'v5', tickets: HELDOUT_V5_TICKETS, examples: HELDOUT_V5_EXAMPLES, noCategory: HELDOUT_V5_NO_CATEGORY, languages: HELDOUT_V5_LANGUAGES, opaque: true },
    { label: 'v4', tickets: HELDOUT_V4_TICKETS, examples: HELDOUT_V4_EXAMPLES, noCategory: HELDOUT_V4_NO_CATEGORY, opaque: true },
    { label: 'v3', tickets: HELDOUT_V3_TICKETS, examples: HELDOUT_V3_EXAMPLES, noCategory: HELDOUT_V3_NO_CATEGORY, opaque: true },
    { label: 'v3 own half', tickets: v3.heldout, examples: HELDOUT_V3_EXAMPLES },
    { label: 'v2', tickets: HELDOUT_V2_TICKETS, examples: HELDOUT_V2_EXAMPLES, opaque: true },
    { label: 'v1', tickets: HELDOUT_TICKETS, examples: BENCH_EXAMPLES, opaque: true },
    { label: 'in-sample', tickets: BENCH_TICKETS, examples: BENCH_EXAMPLES, opaque: true },
    { label: 'own', tickets: OWN_TICKETS, examples: BENCH_EXAMPLES },
  ];
  const classifier = new EmbeddedClassifier();
  const dump = process.argv.find((a) => a.startsWith('--dump='))?.slice('--dump='.length);
  const outcomes: string[] = [];
  console.log('set            n  | zero-shot right / wrong / abst | +3 ex right / wrong | no-cat abst (zero-shot/+3 ex) | no words +3 ex right / wrong');
  for (const set of sets) {
    const a = await evaluate(set.tickets, BENCH_CATEGORIES);
    const b = await evaluate(set.tickets, BENCH_CATEGORIES, await examplesFrom(set.examples));
    for (const [tag, e] of [['a', a], ['b', b]] as const) e.results.forEach((r) => outcomes.push(`${set.label}\t${tag}\t${r.got === r.want ? 'RIGHT' : r.got === null ? 'ABST' : 'WRONG'}\t${r.want}\t${r.best}\t${r.confidence.toFixed(2)}\t${r.title.slice(0, 80)}`));
    let abstained = 0;
    let abstainedAfter = 0;
    const answered: string[] = [];
    const counts = await examplesFrom(set.examples);
    for (const t of set.noCategory ?? []) {
      if ((await classifier.assess(t, BENCH_CATEGORIES, undefined, counts)).category === null) abstainedAfter++;
      const r = await classifier.assess(t, BENCH_CATEGORIES);
      if (r.category === null) abstained++;
      else answered.push(`  NOCAT ${r.category} ${r.confidence}  ${t.title}  «${[t.description, ...t.messages.map((m) => m.content)].join(' | ').slice(0, 200)}»`);
    }
    let opaque = '';
    if (set.opaque) {
      const renamed = opaqueCategories(BENCH_CATEGORIES);
      const o: Evaluation = await evaluate(renamed.relabel(set.tickets), renamed.categories, await examplesFrom(renamed.relabel(set.examples)));
      opaque = `${pct(o.right)} / ${pct(o.wrong)}`;
      o.results.forEach((r) => outcomes.push(`${set.label}\to\t${r.got === r.want ? 'RIGHT' : r.got === null ? 'ABST' : 'WRONG'}\t${r.want}\t${r.best}\t${r.confidence.toFixed(2)}\t${r.title.slice(0, 80)}`));
    }
    console.log(`${set.label.padEnd(13)} ${String(set.tickets.length).padStart(3)} | ${pct(a.right)} / ${pct(a.wrong)} / ${pct(a.abstained)}       | ${pct(b.right)} / ${pct(b.wrong)}       | ${set.noCategory ? `${abstained}/${abstainedAfter} of ${set.noCategory.length}`.padEnd(11) : '-'.padEnd(11)} | ${opaque}`);
    if (process.argv.includes('--nocat')) for (const line of answered) console.log(line);
    if (missSets.has(set.label) || missSets.has('all')) {
      for (const [tag, e] of [['a', a] as const, ...(process.argv.includes('--b') ? [['b', b] as const] : [])]) {
        e.results.forEach((r, i) => {
          if (r.got === r.want) return;
          const t = set.tickets[i]!.ticket;
          const msgs = [t.description, ...t.messages.map((m) => `${m.role[0]}: ${m.content}`)].filter(Boolean).join(' | ').replace(/\n/g, ' ⏎ ');
          console.log(`  ${tag} ${r.got === null ? 'ABST ' : 'WRONG'} [${set.languages?.[i] ?? '?'}] want ${r.want.padEnd(15)} best ${String(r.best).padEnd(15)} ${r.confidence.toFixed(2)}  ${t.title}${msgs ? `  «${msgs.slice(0, 300)}»` : ''}`);
        });
      }
    }
  }
  if (dump) require('node:fs').writeFileSync(dump, `${outcomes.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
