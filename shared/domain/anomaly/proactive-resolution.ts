import { randomUUID } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../db/key-builders';
import { batchGet } from '../../db/operations';
import { ticketChangeItems } from '../ticket/ticket-lifecycle.service';
import { proactiveAutoSolveOf } from '../ticket/lifecycle-settings';
import { toTicket } from '../ticket/ticket.repository';
import type { Ticket, TicketMessage } from '../ticket/ticket.schema';
import type { Changes } from './device-evaluation';
import { isoTime as iso } from '../../iso-time';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The bot's line on a proactive ticket when its incident resolves: which measurement is back to normal, since when, and the last anomalous reading. */
export function resolutionMessage(identifier: string, measurement: string | null, lastValue: number | null, resolvedAt: number): string {
  const when = iso(resolvedAt);
  if (measurement === null) return `Device ${identifier} is reporting again (since ${when}). The incident is resolved.`;
  // The detector state keeps the last anomalous reading, not the latest normal one: say which it is.
  const value = lastValue === null ? '' : ` (last anomalous reading: ${lastValue})`;
  return `${measurement} on device ${identifier} is back to normal since ${when}${value}. The incident is resolved.`;
}

/**
 * Issue 16: the proactive tickets of incidents this evaluation resolves learn it in the same
 * transaction as the resolution: a `bot` message with the time and the value, an
 * `incident_resolved` event, and, when the org turned on `org set-proactive --auto-solve on` and
 * no agent has replied, the ticket solved. Reads (only when something resolves): the incident
 * items (their ticket ids) and the tickets with the org settings, two BatchGetItems. Closed
 * tickets are left alone. The ticket's version condition rides in the transaction, so a ticket
 * changed meanwhile fails it and the detector's retry re-reads.
 */
export async function proactiveResolutionItems(organizationId: string, identifier: string, changes: Changes): Promise<TransactItem[]> {
  const resolved = [...changes.updated.values()].filter((u) => u.resolvedAt !== null);
  if (resolved.length === 0) return [];
  const incidents = await batchGet<Record<string, unknown>>(resolved.map((u) => keys.incident(organizationId, identifier, iso(u.open.startedAt), u.open.incidentId)));
  const ticketOf = new Map(incidents.filter((i) => typeof i.ticketId === 'string').map((i) => [i.incidentId as string, i.ticketId as string]));
  if (ticketOf.size === 0) return [];
  const settingsKey = keys.orgSettings(organizationId);
  const items = await batchGet<Record<string, unknown>>([settingsKey, ...[...ticketOf.values()].map((id) => keys.ticket(organizationId, id))]);
  const autoSolve = proactiveAutoSolveOf(items.find((i) => i.pk === settingsKey.pk && i.sk === settingsKey.sk));
  const tickets = new Map(items.filter((i) => i.entity === 'ticket').map((i) => [i.ticketId as string, toTicket(i)]));
  const writes: TransactItem[] = [];
  for (const { open, resolvedAt } of resolved) {
    const before = tickets.get(ticketOf.get(open.incidentId) ?? '');
    if (!before || before.status === 'closed' || resolvedAt === null) continue;
    const now = iso(Date.now());
    const message: TicketMessage = { messageId: randomUUID(), role: 'bot', content: resolutionMessage(identifier, open.measurement, open.lastValue, resolvedAt), internal: false, author: null, createdAt: now };
    const solve = autoSolve && !before.firstResponseAt && before.status !== 'solved';
    const sets: Record<string, unknown> = solve ? { status: 'solved', solvedAt: now } : {};
    const after = { ...before, ...sets, messages: [...before.messages, message], version: before.version + 1, updatedAt: now } as Ticket;
    writes.push(
      ...ticketChangeItems(organizationId, before, {
        sets,
        rawSets: ['messages = list_append(if_not_exists(messages, :noMessages), :message)', 'messageBytes = if_not_exists(messageBytes, :zero) + :bytes'],
        rawValues: { ':noMessages': [], ':message': [message], ':zero': 0, ':bytes': Buffer.byteLength(message.content, 'utf8') },
        type: 'incident_resolved',
        actor: 'system',
        changes: {
          incidentId: open.incidentId,
          resolvedAt: iso(resolvedAt),
          messageId: message.messageId,
          role: 'bot',
          internal: false,
          ...(solve ? { status: { from: before.status, to: 'solved' } } : {}),
        },
        after,
      }),
    );
  }
  return writes;
}
