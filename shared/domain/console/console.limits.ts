/** The console's queue views and texts, without zod (console.schema.ts re-exports them with the response schemas). */
export const QUEUE_VIEWS = ['unassigned', 'mine', 'proactive', 'open', 'pending', 'solved'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];
export const QUEUE_VIEW_INVALID = `view must be one of: ${QUEUE_VIEWS.join(', ')}`;
export const REGENERATE_CONFIRMATION = 'REGENERATE';
export const REGENERATE_CONFIRM_REQUIRED = `Type ${REGENERATE_CONFIRMATION} to confirm`;
export const SEARCH_QUERY_REQUIRED = 'q is required';
