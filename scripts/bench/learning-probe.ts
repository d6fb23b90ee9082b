/**
 * Learning probe (issue 20, round 4 learning): how much three labelled examples per category lift
 * the embedded classifier. v4 (seen since round 5, never tuned on) only with --v4 and only in
 * aggregate, as a validation check before a change is kept; v5 is never imported here. Sets: the v3 tuning half (misses
 * listable with --misses), v2, v1, in-sample, the own tickets, the v3 own held-out half (aggregate
 * figures only, never per ticket) and "categories without words" (classifier-opaque.ts).
 *
 *   npx tsx scripts/bench/learning-probe.ts [--misses] [--fingerprint] [--v4] [--tuning=JSON]
 *
 * --fingerprint prints a hash of every zero-shot outcome per set: a change to the learning must
 * leave them all equal (what the classifier does without examples must not move).
 *
 * "reach" estimates the most the learned counts can give: a miss gets words of evidence from the
 * examples only if one of its own category's examples carries one of its words; beyond that the
 * examples carry only the nine vocabulary concepts, one per bench category, which the descriptions
 * already give (re-weighting them moved every set by about one ticket either way, round 4). So
 * right-after-examples plus those misses is what a better use of today's counts could reach.
 */
import { createHash } from 'node:crypto';
import { normalizeCategoryName } from '../../shared/domain/ticket-config/ticket-config.schema';
import { CONCEPT_PREFIX, ticketFeatures, TUNING } from '../../shared/domain/ticket/classifier/embedded';
import { FACET_PREFIX } from '../../shared/domain/ticket/classifier/vocabulary';
import type { CategoryOption } from '../../shared/domain/ticket/classifier/classifier';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS, type LabelledTicket } from './classifier-set';
import { HELDOUT_TICKETS } from './classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from './classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, splitHeldoutV3 } from './classifier-heldout-v3';
import { OWN_TICKETS } from './classifier-own';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_TICKETS } from './classifier-heldout-v4';
import { opaqueCategories } from './classifier-opaque';
import { evaluate, examplesFrom, type Evaluation } from './classifier-eval';

export { examplesFrom };


export interface ProbeSet {
  label: string;
  tickets: LabelledTicket[];
  examples: readonly LabelledTicket[];
  /** Per-ticket outcomes may be listed (false: aggregate figures only). */
  seen: boolean;
}

/** The sets the probe measures (never v4). */
export function probeSets(): ProbeSet[] {
  const v3 = splitHeldoutV3();
  return [
    { label: 'v3 tuning half', tickets: v3.tuning, examples: HELDOUT_V3_EXAMPLES, seen: true },
    { label: 'v3 own held-out half', tickets: v3.heldout, examples: HELDOUT_V3_EXAMPLES, seen: false },
    { label: 'v2', tickets: HELDOUT_V2_TICKETS, examples: HELDOUT_V2_EXAMPLES, seen: true },
    { label: 'v1', tickets: HELDOUT_TICKETS, examples: BENCH_EXAMPLES, seen: true },
    { label: 'in-sample', tickets: BENCH_TICKETS, examples: BENCH_EXAMPLES, seen: true },
    { label: 'own tickets', tickets: OWN_TICKETS, examples: BENCH_EXAMPLES, seen: true },
    ...(process.argv.includes('--v4') ? [{ label: 'v4 (aggregate only)', tickets: HELDOUT_V4_TICKETS, examples: HELDOUT_V4_EXAMPLES, seen: false }] : []),
  ];
}

/** A hash of every outcome (answer, best guess, confidence) of a set: equal hashes, equal behaviour. */
export function fingerprint(e: Evaluation): string {
  const outcomes = e.results.map((r) => [r.got, r.best, r.confidence]);
  return createHash('sha256').update(JSON.stringify(outcomes)).digest('hex').slice(0, 16);
}

const pct = (x: number) => `${(x * 100).toFixed(1)}`.padStart(5);
const line = (e: Evaluation) => `${pct(e.right)} / ${pct(e.wrong)} / ${pct(e.abstained)}`;

