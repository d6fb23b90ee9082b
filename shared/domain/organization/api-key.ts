import { createHash, randomBytes } from 'node:crypto';

/** Recognisable prefix so leaked keys are easy to spot by secret scanners and humans. */
export const API_KEY_PREFIX = 'fdk_';
const KEY_BYTES = 32;
/** Upper bound on a presented key; anything longer cannot be ours and is rejected unhashed. */
export const MAX_PRESENTED_KEY_LENGTH = 200;

/** A new random key: prefix + 256 bits of entropy, base64url. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

/** SHA-256 hex of a key; the only form in which keys are stored. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}
