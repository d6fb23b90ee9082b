/**
 * Outgoing webhooks' event types, limits and texts, without the zod schemas of webhook.schema.ts
 * (which re-exports this module): the delivery, fan-out and URL-checking code imports them from here
 * and builds no schema at load (docs/performance.md, "Bundle sizes").
 */

/** Event types an endpoint can subscribe to (`["*"]`: all of them). */
export const EVENT_TYPES = [
  'ticket.created',
  'ticket.updated',
  'ticket.message_added',
  'incident.opened',
  'incident.resolved',
  'incident.withdrawn',
  'telemetry_import.finished',
  'connector.sync_failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** Sent by `POST /webhooks/{id}/test` to that endpoint only, whatever it subscribes to. */
export const TEST_EVENT_TYPE = 'webhook.test';
export type AnyEventType = EventType | typeof TEST_EVENT_TYPE;
export const ALL_EVENTS = '*';

export const MAX_WEBHOOKS_PER_ORG = 10;
export const URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Deliveries failed for good in a row after which an endpoint is disabled. */
export const DISABLE_AFTER_CONSECUTIVE_FAILURES = 50;
/** Response body bytes kept in the delivery log. */
export const RESPONSE_BODY_MAX_BYTES = 4096;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The old secret keeps signing beside the new one this long after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/**
 * Waits before each retry (attempt 2 follows the first failure by 10 s, ...): 8 attempts spread
 * over 20 h 36 min 10 s, within the contract's 24 h cap.
 */
export const RETRY_SCHEDULE_SECONDS = [10, 60, 300, 1800, 7200, 21600, 43200] as const;
export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;

// Texts.
export const URL_REQUIRED = 'url is required';
export const URL_INVALID = 'url must be a valid URL';
export const URL_TOO_LONG = `url must be at most ${URL_MAX} characters`;
export const URL_NOT_HTTPS = 'url must use https://';
export const URL_CREDENTIALS = 'url must not contain a user name or password';
export const URL_PRIVATE = 'url host resolves to a private, loopback, link-local or metadata address';
export const URL_UNRESOLVABLE = 'url host could not be resolved';
export const EVENTS_REQUIRED = 'events must be a non-empty array of event types, or ["*"]';
export const unknownEventType = (name: string) => `Unknown event type "${name}"`;
export const ENABLED_INVALID = 'enabled must be a boolean';
export const NOTHING_TO_UPDATE = 'Nothing to update: give url, events, description or enabled';
export const TOO_MANY_WEBHOOKS = `At most ${MAX_WEBHOOKS_PER_ORG} webhook endpoints per organization`;
export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const DELIVERY_LIMIT_INVALID = 'limit must be an integer from 1 to 100';
export const DELIVERY_CURSOR_INVALID = 'cursor is invalid';
export const WEBHOOK_DISABLED = 'Webhook is disabled; enable it with PATCH { "enabled": true } first';

/** What is signed and sent: Standard Webhooks' recommended envelope. */
export interface WebhookPayload {
  type: AnyEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);
