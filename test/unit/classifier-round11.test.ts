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
