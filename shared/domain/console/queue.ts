import type { QueueView } from './console.schema';

/**
 * The queue's views and filters as pure functions over tickets (unit-tested; the console shows
 * what the server computed). Statuses are read as strings so the lifecycle's statuses (new, open,
 * pending, on_hold, solved, closed) fit without a change here.
 */
export interface QueueTicket {
  status: string;
  assignee: string | null;
  source: string;
  priority: string;
  category: string | null;
}

const DONE = new Set(['solved', 'closed']);
const WAITING = new Set(['pending']);
const isActive = (t: QueueTicket) => !DONE.has(t.status) && !WAITING.has(t.status);

export function inView(view: QueueView, t: QueueTicket, me: string): boolean {
  switch (view) {
    case 'unassigned':
      return isActive(t) && t.assignee === null;
    case 'mine':
      return !DONE.has(t.status) && t.assignee !== null && t.assignee.toLowerCase() === me.toLowerCase();
    case 'proactive':
      return isActive(t) && t.source === 'anomaly';
    case 'open':
      return isActive(t);
    case 'pending':
      return WAITING.has(t.status);
    case 'solved':
      return DONE.has(t.status);
  }
}

export interface QueueFilters {
  status?: string[];
  priority?: string[];
  category?: string[];
  /** `none` for unassigned. */
  assignee?: string[];
  source?: string[];
}

const csv = (raw: string | undefined) => (raw === undefined || raw.trim() === '' ? undefined : raw.split(',').map((v) => v.trim()).filter(Boolean));

export function parseFilters(query: Record<string, string | undefined>): QueueFilters {
  return { status: csv(query.status), priority: csv(query.priority), category: csv(query.category), assignee: csv(query.assignee), source: csv(query.source) };
}

export function matchesFilters(t: QueueTicket, f: QueueFilters): boolean {
  if (f.status && !f.status.includes(t.status)) return false;
  if (f.priority && !f.priority.includes(t.priority)) return false;
  if (f.category && !f.category.includes(t.category ?? 'none')) return false;
  if (f.assignee && !f.assignee.includes(t.assignee ?? 'none')) return false;
  if (f.source && !f.source.includes(t.source)) return false;
  return true;
}
