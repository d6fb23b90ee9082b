import * as z from 'zod/mini';
import { IncidentResource } from '../domain/anomaly/anomaly.schema';
import { ImportDetailResponse } from '../domain/backfill/backfill.schema';
import { TicketResource } from '../domain/ticket/ticket.schema';
import { EVENT_TYPES, TEST_EVENT_TYPE, type AnyEventType } from '../domain/webhook/webhook.schema';

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type Fleetdesk sends, with its payload
 * (`{ type, timestamp, data }`) and the Standard Webhooks headers. Built from the same schemas
 * the API returns, so `data` is the resource as GET returns it.
 */

const envelope = (type: AnyEventType, data: z.ZodMiniType) => z.object({ type: z.literal(type), timestamp: z.string(), data });
const ticketChanges = z.record(z.string(), z.unknown());

export const WEBHOOK_EVENT_PAYLOADS: Record<AnyEventType, { summary: string; payload: z.ZodMiniType }> = {
  'ticket.created': { summary: 'A ticket was created (API, MCP, or proactively from an incident).', payload: envelope('ticket.created', z.object({ ticket: TicketResource })) },
  'ticket.updated': {
    summary: 'A ticket’s status, priority, assignee or category changed; `data.changes` names what changed.',
    payload: envelope('ticket.updated', z.object({ ticket: TicketResource, changes: ticketChanges })),
  },
  'ticket.message_added': {
    summary: 'A customer, agent or bot message was added to a ticket (never an internal note).',
    payload: envelope('ticket.message_added', z.object({ ticket: TicketResource, message: ticketChanges })),
  },
  'incident.opened': { summary: 'Anomaly detection opened an incident on a device.', payload: envelope('incident.opened', z.object({ deviceIdentifier: z.string(), incident: IncidentResource })) },
  'incident.resolved': { summary: 'A device’s incident resolved (its values are back to normal).', payload: envelope('incident.resolved', z.object({ deviceIdentifier: z.string(), incident: IncidentResource })) },
  'incident.withdrawn': {
    summary: 'A dropout incident was withdrawn: records the device measured during its silence arrived late and cover it (its ticket, held meanwhile, is never made).',
    payload: envelope('incident.withdrawn', z.object({ deviceIdentifier: z.string(), incident: IncidentResource })),
  },
  'telemetry_import.finished': {
    summary: 'An S3 backfill import finished: completed, completed_with_errors, rejected or failed.',
    payload: envelope('telemetry_import.finished', z.object({ import: ImportDetailResponse })),
  },
  'connector.sync_failed': {
    summary: 'The crash-reporting sync of a device failed (one event per device and sync window).',
    payload: envelope('connector.sync_failed', z.object({ provider: z.string(), deviceIdentifier: z.string(), externalId: z.string(), error: z.string(), window: z.string(), at: z.string() })),
  },
  [TEST_EVENT_TYPE]: { summary: 'Sent by POST /webhooks/{webhookId}/test to that endpoint only.', payload: envelope(TEST_EVENT_TYPE, z.object({ webhookId: z.string(), message: z.string() })) },
};

const HEADERS = {
  'webhook-id': { description: 'The event id: the same on every retry and redelivery (deduplicate on it).', schema: { type: 'string' } },
  'webhook-timestamp': { description: 'Seconds since the epoch when this attempt was signed; reject old ones (Standard Webhooks: 5 minutes).', schema: { type: 'string' } },
  'webhook-signature': {
    description: 'Space-separated `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per active secret (two for 24 h after a rotation).',
    schema: { type: 'string' },
  },
};

/** The `webhooks` object of the document; `schemaOf` turns zod into JSON Schema as for paths. */
export function webhooksSection(schemaOf: (schema: z.ZodMiniType) => Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    ([...EVENT_TYPES, TEST_EVENT_TYPE] as AnyEventType[]).map((type) => {
      const doc = WEBHOOK_EVENT_PAYLOADS[type];
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(/\./g, '_')}`,
            summary: doc.summary,
            description: 'Signed per Standard Webhooks (https://www.standardwebhooks.com); verify with the `standardwebhooks` library and the endpoint secret (`whsec_…`).',
            tags: ['Webhooks'],
            security: [],
            parameters: Object.entries(HEADERS).map(([name, h]) => ({ name, in: 'header', required: true, ...h })),
            requestBody: { required: true, content: { 'application/json': { schema: schemaOf(doc.payload) } } },
            responses: {
              '200': { description: 'Any 2xx within 10 seconds acknowledges the event; anything else (redirects included) is retried on the schedule.' },
            },
          },
        },
      ];
    }),
  );
}
