import * as z from 'zod/mini';
import { utf8Bytes } from '../db/key-limits';
import { KEY_PART_MAX_BYTES, type KeyPart } from '../db/keys';
import { pure } from '../pure';

/**
 * Building blocks for request schemas. Each takes the exact text integrators see, because
 * the first issue's message becomes the 400 body (shared/http/handler.ts).
 */

/** A string trimmed, then required non-empty and at most `max` characters; well-formed Unicode when `field` names it for the 400. */
export function nonEmptyString(message: string, max: number, tooLong: string, field?: string) {
  return z.string({ error: message }).check(
    z.trim(),
    ...(field ? [wellFormedText(field)] : []),
    z.minLength(1, message),
    z.maxLength(max, tooLong),
  );
}

/** An optional string, trimmed, well-formed Unicode, at most `max` characters. */
export function optionalString(field: string, max: number) {
  return z.optional(
    z.string({ error: `${field} must be a string` }).check(
      z.trim(),
      wellFormedText(field),
      z.maxLength(max, `${field} must be at most ${max} characters`),
    ),
  );
}

export const METADATA_MAX_BYTES = 65_536; // 64 KiB
/** Nesting limit of free-form JSON (metadata, properties): the object itself is level 1. */
export const METADATA_MAX_DEPTH = 32;

/** Serialized size of a JSON value in bytes (what the metadata limit counts). Check {@link exceedsJsonDepth} first: serialising recurses. */
export const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * Whether a JSON value nests objects/arrays deeper than `maxDepth` levels. Walks with an explicit
 * stack and stops at the first container past the limit, so no input can overflow the call stack.
 */
export function exceedsJsonDepth(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** 400 text for free-form JSON nested too deep. */
export const jsonTooDeep = (field: string) => `${field} must be nested at most ${METADATA_MAX_DEPTH} levels deep`;

/** A free-form JSON object (not null, not an array), at most {@link METADATA_MAX_DEPTH} levels and {@link METADATA_MAX_BYTES} serialized. */
export function metadataObject(field: string) {
  return z.record(z.string(), z.unknown(), { error: `${field} must be a JSON object` }).check(
    z.refine((value) => !exceedsJsonDepth(value, METADATA_MAX_DEPTH), { error: jsonTooDeep(field), abort: true }),
    z.refine((value) => jsonBytes(value) <= METADATA_MAX_BYTES, `${field} must be at most ${METADATA_MAX_BYTES} bytes of JSON`),
  );
}

// A UTF-16 surrogate not paired with its other half: such a string has no UTF-8 form, so the
// key encoder (encodeURIComponent) throws on it and the classifier would garble it.
const LONE_SURROGATE = /* @__PURE__ */ pure(() => /\p{Cs}/u);

/** Whether a string is well-formed Unicode (no lone UTF-16 surrogate). */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);

/** 400 text for a string that is not well-formed Unicode. */
export const invalidUnicode = (field: string) => `${field} must be valid Unicode text`;

/** A zod check for strings: well-formed Unicode, else 400 `<field> must be valid Unicode text`; later checks are skipped. */
export const wellFormedText = (field: string) => z.refine<string>((value) => isWellFormedText(value), { error: invalidUnicode(field), abort: true });

/**
 * The first field of a parsed JSON body holding a string (value or object key, at any depth)
 * that is not well-formed Unicode: the top-level field name, or `request body` when the
 * offending string is a top-level key itself; undefined when all text is well-formed.
 * Iterative, so it is safe on arbitrarily deep input. The handler factory runs it on every body.
 */
export function findMalformedTextField(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return typeof body === 'string' && !isWellFormedText(body) ? 'request body' : undefined;
  for (const [field, value] of Object.entries(body)) {
    if (!isWellFormedText(field)) return 'request body';
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node === 'string') {
        if (!isWellFormedText(node)) return field;
      } else if (Array.isArray(node)) {
        // A loop, not `push(...node)`: spreading a very wide array (300k elements) exceeds the
        // engine's argument limit and throws RangeError (a 500) before validation can answer.
        for (const child of node) stack.push(child);
      } else if (node !== null && typeof node === 'object') {
        for (const [key, child] of Object.entries(node)) {
          if (!isWellFormedText(key)) return field;
          stack.push(child);
        }
      }
    }
  }
  return undefined;
}

