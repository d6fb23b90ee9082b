import { normalizeCategoryName } from '../../shared/domain/ticket-config/ticket-config.schema';
import { exampleFeatures, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
import { addExample, type ExampleCounts } from '../../shared/domain/ticket/classifier/examples';
import { CLASSIFIER_GOAL } from '../../scripts/bench/classifier-goals';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS } from '../../scripts/bench/classifier-set';
import { evaluate, sharesNoWord } from '../../scripts/bench/classifier-eval';

/**
 * The goals of `npm run bench:classifier` held on its fixed labelled set (behaviour only; the
 * timing and bundle goals are the bench's and the bundle test's business).
 */
describe('classifier bench thresholds', () => {
  it('the set is what the goals are measured on', () => {
    expect(BENCH_TICKETS.length).toBeGreaterThanOrEqual(150);
    expect(BENCH_CATEGORIES.length).toBeGreaterThanOrEqual(7);
    expect(BENCH_TICKETS.filter((t) => sharesNoWord(t, BENCH_CATEGORIES)).length).toBeGreaterThanOrEqual(BENCH_TICKETS.length / 4);
    expect(BENCH_TICKETS.filter((t) => t.ticket.messages.length > 1).length).toBeGreaterThan(0);
  });

  it('(a) descriptions only: right and wrong shares within the goals', async () => {
    const a = await evaluate(BENCH_TICKETS, BENCH_CATEGORIES);
    expect(a.right).toBeGreaterThanOrEqual(CLASSIFIER_GOAL.aRight);
    expect(a.wrong).toBeLessThanOrEqual(CLASSIFIER_GOAL.aWrong);
  });

  it('(b) after three examples per category: right share within the goal', async () => {
    const examples: ExampleCounts = new Map();
    for (const ex of BENCH_EXAMPLES) addExample(examples, normalizeCategoryName(ex.category), exampleFeatures(await ticketFeatures(ex.ticket)));
    const b = await evaluate(BENCH_TICKETS, BENCH_CATEGORIES, examples);
    expect(b.right).toBeGreaterThanOrEqual(CLASSIFIER_GOAL.bRight);
  });
});
