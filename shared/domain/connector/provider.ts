import type { CrashProviderName } from './connector.schema';

/**
 * The small interface every crash-reporting service sits behind. The sync only ever sees
 * {@link CrashDeviceSnapshot}s; a second service (Sentry, Bugsnag, …) adds an adapter and a name in
 * CRASH_PROVIDERS, nothing else.
 */

export type AttributeValue = string | number | boolean | null;

/** One reboot the service recorded; `crash` when its reason is an error reset (not a user, update or power-on reset). */
export interface RebootEvent {
  at: string;
  reason: string;
  crash: boolean;
}

/** What one sync reads about one device. Times are ISO 8601 UTC. */
export interface CrashDeviceSnapshot {
  softwareVersion: string | null;
  hardwareVersion: string | null;
  lastSeenAt: string | null;
  attributes: Record<string, AttributeValue>;
  /** Reboots at or after the `since` the sync asked for, newest first. */
  reboots: RebootEvent[];
}

export interface CrashProvider {
  readonly name: CrashProviderName;
  /** The device's snapshot, or null when the service does not know `externalId`. Throws on any other failure. */
  fetchDevice(externalId: string, since: Date): Promise<CrashDeviceSnapshot | null>;
}

/** A provider failure with a message safe to store and show (never a token, never a response body). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
