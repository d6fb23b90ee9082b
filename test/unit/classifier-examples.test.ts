import type { CategoryOption } from '../../shared/domain/ticket/classifier/classifier';
import { CONFIDENCE_THRESHOLD, EmbeddedClassifier, exampleEvidence, prepareCategory, rankCategories, scoreFeatures, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
import type { TicketMessage } from '../../shared/domain/ticket/ticket.schema';
import { learn, ticket } from '../support/classifier-fixtures';

/**
 * Learning from labelled tickets (issue 20): examples enter as log-odds over the features the
 * organization's labelled tickets carry (exampleEvidence), weighted by who wrote the word, and are
 * added to the zero-shot scores before the calibrated softmax.
 */
const categories: CategoryOption[] = [
  { name: 'Power', description: 'battery, charging, device does not turn on' },
  { name: 'Connectivity', description: 'wifi, bluetooth, pairing, device offline' },
  { name: 'Billing', description: 'invoices, payments, refunds, subscriptions' },
  { name: 'Noise', description: 'sounds the device makes' },
];


const prepared = () => Promise.all(categories.map(prepareCategory));
const index = (name: string) => categories.findIndex((c) => c.name === name);

describe('learning from labelled tickets: examples as log-odds beside the zero-shot scores', () => {
  it('a word only one category’s examples carry votes for that category; a word every category’s examples carry votes for none', async () => {
    const examples = await learn([
      ['Noise', ticket('Zorbling at night', ['customer', 'a loud zorbling from the hub, plus a hum'])],
      ['Billing', ticket('Invoice question', ['customer', 'a hum of confusion about my invoice'])],
      ['Power', ticket('Battery empty', ['customer', 'battery empty, and a hum'])],
      ['Connectivity', ticket('Offline', ['customer', 'offline since noon, hum'])],
    ]);
    const cats = await prepared();
    const zorbling = exampleEvidence(await ticketFeatures(ticket('zorbling')), cats, examples);
    expect(zorbling[index('Noise')]).toBeGreaterThan(0.5);
    for (const other of ['Power', 'Connectivity', 'Billing']) expect(zorbling[index(other)]).toBeLessThan(0);
    // Centred: the evidence redistributes, it never raises every category at once.
    expect(zorbling.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
    const hum = exampleEvidence(await ticketFeatures(ticket('hum')), cats, examples);
    for (const x of hum) expect(x).toBeCloseTo(0, 9);
    const unseen = exampleEvidence(await ticketFeatures(ticket('quaggle')), cats, examples);
    for (const x of unseen) expect(x).toBe(0);
  });

  it('the customer’s own words count first: the same word from an agent or a bot is weak evidence', async () => {
    const examples = await learn([['Noise', ticket('Zorbling', ['customer', 'it makes a zorbling'])], ['Noise', ticket('More zorbling', ['customer', 'zorbling again'])]]);
    const cats = await prepared();
    const said = async (role: TicketMessage['role']) =>
      exampleEvidence(await ticketFeatures(ticket('Question about the unit', ['customer', 'see the subject'], [role, 'zorbling'])), cats, examples)[index('Noise')] as number;
    const customer = await said('customer');
    expect(customer).toBeGreaterThan(0);
    expect(await said('agent')).toBeLessThanOrEqual(customer * 0.3);
    expect(await said('bot')).toBeLessThan(await said('agent'));
  });

  it('a category with examples is lifted even when no other category has any', async () => {
    const examples = await learn([
      ['Noise', ticket('Zorbling at night', ['customer', 'a loud zorbling'])],
      ['Noise', ticket('Zorbling again', ['customer', 'the zorbling is back, quite loud'])],
    ]);
    // Two words of its own that both examples of Noise carry (one alone gives about 0.5: not enough to answer).
    const paraphrase = ticket('Loud zorbling', ['customer', 'what is this?']);
    const classifier = new EmbeddedClassifier();
    expect((await classifier.assess(paraphrase, categories)).category).toBeNull();
    const after = await classifier.assess(paraphrase, categories, undefined, examples);
    expect(after.category).toBe('Noise');
    expect(after.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  it('examples that agree with the vocabulary raise the confidence; one stray shared word does not overturn a clear description', async () => {
    const examples = await learn([
      ['Power', ticket('Runs flat in a week', ['customer', 'I have to recharge the battery every week'])],
      ['Power', ticket('Dead', ['customer', 'battery dead, no lights'])],
      ['Power', ticket('Charger', ['customer', 'the charger does not charge it'])],
      ['Billing', ticket('Kitchen unit invoice', ['customer', 'invoice for the kitchen unit'])],
      ['Billing', ticket('Refund', ['customer', 'please refund my payment'])],
      ['Billing', ticket('Plan', ['customer', 'which subscription plan do I have'])],
    ]);
    const clear = ticket('Battery flat every week', ['customer', 'the battery of the kitchen sensor must be recharged every week']);
    const before = await rankCategories(clear, categories);
    const after = await rankCategories(clear, categories, examples);
    expect(before.best).toBe('Power');
    expect(after.best).toBe('Power');
    expect(after.confidence).toBeGreaterThan(before.confidence);
  });

  it('without examples the scores are the zero-shot scores', async () => {
    const features = await ticketFeatures(ticket('Battery drains overnight', ['customer', 'empty every morning']));
    const cats = await prepared();
    expect(scoreFeatures(features, cats, new Map())).toEqual(scoreFeatures(features, cats));
    expect(exampleEvidence(features, cats, new Map())).toEqual([0, 0, 0, 0]);
  });
});
