import { keyPartMaxBytes, utf8Bytes } from '../../shared/db/key-limits';
import * as keys from '../../shared/db/key-builders';
import { KEY_PART_MAX_BYTES } from '../../shared/db/keys';
import {
  exceedsJsonDepth,
  findMalformedTextField,
  isValidEmail,
  keyPartString,
  optionalKeyPartString,
} from '../../shared/domain/common.schema';

const org = '11111111-2222-4333-8444-555555555555';
const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('key byte budgets', () => {
  it('are derived from the builders: a value at the budget fits every key after worst-case encoding', () => {
    for (const c of ['x', 'é', '漢', '😀', '#']) {
      const identifier = c.repeat(Math.floor(KEY_PART_MAX_BYTES.deviceIdentifier / utf8Bytes(c)));
      for (const key of [keys.device(org, identifier), keys.deviceOwner(org, identifier, org), keys.customerDevice(org, org, identifier)]) {
        expect(utf8Bytes(key.pk)).toBeLessThanOrEqual(2048);
        expect(utf8Bytes(key.sk)).toBeLessThanOrEqual(1024);
      }
    }
    // One more escaped byte than the budget no longer fits the link sort key.
    const over = '#'.repeat(KEY_PART_MAX_BYTES.deviceIdentifier + 1);
    expect(utf8Bytes(keys.customerDevice(org, org, over).sk)).toBeGreaterThan(1024);
  });

  it('counts every occurrence of the part and picks the tightest key', () => {
    expect(keyPartMaxBytes((p) => [{ pk: `A#${p}`, sk: 'S' }])).toBe(Math.floor((2048 - 2) / 3));
    expect(keyPartMaxBytes((p) => [{ pk: `A#${p}#${p}`, sk: 'S' }])).toBe(Math.floor((2048 - 3) / 6));
    expect(keyPartMaxBytes((p) => [{ pk: 'P', sk: `S#${p}` }, { pk: `A#${p}`, sk: 'S' }])).toBe(Math.floor((1024 - 2) / 3));
    expect(() => keyPartMaxBytes(() => [{ pk: 'P', sk: 'S' }])).toThrow();
  });
});

describe('schema helpers', () => {
  const id = keyPartString({ field: 'identifier', part: 'deviceIdentifier', required: 'identifier is required', maxChars: 256 });

  it('keyPartString: Unicode, required, characters, then bytes, each naming the field', () => {
    expect(firstError(id.safeParse('a\ud800'))).toBe('identifier must be valid Unicode text');
    expect(firstError(id.safeParse('  '))).toBe('identifier is required');
    expect(firstError(id.safeParse('x'.repeat(257)))).toBe('identifier must be at most 256 characters');
    expect(firstError(id.safeParse('漢'.repeat(114)))).toBe(`identifier must be at most ${KEY_PART_MAX_BYTES.deviceIdentifier} bytes of UTF-8 text`);
    expect(id.parse(` ${'漢'.repeat(113)} `)).toBe('漢'.repeat(113));
  });

  it('optionalKeyPartString checks the budget on the normalised form', () => {
    const name = optionalKeyPartString({ field: 'name', part: 'categoryName', normalize: (v) => v.toLowerCase() });
    expect(name.parse(undefined)).toBeUndefined();
    expect(firstError(name.safeParse(1))).toBe('name must be a string');
    // 'Ⱥ' is 2 bytes, its lowercase 3: 150 of them fit before lowercasing but not after.
    expect(firstError(name.safeParse('Ⱥ'.repeat(150)))).toBe(`name must be at most ${KEY_PART_MAX_BYTES.categoryName} bytes of UTF-8 text`);
  });

  it('emails: well-formed and at most 254 bytes', () => {
    expect(isValidEmail('a\ud800@b.co')).toBe(false);
    expect(isValidEmail(`${'é'.repeat(124)}@b.co`)).toBe(true);
    expect(isValidEmail(`${'é'.repeat(125)}@b.co`)).toBe(false);
  });

  it('depth and malformed-text checks are iterative (no stack overflow at 100,000 levels)', () => {
    let deep: unknown = 'a\udc00';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(exceedsJsonDepth(deep, 32)).toBe(true);
    expect(findMalformedTextField({ ok: 'x', properties: deep })).toBe('properties');
    expect(findMalformedTextField({ ['k\ud800']: 1 })).toBe('request body');
    expect(findMalformedTextField({ a: ['😀', { b: 'ok' }] })).toBeUndefined();
  });

  it('walks very wide arrays without spreading them onto the call stack (issue 23 #7)', () => {
    // 300k elements (a ~600 KB body): `push(...array)` threw RangeError here, a 500 on every route.
    const wide = new Array<unknown>(300_000).fill(1);
    wide[299_999] = 'a\udc00';
    expect(findMalformedTextField({ properties: wide })).toBe('properties');
    expect(findMalformedTextField({ properties: new Array<unknown>(300_000).fill('ok') })).toBeUndefined();
  });
});
