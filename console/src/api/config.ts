/** The console's runtime config: `/console/config.json`, written at deploy time (CDK) or served by `npm start`. */
export interface RuntimeConfig {
  auth: 'local' | 'cognito';
  /** Prefix of API paths; '' on the same origin. */
  apiBase: string;
  cognito?: { domain: string; clientId: string };
}

let config: RuntimeConfig = { auth: 'local', apiBase: '' };

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const res = await fetch('/console/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json answered ${res.status}`);
  config = (await res.json()) as RuntimeConfig;
  return config;
}

export const runtimeConfig = () => config;