/** 400 text for a key part over its byte budget. */
export const keyPartTooLong = (field: string, maxBytes: number) => `${field} must be at most ${maxBytes} bytes of UTF-8 text`;

/**
 * Whether a (trimmed) value can be the key part `part`: well-formed and within its byte budget
 * ({@link KEY_PART_MAX_BYTES}) after `normalize`. For values that are not read through a schema
 * (path parameters, bulk-metadata keys, MQTT topics): out-of-budget values can match nothing stored.
 */
export function fitsKeyPart(part: KeyPart, value: string, normalize: (value: string) => string = (v) => v): boolean {
  return isWellFormedText(value) && utf8Bytes(normalize(value)) <= KEY_PART_MAX_BYTES[part];
}

/** Options of {@link keyPartString} and {@link optionalKeyPartString}. */
export interface KeyPartStringOptions {
  /** Field name the 400 texts use. */
  field: string;
  /** Which key part the value becomes; its byte budget is `KEY_PART_MAX_BYTES[part]`. */
  part: KeyPart;
  /** 400 text when absent, not a string, or empty after trimming (optional: `<field> must be a string` when not a string). */
  required?: string;
  /** Character limit on top of the byte budget, with its own 400 text (`<field> must be at most <n> characters` by default). */
  maxChars?: number;
  tooLongChars?: string;
  /** The normalisation the key builder sees (e.g. lowercase for emails); the byte budget is checked on its result. */
  normalize?: (value: string) => string;
}

function keyPartChecks(options: KeyPartStringOptions, emptyMessage?: string) {
  const { field, part, maxChars, normalize = (v: string) => v } = options;
  const maxBytes = KEY_PART_MAX_BYTES[part];
  return [
    z.trim(),
    wellFormedText(field),
    ...(emptyMessage ? [z.minLength(1, emptyMessage)] : []),
    ...(maxChars !== undefined ? [z.maxLength(maxChars, options.tooLongChars ?? `${field} must be at most ${maxChars} characters`)] : []),
    z.refine<string>((value) => utf8Bytes(normalize(value)) <= maxBytes, { error: keyPartTooLong(field, maxBytes), abort: true }),
  ];
}

/**
 * A required string that becomes part of a DynamoDB key: trimmed; well-formed Unicode (400
 * `<field> must be valid Unicode text`); non-empty (400 `required`); optionally at most
 * `maxChars` characters; at most `KEY_PART_MAX_BYTES[part]` UTF-8 bytes after `normalize`
 * (400 `<field> must be at most <n> bytes of UTF-8 text`). The first failing check is the 400 text.
 */
export function keyPartString(options: KeyPartStringOptions & { required: string }) {
  return z.string({ error: options.required }).check(...keyPartChecks(options, options.required));
}

/** Like {@link keyPartString} but may be absent; an empty string (after trimming) passes as ''. */
export function optionalKeyPartString(options: KeyPartStringOptions) {
  return z.optional(z.string({ error: options.required ?? `${options.field} must be a string` }).check(...keyPartChecks(options)));
}

export const EMAIL_MAX = 254;
/** An email's limit in UTF-8 bytes: RFC 5321's 254 octets, and never more than the email key part's budget. */
export const EMAIL_MAX_BYTES = /* @__PURE__ */ pure(() => Math.min(EMAIL_MAX, KEY_PART_MAX_BYTES.email));
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trim + lowercase: the form used for matching and uniqueness. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Whether a (trimmed) string looks like an email address that can be stored: well-formed,
 * at most {@link EMAIL_MAX_BYTES} UTF-8 bytes once normalised (lowercasing can grow a string).
 */
export const isValidEmail = (email: string) =>
  email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) && fitsKeyPart('email', email, normalizeEmail) && utf8Bytes(normalizeEmail(email)) <= EMAIL_MAX_BYTES;

/** Required email: trimmed, `required` when absent or empty, `invalid` when malformed or too long to store. */
export function emailString(required: string, invalid: string, field = 'email') {
  return z.string({ error: required }).check(
    z.trim(),
    wellFormedText(field),
    z.minLength(1, required),
    z.refine((value) => isValidEmail(value), { error: invalid, abort: true }),
  );
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether the string is a UUID (the form of every id Fleetdesk issues). */
export const isUuid = (value: string) => UUID_PATTERN.test(value);
