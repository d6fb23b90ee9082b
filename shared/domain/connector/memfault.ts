import { ProviderError, type AttributeValue, type CrashDeviceSnapshot, type CrashProvider, type RebootEvent } from './provider';

/**
 * Memfault adapter. Paths, auth and fields are listed in docs/integrations.md with what was
 * checked against Memfault's documentation and what only against the test fake:
 *
 * - `GET {base}/api/v0/organizations/{org}/projects/{project}/devices/{serial}` → `data.hardware_version`,
 *   `data.last_seen`, `data.last_seen_release.version` (software version).
 * - `GET …/devices/{serial}/attributes` → `data[]` of `{ string_key, value }` (also read:
 *   `{ custom_metric: { string_key }, state: { value } }`).
 * - `GET …/devices/{serial}/reboots?since=<ISO>&page=&per_page=` → `data[]` of `{ time, reason }`
 *   (reason: Memfault reboot reason id; ids ≥ 0x8000 are error resets, i.e. crashes).
 * - Auth: `Authorization: Bearer <organization auth token>`.
 * - Pagination: `page` / `per_page`, answered with `paging.page_count` (or a short page).
 * - 429 and 503 honour `Retry-After` (seconds or an HTTP date), capped; other 5xx retried with back-off.
 */

export interface MemfaultOptions {
  apiBase: string;
  organization: string;
  project: string;
  token: string;
  /** Per HTTP call (default 5000 ms). */
  timeoutMs?: number;
  /** Attempts per call, retries of 429/5xx/timeouts included (default 3). */
  attempts?: number;
  /** Longest wait honoured from a Retry-After (default 30 s): a longer one fails this device; the next sync tries again. */
  maxRetryAfterMs?: number;
  /** Pages read per list (default 5 of 100: the reboots of one sync window never need more). */
  maxPages?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const PER_PAGE = 100;
const DEFAULT_SLEEP = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Memfault reboot reason ids (Memfault's reboot reason reference, as memfaultd defines them).
 * Ids from 0x8000 up are error resets.
 */
const REBOOT_REASONS: Record<number, string> = {
  0x0000: 'Unknown',
  0x0001: 'UserShutdown',
  0x0002: 'UserReset',
  0x0003: 'FirmwareUpdate',
  0x0004: 'LowPower',
  0x0005: 'DebuggerHalted',
  0x0006: 'ButtonReset',
  0x0007: 'PowerOnReset',
  0x0008: 'SoftwareReset',
  0x0009: 'DeepSleep',
  0x000a: 'PinReset',
  0x8000: 'UnknownError',
  0x8001: 'Assert',
};
const ERROR_RESET_MIN = 0x8000;

/** Seconds or an HTTP date → milliseconds to wait; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const iso = (value: unknown): string | null => {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

export class MemfaultProvider implements CrashProvider {
  readonly name = 'memfault' as const;
  private readonly base: string;

  constructor(private readonly options: MemfaultOptions) {
    const seg = encodeURIComponent;
    this.base = `${options.apiBase.replace(/\/+$/, '')}/api/v0/organizations/${seg(options.organization)}/projects/${seg(options.project)}`;
  }

  /** One GET with timeout and retries; null on 404. The URL and status go into errors, never the token or the body. */
  private async get(path: string, query: Record<string, string> = {}): Promise<Record<string, unknown> | null> {
    const { attempts = 3, timeoutMs = 5000, maxRetryAfterMs = 30_000, fetch: doFetch = fetch, sleep = DEFAULT_SLEEP } = this.options;
    const url = `${this.base}${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
    const label = `GET ${path.replace(/\/devices\/[^/]+/, '/devices/{serial}')}`;
    let last: ProviderError = new ProviderError(`Memfault ${label} failed`);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { authorization: `Bearer ${this.options.token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
        last = new ProviderError(timedOut ? `Memfault ${label} timed out after ${timeoutMs} ms` : `Memfault ${label} unreachable`);
        if (attempt < attempts) await sleep(250 * 2 ** (attempt - 1));
        continue;
      }
      if (response.ok) return (await response.json()) as Record<string, unknown>;
      await response.body?.cancel();
      if (response.status === 404) return null;
      last = new ProviderError(`Memfault ${label} answered ${response.status}`, response.status);
      if (response.status === 429 || response.status === 503) {
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? 1000 * 2 ** (attempt - 1);
        if (wait > maxRetryAfterMs || attempt === attempts) break;
        await sleep(wait);
      } else if (response.status >= 500) {
        if (attempt < attempts) await sleep(250 * 2 ** (attempt - 1));
      } else {
        // 401, 403, 400: retrying cannot help.
        break;
      }
    }
    throw last;
  }

  /** Every item of a paginated list, up to `maxPages` pages. */
  private async list(path: string, query: Record<string, string>): Promise<Record<string, unknown>[] | null> {
    const items: Record<string, unknown>[] = [];
    const maxPages = this.options.maxPages ?? 5;
    for (let page = 1; page <= maxPages; page++) {
      const body = await this.get(path, { ...query, page: String(page), per_page: String(PER_PAGE) });
      if (body === null) return page === 1 ? null : items;
      const data = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
      items.push(...data);
      const paging = body.paging as { page_count?: unknown } | undefined;
      const pageCount = typeof paging?.page_count === 'number' ? paging.page_count : undefined;
      if (data.length < PER_PAGE || (pageCount !== undefined && page >= pageCount)) break;
    }
    return items;
  }

  async fetchDevice(externalId: string, since: Date): Promise<CrashDeviceSnapshot | null> {
    const device = `/devices/${encodeURIComponent(externalId)}`;
    // Side by side: three calls per device (more only when reboots span pages).
    const [record, attributes, reboots] = await Promise.all([
      this.get(device),
      this.get(`${device}/attributes`),
      this.list(`${device}/reboots`, { since: since.toISOString() }),
    ]);
    if (record === null) return null;
    const data = (record.data ?? {}) as Record<string, unknown>;
    const release = (data.last_seen_release ?? data.last_seen_software_version ?? {}) as Record<string, unknown>;
    return {
      softwareVersion: str(release.version),
      hardwareVersion: str(data.hardware_version),
      lastSeenAt: iso(data.last_seen),
      attributes: parseAttributes(attributes),
      reboots: (reboots ?? []).map(parseReboot).filter((r): r is RebootEvent => r !== null).sort((a, b) => (a.at < b.at ? 1 : -1)),
    };
  }
}

function parseAttributes(body: Record<string, unknown> | null): Record<string, AttributeValue> {
  const result: Record<string, AttributeValue> = {};
  const items = Array.isArray(body?.data) ? (body.data as Record<string, unknown>[]) : [];
  for (const item of items) {
    const metric = (item.custom_metric ?? {}) as Record<string, unknown>;
    const state = (item.state ?? {}) as Record<string, unknown>;
    const key = str(item.string_key) ?? str(metric.string_key);
    const value = 'value' in item ? item.value : state.value;
    if (!key) continue;
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) result[key] = value;
    else if (typeof value === 'string') result[key] = value.slice(0, 256);
  }
  return result;
}

function parseReboot(item: Record<string, unknown>): RebootEvent | null {
  const at = iso(item.time ?? item.captured_date);
  if (!at) return null;
  const code = typeof item.reason === 'number' ? item.reason : Number.NaN;
  if (Number.isNaN(code)) return { at, reason: str(item.reason) ?? 'Unknown', crash: false };
  return { at, reason: REBOOT_REASONS[code] ?? `0x${code.toString(16).padStart(4, '0')}`, crash: code >= ERROR_RESET_MIN };
}
