import * as z from 'zod/mini';

/**
 * Building blocks for request schemas. Each takes the exact text integrators see, because
 * the first issue's message becomes the 400 body (shared/http/handler.ts).
 */

/** A string trimmed, then required non-empty and at most `max` characters. */
export function nonEmptyString(message: string, max: number, tooLong: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));
}

/** An optional string, trimmed, at most `max` characters. */
export function optionalString(field: string, max: number) {
  return z.optional(
    z.string({ error: `${field} must be a string` }).check(z.trim(), z.maxLength(max, `${field} must be at most ${max} characters`)),
  );
}

export const METADATA_MAX_BYTES = 64 * 1024;

/** Serialized size of a JSON value in bytes (what the metadata limit counts). */
export const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** A free-form JSON object (not null, not an array), at most {@link METADATA_MAX_BYTES} serialized. */
export function metadataObject(field: string) {
  return z.record(z.string(), z.unknown(), { error: `${field} must be a JSON object` }).check(
    z.refine((value) => jsonBytes(value) <= METADATA_MAX_BYTES, `${field} must be at most ${METADATA_MAX_BYTES} bytes of JSON`),
  );
}

export const EMAIL_MAX = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trim + lowercase: the form used for matching and uniqueness. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Whether a (trimmed) string looks like an email address. */
export const isValidEmail = (email: string) => email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);

/** Required email: trimmed, `required` when absent or empty, `invalid` when malformed. */
export function emailString(required: string, invalid: string) {
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.refine((value) => isValidEmail(value), { error: invalid, abort: true }),
  );
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether the string is a UUID (the form of every id Fleetdesk issues). */
export const isUuid = (value: string) => UUID_PATTERN.test(value);
