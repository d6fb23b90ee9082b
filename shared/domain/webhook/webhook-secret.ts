import { sealerForPurpose, type SealedSecret, type SealPurpose, type SecretSealer } from '../../crypto/secret-sealer';

/**
 * Webhook signing secrets at rest. The table holds them sealed (shared/crypto/secret-sealer.ts:
 * KMS envelope encryption in AWS, the local key file in the local stack), like connector tokens,
 * with the same stack key but their own encryption context, so a grant conditioned on the purpose
 * opens these and nothing else. Endpoints created before sealing hold the clear `whsec_` string;
 * both forms sign, and a rotation stores both of its secrets sealed.
 */

export const WEBHOOK_SECRET_ENV = {
  /** KMS key for sealing (set by the stack on the functions that seal or open webhook secrets). */
  kmsKeyId: 'WEBHOOK_KMS_KEY_ID',
  /** Local key file (default `<cwd>/.data/webhook-secret.key`). */
  localKeyFile: 'WEBHOOK_LOCAL_KEY_FILE',
} as const;

/** The encryption context's `purpose`: the stack's Decrypt grant for webhook functions is conditioned on it. */
export const WEBHOOK_SECRET_CONTEXT_PURPOSE = 'webhook-signing-secret';

export const WEBHOOK_SECRET_PURPOSE: SealPurpose = {
  aad: 'fleetdesk-webhook-secret',
  encryptionContext: (organizationId) => ({ organizationId, purpose: WEBHOOK_SECRET_CONTEXT_PURPOSE }),
  kmsKeyEnv: WEBHOOK_SECRET_ENV.kmsKeyId,
  localKeyFileEnv: WEBHOOK_SECRET_ENV.localKeyFile,
  localKeyFileName: 'webhook-secret.key',
  noun: 'webhook secret',
};

/** A stored signing secret: sealed, or (an endpoint created before sealing) the clear `whsec_…` string. */
export type StoredSecret = SealedSecret | string;

let configured: SecretSealer | undefined;
const sealer = () => (configured ??= sealerForPurpose(WEBHOOK_SECRET_PURPOSE));

/** Replaces the sealer (tests: a fake KMS) or forgets it (`undefined`: read the environment again). */
export function setWebhookSecretSealer(replacement: SecretSealer | undefined): void {
  configured = replacement;
  opened.clear();
}

export const sealWebhookSecret = (organizationId: string, secret: string): Promise<SealedSecret> => sealer().seal(organizationId, secret);

/** A secret in its sealed form for storing: sealed ones as they are (no KMS call), clear ones sealed now. */
export const resealWebhookSecret = (organizationId: string, stored: StoredSecret): Promise<SealedSecret> =>
  typeof stored === 'string' ? sealWebhookSecret(organizationId, stored) : Promise.resolve(stored);

/**
 * Opened secrets, by organization and sealed box, for a few minutes: a delivery worker signs many
 * attempts for the same endpoints, and one KMS Decrypt per attempt would add its latency and cost
 * to each. Bounded; a rotated secret has a new box, so it is never served stale.
 */
const opened = new Map<string, { secret: string; until: number }>();
const OPENED_TTL_MS = 5 * 60_000;
const OPENED_MAX = 1000;

/** The secret to sign with (never logged). */
export async function openWebhookSecret(organizationId: string, stored: StoredSecret, nowMs = Date.now()): Promise<string> {
  if (typeof stored === 'string') return stored;
  const cacheKey = `${organizationId}\n${stored.box}`;
  const hit = opened.get(cacheKey);
  if (hit && hit.until > nowMs) return hit.secret;
  const secret = await sealer().open(organizationId, stored);
  opened.delete(cacheKey);
  if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string);
  opened.set(cacheKey, { secret, until: nowMs + OPENED_TTL_MS });
  return secret;
}
