import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { optionalEnv } from '../../config/env';
import { BadRequestError } from '../errors';
import { DELIVERY_TIMEOUT_MS, RESPONSE_BODY_MAX_BYTES, URL_CREDENTIALS, URL_INVALID, URL_NOT_HTTPS, URL_PRIVATE, URL_UNRESOLVABLE } from './webhook.limits';

/**
 * Server-side request forgery guard for webhook URLs, and the one HTTP POST deliveries make.
 * A URL is refused when its host is, or resolves to, an address that is not on the public
 * internet (private, loopback, link-local, metadata, multicast, reserved, and the IPv6 forms of
 * them). The check runs at registration (the 400) and again inside each delivery's connection
 * (`lookup`), so a host that later re-resolves to an internal address (DNS rebinding) is refused
 * then too. Redirects are never followed: a 3xx is a failed attempt.
 */

/** Set only by the local stack (`npm start`) and tests: plain http to localhost / 127.0.0.1 receivers. */
export const WEBHOOK_ALLOW_LOCAL_ENV = 'WEBHOOK_ALLOW_LOCAL_HTTP';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, including AWS's fd00:ec2::254 metadata
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is one a webhook may not reach. IPv4 embedded in IPv6 (mapped, NAT64) is judged as IPv4. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  const embedded = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (embedded) return isBlockedAddress(embedded);
  // ::ffff:7f00:1 (hex-mapped IPv4)
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1] as string, 16);
    const lo = parseInt(hexMapped[2] as string, 16);
    return isBlockedAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return blocked.check(address, 'ipv6');
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
let resolver: Resolver = systemResolver;

/** Tests: a resolver standing in for DNS (a name that resolves to a private address); undefined restores the system's. */
export function setResolverForTests(fake: Resolver | undefined): void {
  resolver = fake ?? systemResolver;
}

const localAllowed = () => optionalEnv(WEBHOOK_ALLOW_LOCAL_ENV) === 'true';
const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Whether the URL is a local-stack receiver (plain http to localhost / 127.0.0.1), allowed only where the local stack allows it. */
function isLocalReceiver(url: URL): boolean {
  return localAllowed() && LOCAL_HOSTS.has(bareHost(url.hostname));
}

/** Parses and checks a webhook URL at registration; throws the 400 naming what is wrong. Returns the normalised URL. */
export async function checkWebhookUrl(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BadRequestError(URL_INVALID);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalReceiver(url))) throw new BadRequestError(URL_NOT_HTTPS);
  if (url.username || url.password) throw new BadRequestError(URL_CREDENTIALS);
  if (isLocalReceiver(url)) return url.toString();
  const host = bareHost(url.hostname);
  let addresses: { address: string }[];
  try {
    addresses = isIP(host) ? [{ address: host }] : await resolver(host);
  } catch {
    throw new BadRequestError(URL_UNRESOLVABLE);
  }
  if (addresses.length === 0) throw new BadRequestError(URL_UNRESOLVABLE);
  if (addresses.some((a) => isBlockedAddress(a.address))) throw new BadRequestError(URL_PRIVATE);
  return url.toString();
}

/** The connection's DNS lookup: resolves through {@link resolver} and refuses any blocked address. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  const host = bareHost(hostname);
  const resolved = isIP(host) ? Promise.resolve([{ address: host, family: isIP(host) }]) : resolver(host);
  resolved.then(
    (addresses) => {
      if (addresses.length === 0) return callback(new Error(URL_UNRESOLVABLE), '', 4);
      if (addresses.some((a) => isBlockedAddress(a.address))) return callback(new Error(URL_PRIVATE), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      const first = addresses[0] as { address: string; family: number };
      return callback(null, first.address, first.family);
    },
    () => callback(new Error(URL_UNRESOLVABLE), '', 4),
  );
};

export interface PostResult {
  statusCode: number | null;
  /** At most {@link RESPONSE_BODY_MAX_BYTES} of the response body (UTF-8, possibly cut). */
  responseBody: string | null;
  /** Why the attempt failed; null for a 2xx. */
  error: string | null;
  durationMs: number;
}

/**
 * One POST, with the SSRF guard in the connection, a hard timeout over the whole exchange, no
 * redirects, and at most 4 KB of the answer read. Never throws: a failure is in `error`.
 */
export async function safePost(rawUrl: string, headers: Record<string, string>, body: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<PostResult> {
  const started = Date.now();
  const done = (r: Omit<PostResult, 'durationMs'>): PostResult => ({ ...r, durationMs: Date.now() - started });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return done({ statusCode: null, responseBody: null, error: URL_INVALID });
  }
  const local = url.protocol === 'http:' && isLocalReceiver(url);
  if (url.protocol !== 'https:' && !local) return done({ statusCode: null, responseBody: null, error: URL_NOT_HTTPS });
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(done(r));
    };
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Fleetdesk-Webhooks/1', ...headers },
        // The guard runs on every connection; the local stack's localhost receivers skip it (their address is loopback by definition).
        ...(local && LOCAL_HOSTS.has(bareHost(url.hostname)) ? {} : { lookup: guardedLookup }),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const statusCode = res.statusCode ?? 0;
        const conclude = () => {
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_MAX_BYTES).toString('utf8');
          const ok = statusCode >= 200 && statusCode < 300;
          const error = ok ? null : statusCode >= 300 && statusCode < 400 ? `Redirect (${statusCode}) not followed` : `Receiver answered ${statusCode}`;
          finish({ statusCode, responseBody: text, error });
        };
        res.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_BODY_MAX_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough kept: stop reading a large (or endless) answer.
          if (size >= RESPONSE_BODY_MAX_BYTES) conclude();
        });
        res.on('end', conclude);
        res.on('error', (e) => finish({ statusCode, responseBody: null, error: `Response failed: ${e.message}` }));
      },
    );
    const timer = setTimeout(() => finish({ statusCode: null, responseBody: null, error: `Timed out after ${timeoutMs} ms` }), timeoutMs);
    req.on('error', (e) => finish({ statusCode: null, responseBody: null, error: e.message === URL_PRIVATE || e.message === URL_UNRESOLVABLE ? e.message : `Request failed: ${e.message}` }));
    req.end(body);
  });
}
