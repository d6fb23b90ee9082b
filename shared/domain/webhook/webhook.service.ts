import { randomBytes, randomUUID } from 'node:crypto';
import { decodeSortKeyCursor, encodeSortKeyCursor } from '../../db/cursor';
import { isUuid } from '../common.schema';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { createDeliveries, deliveryQueue } from './delivery';
import { checkWebhookUrl } from './safe-http';
import * as repo from './webhook.repository';
import { resealWebhookSecret, sealWebhookSecret } from './webhook-secret';
import {
  ALL_EVENTS,
  DELIVERY_CURSOR_INVALID,
  DELIVERY_LIMIT_INVALID,
  DELIVERY_NOT_FOUND,
  EVENTS_REQUIRED,
  isEventType,
  NOTHING_TO_UPDATE,
  ROTATION_OVERLAP_MS,
  TEST_EVENT_TYPE,
  TOO_MANY_WEBHOOKS,
  unknownEventType,
  WEBHOOK_DISABLED,
  WEBHOOK_NOT_FOUND,
} from './webhook.limits';
import type { CreateWebhookInput, DeliveryAttempt, UpdateWebhookInput, Webhook } from './webhook.schema';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Checks the event list: `["*"]` alone, or known types (the 400 names the first unknown one); duplicates dropped. */
function checkEvents(events: string[]): string[] {
  const trimmed = events.map((e) => e.trim());
  if (trimmed.includes(ALL_EVENTS)) {
    if (trimmed.length !== 1) throw new BadRequestError(EVENTS_REQUIRED);
    return [ALL_EVENTS];
  }
  const unknown = trimmed.find((e) => !isEventType(e));
  if (unknown !== undefined) throw new BadRequestError(unknownEventType(unknown));
  return [...new Set(trimmed)];
}

async function found(org: OrgContext, rawId: string | undefined): Promise<repo.StoredWebhook> {
  const id = rawId?.trim().toLowerCase() ?? '';
  const webhook = isUuid(id) ? await repo.getWebhook(org.organizationId, id) : undefined;
  if (!webhook) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return webhook;
}

/** `POST /webhooks`: the new endpoint with its secret (shown only here and on rotation). */
export async function createWebhook(org: OrgContext, input: CreateWebhookInput): Promise<Webhook & { secret: string }> {
  const events = checkEvents(input.events);
  const url = await checkWebhookUrl(input.url);
  const now = new Date().toISOString();
  const secret = newSecret();
  const webhook: repo.StoredWebhook = {
    organizationId: org.organizationId,
    webhookId: randomUUID(),
    url,
    events,
    description: input.description || null,
    enabled: true,
    disabledReason: null,
    consecutiveFailures: 0,
    createdAt: now,
    updatedAt: now,
    // Stored sealed; the clear secret exists only in this answer.
    secret: await sealWebhookSecret(org.organizationId, secret),
    previousSecret: null,
    previousSecretExpiresAt: null,
  };
  if (!(await repo.createWebhook(webhook))) throw new BadRequestError(TOO_MANY_WEBHOOKS);
  return { ...repo.publicView(webhook), secret };
}

export async function listWebhooks(org: OrgContext): Promise<{ webhooks: Webhook[] }> {
  return { webhooks: (await repo.listWebhooks(org.organizationId)).map(repo.publicView) };
}

export async function getWebhook(org: OrgContext, rawId: string | undefined): Promise<Webhook> {
  return repo.publicView(await found(org, rawId));
}

/** `PATCH /webhooks/{id}`: url, events, description, enabled. Enabling resets the failure count. */
export async function updateWebhook(org: OrgContext, rawId: string | undefined, input: UpdateWebhookInput): Promise<Webhook> {
  const current = await found(org, rawId);
  const changes: Record<string, unknown> = {};
  if (input.events !== undefined) changes.events = checkEvents(input.events);
  if (input.url !== undefined) changes.url = await checkWebhookUrl(input.url);
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.enabled !== undefined) {
    changes.enabled = input.enabled;
    if (input.enabled) Object.assign(changes, { disabledReason: null, consecutiveFailures: 0 });
  }
  if (Object.keys(changes).length === 0) throw new BadRequestError(NOTHING_TO_UPDATE);
  changes.updatedAt = new Date().toISOString();
  const updated = await repo.updateWebhook(org.organizationId, current.webhookId, changes);
  if (!updated) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return repo.publicView(updated);
}

export async function deleteWebhook(org: OrgContext, rawId: string | undefined): Promise<{ success: true }> {
  const current = await found(org, rawId);
  if (!(await repo.deleteWebhook(org.organizationId, current.webhookId))) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return { success: true };
}

