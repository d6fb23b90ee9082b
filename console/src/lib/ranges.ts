/** The device chart's ranges. Pure: unit-tested. */
export const RANGES = ['1h', '24h', '7d', '30d'] as const;
export type RangeName = (typeof RANGES)[number] | 'custom';

const MS: Record<(typeof RANGES)[number], number> = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

/** The [from, to] instants (ISO) of a range ending now, or of a picked range (`from`/`to` as `datetime-local` values). */
export function rangeBounds(range: RangeName, nowMs: number, custom?: { from: string; to: string }): { from: string; to: string } | { error: string } {
  if (range !== 'custom') return { from: new Date(nowMs - MS[range]).toISOString(), to: new Date(nowMs).toISOString() };
  const from = Date.parse(custom?.from ?? '');
  const to = Date.parse(custom?.to ?? '');
  if (Number.isNaN(from) || Number.isNaN(to)) return { error: 'Pick both a start and an end' };
  if (from >= to) return { error: 'The start must be before the end' };
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** Incidents as [start, end] spans in epoch seconds (an open incident runs to `nowMs`), for shading on the chart. */
export function incidentSpans(incidents: { startedAt: string; resolvedAt: string | null }[], nowMs: number): [number, number][] {
  return incidents.map((i) => [Date.parse(i.startedAt) / 1000, (i.resolvedAt ? Date.parse(i.resolvedAt) : nowMs) / 1000]);
}
