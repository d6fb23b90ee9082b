import * as z from 'zod/mini';
import { KEY_PART_MAX_BYTES } from '../../db/keys';

/** Longest Idempotency-Key accepted (visible ASCII, so bytes = characters; well inside the key part's budget). */
export const IDEMPOTENCY_KEY_MAX = Math.min(255, KEY_PART_MAX_BYTES.idempotencyKey);
/** How long a key's first response is replayed. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

// Exact texts (README, "Retries and Idempotency-Key").
export const IDEMPOTENCY_KEY_INVALID = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`;
export const IDEMPOTENCY_KEY_REUSED = 'Idempotency-Key was already used with a different request';
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is in progress';

/** The header's value: visible ASCII only, so it can never be mistaken for another key after any normalisation. */
export const IdempotencyKey = z.string({ error: IDEMPOTENCY_KEY_INVALID }).check(
  z.regex(/^[\x21-\x7e]+$/, IDEMPOTENCY_KEY_INVALID),
  z.maxLength(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_INVALID),
);

/** A stored response, replayed as it was first sent. */
export interface StoredResponse {
  statusCode: number;
  body: string;
}

/** The record of one key, as the repository reads it. */
export interface IdempotencyRecord {
  fingerprint: string;
  status: 'in_progress' | 'completed';
  statusCode?: number;
  responseBody?: string;
}