/**
 * `POST /webhooks/{id}/rotate-secret`: a new secret; the current one becomes the previous one and
 * keeps signing beside it for 24 hours (two signatures in `webhook-signature`). Both are stored
 * sealed (a clear secret from before sealing is sealed here). The condition on the secret read
 * makes two concurrent rotations fail one of them instead of losing a secret.
 */
export async function rotateSecret(org: OrgContext, rawId: string | undefined, nowMs = Date.now()): Promise<Webhook & { secret: string }> {
  const current = await found(org, rawId);
  const secret = newSecret();
  const [sealed, previous] = await Promise.all([sealWebhookSecret(org.organizationId, secret), resealWebhookSecret(org.organizationId, current.secret)]);
  const updated = await repo.rotateWebhookSecret(org.organizationId, current.webhookId, current.secret, {
    secret: sealed,
    previousSecret: previous,
    previousSecretExpiresAt: new Date(nowMs + ROTATION_OVERLAP_MS).toISOString(),
    updatedAt: new Date(nowMs).toISOString(),
  });
  if (!updated) throw new ConflictError('The secret was rotated at the same time; read the webhook and rotate again');
  return { ...repo.publicView(updated), secret };
}

/** `POST /webhooks/{id}/test`: a `webhook.test` event to this endpoint only. */
export async function sendTestEvent(org: OrgContext, rawId: string | undefined) {
  const webhook = await found(org, rawId);
  if (!webhook.enabled) throw new ConflictError(WEBHOOK_DISABLED);
  const eventId = randomUUID();
  const timestamp = new Date().toISOString();
  const data = { webhookId: webhook.webhookId, message: 'This is a test event from Fleetdesk.' };
  const [deliveryId] = await createDeliveries({ organizationId: org.organizationId, eventId, type: TEST_EVENT_TYPE, timestamp, data }, [webhook]);
  return { deliveryId: deliveryId as string, eventId, type: TEST_EVENT_TYPE, status: 'pending' as const };
}

const DEFAULT_LIMIT = 50;
/** Sort keys of the attempt log: `<ISO time>#<deliveryId>#<attempt>`. */
const ATTEMPT_SK = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f-]{36}#\d{3}$/;

/** `GET /webhooks/{id}/deliveries?cursor=&limit=`: one entry per attempt, newest first. */
export async function listDeliveries(org: OrgContext, rawId: string | undefined, query: { cursor?: string; limit?: string }): Promise<{ deliveries: DeliveryAttempt[]; nextCursor: string | null }> {
  const webhook = await found(org, rawId);
  let limit = DEFAULT_LIMIT;
  if (query.limit !== undefined) {
    limit = Number(query.limit);
    if (!/^\d+$/.test(query.limit.trim()) || limit < 1 || limit > 100) throw new BadRequestError(DELIVERY_LIMIT_INVALID);
  }
  let after: string | undefined;
  if (query.cursor !== undefined) {
    after = decodeSortKeyCursor(query.cursor, ATTEMPT_SK);
    if (!after) throw new BadRequestError(DELIVERY_CURSOR_INVALID);
  }
  const page = await repo.listAttempts(org.organizationId, webhook.webhookId, limit, after);
  return { deliveries: page.attempts, nextCursor: page.lastSk ? encodeSortKeyCursor(page.lastSk) : null };
}

/** `POST /webhooks/{id}/deliveries/{deliveryId}/redeliver`: the same event (same `webhook-id`) again now, with a new round of retries. */
export async function redeliver(org: OrgContext, rawId: string | undefined, rawDeliveryId: string | undefined) {
  const webhook = await found(org, rawId);
  if (!webhook.enabled) throw new ConflictError(WEBHOOK_DISABLED);
  const deliveryId = rawDeliveryId?.trim().toLowerCase() ?? '';
  const existing = isUuid(deliveryId) ? await repo.getDelivery(org.organizationId, deliveryId) : undefined;
  if (!existing || existing.webhookId !== webhook.webhookId) throw new NotFoundError(DELIVERY_NOT_FOUND);
  const reopened = await repo.reopenDelivery(org.organizationId, deliveryId, new Date().toISOString());
  if (!reopened) throw new NotFoundError(DELIVERY_NOT_FOUND);
  await deliveryQueue().send([{ organizationId: org.organizationId, deliveryId, webhookId: webhook.webhookId, attempts: reopened.attempts, delayMs: 0 }]);
  return { deliveryId, eventId: reopened.eventId, type: reopened.type, status: 'pending' as const };
}
