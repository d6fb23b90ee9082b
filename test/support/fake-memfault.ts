import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One device as the fake serves it. */
export interface FakeDevice {
  softwareVersion?: string;
  hardwareVersion?: string;
  lastSeen?: string;
  attributes?: Record<string, string | number | boolean | null>;
  /** `{ time, reason }` with Memfault reboot reason ids. */
  reboots?: { time: string; reason: number }[];
  /** Behaviour: `rate` answers 429 with Retry-After once per path, `fail` 500 always, `slow` waits `slowMs` first. */
  behaviour?: 'rate' | 'fail' | 'slow';
}

/**
 * A local stand-in for Memfault's REST API with the documented shapes (docs/integrations.md):
 * device, attributes and paginated reboots under /api/v0/organizations/{org}/projects/{project}.
 * It records every request (path, query, authorization) so tests can count calls and check auth.
 */
export async function startFakeMemfault(options: { organization: string; project: string; token: string; slowMs?: number }) {
  const devices = new Map<string, FakeDevice>();
  const requests: { path: string; query: URLSearchParams; authorization: string | undefined }[] = [];
  const rateLimited = new Set<string>();
  const prefix = `/api/v0/organizations/${options.organization}/projects/${options.project}/devices/`;

  const handle = async (req: IncomingMessage): Promise<{ status: number; body?: unknown; headers?: Record<string, string> }> => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${options.token}`) return { status: 401, body: { error: 'unauthorized' } };
    if (!url.pathname.startsWith(prefix)) return { status: 404, body: { error: 'not found' } };
    const [rawSerial, sub] = url.pathname.slice(prefix.length).split('/');
    const serial = decodeURIComponent(rawSerial ?? '');
    const device = devices.get(serial);
    if (!device) return { status: 404, body: { error: 'device not found' } };
    if (device.behaviour === 'fail') return { status: 500, body: { error: 'boom' } };
    if (device.behaviour === 'slow') await new Promise((r) => setTimeout(r, options.slowMs ?? 2000));
    if (device.behaviour === 'rate' && !rateLimited.has(url.pathname)) {
      rateLimited.add(url.pathname);
      return { status: 429, body: { error: 'slow down' }, headers: { 'retry-after': '1' } };
    }
    if (sub === undefined) {
      return {
        status: 200,
        body: {
          data: {
            device_serial: serial,
            hardware_version: device.hardwareVersion ?? 'hw-1',
            last_seen: device.lastSeen ?? null,
            last_seen_release: device.softwareVersion ? { id: 1, version: device.softwareVersion } : null,
            cohort: { id: 1, name: 'default', slug: 'default' },
          },
        },
      };
    }
    if (sub === 'attributes') {
      return { status: 200, body: { data: Object.entries(device.attributes ?? {}).map(([string_key, value]) => ({ string_key, value })) } };
    }
    if (sub === 'reboots') {
      const since = url.searchParams.get('since') ?? '1970-01-01T00:00:00Z';
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 100);
      const all = (device.reboots ?? []).filter((r) => r.time >= since).sort((a, b) => (a.time < b.time ? 1 : -1));
      const data = all.slice((page - 1) * perPage, page * perPage).map((r) => ({ type: 'memfault', ...r }));
      return { status: 200, body: { data, paging: { page, per_page: perPage, item_count: data.length, total_count: all.length, page_count: Math.max(1, Math.ceil(all.length / perPage)) } } };
    }
    return { status: 404, body: { error: 'not found' } };
  };

  const server: Server = createServer((req, res) => {
    handle(req).then(
      ({ status, body, headers }) => {
        res.writeHead(status, { 'content-type': 'application/json', ...(headers ?? {}) });
        res.end(body === undefined ? '' : JSON.stringify(body));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    devices,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
