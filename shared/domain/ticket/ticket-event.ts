import { randomUUID } from 'node:crypto';

/**
 * Ticket activity events (issue 16). Each change of a ticket writes exactly one event item, in
 * the same TransactWriteItems as the change itself, so there is no change without its event and
 * no event without its change. Event items are Puts: the table stream carries each as an INSERT
 * (the webhooks worker turns them into `ticket.*` webhook events).
 *
 * Free of imports with side effects: the route table may read the entity to build stream filters.
 */

/** The `entity` attribute of event items (stream filters match it). */
export const TICKET_EVENT_ENTITY = 'ticketEvent';

export const TICKET_EVENT_TYPES = [
  'created',
  'categorised',
  'assigned',
  'status_changed',
  'priority_changed',
  'message_added',
  'note_added',
  'diagnosis_ready',
  'incident_resolved',
] as const;
export type TicketEventType = (typeof TICKET_EVENT_TYPES)[number];

/** Who made a change: `api`, `mcp`, `system` (sweeps, workers, anomaly detection), or the `author` a caller named. */
export type TicketActor = string;

/** One field's change: what it was and what it became. */
export interface FieldChange<T = unknown> {
  from: T;
  to: T;
}

/** What GET /ticket/{ticketId}/events lists. */
export interface TicketEvent {
  eventId: string;
  at: string;
  type: TicketEventType;
  actor: TicketActor;
  changes: Record<string, unknown>;
}

/** The stored attributes of an event item (keys come from keys.ticketEvent). */
export function ticketEventAttributes(
  organizationId: string,
  ticketId: string,
  event: { at: string; type: TicketEventType; actor: TicketActor; changes: Record<string, unknown>; version: number },
): Record<string, unknown> {
  return {
    entity: TICKET_EVENT_ENTITY,
    organizationId,
    ticketId,
    eventId: randomUUID(),
    at: event.at,
    type: event.type,
    actor: event.actor,
    changes: event.changes,
    version: event.version,
  };
}

/** An event item as the API lists it. */
export const toTicketEvent = (item: Record<string, unknown>): TicketEvent => ({
  eventId: item.eventId as string,
  at: item.at as string,
  type: item.type as TicketEventType,
  actor: item.actor as string,
  changes: (item.changes as Record<string, unknown> | undefined) ?? {},
});
