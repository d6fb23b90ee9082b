/** The queue's bulk selection and the summary of a bulk change: pure, unit-tested. */

/** Ticket ids selected, in the order they were ticked. */
export type Selection = readonly string[];

export function toggle(selection: Selection, ticketId: string): string[] {
  return selection.includes(ticketId) ? selection.filter((id) => id !== ticketId) : [...selection, ticketId];
}

/** "Select all on this page": ticks every visible ticket, or unticks them all when every one already is. */
export function toggleAll(selection: Selection, visible: readonly string[]): string[] {
  const allOn = visible.length > 0 && visible.every((id) => selection.includes(id));
  return allOn ? selection.filter((id) => !visible.includes(id)) : [...selection, ...visible.filter((id) => !selection.includes(id))];
}

/** The header checkbox: checked, unchecked, or mixed (some of the page). */
export function headerState(selection: Selection, visible: readonly string[]): 'all' | 'some' | 'none' {
  const on = visible.filter((id) => selection.includes(id)).length;
  return on === 0 ? 'none' : on === visible.length ? 'all' : 'some';
}

/** A selection keeps only tickets still on the page (after a view, filter or data change). */
export function prune(selection: Selection, visible: readonly string[]): string[] {
  return selection.filter((id) => visible.includes(id));
}

/** The bulk request body: each selected ticket with the version the agent read (If-Match per ticket). */
export function bulkTickets(selection: Selection, tickets: readonly { ticketId: string; version: number }[]) {
  return selection.flatMap((id) => {
    const t = tickets.find((x) => x.ticketId === id);
    return t ? [{ ticketId: t.ticketId, version: t.version }] : [];
  });
}

export type BulkResult = { ticketId: string; ok: true } | { ticketId: string; ok: false; status: number; error: string };

/** One line for the whole change and one per failed ticket (named by its title when known). */
export function summarize(results: readonly BulkResult[], titleOf: (ticketId: string) => string | undefined): { headline: string; failures: string[] } {
  const changed = results.filter((r) => r.ok).length;
  const failed = results.filter((r): r is Extract<BulkResult, { ok: false }> => !r.ok);
  const tickets = (n: number) => `${n} ticket${n === 1 ? '' : 's'}`;
  const headline = failed.length === 0 ? `${tickets(changed)} changed.` : changed === 0 ? `No ticket changed; ${tickets(failed.length)} failed.` : `${tickets(changed)} changed; ${failed.length} failed.`;
  return { headline, failures: failed.map((f) => `${titleOf(f.ticketId) ?? f.ticketId}: ${f.error}`) };
}

/** After a change: the failed tickets stay selected (to retry or look at), the changed ones are unticked. */
export function afterBulk(results: readonly BulkResult[]): string[] {
  return results.filter((r) => !r.ok).map((r) => r.ticketId);
}
