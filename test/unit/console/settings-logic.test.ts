import { chatTestText, describeRule, integerFromInput, keywordsFromInput, keywordsToInput, moveAllowed, ruleBody } from '../../../console/src/features/settings/settings-logic';
import { expectedRulesVersion } from '../../../shared/domain/console/settings.service';

describe('settings pages logic', () => {
  it('keywords box → list: trimmed, blanks dropped, duplicates of any case once; and back', () => {
    expect(keywordsFromInput(' charge, drain,, Charge ,  ')).toEqual(['charge', 'drain']);
    expect(keywordsFromInput('')).toEqual([]);
    expect(keywordsToInput(['charge', 'drain'])).toBe('charge, drain');
  });

  it('the add-rule body drops blank condition rows and trims', () => {
    expect(
      ruleBody(' power-team ', [
        { field: 'category', value: ' Battery ' },
        { field: 'contains', value: '   ' },
        { field: 'priority', value: 'urgent' },
      ]),
    ).toEqual({ assignee: 'power-team', conditions: [{ field: 'category', value: 'Battery' }, { field: 'priority', value: 'urgent' }] });
    expect(ruleBody('x', [{ field: 'contains', value: '' }]).conditions).toEqual([]);
  });

  it('a rule reads as a sentence', () => {
    expect(describeRule({ assignee: 'power-team', conditions: [{ field: 'category', value: 'Battery' }, { field: 'priority', value: 'urgent' }] })).toBe(
      'If category is Battery and priority is urgent → power-team',
    );
    expect(describeRule({ assignee: 'net', conditions: [{ field: 'contains', value: 'wifi' }] })).toBe('If text contains “wifi” → net');
  });

  it('up/down are offered only where the rule can go', () => {
    expect(moveAllowed(0, 3)).toEqual({ up: false, down: true });
    expect(moveAllowed(1, 3)).toEqual({ up: true, down: true });
    expect(moveAllowed(2, 3)).toEqual({ up: true, down: false });
    expect(moveAllowed(0, 1)).toEqual({ up: false, down: false });
  });

  it('number boxes: whole numbers only (the server says the range)', () => {
    expect(integerFromInput(' 14 ')).toBe(14);
    expect(integerFromInput('0')).toBe(0);
    expect(integerFromInput('2.5')).toBeUndefined();
    expect(integerFromInput('')).toBeUndefined();
  });

  it('the chat test outcome as one line', () => {
    expect(chatTestText({ delivered: true, statusCode: 200, error: null, durationMs: 12 })).toBe('Delivered: the receiver answered 200 in 12 ms.');
    expect(chatTestText({ delivered: false, statusCode: 500, error: 'Receiver answered 500', durationMs: 3 })).toBe('Not delivered: Receiver answered 500.');
    expect(chatTestText({ delivered: false, statusCode: null, error: 'Timed out after 5000 ms', durationMs: 5000 })).toBe('Not delivered: Timed out after 5000 ms.');
  });

  it("the routing rules' If-Match: absent or * is none, an ETag its version, anything else 400", () => {
    expect(expectedRulesVersion(undefined)).toBeUndefined();
    expect(expectedRulesVersion('*')).toBeUndefined();
    expect(expectedRulesVersion('"7"')).toBe(7);
    expect(expectedRulesVersion('W/"7"')).toBe(7);
    expect(() => expectedRulesVersion('"seven"')).toThrow('If-Match must be the ETag of the routing rules (their version in quotes, e.g. "3")');
  });
});
