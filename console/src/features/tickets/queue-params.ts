import type { QueueView } from '../../api/types';

/** The queue's place in the URL (view and filters), so back/forward and reload keep it. Pure: unit-tested. */
export const VIEW_LABELS: Record<QueueView, string> = {
  unassigned: 'Unassigned',
  mine: 'Mine',
  proactive: 'Proactive',
  open: 'All open',
  pending: 'Pending',
  solved: 'Solved',
};
export const FILTER_NAMES = ['status', 'priority', 'category', 'assignee', 'source'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export function readQueueParams(search: string): { view: QueueView; filters: Partial<Record<FilterName, string>> } {
  const params = new URLSearchParams(search);
  const raw = params.get('view');
  const view = (raw && raw in VIEW_LABELS ? raw : 'open') as QueueView;
  const filters: Partial<Record<FilterName, string>> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return { view, filters };
}

export function writeQueueParams(view: QueueView, filters: Partial<Record<FilterName, string>>): string {
  const params = new URLSearchParams();
  params.set('view', view);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params.toString();
}
