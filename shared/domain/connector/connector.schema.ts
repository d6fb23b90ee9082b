import * as z from 'zod/mini';
import { keyPartString } from '../common.schema';
import { BadRequestError } from '../errors';

/**
 * Crash-reporting connectors (issue 11): an organization's connector configuration (operator CLI)
 * and a device's connection to it (External API). Every text here is what callers see.
 */

/** Crash-reporting services Fleetdesk can read. A new one adds its name here and an adapter in providers.ts. */
export const CRASH_PROVIDERS = ['memfault'] as const;
export type CrashProviderName = (typeof CRASH_PROVIDERS)[number];

export const CONNECTOR_NOT_CONFIGURED = 'No crash-reporting connector is configured for this organization (operator: npm run admin -- connector set)';
export const PROVIDER_INVALID = `provider must be one of: ${CRASH_PROVIDERS.join(', ')}`;
export const providerNotConfigured = (provider: string, configured: string) =>
  `provider "${provider}" is not the organization's connector (configured: ${configured})`;
export const EXTERNAL_ID_REQUIRED = 'externalId must be a non-empty string';

/** Longest external id (a Memfault device serial is a short string; the same bound as a device identifier). */
export const EXTERNAL_ID_MAX = 256;

/** PUT /device/{identifier}/connection body. `externalId` defaults to the device identifier. */
export const PutConnectionBody = z.object({
  provider: z.enum(CRASH_PROVIDERS, { error: PROVIDER_INVALID }),
  // The external id never becomes a key part; the device identifier budget is a safe, shared bound.
  externalId: z.optional(keyPartString({ field: 'externalId', part: 'deviceIdentifier', required: EXTERNAL_ID_REQUIRED, maxChars: EXTERNAL_ID_MAX })),
});
export type PutConnectionInput = z.output<typeof PutConnectionBody>;

/** What a sync learned about one device, as stored on its connection and shown by GET /device. */
export interface ConnectionView {
  provider: CrashProviderName;
  externalId: string;
  connectedAt: string;
  lastSyncAt: string | null;
  lastSyncError: string | null;
  firmware: { softwareVersion: string | null; hardwareVersion: string | null };
  /** When the sync first saw the current software version, and the one before it (for "crashes since an update"). */
  firmwareSince: string | null;
  previousSoftwareVersion: string | null;
  lastSeenAt: string | null;
  crashes: { last24h: number; lastAt: string | null; lastReason: string | null };
  reboots: { last24h: number };
  attributes: Record<string, string | number | boolean | null>;
}

// --- Responses: described for the OpenAPI document and MCP output schemas --------------------------

/** `connection` of GET /device/{identifier} and the 200 of PUT …/connection. */
export const ConnectionResource = z.object({
  provider: z.enum(CRASH_PROVIDERS),
  externalId: z.string(),
  connectedAt: z.string(),
  lastSyncAt: z.nullable(z.string()),
  lastSyncError: z.nullable(z.string()),
  firmware: z.object({ softwareVersion: z.nullable(z.string()), hardwareVersion: z.nullable(z.string()) }),
  firmwareSince: z.nullable(z.string()),
  previousSoftwareVersion: z.nullable(z.string()),
  lastSeenAt: z.nullable(z.string()),
  crashes: z.object({ last24h: z.number(), lastAt: z.nullable(z.string()), lastReason: z.nullable(z.string()) }),
  reboots: z.object({ last24h: z.number() }),
  attributes: z.record(z.string(), z.nullable(z.union([z.string(), z.number(), z.boolean()]))),
});

/** 200 of PUT /device/{identifier}/connection. */
export const PutConnectionResponse = z.object({ success: z.literal(true), identifier: z.string(), connection: ConnectionResource });
/** 200 of DELETE /device/{identifier}/connection. */
export const DeleteConnectionResponse = z.object({ success: z.literal(true) });

// --- Operator CLI ---------------------------------------------------------------------------------

/** Slugs as Memfault writes them in URLs; anything else would have to be escaped into a path. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
export const TOKEN_MAX = 4096;

/** A connector as the operator sets it (the token in clear, only in memory). */
export interface ConnectorSettings {
  provider: CrashProviderName;
  apiBase: string;
  organization: string;
  project: string;
  token: string;
}

/**
 * Checks `connector set` options; throws with the one-line message the CLI prints (never echoing the token).
 * A BadRequestError, so over HTTP (the console) a check that fails after the console's own pre-check, in a race
 * with a removal, is still a 400.
 */
export function parseConnectorSettings(options: { provider?: string; apiBase?: string; organization?: string; project?: string; token?: string }): ConnectorSettings {
  const provider = options.provider?.trim() ?? '';
  if (!(CRASH_PROVIDERS as readonly string[]).includes(provider)) throw new BadRequestError(`--provider must be one of: ${CRASH_PROVIDERS.join(', ')}`);
  const apiBase = (options.apiBase ?? '').trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new BadRequestError('--api-base must be an absolute http(s) URL such as https://api.memfault.com');
  }
  // Plain HTTP only to this machine (the test fake, a local proxy): a token must not cross a network in clear.
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) throw new BadRequestError('--api-base must use https (http only for localhost)');
  if (url.username || url.password || url.search || url.hash) throw new BadRequestError('--api-base must not carry credentials, a query or a fragment');
  const organization = options.organization?.trim() ?? '';
  const project = options.project?.trim() ?? '';
  if (!SLUG.test(organization)) throw new BadRequestError('--organization must be the organization slug (letters, digits, "_", ".", "-")');
  if (!SLUG.test(project)) throw new BadRequestError('--project must be the project slug (letters, digits, "_", ".", "-")');
  const token = options.token?.trim() ?? '';
  if (token === '') throw new BadRequestError('Missing token: pass --token <token> or pipe it on stdin');
  if (token.length > TOKEN_MAX || /[\s\u0000-\u001f]/.test(token)) throw new BadRequestError('The token is not a valid API token');
  return { provider: provider as CrashProviderName, apiBase, organization, project, token };
}
