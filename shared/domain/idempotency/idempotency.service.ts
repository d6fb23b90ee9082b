import { createHash, randomUUID } from 'node:crypto';
import { BadRequestError, ConflictError, UnprocessableError } from '../errors';
import { logger } from '../../logging/logger';
import * as repo from './idempotency.repository';
import { IDEMPOTENCY_IN_PROGRESS, IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_TTL_SECONDS, isIdempotencyKey } from './idempotency.limits';
import type { StoredResponse } from './idempotency.schema';

/** What makes two requests "the same" for one key: the route and the exact body text. */
export function requestFingerprint(routeKey: string, rawBody: string): string {
  return createHash('sha256').update(routeKey).update('\n').update(rawBody).digest('hex');
}

/** The validated Idempotency-Key header value, or 400. */
export function parseIdempotencyKey(raw: string): string {
  if (!isIdempotencyKey(raw)) throw new BadRequestError(IDEMPOTENCY_KEY_INVALID);
  return raw;
}

/**
 * Runs `run` at most once per organization and key within 24 hours. The first request claims the
 * key; its successful response (status and body) is stored and replayed to every later request
 * with the same fingerprint (`replayed: true`). A different fingerprint is 422, a claim still in
 * progress is 409. When `run` throws, the claim is deleted so a retry runs again: every endpoint
 * leaves nothing behind when it fails (docs/data-model.md), so running again is safe.
 */
export async function runIdempotent(
  request: { organizationId: string; key: string; fingerprint: string; leaseMs: number },
  run: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const owner = randomUUID();
  const claim = await repo.claimKey(request.organizationId, request.key, {
    fingerprint: request.fingerprint,
    owner,
    nowMs: Date.now(),
    leaseMs: request.leaseMs,
    ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
  });
  if (!claim.claimed) {
    const { existing } = claim;
    if (existing.fingerprint !== request.fingerprint) throw new UnprocessableError(IDEMPOTENCY_KEY_REUSED);
    if (existing.status !== 'completed' || existing.statusCode === undefined) throw new ConflictError(IDEMPOTENCY_IN_PROGRESS);
    return { statusCode: existing.statusCode, body: existing.responseBody ?? '', replayed: true };
  }

  let response: StoredResponse;
  try {
    response = await run();
  } catch (error) {
    await repo.releaseKey(request.organizationId, request.key, owner).catch((releaseError: unknown) =>
      logger.error('Idempotency-Key release failed', releaseError instanceof Error ? releaseError : String(releaseError)),
    );
    throw error;
  }
  // The effect has happened: a failure to record it must not turn the success into an error.
  await repo.completeKey(request.organizationId, request.key, owner, response).catch((storeError: unknown) =>
    logger.error('Idempotency-Key completion failed', storeError instanceof Error ? storeError : String(storeError)),
  );
  return { ...response, replayed: false };
}
