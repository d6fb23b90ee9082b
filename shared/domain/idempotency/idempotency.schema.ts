import * as z from 'zod/mini';
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN } from './idempotency.limits';

export {
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_TTL_SECONDS,
  isIdempotencyKey,
} from './idempotency.limits';

/** The header's value as a schema (the same rule as {@link isIdempotencyKey}, which the handler factory uses). */
export const IdempotencyKey = z.string({ error: IDEMPOTENCY_KEY_INVALID }).check(
  z.regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_INVALID),
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
