import { optionalEnv } from '../../config/env';
import type { StoredConnector } from './connector.repository';
import { MemfaultProvider } from './memfault';
import type { CrashProvider } from './provider';

/** Per-call timeout of crash-service requests in ms (default 5000). */
export const PROVIDER_TIMEOUT_ENV = 'CONNECTOR_HTTP_TIMEOUT_MS';

/** The adapter for a connector's provider, holding the opened token in memory only. */
export function providerFor(connector: Pick<StoredConnector, 'provider' | 'apiBase' | 'organization' | 'project'>, token: string): CrashProvider {
  const raw = optionalEnv(PROVIDER_TIMEOUT_ENV);
  const timeoutMs = raw === undefined ? 5000 : Number(raw);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`${PROVIDER_TIMEOUT_ENV} must be a positive integer, got "${raw}"`);
  switch (connector.provider) {
    case 'memfault':
      return new MemfaultProvider({ apiBase: connector.apiBase, organization: connector.organization, project: connector.project, token, timeoutMs });
  }
}
