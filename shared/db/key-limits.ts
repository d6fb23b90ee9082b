/**
 * Byte arithmetic of DynamoDB key limits, kept pure so the key module can derive the budget of
 * every free-form key part from its own builders (shared/db/keys.ts `KEY_PART_MAX_BYTES`).
 */

/** DynamoDB's limits on key attribute values, in UTF-8 bytes (base table and every GSI). */
export const DYNAMODB_KEY_MAX_BYTES = { partitionKey: 2048, sortKey: 1024 } as const;

/**
 * Worst-case growth of the key encoder (`encodeURIComponent`): every UTF-8 byte of a value can
 * become a three-byte `%XX` escape.
 */
export const ENCODED_BYTES_PER_BYTE = 3;

/** UTF-8 length of a string, what DynamoDB counts against its key limits. */
export const utf8Bytes = (value: string) => Buffer.byteLength(value, 'utf8');

/** Key attributes that are partition keys (the rest of the string attributes are sort keys). */
const PARTITION_KEY_ATTRIBUTES = new Set(['pk', 'gsi1pk']);

/**
 * The largest number of UTF-8 bytes a free-form value may have so that every key `build`
 * makes from it fits DynamoDB's limits after encoding. `build` returns every key (base table and
 * GSI attributes) the value is ever part of, with the longest fixed parts it can have (UUID ids);
 * the budget is found by building once with an empty part and once with a one-byte part, so
 * the fixed overhead and how often the part occurs come from the layout itself.
 */
export function keyPartMaxBytes(build: (part: string) => readonly object[]): number {
  const empty = build('');
  const one = build('x');
  let budget = Number.POSITIVE_INFINITY;
  empty.forEach((key, i) => {
    for (const [attribute, fixed] of Object.entries(key)) {
      if (typeof fixed !== 'string') continue;
      const longer = (one[i] as Record<string, unknown> | undefined)?.[attribute];
      const occurrences = (typeof longer === 'string' ? utf8Bytes(longer) : 0) - utf8Bytes(fixed);
      if (occurrences <= 0) continue;
      const limit = PARTITION_KEY_ATTRIBUTES.has(attribute) ? DYNAMODB_KEY_MAX_BYTES.partitionKey : DYNAMODB_KEY_MAX_BYTES.sortKey;
      budget = Math.min(budget, Math.floor((limit - utf8Bytes(fixed)) / (ENCODED_BYTES_PER_BYTE * occurrences)));
    }
  });
  if (!Number.isFinite(budget) || budget < 1) throw new Error('keyPartMaxBytes: the part occurs in no key, or no byte of it fits');
  return budget;
}
