import type { EventType } from '../../../../shared/domain/webhook/webhook.schema';

/** The console's pure webhook-form logic (unit-tested). The server checks everything again. */

/**
 * The event types, in the order the form lists them. Typed against the server's list: a type added
 * there and not here fails the type check (`MissingEvents` below), so the form cannot drift.
 */
export const EVENT_OPTIONS = [
  'ticket.created',
  'ticket.updated',
  'ticket.message_added',
  'incident.opened',
  'incident.resolved',
  'incident.withdrawn',
  'telemetry_import.finished',
  'connector.sync_failed',
] as const satisfies readonly EventType[];
type MissingEvents = Exclude<EventType, (typeof EVENT_OPTIONS)[number]>;
const exhaustive: [MissingEvents] extends [never] ? true : MissingEvents = true;
void exhaustive;

export const ALL = '*';

/** Ticks or unticks one choice. Ticking "all" replaces the list; ticking a type leaves "all". */
export function toggleEvent(current: readonly string[], event: string, on: boolean): string[] {
  if (event === ALL) return on ? [ALL] : [];
  const rest = current.filter((e) => e !== ALL && e !== event);
  return on ? EVENT_OPTIONS.filter((e) => e === event || rest.includes(e)) : rest;
}

/** What the form can submit, or the reason it cannot yet (shown next to the button). */
export function webhookFormProblem(url: string, events: readonly string[]): string | undefined {
  if (url.trim() === '') return 'Enter the endpoint URL';
  if (events.length === 0) return 'Choose at least one event, or all events';
  return undefined;
}

/** The PATCH body of the edit form: only the fields that differ from the endpoint as read. */
export function webhookPatch(
  before: { url: string; events: readonly string[]; description: string | null; enabled: boolean },
  after: { url: string; events: readonly string[]; description: string; enabled: boolean },
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (after.url.trim() !== before.url) patch.url = after.url.trim();
  if ([...after.events].sort().join() !== [...before.events].sort().join()) patch.events = [...after.events];
  if (after.description.trim() !== (before.description ?? '')) patch.description = after.description.trim();
  if (after.enabled !== before.enabled) patch.enabled = after.enabled;
  return patch;
}

/** A delivery attempt's status cell: the receiver's status code (green for 2xx), or "No answer" (timeout, refused, network). */
export function attemptOutcome(attempt: { statusCode: number | null; error: string | null }): { text: string; tone: 'ok' | 'bad' } {
  if (attempt.statusCode === null) return { text: 'No answer', tone: 'bad' };
  return { text: String(attempt.statusCode), tone: attempt.statusCode >= 200 && attempt.statusCode < 300 && !attempt.error ? 'ok' : 'bad' };
}
