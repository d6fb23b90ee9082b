import { pure } from '../../pure';
import { PRIORITIES } from '../ticket-config/ticket-config.limits';

/**
 * Ticket limits, statuses and the texts callers see, without zod (ticket.schema.ts re-exports all of it): for the
 * ticket services and the workers that open tickets (anomaly detection, the dropout sweep), which parse nothing with zod.
 */

export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 10_000;
export const MESSAGES_MAX = 100;
export const MESSAGE_CONTENT_MAX = 10_000;
/** Sum of all message contents; keeps a ticket item well under DynamoDB's 400 KB item limit. */
export const MESSAGES_TOTAL_MAX = 100_000;
export const TICKET_CUSTOMER_ID_MAX = 100;
export const MESSAGE_ROLES = ['customer', 'agent', 'bot'] as const;
/**
 * Ticket statuses (issue 16): `new` → `open` → `pending` (waiting on the customer) / `on_hold`
 * (waiting on a third party) → `solved` → `closed` (final). The allowed moves are in
 * ticket-lifecycle.ts.
 */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

// Exact texts of spec 4.10.
export const TITLE_REQUIRED = 'title is required';
export const CUSTOMER_REQUIRED = 'Either customerEmail or customerId is required';
export const PRIORITY_INVALID = /* @__PURE__ */ pure(() => `priority must be one of: ${PRIORITIES.join(', ')}`);
export const TICKET_CREATED = 'Ticket created successfully';
// Not in the spec: limits and types the spec leaves open.
export const TICKET_NOT_FOUND = 'Ticket not found';
export const TITLE_TOO_LONG = /* @__PURE__ */ pure(() => `title must be at most ${TITLE_MAX} characters`);
export const MESSAGES_INVALID = 'messages must be an array of { role, content }';
export const MESSAGES_TOO_MANY = /* @__PURE__ */ pure(() => `messages must have at most ${MESSAGES_MAX} entries`);
export const MESSAGES_TOO_LONG = /* @__PURE__ */ pure(() => `messages must have at most ${MESSAGES_TOTAL_MAX} characters of content in total`);

/** Not in the spec: texts of POST /ticket/{ticketId}/category (sets the category as an agent). */
export const CATEGORY_REQUIRED = 'category is required';
export const categoryUnknown = (name: string) => `Unknown category "${name}"`;

/**
 * Owners copied onto a proactive ticket: a device may have thousands, and a ticket item must stay
 * far below DynamoDB's 400 KB (1,300 owners with long emails did not fit, and the incident's whole
 * transaction failed on every attempt). `ownerCount` tells how many there were.
 */
export const TICKET_OWNERS_MAX = 50;

/** Where a ticket came from. */
export const TICKET_SOURCES = ['api', 'anomaly'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];
