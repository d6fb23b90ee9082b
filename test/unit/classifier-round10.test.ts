import { normalizeCategoryName } from '../../shared/domain/ticket-config/category-names';
import { CONFIDENCE_THRESHOLD, EmbeddedClassifier, exampleFeatures, rankCategories, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
import { addExample, type ExampleCounts } from '../../shared/domain/ticket/classifier/examples';
import { words } from '../../shared/domain/ticket/classifier/language';
import { inflection, vocabularyRewriter } from '../../shared/domain/ticket/classifier/vocabulary';
import { NINE_CATEGORIES, ticket } from '../support/classifier-fixtures';

/**
 * Issue 20, round 10: mechanisms, no new words (docs/categorisation.md, "Round 10"). The tickets are
 * written for these tests; none is a bench ticket.
 */
const classifier = new EmbeddedClassifier();
const categoryOf = async (title: string) => (await classifier.assess(ticket(title), NINE_CATEGORIES)).category;

describe('verb forms the stemmers leave whole are read as the listed word they inflect', () => {
  it.each([
    ['chargent', 'fr', 'charge'],
    ['affichent', 'fr', 'affiche'],
    ['kostet', 'de', 'kosten'],
    ['koppelt', 'de', 'koppeln'],
    ['installiert', 'de', 'installieren'],
    ['verbindet', 'de', 'verbinden'],
  ] as const)('%s (%s) -> %s', (word, language, base) => {
    expect(inflection(word, language)).toBe(base);
  });

  it('leaves other languages, short words and participles alone', () => {
    expect(inflection('went', 'en')).toBe('');
    expect(inflection('cent', 'fr')).toBe('');
    expect(inflection('eingerichtet', 'de')).toBe('eingerichten');
  });

  it.each([
    ['Les deux bracelets ne chargent pas depuis hier', 'Power'],
    ['Das Armband koppelt sich nicht mehr mit dem Handy', 'Connectivity'],
    ["Les capteurs affichent n'importe quoi", 'Sensor accuracy'],
  ])('"%s" is %s', async (title, category) => {
    expect(await categoryOf(title)).toBe(category);
  });

  it('only a listed form counts, not a stem: "belegt" (assigned) is no receipt (Beleg)', async () => {
    const features = await ticketFeatures(ticket('Alle Klemmen sind belegt'));
    expect(features.get('@billing') ?? 0).toBe(0);
  });
});

describe('an English phrasal verb with its object inside is the listed phrase', () => {
  const wordsOf = (text: string) => words(text, vocabularyRewriter());

  it.each([
    ['the hub switches itself off', 'turnoff'],
    ['I set them up yesterday', 'setup'],
    ['turn it on again', 'turnon'],
  ])('"%s" reads %s', (text, word) => {
    expect(wordsOf(text)).toContain(word);
  });

  it('only around a particle of a listed phrase: "put it on the shelf" stays as written', () => {
    expect(wordsOf('put it on the shelf')).toEqual(['put', 'it', 'on', 'the', 'shelf']);
  });

  it('"the doorbell camera turns itself off every night" is Power', async () => {
    expect(await categoryOf('the doorbell camera turns itself off every night')).toBe('Power');
  });
});

describe('examples that favour the answer the descriptions gave do not take it away', () => {
  const title = 'the lamp loses the app sometimes';
  /** Three examples per category (more when `sharing` says so); `sharing`: how many of them are this ticket's words (the others its description's). */
  const examplesWith = async (sharing: Record<string, number>) => {
    const features = exampleFeatures(await ticketFeatures(ticket(title)));
    const counts: ExampleCounts = new Map();
    for (const c of NINE_CATEGORIES) {
      const own = exampleFeatures(await ticketFeatures(ticket(c.description ?? c.name)));
      for (let k = 0; k < Math.max(3, sharing[c.name] ?? 0); k++) addExample(counts, normalizeCategoryName(c.name), k < (sharing[c.name] ?? 0) ? features : own);
    }
    return counts;
  };

  it('a tie in the examples between the answer and another category keeps the answer', async () => {
    const counts = await examplesWith({ Connectivity: 3, Billing: 3, Power: 3 });
    const ranked = await rankCategories(ticket(title), NINE_CATEGORIES, counts);
    expect(ranked.best).toBe('Connectivity');
    expect(ranked.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
    expect((await classifier.assess(ticket(title), NINE_CATEGORIES, undefined, counts)).category).toBe('Connectivity');
  });

  it('examples that favour other categories still take it away', async () => {
    const counts = await examplesWith({ Connectivity: 3, Billing: 4, Power: 4 });
    const ranked = await rankCategories(ticket(title), NINE_CATEGORIES, counts);
    expect(ranked.best).toBe('Connectivity');
    expect((await classifier.assess(ticket(title), NINE_CATEGORIES, undefined, counts)).category).toBeNull();
  });
});
