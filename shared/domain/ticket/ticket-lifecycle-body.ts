import * as z from 'zod/mini';
import { isWellFormedText } from '../common.schema';
import { ASSIGNEE_MAX, CATEGORY_NAME_MAX, PRIORITIES, type Priority } from '../ticket-config/ticket-config.limits';
import { CATEGORY_REQUIRED, MESSAGE_CONTENT_MAX, PRIORITY_INVALID, TICKET_STATUSES, type TicketStatus } from './ticket.limits';
import {
  ASSIGNEE_INVALID,
  ASSIGNEE_TOO_LONG,
  AUTHOR_INVALID,
  AUTHOR_MAX,
  AUTHOR_TOO_LONG,
  CATEGORY_NOT_STRING,
  CATEGORY_TOO_LONG,
  CONTENT_NOT_STRING,
  CONTENT_REQUIRED,
  CONTENT_TOO_LONG,
  INTERNAL_AGENTS_ONLY,
  INTERNAL_INVALID,
  MESSAGE_ROLE_ORDER,
  PATCH_EMPTY,
  ROLE_INVALID,
  STATUS_INVALID,
  unknownField,
  type TicketPatch,
  type TicketMessageInput,
} from './ticket-lifecycle.limits';

/**
 * The ticket lifecycle's request bodies (issue 16): PATCH /ticket/{ticketId}, POST /ticket/{ticketId}/messages
 * and the console's forms of them, with their exact texts, and the If-Match/ETag helpers. No response
 * schemas: the handlers that change tickets import this module, not ticket-lifecycle.schema.ts (which
 * re-exports it), so their bundles do not build the ticket resource schemas at load (docs/performance.md).
 */

const PATCH_FIELDS = ['status', 'priority', 'assignee', 'category'] as const;
const MESSAGE_FIELDS = ['role', 'content', 'internal', 'author'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Checks a PATCH body; the first problem's exact text, or the patch. `extra` are fields the caller handles (MCP's ticketId). */
export function checkTicketPatch(body: unknown, extra: readonly string[] = []): string | TicketPatch {
  if (!isObject(body)) return PATCH_EMPTY;
  for (const name of Object.keys(body)) if (!(PATCH_FIELDS as readonly string[]).includes(name) && !extra.includes(name)) return unknownField(name);
  const patch: TicketPatch = {};
  if (body.status !== undefined) {
    const status = typeof body.status === 'string' ? body.status.trim().toLowerCase() : undefined;
    if (!status || !(TICKET_STATUSES as readonly string[]).includes(status)) return STATUS_INVALID;
    patch.status = status as TicketStatus;
  }
  if (body.priority !== undefined) {
    const priority = typeof body.priority === 'string' ? body.priority.trim().toLowerCase() : undefined;
    if (!priority || !(PRIORITIES as readonly string[]).includes(priority)) return PRIORITY_INVALID;
    patch.priority = priority as Priority;
  }
  if (body.assignee !== undefined) {
    if (body.assignee !== null && typeof body.assignee !== 'string') return ASSIGNEE_INVALID;
    const assignee = body.assignee === null ? '' : body.assignee.trim();
    if (assignee.length > ASSIGNEE_MAX) return ASSIGNEE_TOO_LONG;
    if (!isWellFormedText(assignee)) return 'assignee must be valid Unicode text';
    // A blank assignee unassigns, like null.
    patch.assignee = assignee === '' ? null : assignee;
  }
  if (body.category !== undefined) {
    if (typeof body.category !== 'string') return CATEGORY_NOT_STRING;
    const category = body.category.trim();
    if (category === '') return CATEGORY_REQUIRED;
    if (category.length > CATEGORY_NAME_MAX) return CATEGORY_TOO_LONG;
    patch.category = category;
  }
  if (Object.keys(patch).length === 0) return PATCH_EMPTY;
  return patch;
}

/** Checks a POST …/messages body; the first problem's exact text, or the message. */
export function checkTicketMessage(body: unknown, extra: readonly string[] = []): string | TicketMessageInput {
  if (!isObject(body)) return ROLE_INVALID;
  for (const name of Object.keys(body)) if (!(MESSAGE_FIELDS as readonly string[]).includes(name) && !extra.includes(name)) return unknownField(name);
  const role = typeof body.role === 'string' ? body.role.trim().toLowerCase() : undefined;
  if (!role || !(MESSAGE_ROLE_ORDER as readonly string[]).includes(role)) return ROLE_INVALID;
  if (body.content === undefined || body.content === null) return CONTENT_REQUIRED;
  if (typeof body.content !== 'string') return CONTENT_NOT_STRING;
  if (body.content.trim() === '') return CONTENT_REQUIRED;
  if (body.content.length > MESSAGE_CONTENT_MAX) return CONTENT_TOO_LONG;
  if (body.internal !== undefined && typeof body.internal !== 'boolean') return INTERNAL_INVALID;
  if (body.internal === true && role !== 'agent') return INTERNAL_AGENTS_ONLY;
  let author: string | undefined;
  if (body.author !== undefined && body.author !== null) {
    if (typeof body.author !== 'string') return AUTHOR_INVALID;
    author = body.author.trim() || undefined;
    if (author && author.length > AUTHOR_MAX) return AUTHOR_TOO_LONG;
  }
  return { role: role as TicketMessageInput['role'], content: body.content, ...(body.internal === true ? { internal: true } : {}), ...(author ? { author } : {}) };
}

/** A schema whose first issue is the check's exact text (what the handler factory and the MCP tools answer 400 with). */
export function checked<S extends z.ZodMiniType, T>(shape: S, check: (body: unknown) => string | T) {
  return z.pipe(
    shape,
    z.transform((body: z.output<S>, ctx) => {
      const result = check(body);
      if (typeof result === 'string') {
        ctx.issues.push({ code: 'custom', message: result, input: body });
        return z.NEVER;
      }
      return result;
    }),
  );
}

/** PATCH /ticket/{ticketId} body (any JSON object reaches the check, so every 400 is its exact text). */
export const PatchTicketBody = checked(z.unknown(), (body) => checkTicketPatch(body));
/** POST /ticket/{ticketId}/messages body. */
export const AddTicketMessageBody = checked(z.unknown(), (body) => checkTicketMessage(body));

/**
 * POST /api/console/v1/tickets/{ticketId}/messages body: `{ content, internal? }`. The console
 * writes as the signed-in agent, so `role` and `author` are not fields there; the rest is
 * {@link checkTicketMessage}'s check (same texts).
 */
export function checkConsoleMessage(body: unknown): string | TicketMessageInput {
  if (!isObject(body)) return CONTENT_REQUIRED;
  for (const name of ['role', 'author']) if (name in body) return unknownField(name);
  return checkTicketMessage({ ...body, role: 'agent' });
}
export const ConsoleTicketMessageBody = checked(z.unknown(), (body) => checkConsoleMessage(body));

/** The `If-Match` header → the expected version; undefined when absent or `*`. Accepts `"3"`, `W/"3"` and `3`. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  if (!match) return Number.NaN;
  return Number(match[1]);
}

/** The ETag of a ticket version. */
export const etagOf = (version: number) => `"${version}"`;
