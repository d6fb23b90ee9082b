import { BadRequestError } from '../errors';

/**
 * Crash-reporting connectors' providers, limits, texts and the operator's settings check, without the
 * zod schemas of connector.schema.ts (which re-exports this module), so the services and the console's
 * connector routes build no schema at load.
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
