/**
 * Environment access. Every variable is read once, on first use, and a missing required
 * one fails with a message naming it, so a misconfigured function dies at its first call
 * with a clear log line instead of failing somewhere deep in the SDK.
 */
const cache = new Map<string, string | undefined>();

function read(name: string): string | undefined {
  if (!cache.has(name)) {
    const raw = process.env[name];
    cache.set(name, raw === undefined || raw.trim() === '' ? undefined : raw.trim());
  }
  return cache.get(name);
}

/** Returns the variable or throws `Missing required environment variable NAME`. */
export function requireEnv(name: string): string {
  const value = read(name);
  if (value === undefined) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

/** Returns the variable, or `fallback` when it is unset or blank. */
export function optionalEnv(name: string, fallback?: string): string | undefined {
  return read(name) ?? fallback;
}

/** Forgets cached values (tests and the local stack change the environment between runs). */
export function resetEnvCache(): void {
  cache.clear();
}

/** Names of the variables the functions read, shared with the CDK stack so they cannot drift. */
export const ENV = {
  tableName: 'TABLE_NAME',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
} as const;
