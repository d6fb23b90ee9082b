import { createHash } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { WEBHOOK_EVENT_ENTITY } from './webhook-entities';
import type { EventType } from './webhook.schema';
import { isoTime as iso } from '../../iso-time';

/**
 * The webhook outbox for changes that are not ticket changes: one small Put added to the write
 * (transaction) that makes the change, so the event exists exactly when the change committed,
 * and no extra request is made. The table stream hands it to the WebhookFanOut worker, which
 * reads the resource (incident, import) as the API returns it at delivery time.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Outbox items are only needed until the stream has handed them on (24 h retention): TTL after 2 days. */
const OUTBOX_TTL_SECONDS = 2 * 24 * 3600;

/** Where the event's data comes from. */
export type EventRef =
  | { kind: 'incident'; identifier: string; startedAt: string; incidentId: string }
  | { kind: 'import'; importId: string }
  | { kind: 'inline'; data: Record<string, unknown> };

/**
 * The outbox Put of one event. The eventId is derived from the type and what it is about (and
 * `discriminator`, e.g. a time), so a retried transaction writes the same event, not a second one.
 */
export function webhookEventPut(organizationId: string, type: EventType, ref: EventRef, at: string, discriminator = ''): TransactItem {
  const about = ref.kind === 'incident' ? ref.incidentId : ref.kind === 'import' ? ref.importId : discriminator;
  const h = createHash('sha256').update(`${organizationId}\n${type}\n${about}\n${discriminator}`).digest('hex');
  const eventId = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.webhookEvent(organizationId, eventId), entity: WEBHOOK_EVENT_ENTITY, organizationId, eventId, type, at, ref, expiresAt: Math.floor(Date.parse(at) / 1000) + OUTBOX_TTL_SECONDS },
    },
  };
}

/**
 * The outbox Puts of one anomaly evaluation (added to its transaction): `incident.opened` for
 * each new incident, `incident.resolved` for each one it resolved (a new one included),
 * `incident.withdrawn` for each held dropout late records covered (round 13).
 */
export function incidentWebhookEvents(
  organizationId: string,
  identifier: string,
  changes: {
    opened: readonly { incidentId: string; startedAt: number; detectedAt: number; resolvedAt: number | null }[];
    updated: ReadonlyMap<string, { open: { incidentId: string; startedAt: number }; resolvedAt: number | null }>;
    withdrawn?: readonly { incidentId: string; startedAt: number }[];
  },
  /** The evaluation's clock: when a withdrawal happened. */
  at: number,
): TransactItem[] {
  const ref = (incidentId: string, startedAt: number): EventRef => ({ kind: 'incident', identifier, startedAt: iso(startedAt), incidentId });
  return [
    ...changes.opened.map((i) => webhookEventPut(organizationId, 'incident.opened', ref(i.incidentId, i.startedAt), iso(i.detectedAt))),
    ...[...changes.opened, ...[...changes.updated.values()].map((u) => ({ ...u.open, resolvedAt: u.resolvedAt }))]
      .filter((i) => i.resolvedAt !== null)
      .map((i) => webhookEventPut(organizationId, 'incident.resolved', ref(i.incidentId, i.startedAt), iso(i.resolvedAt as number))),
    ...(changes.withdrawn ?? []).map((w) => webhookEventPut(organizationId, 'incident.withdrawn', ref(w.incidentId, w.startedAt), iso(at))),
  ];
}
