import { splitMessage } from '../../shared/domain/ticket/classifier/conversation';
import { EmbeddedClassifier, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
import { words } from '../../shared/domain/ticket/classifier/language';
import { vocabularyRewriter } from '../../shared/domain/ticket/classifier/vocabulary';
import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import { NINE_CATEGORIES, ticket } from '../support/classifier-fixtures';

/**
 * Issue 20, round 11: wrong answers, mechanisms only (docs/categorisation.md, "Round 11: wrong answers").
 * The tickets are written for these tests; none is a bench ticket.
 */
const classifier = new EmbeddedClassifier();
const categoryOf = async (t: TicketText) => (await classifier.assess(t, NINE_CATEGORIES)).category;
const wordsOf = (text: string) => words(text, vocabularyRewriter());

describe("a form's or report's field whose value is an identifier is data, like a mail header", () => {
  it('drops "Label: identifier" lines and keeps the rest', () => {
    expect(splitMessage('Order no.: KX-20931\nApp version: 3.1.7\nComment: the lamp is flat by midnight')).toEqual([{ text: 'Comment: the lamp is flat by midnight', voice: 'own' }]);
  });

  it('keeps a field whose value has no digit or more than three words', () => {
    expect(splitMessage('Issue type: Other\nNote: shows 90 litres for an empty flat')).toEqual([
      { text: 'Issue type: Other', voice: 'own' },
      { text: 'Note: shows 90 litres for an empty flat', voice: 'own' },
    ]);
  });

  it("the field's label names no problem: an order number and an app version do not outweigh the comment", async () => {
    const form: TicketText = { title: 'Web form', description: 'Order no.: KX-20931\nApp version: 3.1.7\nLast error: E12\nComment: the garden lamp is flat by midnight although it sat in the sun all day', messages: [] };
    const features = await ticketFeatures(form);
    expect(features.get('@shipping') ?? 0).toBe(0);
    expect(features.get('@firmware') ?? 0).toBe(0);
    expect(await categoryOf(form)).toBe('Power');
  });
});

describe('a question about where a thing goes is a placement question', () => {
  it.each([
    'where must I put the moisture probe?',
    'which port does the pump cable go in',
    'I do not understand where the float should sit',
    'wo kommt der Filter hin?',
    'où faut-il mettre la sonde ?',
    '¿dónde va el sensor?',
  ])('"%s" reads placement', (text) => {
    expect(wordsOf(text)).toContain('placement');
  });

  it.each([
    'the case cracked on the side where the clip goes', // a relative clause, not a question
    'where did my parcel go?', // asks where something went
  ])('"%s" does not', (text) => {
    expect(wordsOf(text)).not.toContain('placement');
  });

  it.each([
    'can the camera go on a brick wall?',
    'Can they go straight into the lawn or do they need a base?',
    'should it be mounted above the sink',
  ])('a yes/no question about where it goes: "%s" reads placement', (text) => {
    expect(wordsOf(text)).toContain('placement');
  });

  it.each(['can I go back to the old firmware?', 'does the light go on when it rings?'])('"%s" does not', (text) => {
    expect(wordsOf(text)).not.toContain('placement');
  });

  it('the question outweighs the words of the thing it places', async () => {
    expect(await categoryOf(ticket('pool kit', ['customer', "I got the pool kit and I don't understand where the chlorine sensor must go, before or after the filter?"]))).toBe('Installation');
  });
});

describe('a contrast before a reading says the reading is contradicted, as after it', () => {
  it('reads "… but the panel says 31" like "the panel says 31 but …"', () => {
    expect(wordsOf('the tub water feels cold but the panel says 31')).toContain('readingcontradicted');
    expect(wordsOf('the panel says 31 but the tub water feels cold')).toContain('readingcontradicted');
  });

  it('not for money or counts', () => {
    expect(wordsOf('I paid once but the statement says 2 items')).not.toContain('readingcontradicted');
  });

  it('the contradicted reading outweighs the water the device measures', async () => {
    expect(await categoryOf(ticket('tub water feels cold but the panel says 31'))).not.toBe('Hardware damage');
  });
});

describe('a weak word before a device noun names the device, not its problem', () => {
  it('"rain gauge": rain (a weak damage word) no longer speaks for damage', async () => {
    expect((await ticketFeatures(ticket('the rain gauge overshoots by a lot'))).get('@damage') ?? 0).toBe(0);
    expect((await ticketFeatures(ticket('rain got into the hub'))).get('@damage') ?? 0).toBeGreaterThan(0);
  });

  it('a strong word keeps its concept ("water meter": water still speaks for damage)', async () => {
    expect((await ticketFeatures(ticket('water meter is soaked'))).get('@damage') ?? 0).toBeGreaterThan(0);
    expect((await ticketFeatures(ticket('the water meter'))).get('@damage') ?? 0).toBeGreaterThan(0);
  });

  it('a device reading that is off is no longer answered as damage', async () => {
    expect(await categoryOf(ticket('rain gauge shows 25mm, there was barely a shower'))).not.toBe('Hardware damage');
  });
});

/**
 * Round 11, second pass (docs/categorisation.md, "Round 11, second pass"): the review of the rules above.
 * The 100 kB texts guard against backtracking whose time grows with the square of the text (minutes
 * for 100 kB before the fix: the look-behind of the placement questions rescanned every run of spaces
 * from each of its positions, the address pattern and the compound split every long run of letters).
 * A linear reading takes well under a second, so Jest's timeout is a margin of hundreds, not a benchmark.
 */
describe('round 11, second pass: pathological input is read in linear time', () => {
  const big = (unit: string) => unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000);

  it.each([
    ['a run of spaces', big(' ')],
    ['spaces after a full stop', `.${big(' ')}where does it go`],
    ['spaces after "and"', `and${big(' ')}can it go in the shed`],
    ['repeated question words', big('where which can ')],
  ])('%s: the placement questions', (_, text) => {
    expect(wordsOf(text).filter((w) => w === 'placement').length).toBeLessThan(100_000);
  });

  it('a signature closing after a long run of spaces', () => {
    expect(splitMessage(`thanks${big(' ')}x\nbest${big(' ')}x`)).toHaveLength(2);
  });

  it('a 100 kB run without spaces (pasted data) is no word, and the ticket is still read', async () => {
    expect(wordsOf(`${big('a')}@`)).toHaveLength(1);
    const result = await classifier.assess({ title: 'photo data', description: big('aB3'), messages: [] }, NINE_CATEGORIES);
    expect(result.category).toBeNull();
  });
});

