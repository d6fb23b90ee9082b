import type { Ticket } from '../../api/types';
import { statusLabel } from '../../lib/format';

/** The ticket lifecycle as the console shows it. Pure: unit-tested. */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

/** The fields the property controls edit (PATCH body). */
export interface TicketFields {
  status: string;
  priority: string;
  category: string | null;
  assignee: string | null;
}
export const FIELD_LABELS: Record<keyof TicketFields, string> = { status: 'Status', priority: 'Priority', category: 'Category', assignee: 'Assignee' };

export const fieldsOf = (t: Pick<Ticket, 'status' | 'priority' | 'category' | 'assignee'>): TicketFields => ({ status: t.status, priority: t.priority, category: t.category, assignee: t.assignee });

/** Blank text means "none" (assignee null; a blank category is not sent: a category cannot be removed). */
const norm = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());

/** The PATCH body: only what the agent changed; undefined when nothing changed. */
export function patchOf(read: TicketFields, edited: TicketFields): Partial<TicketFields> | undefined {
  const patch: Partial<TicketFields> = {};
  if (edited.status !== read.status) patch.status = edited.status;
  if (edited.priority !== read.priority) patch.priority = edited.priority;
  if (norm(edited.category) !== norm(read.category) && norm(edited.category) !== null) patch.category = norm(edited.category);
  if (norm(edited.assignee) !== norm(read.assignee)) patch.assignee = norm(edited.assignee);
  return Object.keys(patch).length ? patch : undefined;
}

const show = (field: keyof TicketFields, v: string | null) => (v === null ? 'none' : field === 'status' ? statusLabel(v) : v);

/** What someone else changed between the version the agent read and the current one (the 412's ticket), as sentences. */
export function changesBetween(read: Ticket, current: Ticket): string[] {
  const lines: string[] = [];
  for (const field of Object.keys(FIELD_LABELS) as (keyof TicketFields)[]) {
    if (read[field] !== current[field]) lines.push(`${FIELD_LABELS[field]}: ${show(field, read[field])} → ${show(field, current[field])}`);
  }
  const added = current.messages.length - read.messages.length;
  if (added > 0) lines.push(`${added} new message${added > 1 ? 's' : ''}`);
  if (lines.length === 0) lines.push(`Version ${read.version} → ${current.version}`);
  return lines;
}

export interface TicketEvent {
  eventId: string;
  at: string;
  type: string;
  actor: string;
  changes: Record<string, unknown>;
}

const val = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : typeof v === 'string' ? v : JSON.stringify(v));
const change = (changes: Record<string, unknown>, key: string): { from?: unknown; to?: unknown } | undefined => {
  const c = changes[key];
  return c !== null && typeof c === 'object' && 'to' in c ? (c as { from?: unknown; to?: unknown }) : undefined;
};
const HEADS: Record<string, string> = {
  created: 'Created',
  categorised: 'Categorised',
  diagnosis_ready: 'Diagnosis ready',
  incident_resolved: 'Incident resolved',
};

/** One activity event as a sentence: what happened and every field it changed (one event may change several). */
export function eventText(e: TicketEvent): string {
  const parts: string[] = [];
  if (e.type === 'message_added') parts.push(e.changes.role === 'customer' ? 'Customer wrote' : e.changes.role === 'bot' ? 'Bot message' : 'Reply sent');
  else if (e.type === 'note_added') parts.push('Internal note added');
  else if (HEADS[e.type] && !(e.type === 'categorised' && change(e.changes, 'category'))) parts.push(HEADS[e.type] as string);
  const status = change(e.changes, 'status');
  if (status) parts.push(`status ${statusLabel(val(status.from))} → ${statusLabel(val(status.to))}`);
  const priority = change(e.changes, 'priority');
  if (priority) parts.push(`priority ${val(priority.from)} → ${val(priority.to)}`);
  const assignee = change(e.changes, 'assignee');
  if (assignee) parts.push(assignee.to === null || assignee.to === undefined ? 'unassigned' : `assigned to ${val(assignee.to)}`);
  const category = change(e.changes, 'category');
  if (category) parts.push(`category ${val(category.from)} → ${val(category.to)}`);
  if (parts.length === 0) parts.push(statusLabel(e.type));
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
