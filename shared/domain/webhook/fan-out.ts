import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { logger } from '../../logging/logger';
import { incidentView } from '../anomaly/incident.repository';
import { getImport } from '../backfill/backfill.service';
import { NotFoundError } from '../errors';
import { getTicket } from '../ticket/ticket.repository';
import { createDeliveries, subscribes, type OutgoingEvent } from './delivery';
import type { EventRef } from './outbox';
import { TICKET_EVENT_ENTITY, WEBHOOK_EVENT_ENTITY } from './webhook-entities';
import * as repo from './webhook.repository';
import { isEventType, type EventType } from './webhook.limits';

/**
 * The WebhookFanOut worker's logic: a new ticket activity event or webhook outbox item (a table
 * stream INSERT) becomes one delivery per enabled endpoint of its organization that subscribes
 * to its type. The resource is read here, as the API returns it, so the change itself carries
 * nothing but its event.
 */

/** Ticket activity types that become `ticket.updated`. */
const TICKET_UPDATE_TYPES = new Set(['categorised', 'assigned', 'status_changed', 'priority_changed']);

export interface MappedTicketEvent {
  type: EventType;
  changes?: Record<string, unknown>;
}

/**
 * Which webhook event a ticket activity event is: `created` → ticket.created, the field changes →
 * ticket.updated (with `changes`), `message_added` → ticket.message_added; internal notes (and any
 * message marked internal) and everything else → none.
 */
export function mapTicketEvent(item: Record<string, unknown>): MappedTicketEvent | undefined {
  const type = item.type;
  const changes = item.changes !== null && typeof item.changes === 'object' ? (item.changes as Record<string, unknown>) : undefined;
  if (changes?.internal === true) return undefined;
  if (type === 'created') return { type: 'ticket.created' };
  if (typeof type === 'string' && TICKET_UPDATE_TYPES.has(type)) return { type: 'ticket.updated', changes: changes ?? {} };
  if (type === 'message_added') return { type: 'ticket.message_added', changes: changes ?? {} };
  return undefined;
}

async function incidentData(organizationId: string, ref: Extract<EventRef, { kind: 'incident' }>) {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.incident(organizationId, ref.identifier, ref.startedAt, ref.incidentId), ConsistentRead: true }),
  );
  return out.Item ? { deviceIdentifier: ref.identifier, incident: incidentView(out.Item) } : undefined;
}

async function importData(organizationId: string, importId: string) {
  try {
    return { import: await getImport({ organizationId }, importId) };
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The event a stream image stands for, with its data read; undefined when it owes no webhook. */
export async function eventOfImage(item: Record<string, NativeAttributeValue>): Promise<OutgoingEvent | undefined> {
  const organizationId = item.organizationId;
  if (typeof organizationId !== 'string' || typeof item.eventId !== 'string') return undefined;
  const base = { organizationId, eventId: item.eventId, timestamp: typeof item.at === 'string' ? item.at : new Date().toISOString() };
  if (item.entity === TICKET_EVENT_ENTITY) {
    const mapped = mapTicketEvent(item);
    if (!mapped || typeof item.ticketId !== 'string') return undefined;
    const ticket = await getTicket(organizationId, item.ticketId);
    if (!ticket) return undefined;
    const data: Record<string, unknown> = { ticket };
    if (mapped.type === 'ticket.updated') data.changes = mapped.changes;
    if (mapped.type === 'ticket.message_added') data.message = mapped.changes;
    return { ...base, type: mapped.type, data };
  }
  if (item.entity === WEBHOOK_EVENT_ENTITY && typeof item.type === 'string' && isEventType(item.type)) {
    const ref = item.ref as EventRef;
    const data = ref.kind === 'incident' ? await incidentData(organizationId, ref) : ref.kind === 'import' ? await importData(organizationId, ref.importId) : ref.data;
    return data ? { ...base, type: item.type, data } : undefined;
  }
  return undefined;
}

/** Fans one stream image out; returns the deliveries created. Reads the endpoints first, so an org without any costs one Query. */
export async function fanOut(item: Record<string, NativeAttributeValue>): Promise<string[]> {
  const organizationId = item.organizationId;
  if (typeof organizationId !== 'string') return [];
  // Cheapest test first: a ticket event that maps to nothing (an internal note) reads nothing at all.
  if (item.entity === TICKET_EVENT_ENTITY && !mapTicketEvent(item)) return [];
  const webhooks = await repo.listWebhooks(organizationId);
  const type = item.entity === TICKET_EVENT_ENTITY ? mapTicketEvent(item)?.type : item.type;
  const targets = webhooks.filter((w) => w.enabled && typeof type === 'string' && subscribes(w, type));
  if (targets.length === 0) return [];
  const event = await eventOfImage(item);
  if (!event) {
    logger.info('webhook event without its resource; nothing sent', { organizationId, eventId: item.eventId });
    return [];
  }
  return createDeliveries(event, targets);
}
