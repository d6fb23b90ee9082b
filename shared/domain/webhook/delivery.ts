import { createHash, createHmac } from 'node:crypto';
import { optionalEnv } from '../../config/env';
import { TransactionConditionFailed } from '../../db/operations';
import { logger } from '../../logging/logger';
import { getChatWebhookUrl } from '../ticket-config/ticket-config.repository';
import * as repo from './webhook.repository';
import { safePost } from './safe-http';
import { openWebhookSecret } from './webhook-secret';
import {
  ALL_EVENTS,
  DELIVERY_TIMEOUT_MS,
  DISABLE_AFTER_CONSECUTIVE_FAILURES,
  MAX_ATTEMPTS,
  RETRY_SCHEDULE_SECONDS,
  type AnyEventType,
  type WebhookPayload,
} from './webhook.limits';

declare global {
  /** `true` in a Lambda bundle (lib/bundling.ts `bundleDefines`); unset when the source runs as is (local stack, tests). */
  var __FLEETDESK_LAMBDA_BUNDLE__: boolean | undefined;
}

/**
 * Delivery of signed events (Standard Webhooks) to endpoints, at least once: each (endpoint,
 * event) is a stored delivery; each attempt is claimed with a conditional write (so a duplicated
 * queue message, the sweep and a redelivery never attempt the same number twice), signed, posted
 * through the SSRF guard, and logged with the delivery's next state in one transaction. Retries
 * follow RETRY_SCHEDULE_SECONDS. A wait SQS can hold (DelaySeconds ≤ 15 min) goes back on the
 * queue; longer waits, and anything a lost message left, are found by the sweep in the due index.
 */

export const WEBHOOK_ENV = {
  /** The delivery queue (set by the stack with the SendMessage grant); unset: in-process delivery (local stack). */
  queueUrl: 'WEBHOOK_DELIVERY_QUEUE_URL',
  /** Multiplies every retry wait (local stack and tests: `0.001` turns 10 s into 10 ms). Default 1. */
  retryScale: 'WEBHOOK_RETRY_SCALE',
} as const;

/** SQS's largest DelaySeconds: longer waits are left to the sweep. */
export const SQS_MAX_DELAY_SECONDS = 900;
/** A claimed attempt not recorded by then (its worker died) becomes due again. */
const ATTEMPT_LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;
/** The sweep leaves a due delivery this long to the queue message that should arrive for it. */
const SWEEP_GRACE_MS = 60_000;

