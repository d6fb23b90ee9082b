import { ASSIGNEE_MAX, CATEGORY_NAME_MAX, type Priority } from '../ticket-config/ticket-config.limits';
import { pure } from '../../pure';
import { MESSAGE_CONTENT_MAX, TICKET_STATUSES, type TicketStatus } from './ticket.limits';

/**
 * Ticket lifecycle (issue 16) texts, limits, the allowed status moves and the checked inputs, without zod
 * (ticket-lifecycle.schema.ts re-exports all of it): for the lifecycle service, which the workers reach too.
 */

export const STATUS_INVALID = /* @__PURE__ */ pure(() => `status must be one of: ${TICKET_STATUSES.join(', ')}`);
export const TICKET_CLOSED = 'Ticket is closed';
export const TICKET_CHANGED = 'Ticket was changed by someone else';
export const statusTransitionRefused = (from: string, to: string) => `Cannot change status from ${from} to ${to}`;
export const unknownField = (name: string) => `Unknown field "${name}"`;
export const PATCH_EMPTY = 'At least one of status, priority, assignee, category is required';
export const ASSIGNEE_INVALID = 'assignee must be a string or null';
export const ASSIGNEE_TOO_LONG = /* @__PURE__ */ pure(() => `assignee must be at most ${ASSIGNEE_MAX} characters`);
export const CATEGORY_NOT_STRING = 'category must be a string';
export const CATEGORY_TOO_LONG = /* @__PURE__ */ pure(() => `category must be at most ${CATEGORY_NAME_MAX} characters`);
export const MESSAGE_ROLE_ORDER = ['agent', 'customer', 'bot'] as const;
export const ROLE_INVALID = /* @__PURE__ */ pure(() => `role must be one of: ${MESSAGE_ROLE_ORDER.join(', ')}`);
export const CONTENT_REQUIRED = 'content is required';
export const CONTENT_NOT_STRING = 'content must be a string';
export const CONTENT_TOO_LONG = /* @__PURE__ */ pure(() => `content must be at most ${MESSAGE_CONTENT_MAX} characters`);
export const INTERNAL_INVALID = 'internal must be a boolean';
export const INTERNAL_AGENTS_ONLY = 'internal notes must have role "agent"';
export const AUTHOR_MAX = 200;
export const AUTHOR_INVALID = 'author must be a string';
export const AUTHOR_TOO_LONG = /* @__PURE__ */ pure(() => `author must be at most ${AUTHOR_MAX} characters`);
export const EXPECTED_VERSION_INVALID = 'expectedVersion must be a non-negative integer';
export const IF_MATCH_INVALID = 'If-Match must be the ETag of the ticket (its version in quotes, e.g. "3")';
export const EVENTS_LIMIT_MAX = 100;
export const EVENTS_LIMIT_DEFAULT = 50;
export const EVENTS_LIMIT_INVALID = /* @__PURE__ */ pure(() => `limit must be an integer from 1 to ${EVENTS_LIMIT_MAX}`);
export const EVENTS_CURSOR_INVALID = 'cursor is invalid for this query';
/** Bytes of message content one ticket item holds (DynamoDB items are at most 400 KB). */
export const TICKET_MESSAGE_BYTES_MAX = 300_000;
export const TICKET_FULL = /* @__PURE__ */ pure(() => `Ticket has reached its limit of ${TICKET_MESSAGE_BYTES_MAX} bytes of messages`);

/** The allowed status moves. `closed` is final; only `solved` closes; nothing goes back to `new`. */
export const STATUS_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  new: ['open', 'pending', 'on_hold', 'solved'],
  open: ['pending', 'on_hold', 'solved'],
  pending: ['open', 'on_hold', 'solved'],
  on_hold: ['open', 'pending', 'solved'],
  solved: ['open', 'closed'],
  closed: [],
};

export interface TicketPatch {
  status?: TicketStatus;
  priority?: Priority;
  /** null unassigns. */
  assignee?: string | null;
  category?: string;
}

export interface TicketMessageInput {
  role: (typeof MESSAGE_ROLE_ORDER)[number];
  content: string;
  internal?: boolean;
  author?: string;
}
