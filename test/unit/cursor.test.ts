import { decodeSortKeyCursor, encodeSortKeyCursor } from '../../shared/db/cursor';

describe('sort-key page cursors', () => {
  const shape = /^INCIDENT#\d+$/;
  it('round-trips a sort key of the expected shape', () => {
    expect(decodeSortKeyCursor(encodeSortKeyCursor('INCIDENT#42'), shape)).toBe('INCIDENT#42');
  });
  it.each([
    ['not base64 JSON', 'garbage'],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['no key', Buffer.from('{}').toString('base64url')],
    ['a number key', Buffer.from('{"k":5}').toString('base64url')],
    ['another shape (a forged partition or item)', encodeSortKeyCursor('ORG#x#TICKET#y')],
  ])('refuses %s', (_case, raw) => {
    expect(decodeSortKeyCursor(raw, shape)).toBeUndefined();
  });
});
