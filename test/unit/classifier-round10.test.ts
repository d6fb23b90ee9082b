import { EmbeddedClassifier, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
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
