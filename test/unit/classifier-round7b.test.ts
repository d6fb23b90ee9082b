import { CONFIDENCE_THRESHOLD, EmbeddedClassifier, exampleTrust, TUNING } from '../../shared/domain/ticket/classifier/embedded';
import { learn, NINE_CATEGORIES, ticket } from '../support/classifier-fixtures';

/**
 * Issue 20, round 7, second pass: causes that transfer to a writer nobody tuned on (README,
 * "Categorisation → Round 7", second pass).
 */
const classifier = new EmbeddedClassifier();

describe('examples count less where the descriptions are already sure (exampleTrust)', () => {
  it('weighs the log-odds fully below the threshold, less above it, never under the floor', () => {
    expect(exampleTrust(0)).toBe(1);
    expect(exampleTrust(CONFIDENCE_THRESHOLD)).toBe(1);
    expect(exampleTrust(0.8)).toBeCloseTo(2 / 3, 5);
    expect(exampleTrust(0.99)).toBe(TUNING.exampleTrustFloor);
    expect(TUNING.exampleTrustFloor).toBeLessThan(1);
  });

  it('keeps a confident answer that examples sharing generic words ("went", "old") would overturn', async () => {
    const examples = await learn([
      ['Account', ticket('Code went to my old phone')],
      ['Account', ticket('Old email address on my profile')],
      ['Account', ticket('Password reset mail never arrives')],
      ['Shipping', ticket('Parcel not delivered yet')],
      ['Shipping', ticket('Tracking number does not work')],
      ['Shipping', ticket('Box arrived damaged by the courier')],
    ]);
    // Zero-shot Shipping at 0.998; at full weight "went", "my" and "old" of one Account example pulled it to 0.54 (abstained).
    const title = 'Order went to my old address';
    expect((await classifier.assess(ticket(title), NINE_CATEGORIES)).category).toBe('Shipping');
    expect((await classifier.assess(ticket(title), NINE_CATEGORIES, undefined, examples)).category).toBe('Shipping');
  });
});
