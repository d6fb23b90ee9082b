import { CONCEPT_PREFIX, CONFIRMED, EmbeddedClassifier, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
import type { ExampleCounts } from '../../shared/domain/ticket/classifier/examples';
import { learn, NINE_CATEGORIES, ticket } from '../support/classifier-fixtures';

/**
 * Issue 20, round 8, second pass: what 3 labelled examples per category teach (docs/categorisation.md,
 * "Round 8, second pass"). The tickets are paraphrases written for the tests, not the bench sets' tickets.
 */
const classifier = new EmbeddedClassifier();

describe('examples confirm a category (CONFIRMED): its confidence needs only 0.5 when nothing else competes', () => {
  // Categories without words ("Queue 1".."Queue 9", no description): only the examples teach.
  const queues = Array.from({ length: 9 }, (_, i) => ({ name: `Queue ${i + 1}`, description: null }));
  const concepts = ['@connectivity', '@power', '@billing', '@shipping', '@damage', '@account', '@firmware', '@installation', '@accuracy'];
  // Each queue's 3 examples name its concept; only one of Queue 1's three speaks of connectivity.
  const counts = (first: Map<string, number>): ExampleCounts =>
    new Map(concepts.map((c, i) => [`queue ${i + 1}`, { examples: 3, features: i === 0 ? first : new Map([[c, 3]]) }]));

  it('answers a ticket whose concept only its category\'s examples carry, though "none of these" keeps it under 0.7', async () => {
    const t = ticket('hub offline');
    const r = await classifier.assess(t, queues, undefined, counts(new Map([['@connectivity', 1]])));
    expect(r.confidence).toBeLessThan(0.7);
    expect(r.confidence).toBeGreaterThanOrEqual(CONFIRMED.threshold);
    expect(r.category).toBe('Queue 1');
  });

  it('still abstains when the examples share only plain words with the ticket', async () => {
    const t = ticket('quick question');
    const plain = [...(await ticketFeatures(t)).keys()];
    expect(plain.some((f) => f.startsWith(CONCEPT_PREFIX))).toBe(false);
    const r = await classifier.assess(t, queues, undefined, counts(new Map([...plain.map((f) => [f, 1] as [string, number]), ['@connectivity', 1]])));
    expect(r.confidence).toBeGreaterThanOrEqual(CONFIRMED.threshold);
    expect(r.category).toBeNull();
  });

  it('never without examples: the same ticket with a weak description abstains as before', async () => {
    const t = ticket('hub offline');
    expect((await classifier.assess(t, queues)).category).toBeNull();
  });
});

describe('off-topic mail stays held back after the organization has labelled examples', () => {
  const examples = () =>
    learn([
      ['Account', ticket('Cannot sign in after changing my email')],
      ['Account', ticket('Please delete my account and my data')],
      ['Account', ticket('Invite my partner as a second user')],
      ['Billing', ticket('Charged twice for the cloud plan')],
      ['Billing', ticket('Invoice with our VAT number please')],
      ['Billing', ticket('Refund after cancelling')],
      ['Shipping', ticket('Parcel stuck at the depot')],
      ['Shipping', ticket('Return label for an unopened kit')],
      ['Shipping', ticket('One sensor missing from my order')],
      ['Installation', ticket('Which wires go where on the thermostat?')],
      ['Installation', ticket('Mounting the camera on brick')],
      ['Installation', ticket('First steps after plugging in the hub')],
    ]);

  it.each([
    ['Automatic reply: away until 3 January', 'I am out of the office without access to email. Your message about my account will be read when I am back.'],
    ['Job application – installer', 'Hello, please find my CV attached. I have five years of experience mounting cameras and wiring thermostats.'],
    ['Out of office: back Monday', 'I am away from the office until Monday with no access to email.'],
  ])('abstains on "%s"', async (title, body) => {
    const r = await classifier.assess(ticket(title, ['customer', body]), NINE_CATEGORIES, undefined, await examples());
    expect(r.category).toBeNull();
  });

  it('still answers a support request in the same organization', async () => {
    const r = await classifier.assess(ticket('Charged twice this month', ['customer', 'My card was charged twice for the plan, please refund one.']), NINE_CATEGORIES, undefined, await examples());
    expect(r.category).toBe('Billing');
  });
});
