import { KEY_PART_MAX_BYTES } from '../../db/keys';

/**
 * Idempotency-Key limits, texts and the header check, without zod (idempotency.schema.ts re-exports all
 * of it): the handler factory checks the header with these, so an idempotent route's bundle carries
 * only the zod features of its own body schema, not the string-format checks the key's schema used.
 */

/** Longest Idempotency-Key accepted (visible ASCII, so bytes = characters; well inside the key part's budget). */
export const IDEMPOTENCY_KEY_MAX = Math.min(255, KEY_PART_MAX_BYTES.idempotencyKey);
/** How long a key's first response is replayed. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

// Exact texts (README, "Retries and Idempotency-Key").
export const IDEMPOTENCY_KEY_INVALID = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`;
export const IDEMPOTENCY_KEY_REUSED = 'Idempotency-Key was already used with a different request';
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is in progress';

/** Visible ASCII only, so a key can never be mistaken for another after any normalisation. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;

/** Whether a header value is a valid Idempotency-Key: a string of 1 to {@link IDEMPOTENCY_KEY_MAX} visible ASCII characters. */
export const isIdempotencyKey = (value: unknown): value is string =>
  typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value) && value.length <= IDEMPOTENCY_KEY_MAX;
