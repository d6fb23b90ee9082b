import { EmbeddedClassifier, prepareCategory, scoreFeatures, ticketFeatures, TUNING } from '../../shared/domain/ticket/classifier/embedded';
import type { ExampleCounts } from '../../shared/domain/ticket/classifier/examples';
import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import { learn, NINE_CATEGORIES, ticket } from '../support/classifier-fixtures';

/**
 * Issue 20, round 9: the organization's house words (embedded.ts, withoutHouseWords; docs/categorisation.md,
 * "Round 9"). The tickets are paraphrases written for the tests, not the bench sets' tickets.
 */
const classifier = new EmbeddedClassifier();
const HOUSE = TUNING.houseWordExamples;
afterEach(() => {
  TUNING.houseWordExamples = HOUSE;
});

/** Scores against the nine categories with the rule on and off (no word is a house word at Infinity). */
async function scoresBothWays(t: TicketText, examples: ExampleCounts) {
  const [features, prepared] = await Promise.all([ticketFeatures(t), Promise.all(NINE_CATEGORIES.map(prepareCategory))]);
  const on = scoreFeatures(features, prepared, examples);
  TUNING.houseWordExamples = Infinity;
  const off = scoreFeatures(features, prepared, examples);
  TUNING.houseWordExamples = HOUSE;
  return { on, off, index: (name: string) => NINE_CATEGORIES.findIndex((c) => c.name === name) };
}

describe('a word the examples use under other categories than its concept\'s is a house word, not a cue', () => {
  // A maker of card terminals: "terminal" (a wiring terminal to the vocabulary: installation) is in its
  // power, damage and firmware tickets, never in an installation one.
  const terminals = () =>
    learn([
      ['Power', ticket('Handheld terminal will not switch on, even on the cradle')],
      ['Hardware damage', ticket('Terminal fell off the counter, display smashed')],
      ['Firmware', ticket('Which software release is current for our terminals?')],
      ['Connectivity', ticket('Hub keeps dropping off the wifi')],
      ['Billing', ticket('Invoice shows the wrong VAT rate')],
      ['Shipping', ticket('Parcel still not delivered')],
    ]);

  it('no longer files a terminal that cannot reach its server under Installation', async () => {
    const t = ticket('Terminal at the front desk cannot reach the server since this morning');
    expect((await classifier.assess(t, NINE_CATEGORIES)).category).toBe('Installation');
    const examples = await terminals();
    expect((await classifier.assess(t, NINE_CATEGORIES, undefined, examples)).category).toBeNull();
    TUNING.houseWordExamples = Infinity;
    expect((await classifier.assess(t, NINE_CATEGORIES, undefined, examples)).category).toBe('Installation');
  });

  it('lets the symptom decide: an offline terminal is Connectivity with more confidence', async () => {
    const t = ticket('terminal offline', ['customer', 'the terminal in the shop has shown offline since lunch, the one in the back office is fine']);
    const examples = await terminals();
    const { on: a, off: b, index } = await scoresBothWays(t, examples);
    expect(a[index('Installation')] as number).toBeLessThan(b[index('Installation')] as number);
    const on = await classifier.assess(t, NINE_CATEGORIES, undefined, examples);
    TUNING.houseWordExamples = Infinity;
    const off = await classifier.assess(t, NINE_CATEGORIES, undefined, examples);
    expect(on.category).toBe('Connectivity');
    expect(on.confidence as number).toBeGreaterThan((off.confidence as number) + 0.05);
  });

  it('changes nothing zero-shot', async () => {
    const t = ticket('Terminal at the front desk cannot reach the server since this morning');
    const features = await ticketFeatures(t);
    const prepared = await Promise.all(NINE_CATEGORIES.map(prepareCategory));
    const on = scoreFeatures(features, prepared);
    TUNING.houseWordExamples = Infinity;
    expect(scoreFeatures(features, prepared)).toEqual(on);
  });
});

describe('what stays a cue', () => {
  it('a word carried by a single example', async () => {
    const examples = await learn([['Power', ticket('Handheld terminal will not switch on')], ['Connectivity', ticket('Hub keeps dropping off the wifi')]]);
    const { on, off } = await scoresBothWays(ticket('terminal cannot reach the server'), examples);
    expect(on).toEqual(off);
  });

  it('a word also carried by an example of the category that names its concept', async () => {
    // "tracking" (shipping; no category's text uses it) in a billing and a firmware example, and in a shipping one.
    const examples = await learn([
      ['Billing', ticket('Why is there a tracking fee on my invoice?')],
      ['Firmware', ticket('Live tracking feature broken by the new version')],
      ['Shipping', ticket('Tracking number never arrived')],
    ]);
    const { on, off } = await scoresBothWays(ticket('tracking stuck since Monday'), examples);
    expect(on).toEqual(off);
  });

  it('a word some category\'s own text uses ("sensor" of "Sensor accuracy")', async () => {
    const examples = await learn([
      ['Shipping', ticket('Box came with two sensors instead of four')],
      ['Connectivity', ticket('Sensor in the garage drops off the wifi')],
      ['Power', ticket('Sensor battery empty after a week')],
    ]);
    const { on, off } = await scoresBothWays(ticket('sensor shows nonsense values'), examples);
    expect(on).toEqual(off);
  });
});
