/**
 * Opaque page cursors that carry only a sort key: the partition is always rebuilt from the caller's
 * organization (and device), so a forged cursor can move within the caller's own partition at most.
 * Each list checks the decoded key against the shape its own sort keys have.
 */

/** The cursor for the page after the item with sort key `sk`. */
export const encodeSortKeyCursor = (sk: string): string => Buffer.from(JSON.stringify({ k: sk })).toString('base64url');

/** The sort key in `raw` when it decodes and matches `shape`; undefined for anything else (the caller's 400). */
export function decodeSortKeyCursor(raw: string, shape: RegExp): string | undefined {
  try {
    const sk = (JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { k?: unknown } | null)?.k;
    return typeof sk === 'string' && shape.test(sk) ? sk : undefined;
  } catch {
    return undefined;
  }
}
