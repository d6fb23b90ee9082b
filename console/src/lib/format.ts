/** Dates in the browser's locale and time zone; relative times for the queue. Pure: unit-tested. */

export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

export function formatRelative(iso: string | null | undefined, nowMs: number, locale?: string): string {
  if (!iso) return 'never';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return 'never';
  const seconds = Math.round((ms - nowMs) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}

/** Statuses as people read them. */
export const statusLabel = (status: string) => status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The masked key plus nothing else: a key never appears in the page except right after regeneration. */
export const shortId = (id: string) => id.slice(0, 8);

/** A measurement as people read it: at most 2 decimals, in the browser's locale. */
export const formatNumber = (value: number, locale?: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
