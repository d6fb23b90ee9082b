import * as z from 'zod/mini';
import { DomainError } from '../errors';
import { logger } from '../../logging/logger';
import { checked, checkTicketPatch } from '../ticket/ticket-lifecycle-body';
import type { TicketPatch } from '../ticket/ticket-lifecycle.limits';
import { updateTicket } from '../ticket/ticket-lifecycle.service';
import type { Ticket } from '../ticket/ticket.schema';

/**
 * Bulk assign / bulk status from the queue (issue 18): `POST /api/console/v1/tickets/bulk`.
 * Each ticket goes through the lifecycle's `updateTicket` on its own (its own transaction, its own
 * activity event, its own If-Match with the version the agent read), so one closed or concurrently
 * changed ticket fails alone and the others still change. No rule of the lifecycle is repeated here.
 */

export const BULK_MAX_TICKETS = 100;
/** Tickets changed at the same time (each is 2-3 DynamoDB requests). */
const BULK_CONCURRENCY = 8;
/** The API's 500 text (shared/http/response.ts), for one ticket's unexpected failure. */
const INTERNAL_ERROR = 'Internal server error';

export const BULK_TICKETS_REQUIRED = 'tickets must be a non-empty array of { ticketId, version }';
export const BULK_TOO_MANY = `At most ${BULK_MAX_TICKETS} tickets per bulk change`;
export const BULK_TICKET_INVALID = 'Each ticket must be { ticketId: string, version: integer } as read from the queue';
export const BULK_DUPLICATE = 'A ticket is listed twice';
export const BULK_CHANGES_REQUIRED = 'changes must be an object with status, priority, assignee or category';

export interface BulkInput {
  tickets: { ticketId: string; version: number }[];
  changes: TicketPatch;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Checks a bulk body; the first problem's exact text, or the input. `changes` is the PATCH body's own check. */
export function checkBulkBody(body: unknown): string | BulkInput {
  if (!isObject(body)) return BULK_TICKETS_REQUIRED;
  for (const name of Object.keys(body)) if (name !== 'tickets' && name !== 'changes') return `Unknown field "${name}"`;
  const { tickets } = body;
  if (!Array.isArray(tickets) || tickets.length === 0) return BULK_TICKETS_REQUIRED;
  if (tickets.length > BULK_MAX_TICKETS) return BULK_TOO_MANY;
  const seen = new Set<string>();
  const list: BulkInput['tickets'] = [];
  for (const t of tickets) {
    if (!isObject(t) || typeof t.ticketId !== 'string' || t.ticketId.trim() === '' || t.ticketId.length > 100) return BULK_TICKET_INVALID;
    if (typeof t.version !== 'number' || !Number.isInteger(t.version) || t.version < 1) return BULK_TICKET_INVALID;
    const id = t.ticketId.trim().toLowerCase();
    if (seen.has(id)) return BULK_DUPLICATE;
    seen.add(id);
    list.push({ ticketId: id, version: t.version });
  }
  if (!isObject(body.changes)) return BULK_CHANGES_REQUIRED;
  const changes = checkTicketPatch(body.changes);
  if (typeof changes === 'string') return changes;
  return { tickets: list, changes };
}

export const BulkUpdateBody = checked(z.unknown(), checkBulkBody);

/** One ticket's outcome (types only: nothing parses a response, and a schema here would build the ticket resource schema at load). */
export type BulkResult = { ticketId: string; ok: true; ticket: Ticket } | { ticketId: string; ok: false; status: number; error: string };
/** 200 of POST /api/console/v1/tickets/bulk. */
export type BulkUpdateResponse = { results: BulkResult[]; updated: number; failed: number };

async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Applies `changes` to every listed ticket; results in the request's order. `statusOf` maps a domain
 * error to its HTTP status (the HTTP layer's one mapping, passed in so the domain does not import it).
 */
export async function bulkUpdateTickets(organizationId: string, actor: string, input: BulkInput, statusOf: (error: DomainError) => number): Promise<BulkUpdateResponse> {
  const results = await mapPool(input.tickets, BULK_CONCURRENCY, async ({ ticketId, version }): Promise<BulkResult> => {
    try {
      const ticket = await updateTicket(organizationId, ticketId, input.changes, { actor, expectedVersion: version });
      return { ticketId, ok: true, ticket };
    } catch (error) {
      if (error instanceof DomainError) return { ticketId, ok: false, status: statusOf(error), error: error.message };
      // One ticket's unexpected failure must not hide what happened to the others.
      logger.error('Bulk change failed for one ticket', { ticketId, error: error instanceof Error ? error.message : String(error) });
      return { ticketId, ok: false, status: 500, error: INTERNAL_ERROR };
    }
  });
  const updated = results.filter((r) => r.ok).length;
  return { results, updated, failed: results.length - updated };
}
