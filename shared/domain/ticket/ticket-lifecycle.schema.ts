import * as z from 'zod/mini';
import { PRIORITIES } from '../ticket-config/ticket-config.schema';
import { TICKET_EVENT_TYPES } from './ticket-event';
import { TICKET_STATUSES, TicketResource } from './ticket.schema';
import { MESSAGE_ROLE_ORDER, TICKET_CHANGED } from './ticket-lifecycle.limits';
export * from './ticket-lifecycle.limits';
export * from './ticket-lifecycle-body';

/**
 * Ticket lifecycle (issue 16): PATCH /ticket/{ticketId}, POST /ticket/{ticketId}/messages and
 * GET /ticket/{ticketId}/events. The exact texts are in ticket-lifecycle.limits.ts, the body checks in
 * ticket-lifecycle-body.ts (both re-exported here); this module adds the documented and response schemas.
 */

/** What PATCH accepts, as documented (OpenAPI); the check gives the exact texts. */
export const PatchTicketDocumented = z.object({
  status: z.optional(z.enum(TICKET_STATUSES)),
  priority: z.optional(z.enum(PRIORITIES)),
  assignee: z.optional(z.nullable(z.string())),
  category: z.optional(z.string()),
});
/** What POST …/messages accepts, as documented. */
export const AddTicketMessageDocumented = z.object({
  role: z.enum(MESSAGE_ROLE_ORDER),
  content: z.string(),
  internal: z.optional(z.boolean()),
  author: z.optional(z.string()),
});

/** Query of GET /ticket/{ticketId}/events. */
export const TicketEventsParams = z.object({ cursor: z.optional(z.string()), limit: z.optional(z.string()) });

export const TicketEventResource = z.object({
  eventId: z.string(),
  at: z.string(),
  type: z.enum(TICKET_EVENT_TYPES),
  actor: z.string(),
  changes: z.record(z.string(), z.unknown()),
});
/** 200 of GET /ticket/{ticketId}/events: oldest first; `nextCursor` null on the last page. */
export const TicketEventsResponse = z.object({ events: z.array(TicketEventResource), nextCursor: z.nullable(z.string()) });

/** 412 body: the text and the ticket as it is now. */
export const TicketChangedResponse = z.object({ error: z.literal(TICKET_CHANGED), ticket: TicketResource });
