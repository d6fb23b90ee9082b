/**
 * Round-6 probe (issue 20): every labelled set in one table, zero-shot and after 3 examples per
 * category, with the no-category abstentions. Held-out v5 (the validation set of round 6) is printed
 * in aggregate only: totals, per category and per language (the writer's own tags), never a ticket.
 * Misses are listable (--misses) for in-sample, own tickets, v1, v2, v3's tuning half and v4 (seen).
 *
 *   npx tsx scripts/bench/classifier-probe.ts [--misses[=set label]] [--b] [--tuning=JSON]
 */
import { EmbeddedClassifier, TUNING } from '../../shared/domain/ticket/classifier/embedded';
import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS, type LabelledTicket } from './classifier-set';
import { HELDOUT_TICKETS } from './classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from './classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, splitHeldoutV3 } from './classifier-heldout-v3';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_LANGUAGES, HELDOUT_V4_NO_CATEGORY, HELDOUT_V4_TICKETS } from './classifier-heldout-v4';
import { HELDOUT_V5_EXAMPLES, HELDOUT_V5_LANGUAGES, HELDOUT_V5_NO_CATEGORY, HELDOUT_V5_TICKETS } from './classifier-heldout-v5';
import { OWN_TICKETS } from './classifier-own';
import { evaluate, examplesFrom, type Evaluation } from './classifier-eval';


interface Set {
  label: string;
  tickets: LabelledTicket[];
  examples: readonly LabelledTicket[];
  noCategory?: TicketText[];
  /** Misses may be listed. */
  seen: boolean;
  languages?: readonly string[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}`.padStart(5);
const line = (e: Evaluation) => `${pct(e.right)} / ${pct(e.wrong)}`;

async function main() {
  const tuning = process.argv.find((a) => a.startsWith('--tuning='));
  if (tuning) Object.assign(TUNING, JSON.parse(tuning.slice('--tuning='.length)));
  const missArg = process.argv.find((a) => a.startsWith('--misses'));
  const missSet = missArg?.includes('=') ? missArg.slice('--misses='.length) : undefined;
  const v3 = splitHeldoutV3();
  const sets: Set[] = [
    { label: 'v5 (aggregate)', tickets: HELDOUT_V5_TICKETS, examples: HELDOUT_V5_EXAMPLES, noCategory: HELDOUT_V5_NO_CATEGORY, seen: false, languages: HELDOUT_V5_LANGUAGES },
    { label: 'v4', tickets: HELDOUT_V4_TICKETS, examples: HELDOUT_V4_EXAMPLES, noCategory: HELDOUT_V4_NO_CATEGORY, seen: true, languages: HELDOUT_V4_LANGUAGES },
    { label: 'v3 tuning half', tickets: v3.tuning, examples: HELDOUT_V3_EXAMPLES, noCategory: HELDOUT_V3_NO_CATEGORY, seen: true },
    { label: 'v3 own half', tickets: v3.heldout, examples: HELDOUT_V3_EXAMPLES, seen: false },
    { label: 'v2', tickets: HELDOUT_V2_TICKETS, examples: HELDOUT_V2_EXAMPLES, seen: true },
    { label: 'v1', tickets: HELDOUT_TICKETS, examples: BENCH_EXAMPLES, seen: true },
    { label: 'in-sample', tickets: BENCH_TICKETS, examples: BENCH_EXAMPLES, seen: true },
    { label: 'own', tickets: OWN_TICKETS, examples: BENCH_EXAMPLES, seen: true },
  ];
  const classifier = new EmbeddedClassifier();
  console.log('set               n  | zero-shot right / wrong | +3 examples right / wrong | no-category abstained');
  for (const set of sets) {
    const a = await evaluate(set.tickets, BENCH_CATEGORIES);
    const b = await evaluate(set.tickets, BENCH_CATEGORIES, await examplesFrom(set.examples));
    let abstained = 0;
    for (const t of set.noCategory ?? []) if ((await classifier.assess(t, BENCH_CATEGORIES)).category === null) abstained++;
    console.log(`${set.label.padEnd(16)} ${String(set.tickets.length).padStart(3)} | ${line(a)}           | ${line(b)}             | ${set.noCategory ? `${abstained} of ${set.noCategory.length}` : '-'}`);
    if (!set.seen) {
      // Aggregates only: per category and per language, counts of right / wrong.
      const groups = (key: (i: number) => string) => {
        const out = new Map<string, number[]>();
        set.tickets.forEach((_, i) => {
          const g = out.get(key(i)) ?? [0, 0, 0, 0, 0];
          const ra = a.results[i]!, rb = b.results[i]!;
          g[0]! += 1;
          if (ra.got === ra.want) g[1]! += 1;
          else if (ra.got !== null) g[2]! += 1;
          if (rb.got === rb.want) g[3]! += 1;
          else if (rb.got !== null) g[4]! += 1;
          out.set(key(i), g);
        });
        return [...out].map(([k, [n, ar, aw, br, bw]]) => `${k} ${ar}/${aw}·${br}/${bw} of ${n}`).join(', ');
      };
      if (process.argv.includes('--groups')) {
        console.log(`    by category (a right/wrong · b right/wrong): ${groups((i) => set.tickets[i]!.category)}`);
        if (set.languages) console.log(`    by language: ${groups((i) => set.languages![i]!)}`);
      }
    }
    if (set.seen && missArg && (!missSet || missSet === set.label)) {
      for (const [tag, e] of [['a', a] as const, ...(process.argv.includes('--b') ? [['b', b] as const] : [])]) {
        e.results.forEach((r, i) => {
          if (r.got === r.want) return;
          const t = set.tickets[i]!.ticket;
          const msgs = t.messages.map((m) => `${m.role[0]}: ${m.content}`).join(' | ');
          console.log(`  ${tag} ${r.got === null ? 'ABST ' : 'WRONG'} want ${r.want.padEnd(15)} best ${String(r.best).padEnd(15)} ${r.confidence.toFixed(2)}  ${t.title}${msgs ? `  «${msgs.slice(0, 220)}»` : ''}`);
        });
      }
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