describe('round 11, second pass: the new rules do not fire on what they should not', () => {
  it('a field is data only when every word of its value holds a digit ("Problem: E03 error" is a sentence)', () => {
    expect(splitMessage('Serial: WM1-70455\nProblem: E03 error\nIssue: 2 days offline\nDate: 12 11 2026')).toEqual([
      { text: 'Problem: E03 error', voice: 'own' },
      { text: 'Issue: 2 days offline', voice: 'own' },
    ]);
  });

  it.each([
    'I have no idea where my parcel goes next', // a thing in transit: where it goes is its destination
    'which courier does my order go with',
    'Où va mon colis ? Le suivi ne bouge plus',
    '¿Dónde va mi pedido?',
    'I was charged twice, where does the second payment go?',
    'Wo kommt der Fehler her?', // "kommt … her": where it comes from ("kommt … hin" still reads placement)
    'which version should I go back to', // going back to a version, not a place
  ])('"%s" reads no placement', (text) => {
    expect(wordsOf(text)).not.toContain('placement');
  });

  it.each(['Wo kommt der Wasserbehälter hin?', 'which cable do I need and in what order do I connect it?', 'where does the cover go back on?'])('"%s" still reads placement', (text) => {
    expect(wordsOf(text)).toContain('placement');
  });

  it('a German error question is no installation question', async () => {
    expect(await categoryOf(ticket('Wo kommt der Fehler her? Die App zeigt E04'))).not.toBe('Installation');
  });
});