export function retryScale(): number {
  const raw = optionalEnv(WEBHOOK_ENV.retryScale);
  if (raw === undefined) return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${WEBHOOK_ENV.retryScale} must be a non-negative number, got "${raw}"`);
  return value;
}

/** The wait before retry `n` (0-based: after the (n+1)th attempt of a round failed), scaled. */
export const retryDelayMs = (n: number) => (RETRY_SCHEDULE_SECONDS[n] ?? 0) * 1000 * retryScale();

/** One attempt to make: delivery, and how many attempts it had when the message was sent. */
export interface DeliveryMessage {
  organizationId: string;
  deliveryId: string;
  webhookId: string;
  attempts: number;
  /** Wait before the attempt, in ms (already scaled). */
  delayMs: number;
}

export interface DeliveryQueue {
  send(messages: DeliveryMessage[]): Promise<void>;
}

export function parseDeliveryMessage(body: string): DeliveryMessage {
  const m = JSON.parse(body) as Partial<DeliveryMessage>;
  if (typeof m.organizationId !== 'string' || typeof m.deliveryId !== 'string' || typeof m.webhookId !== 'string' || !Number.isInteger(m.attempts)) {
    throw new Error('not a webhook delivery message');
  }
  return { organizationId: m.organizationId, deliveryId: m.deliveryId, webhookId: m.webhookId, attempts: m.attempts as number, delayMs: 0 };
}

// Not a dependency: the nodejs22.x runtime provides it and lib/bundling.ts keeps it external.
const SQS_MODULE: string = '@aws-sdk/client-sqs';
type SqsSdk = {
  SQSClient: new (config: object) => { send(command: unknown): Promise<{ Failed?: { Id?: string; Message?: string }[] }> };
  SendMessageBatchCommand: new (input: object) => unknown;
};
let sqs: Promise<{ sdk: SqsSdk; client: InstanceType<SqsSdk['SQSClient']> }> | undefined;

function sqsQueue(url: string): DeliveryQueue {
  return {
    async send(messages) {
      const sendable = messages.filter((m) => m.delayMs <= SQS_MAX_DELAY_SECONDS * 1000);
      if (sendable.length === 0) return;
      sqs ??= (import(SQS_MODULE) as Promise<SqsSdk>).then((sdk) => ({ sdk, client: new sdk.SQSClient({ maxAttempts: 3 }) }));
      const { sdk, client } = await sqs;
      for (let i = 0; i < sendable.length; i += 10) {
        const entries = sendable.slice(i, i + 10).map(({ delayMs, ...m }, n) => ({ Id: String(n), MessageBody: JSON.stringify(m), DelaySeconds: Math.ceil(delayMs / 1000) }));
        const out = await client.send(new sdk.SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
        if (out.Failed?.length) throw new Error(`SendMessageBatch failed for ${out.Failed.length} delivery message(s): ${out.Failed[0]?.Message ?? ''}`);
      }
    },
  };
}

const inFlight = new Set<Promise<unknown>>();
/** Attempts the local queue runs at once, like a Lambda's concurrency: bounds the load on DynamoDB Local and the receivers. */
const LOCAL_CONCURRENCY = 8;
let running = 0;
const waiting: (() => void)[] = [];
async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= LOCAL_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The local stack's queue: a timer per message, then the same attempt function the SQS worker runs. */
const inProcessQueue: DeliveryQueue = {
  async send(messages) {
    for (const message of messages) {
      const job = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, message.delayMs);
        timer.unref?.();
      })
        .then(() => withSlot(() => attemptDelivery(message)))
        .catch((error: unknown) => logger.error('webhook delivery attempt failed', { deliveryId: message.deliveryId, error: String(error) }));
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
    }
  },
};

/** Resolves when every in-process delivery (and the retries it scheduled) has finished: tests, bench. */
export async function settleWebhookDeliveries(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

let override: DeliveryQueue | undefined;
export function setDeliveryQueueForTests(queue: DeliveryQueue | undefined): void {
  override = queue;
}
export function deliveryQueue(): DeliveryQueue {
  if (override) return override;
  const url = optionalEnv(WEBHOOK_ENV.queueUrl);
  if (url) return sqsQueue(url);
  // In a Lambda bundle every function that queues attempts has the queue (the stack's `webhookQueue`, and the
  // worker's own send grant): the in-process queue, and with it the attempt code (HTTP posting, signing),
  // is folded away at bundle time (issue 21, bundle budgets); a Lambda without the URL fails loudly.
  if (globalThis.__FLEETDESK_LAMBDA_BUNDLE__ === true) {
    throw new Error(`${WEBHOOK_ENV.queueUrl} is not set: in Lambda, webhook attempts are only queued`);
  } else {
    return inProcessQueue;
  }
}

/** The deliveryId of an event to an endpoint: derived, so a stream record handled twice creates one delivery. */
export function deliveryIdOf(webhookId: string, eventId: string): string {
  const h = createHash('sha256').update(`${webhookId}\n${eventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The `webhook-signature` header: one `v1,<base64>` per secret in use (the new one first, then
 * the previous one during its 24 h overlap), space-separated as Standard Webhooks allows.
 */
export function signatureHeader(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => standardWebhookSignature(secret, messageId, at, body)).join(' ');
}

const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * One Standard Webhooks signature, as the `standardwebhooks` library's `Webhook#sign` makes it:
 * `v1,` + base64(HMAC-SHA256(key, "<id>.<unix seconds>.<body>")), the key being the base64 after
 * `whsec_`. Node's own HMAC instead of the library's pure-JS SHA-256 and base64 (12 KiB of every
 * bundle that signs); the tests verify these signatures with the library a receiver uses.
 */
export function standardWebhookSignature(secret: string, messageId: string, at: Date, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  if (key.length === 0) throw new Error("Secret can't be empty.");
  const mac = createHmac('sha256', key).update(`${messageId}.${Math.floor(at.getTime() / 1000)}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The secrets an endpoint signs with at `nowMs` (as stored: sealed, or clear from before sealing). */
export function signingSecrets<S>(webhook: { secret: S; previousSecret: S | null; previousSecretExpiresAt: string | null }, nowMs: number): S[] {
  const previousValid = webhook.previousSecret && webhook.previousSecretExpiresAt && Date.parse(webhook.previousSecretExpiresAt) > nowMs;
  return previousValid ? [webhook.secret, webhook.previousSecret as S] : [webhook.secret];
}

/** The endpoint with its signing secrets opened; `secrets` null when they could not be opened (KMS down: the attempt fails and is retried). */
async function endpointForSigning(organizationId: string, webhookId: string, nowMs: number): Promise<{ webhook: repo.StoredWebhook; secrets: string[] | null } | undefined> {
  const webhook = await repo.getWebhook(organizationId, webhookId);
  if (!webhook) return undefined;
  try {
    return { webhook, secrets: await Promise.all(signingSecrets(webhook, nowMs).map((s) => openWebhookSecret(organizationId, s, nowMs))) };
  } catch (error) {
    // The error names the failure (KMS, key file), never the secret.
    logger.error('webhook signing secret could not be opened', { organizationId, webhookId, error: String(error) });
    return { webhook, secrets: null };
  }
}

/** Whether an endpoint wants an event type. */
export const subscribes = (webhook: Pick<repo.StoredWebhook, 'events'>, type: string) => webhook.events.includes(ALL_EVENTS) || webhook.events.includes(type);

/** One event, ready to fan out. */
export interface OutgoingEvent {
  organizationId: string;
  eventId: string;
  type: AnyEventType;
  /** When the change happened (ISO). */
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Creates the event's delivery for each endpoint given and queues the first attempts. A delivery
 * that already existed (the same stream record again) is not queued again: its first attempt was
 * queued then, and the sweep covers a message lost in between.
 */
export async function createDeliveries(event: OutgoingEvent, endpoints: repo.StoredWebhook[], nowMs = Date.now()): Promise<string[]> {
  const payload: WebhookPayload = { type: event.type, timestamp: event.timestamp, data: event.data };
  const body = JSON.stringify(payload);
  const nowIso = new Date(nowMs).toISOString();
  const created = await Promise.all(
    endpoints.map(async (endpoint) => {
      const delivery: repo.StoredDelivery = {
        organizationId: event.organizationId,
        deliveryId: deliveryIdOf(endpoint.webhookId, event.eventId),
        webhookId: endpoint.webhookId,
        eventId: event.eventId,
        type: event.type,
        payload: body,
        status: 'pending',
        attempts: 0,
        roundStart: 0,
        nextRetryAt: nowIso,
        createdAt: nowIso,
      };
      return (await repo.putDelivery(delivery, nowIso, nowMs)) ? delivery.deliveryId : undefined;
    }),
  );
  const queued = endpoints.flatMap((endpoint, i) => (created[i] ? [{ organizationId: event.organizationId, deliveryId: created[i] as string, webhookId: endpoint.webhookId, attempts: 0, delayMs: 0 }] : []));
  await deliveryQueue().send(queued);
  return queued.map((m) => m.deliveryId);
}

/** Tells the organization's chat webhook (if any) that an endpoint was disabled; never throws. */
async function tellChat(organizationId: string, webhook: repo.StoredWebhook): Promise<void> {
  try {
    const url = await getChatWebhookUrl(organizationId);
    if (!url) return;
    const text = `Fleetdesk disabled the webhook endpoint ${webhook.url} (${webhook.webhookId}) after ${DISABLE_AFTER_CONSECUTIVE_FAILURES} deliveries in a row failed every retry. Fix the receiver, then enable it again with PATCH /api/ext-v1/webhooks/${webhook.webhookId} { "enabled": true }.`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(5000),
      redirect: 'error',
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`chat webhook answered ${response.status}`);
  } catch (error) {
    logger.warn('chat notice of a disabled webhook not delivered', { organizationId, webhookId: webhook.webhookId, error: String(error) });
  }
}

/** A delivery failed for good: one more consecutive failure on the endpoint; at the threshold, it is disabled and chat is told. */
async function countFinalFailure(delivery: repo.StoredDelivery): Promise<void> {
  const count = await repo.recordDeliveryOutcome(delivery.organizationId, delivery.webhookId, true);
  if (count === undefined || count < DISABLE_AFTER_CONSECUTIVE_FAILURES) return;
  const reason = `Disabled after ${DISABLE_AFTER_CONSECUTIVE_FAILURES} consecutive failed deliveries`;
  const disabled = await repo.updateWebhook(
    delivery.organizationId,
    delivery.webhookId,
    { enabled: false, disabledReason: reason, updatedAt: new Date().toISOString() },
    { expression: 'enabled = :true', values: { ':true': true } },
  );
  // Only the writer that flipped it tells chat (the condition above), so the notice goes out once.
  if (disabled) {
    logger.warn('webhook endpoint disabled', { organizationId: delivery.organizationId, webhookId: delivery.webhookId });
    await tellChat(delivery.organizationId, disabled);
  }
}

/**
 * Makes one attempt of a delivery (the queue worker's and the local queue's unit of work). A
 * message whose attempt was already made (duplicate, stale) does nothing.
 */
export async function attemptDelivery(message: DeliveryMessage, nowFn: () => number = Date.now): Promise<'skipped' | 'succeeded' | 'retrying' | 'failed'> {
  const claimedAt = nowFn();
  const [delivery, endpoint] = await Promise.all([
    repo.claimAttempt(message.organizationId, message.deliveryId, message.attempts, new Date(claimedAt + ATTEMPT_LEASE_MS).toISOString()),
    // Read and opened beside the claim (no added latency); unused when the claim loses.
    endpointForSigning(message.organizationId, message.webhookId, claimedAt),
  ]);
  if (!delivery) return 'skipped';
  const webhook = endpoint?.webhook.webhookId === delivery.webhookId ? endpoint.webhook : undefined;
  const attempt = delivery.attempts;
  const at = new Date(claimedAt);
  let result: { statusCode: number | null; responseBody: string | null; error: string | null; durationMs: number };
  let countable = true;
  // A failure on Fleetdesk's side (the secret could not be opened) is retried but not held against the endpoint.
  let receiversFault = true;
  if (!webhook || !webhook.enabled) {
    result = { statusCode: null, responseBody: null, error: webhook ? 'Webhook is disabled' : 'Webhook was deleted', durationMs: 0 };
    countable = false;
  } else if (!endpoint?.secrets) {
    result = { statusCode: null, responseBody: null, error: 'Fleetdesk could not open the signing secret; the attempt will be retried', durationMs: 0 };
    receiversFault = false;
  } else {
    const headers = {
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(claimedAt / 1000)),
      'webhook-signature': signatureHeader(endpoint.secrets, delivery.eventId, at, delivery.payload),
    };
    result = await safePost(webhook.url, headers, delivery.payload);
  }
  const ok = result.error === null;
  const retryIndex = attempt - delivery.roundStart - 1;
  const canRetry = !ok && countable && attempt - delivery.roundStart < MAX_ATTEMPTS;
  const finishedAt = nowFn();
  const nextRetryAt = canRetry ? new Date(finishedAt + retryDelayMs(retryIndex)).toISOString() : null;
  const status: repo.DeliveryStatus = ok ? 'succeeded' : canRetry ? 'pending' : 'failed';
  try {
    await repo.recordAttempt(
      delivery,
      { webhookId: delivery.webhookId, deliveryId: delivery.deliveryId, eventId: delivery.eventId, type: delivery.type, attempt, at: at.toISOString(), nextRetryAt, ...result },
      { status, nextRetryAt },
      finishedAt,
    );
  } catch (error) {
    // Another worker took the attempt over after this one's lease ran out: its record stands.
    if (error instanceof TransactionConditionFailed) return 'skipped';
    throw error;
  }
  logger.info('webhook attempt', { organizationId: delivery.organizationId, webhookId: delivery.webhookId, deliveryId: delivery.deliveryId, attempt, statusCode: result.statusCode, status });
  if (ok) {
    if (webhook && webhook.consecutiveFailures > 0) await repo.recordDeliveryOutcome(delivery.organizationId, delivery.webhookId, false);
    return 'succeeded';
  }
  if (canRetry) {
    await deliveryQueue().send([{ organizationId: delivery.organizationId, deliveryId: delivery.deliveryId, webhookId: delivery.webhookId, attempts: attempt, delayMs: retryDelayMs(retryIndex) }]);
    return 'retrying';
  }
  if (countable && receiversFault) await countFinalFailure(delivery);
  return 'failed';
}

/** The scheduled sweep: queues every delivery due (beyond a grace left to its queue message). Returns how many it queued. */
export async function sweepDueDeliveries(nowMs = Date.now(), limit = 500): Promise<number> {
  const cutoff = new Date(nowMs - SWEEP_GRACE_MS * retryScale()).toISOString();
  const due = await repo.dueDeliveries(cutoff, limit);
  await deliveryQueue().send(due.map((d) => ({ ...d, delayMs: 0 })));
  return due.length;
}
