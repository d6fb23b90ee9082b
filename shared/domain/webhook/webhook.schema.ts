import * as z from 'zod/mini';
import { optionalString } from '../common.schema';

/**
 * Outgoing webhooks (issue 19): endpoints a maker registers, the events Fleetdesk signs and
 * delivers to them (Standard Webhooks), and the delivery log. Every text below is what
 * integrators see.
 */

import { ENABLED_INVALID, EVENT_TYPES, EVENTS_REQUIRED, URL_MAX, URL_REQUIRED, URL_TOO_LONG, WEBHOOK_DESCRIPTION_MAX } from './webhook.limits';
export * from './webhook.limits';


const urlField = z.string({ error: URL_REQUIRED }).check(z.trim(), z.minLength(1, URL_REQUIRED), z.maxLength(URL_MAX, URL_TOO_LONG));
const eventsField = z.array(z.string({ error: EVENTS_REQUIRED }), { error: EVENTS_REQUIRED }).check(z.minLength(1, EVENTS_REQUIRED), z.maxLength(EVENT_TYPES.length + 1, EVENTS_REQUIRED));

/** `POST /webhooks` body. Event names and the URL's host are checked by the service (the 400 names them). */
export const CreateWebhookBody = z.object({
  url: urlField,
  events: eventsField,
  description: optionalString('description', WEBHOOK_DESCRIPTION_MAX),
});
export type CreateWebhookInput = z.output<typeof CreateWebhookBody>;

/** `PATCH /webhooks/{id}` body: any of url, events, description, enabled. */
export const UpdateWebhookBody = z.object({
  url: z.optional(urlField),
  events: z.optional(eventsField),
  description: optionalString('description', WEBHOOK_DESCRIPTION_MAX),
  enabled: z.optional(z.boolean({ error: ENABLED_INVALID })),
});
export type UpdateWebhookInput = z.output<typeof UpdateWebhookBody>;

/** An endpoint as the API returns it (never its secret). */
export const WebhookResource = z.object({
  webhookId: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.nullable(z.string()),
  enabled: z.boolean(),
  /** Why the endpoint is disabled, when Fleetdesk disabled it. */
  disabledReason: z.nullable(z.string()),
  consecutiveFailures: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until then, deliveries carry a second signature made with the previous secret. */
  previousSecretExpiresAt: z.nullable(z.string()),
});
export type Webhook = z.output<typeof WebhookResource>;

/** `POST /webhooks` and `POST /webhooks/{id}/rotate-secret`: the only answers that show the secret. */
export const WebhookWithSecretResponse = z.extend(WebhookResource, { secret: z.string() });
export const WebhookListResponse = z.object({ webhooks: z.array(WebhookResource) });

/** One delivery attempt, as the deliveries log lists it. */
export const DeliveryAttemptResource = z.object({
  deliveryId: z.string(),
  eventId: z.string(),
  type: z.string(),
  attempt: z.number(),
  /** The receiver's status code; null when no answer came (timeout, refused address, network). */
  statusCode: z.nullable(z.number()),
  error: z.nullable(z.string()),
  durationMs: z.number(),
  at: z.string(),
  /** When the next attempt is due; null after a success or the last attempt. */
  nextRetryAt: z.nullable(z.string()),
  /** The receiver's response body, at most 4 KB. */
  responseBody: z.nullable(z.string()),
});
export type DeliveryAttempt = z.output<typeof DeliveryAttemptResource>;
export const DeliveryListResponse = z.object({ deliveries: z.array(DeliveryAttemptResource), nextCursor: z.nullable(z.string()) });
export const DeliveryListQuery = z.object({ cursor: z.optional(z.string()), limit: z.optional(z.string()) });

export const RedeliverResponse = z.object({
  deliveryId: z.string(),
  eventId: z.string(),
  type: z.string(),
  status: z.literal('pending'),
});
export const TestWebhookResponse = RedeliverResponse;
export const DeleteWebhookResponse = z.object({ success: z.literal(true) });
