/**
 * What the key layout means for values: the byte budget of each free-form key part, and the
 * attributes that are keys. The builders themselves are in `key-builders.ts`.
 */
import { keyPartMaxBytes } from './key-limits';
import * as keys from './key-builders';

export { SK, type Key, type TicketActivityFacet, type TicketIndexFacet } from './key-builders';

/**
 * UTF-8 byte budget of each free-form key part: a value within its budget (after the
 * normalisation the service applies: trim, and lowercase for emails and category names) fits every
 * key it is part of, after encoding. Schemas enforce these (shared/domain/common.schema.ts
 * `keyPartString`). The numbers are derived from the builders by {@link deriveKeyPartMaxBytes};
 * they are written out so a bundle need not carry every builder to compute them at load, and
 * test/unit/keys.test.ts fails when a builder change moves a budget.
 */
export const KEY_PART_MAX_BYTES = { deviceIdentifier: 339, email: 667, categoryName: 338, idempotencyKey: 665, backfillPrefix: 338 } as const;
export type KeyPart = keyof typeof KEY_PART_MAX_BYTES;

/** The longest fixed ids a key can carry (every id Fleetdesk issues is a UUID). */
const LONGEST_ID = '00000000-0000-0000-0000-000000000000';
/** Telemetry sort keys: a fixed-width ISO timestamp and the longest source name. */
const LONGEST_TIMESTAMP = '2000-01-01T00:00:00.000Z';
const LONGEST_TELEMETRY_SOURCE = 'crash';

/**
 * Each key part's budget from the builders: every key the part is ever in, with the longest fixed
 * parts. A builder that puts the part into a new key must be listed here, so the budget shrinks with it.
 */
export function deriveKeyPartMaxBytes(): Record<KeyPart, number> {
  return {
    deviceIdentifier: keyPartMaxBytes((identifier) => [
      keys.device(LONGEST_ID, identifier),
      keys.deviceOwner(LONGEST_ID, identifier, LONGEST_ID),
      keys.customerDevice(LONGEST_ID, LONGEST_ID, identifier),
      keys.telemetryRecord(LONGEST_ID, identifier, LONGEST_TIMESTAMP, LONGEST_TELEMETRY_SOURCE),
      keys.telemetryChunk(LONGEST_ID, identifier, LONGEST_TIMESTAMP, LONGEST_TELEMETRY_SOURCE, LONGEST_TIMESTAMP, '000000000000'),
      keys.telemetryLatest(LONGEST_ID, identifier),
      keys.anomalyWatch(LONGEST_ID, identifier, LONGEST_TIMESTAMP),
      keys.incident(LONGEST_ID, identifier, LONGEST_TIMESTAMP, LONGEST_ID),
      keys.ticketIndex(LONGEST_ID, { deviceIdentifier: identifier }, LONGEST_TIMESTAMP, LONGEST_ID),
      keys.ticketActivityIndex(LONGEST_ID, { deviceIdentifier: identifier }, LONGEST_TIMESTAMP, LONGEST_ID),
      keys.deviceConnection(LONGEST_ID, identifier),
    ]),
    email: keyPartMaxBytes((email) => [keys.customerEmail(LONGEST_ID, email)]),
    categoryName: keyPartMaxBytes((name) => [keys.category(LONGEST_ID, name), keys.ticketActivityIndex(LONGEST_ID, { category: name }, LONGEST_TIMESTAMP, LONGEST_ID)]),
    idempotencyKey: keyPartMaxBytes((key) => [keys.idempotency(LONGEST_ID, key)]),
    backfillPrefix: keyPartMaxBytes((prefix) => [keys.backfillMapping(LONGEST_ID, prefix)]),
  };
}

/** Attributes that make up keys; codecs strip them so they never leak into API responses. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expiresAt', 'entity'] as const;

/** Removes key attributes from a stored item (the inverse of spreading `keys.*` into it). */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof KEY_ATTRIBUTES)[number]> {
  const copy: Record<string, unknown> = { ...item };
  for (const attr of KEY_ATTRIBUTES) delete copy[attr];
  return copy as Omit<T, (typeof KEY_ATTRIBUTES)[number]>;
}
