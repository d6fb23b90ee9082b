import type { TableStreamFilter } from '../routes';

/**
 * Whether a table-stream record goes to a worker: the event name, and each attribute of the new
 * image a string equal to the filter's value (or one of its values). THE routing decision: the
 * deployed stream dispatcher (functions/workers/stream-dispatcher.ts) and the local stack's
 * in-process stream (shared/local/table-stream.ts) both call it. Pure, no imports beyond types, so
 * the dispatcher's bundle carries nothing else.
 */
export function matchesStreamFilter(filter: TableStreamFilter, eventName: string, image: Record<string, unknown>): boolean {
  if (eventName !== filter.eventName) return false;
  return Object.entries(filter.newImage).every(([name, expected]) => {
    const value = image[name];
    return typeof value === 'string' && (typeof expected === 'string' ? value === expected : expected.includes(value));
  });
}

/** The targets (workers, by id) a record goes to, in the order given. */
export function targetsOf<T extends { id: string; filter: TableStreamFilter }>(targets: readonly T[], eventName: string, image: Record<string, unknown>): T[] {
  return targets.filter((t) => matchesStreamFilter(t.filter, eventName, image));
}