async function main() {
  const misses = process.argv.includes('--misses');
  // --tuning='{"facet":1}': try other weights without editing the code.
  const tuning = process.argv.find((a) => a.startsWith('--tuning='));
  if (tuning) Object.assign(TUNING, JSON.parse(tuning.slice('--tuning='.length)));
  const prints = process.argv.includes('--fingerprint');
  console.log('set                     n   | zero-shot right / wrong / abst | +3 examples right / wrong / abst | moves (abst->right, right->abst, ->wrong) | reach');
  let sumB = 0;
  for (const set of probeSets()) {
    const examples = await examplesFrom(set.examples);
    const a = await evaluate(set.tickets, BENCH_CATEGORIES);
    const b = await evaluate(set.tickets, BENCH_CATEGORIES, examples);
    let up = 0;
    let down = 0;
    let toWrong = 0;
    b.results.forEach((r, i) => {
      const before = a.results[i]!;
      const wasRight = before.got === before.want;
      const isRight = r.got === r.want;
      if (!wasRight && isRight) up += 1;
      if (wasRight && !isRight) down += 1;
      if (r.got !== null && r.got !== r.want && !(before.got !== null && before.got !== before.want)) toWrong += 1;
    });
    if (set.label !== 'own tickets' && set.label !== 'in-sample') sumB += b.right;
    // Reach (see the header): misses that share a word (stem) with their own category's examples;
    // facet reach: or a facet (vocabulary.ts), which the examples carry since round 5.
    let reachable = 0;
    let facetReachable = 0;
    for (const [i, r] of b.results.entries()) {
      if (r.got === r.want) continue;
      const mine = examples.get(normalizeCategoryName(r.want));
      const features = await ticketFeatures(set.tickets[i]!.ticket);
      const shared = mine ? [...features.keys()].filter((f) => !f.startsWith(CONCEPT_PREFIX) && (mine.features.get(f) ?? 0) > 0) : [];
      if (shared.some((f) => !f.startsWith(FACET_PREFIX))) reachable += 1;
      if (shared.length > 0) facetReachable += 1;
    }
    const reach = `${reachable} misses share a word with their category's examples: reach ${pct(b.right + reachable / set.tickets.length)}; with facets ${facetReachable}: ${pct(b.right + facetReachable / set.tickets.length)}`;
    console.log(`${set.label.padEnd(22)} ${String(set.tickets.length).padStart(4)} | ${line(a)}            | ${line(b)}              | +${up} -${down} wrong+${toWrong} | ${reach}${prints ? `  fingerprint ${fingerprint(a)}` : ''}`);
    if (misses && set.seen && set.label === 'v3 tuning half') {
      for (const r of b.results.filter((x) => x.got !== x.want)) {
        const before = a.results.find((x) => x.title === r.title)!;
        console.log(`    ${r.got === null ? 'ABSTAIN' : 'WRONG  '} want ${r.want.padEnd(14)} best ${String(r.best).padEnd(14)} ${r.confidence.toFixed(2)} (zero-shot ${String(before.best).padEnd(14)} ${before.confidence.toFixed(2)})  ${r.title}`);
      }
    }
  }
  console.log('\nCategories without words ("Queue n", no description), after 3 examples: right / wrong / abst');
  const v3 = splitHeldoutV3();
  const opaque: [string, LabelledTicket[], readonly LabelledTicket[]][] = [
    ['v3 tuning half', v3.tuning, HELDOUT_V3_EXAMPLES],
    ['v3 own held-out half', v3.heldout, HELDOUT_V3_EXAMPLES],
    ['v2', HELDOUT_V2_TICKETS, HELDOUT_V2_EXAMPLES],
    ['v1', HELDOUT_TICKETS, BENCH_EXAMPLES],
    ['in-sample', BENCH_TICKETS, BENCH_EXAMPLES],
  ];
  for (const [label, set, labelled] of opaque) {
    const renamed = opaqueCategories(BENCH_CATEGORIES);
    const counts = await examplesFrom(renamed.relabel(labelled));
    const b = await evaluate(renamed.relabel(set), renamed.categories as CategoryOption[], counts);
    console.log(`${label.padEnd(22)} ${String(set.length).padStart(4)} | ${line(b)}`);
  }
  console.log(`\nsum of (b) right over v3 halves, v2, v1: ${(sumB * 100).toFixed(1)}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
