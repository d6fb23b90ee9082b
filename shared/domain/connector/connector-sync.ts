import { optionalEnv } from '../../config/env';
import { webhookEventPut } from '../webhook/outbox';
import { logger } from '../../logging/logger';
import { DomainError } from '../errors';
import { findOrganizationContext } from '../organization/organization.service';
import type { OrgContext } from '../organization/organization.schema';
import { storeRecordsOnly } from '../telemetry/telemetry.service';
import { CRASH_MEASUREMENTS, isMeasurementName, isStorableNumber, MAX_MEASUREMENTS_PER_RECORD } from '../telemetry/telemetry.limits';
import * as repo from './connector.repository';
import type { ConnectionView } from './connector.schema';
import { providerFor } from './providers';
import { ProviderError, type CrashDeviceSnapshot, type CrashProvider } from './provider';
import { sealerFromEnv } from './token-sealer';

/**
 * One sync of one organization: pages through its connected devices, reads each from the
 * crash-reporting service (bounded concurrency), turns numeric attributes and crash/reboot counts
 * into telemetry records with source `crash` through the telemetry domain, and stores what it read
 * on the connection. A device whose provider read fails gets `lastSyncError` and the sync goes on;
 * a table failure fails the sync (the queue retries the job).
 *
 * Idempotency: every record of a sync is stamped with the start of its sync window (now floored
 * to the schedule interval), and a record's key is device + timestamp + source, so a replay of
 * the same window (a redelivered job, a manual `connector sync` next to the schedule) overwrites
 * the same record instead of adding one.
 */

export const SYNC_ENV = {
  /** Sync window in minutes, the schedule's interval (default 15; the stack sets it from its context). */
  intervalMinutes: 'CONNECTOR_SYNC_INTERVAL_MINUTES',
  /** Devices read side by side (default 4): Memfault rate-limits per organization token. */
  concurrency: 'CONNECTOR_SYNC_CONCURRENCY',
} as const;


const DAY_MS = 86_400_000;
const PAGE_SIZE = 50;

export interface DeviceSyncResult {
  identifier: string;
  externalId: string;
  status: 'synced' | 'not_found' | 'failed' | 'skipped';
  error?: string;
  measurements?: Record<string, number>;
  firmware?: ConnectionView['firmware'];
  crashes?: ConnectionView['crashes'];
}

export interface SyncReport {
  organizationId: string;
  /** The window every record of this sync is stamped with. */
  window: string;
  status: 'done' | 'no_connector' | 'no_organization' | 'partial';
  devices: DeviceSyncResult[];
  /** Set when the deadline stopped the sync: where the next job continues. */
  nextKey?: Record<string, unknown>;
}

export interface SyncOptions {
  now?: number;
  /** The sync window (ISO) the records are stamped with; default: now floored to the interval. A replayed job passes the same one. */
  window?: string;
  /** Replaces the configured provider (tests). */
  provider?: CrashProvider;
  /** Epoch ms after which no new page is started (the worker's remaining time). */
  deadline?: number;
  startKey?: Record<string, unknown>;
}

function intSetting(name: string, fallback: number, min: number): number {
  const raw = optionalEnv(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

/** Start of the sync window containing `now` (epoch ms). */
export const syncWindowStart = (now: number) => {
  const ms = intSetting(SYNC_ENV.intervalMinutes, 15, 1) * 60_000;
  return Math.floor(now / ms) * ms;
};

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The telemetry measurements of a snapshot: its numeric attributes (valid names, sorted, capped) and the crash/reboot counts. */
export function measurementsOf(snapshot: CrashDeviceSnapshot, now: number): Record<string, number> {
  const since = new Date(now - DAY_MS).toISOString();
  const recent = snapshot.reboots.filter((r) => r.at > since);
  const own = new Set<string>(Object.values(CRASH_MEASUREMENTS));
  const numeric = Object.entries(snapshot.attributes)
    .filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]) && isStorableNumber(e[1]) && isMeasurementName(e[0]) && !own.has(e[0]))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(0, MAX_MEASUREMENTS_PER_RECORD - own.size);
  return {
    ...Object.fromEntries(numeric),
    [CRASH_MEASUREMENTS.crashes]: recent.filter((r) => r.crash).length,
    [CRASH_MEASUREMENTS.reboots]: recent.length,
  };
}

/** The connection fields a snapshot sets, given what was stored before (firmware history, last crash). */
export function connectionUpdate(before: ConnectionView, snapshot: CrashDeviceSnapshot, now: number) {
  const nowIso = new Date(now).toISOString();
  const since = new Date(now - DAY_MS).toISOString();
  const crashes = snapshot.reboots.filter((r) => r.crash);
  const lastCrash = crashes[0];
  const recentCrashes = crashes.filter((r) => r.at > since).length;
  const version = snapshot.softwareVersion;
  const changed = version !== null && before.firmware.softwareVersion !== null && version !== before.firmware.softwareVersion;
  // A FirmwareUpdate reboot dates the update exactly; otherwise the sync that first saw the new version does.
  const updateReboot = snapshot.reboots.find((r) => r.reason === 'FirmwareUpdate');
  const firmwareSince = updateReboot?.at ?? (changed ? nowIso : before.firmwareSince);
  return {
    lastSyncAt: nowIso,
    lastSyncError: null,
    firmware: { softwareVersion: version, hardwareVersion: snapshot.hardwareVersion },
    firmwareSince,
    previousSoftwareVersion: changed ? before.firmware.softwareVersion : before.previousSoftwareVersion,
    lastSeenAt: snapshot.lastSeenAt,
    crashes: { last24h: recentCrashes, lastAt: lastCrash?.at ?? before.crashes.lastAt, lastReason: lastCrash?.reason ?? before.crashes.lastReason },
    reboots: { last24h: snapshot.reboots.filter((r) => r.at > since).length },
    attributes: Object.fromEntries(Object.entries(snapshot.attributes).slice(0, 200)),
  };
}

/** The `connector.sync_failed` webhook event of a device's failed sync (one per device and sync window). */
const syncFailedEvent = (organizationId: string, provider: string, c: { identifier: string; externalId: string }, error: string, windowIso: string, now: number) =>
  webhookEventPut(organizationId, 'connector.sync_failed', { kind: 'inline', data: { provider, deviceIdentifier: c.identifier, externalId: c.externalId, error, window: windowIso, at: new Date(now).toISOString() } }, new Date(now).toISOString(), `${c.identifier}#${windowIso}`);

/** A message safe to store on a connection: provider errors as written, anything else generic. */
const safeError = (error: unknown) => (error instanceof ProviderError ? error.message : 'Sync failed (internal error; see the sync logs)');

async function syncDevice(org: OrgContext, provider: CrashProvider, connection: ConnectionView & { identifier: string }, now: number, windowIso: string): Promise<DeviceSyncResult> {
  const { identifier, externalId } = connection;
  const base = { identifier, externalId };
  if (connection.provider !== provider.name) return { ...base, status: 'skipped', error: `connection is for ${connection.provider}` };
  let snapshot: CrashDeviceSnapshot | null;
  try {
    snapshot = await provider.fetchDevice(externalId, new Date(now - DAY_MS));
  } catch (error) {
    const message = safeError(error);
    if (!(error instanceof ProviderError)) logger.error('crash sync read failed', { organizationId: org.organizationId, identifier, error: String(error) });
    await repo.updateConnectionSync(org.organizationId, identifier, externalId, { lastSyncError: message }, syncFailedEvent(org.organizationId, provider.name, connection, message, windowIso, now));
    return { ...base, status: 'failed', error: message };
  }
  if (snapshot === null) {
    const message = `Device "${externalId}" not found in ${provider.name}`;
    await repo.updateConnectionSync(org.organizationId, identifier, externalId, { lastSyncError: message });
    return { ...base, status: 'not_found', error: message };
  }
  const measurements = measurementsOf(snapshot, now);
  await storeRecordsOnly(org, { deviceIdentifier: identifier, records: [{ timestamp: windowIso, measurements }] }, 'crash', now);
  const update = connectionUpdate(connection, snapshot, now);
  await repo.updateConnectionSync(org.organizationId, identifier, externalId, update);
  return { ...base, status: 'synced', measurements, firmware: update.firmware, crashes: update.crashes };
}

/** A provider that fails every read with `message` (the connector's token could not be opened). */
const failing = (name: CrashProvider['name'], message: string): CrashProvider => ({
  name,
  fetchDevice: () => Promise.reject(new ProviderError(message)),
});

/**
 * Syncs one organization (see the module comment). Never throws for a device's failure (provider
 * errors, domain refusals); throws when the table fails, after the page's other devices finished.
 */
export async function syncOrganization(organizationId: string, options: SyncOptions = {}): Promise<SyncReport> {
  const now = options.now ?? Date.now();
  const windowIso = options.window ?? new Date(syncWindowStart(now)).toISOString();
  const report: SyncReport = { organizationId, window: windowIso, status: 'done', devices: [] };
  const [org, connector] = await Promise.all([findOrganizationContext(organizationId), repo.getConnector(organizationId)]);
  if (!org) return { ...report, status: 'no_organization' };
  if (!connector) return { ...report, status: 'no_connector' };
  let provider = options.provider;
  if (!provider) {
    try {
      provider = providerFor(connector, await sealerFromEnv().open(organizationId, connector.sealedToken));
    } catch (error) {
      logger.error('connector token could not be opened', { organizationId, error: String(error) });
      provider = failing(connector.provider, 'The connector token could not be decrypted; set it again (connector set)');
    }
  }
  const concurrency = intSetting(SYNC_ENV.concurrency, 4, 1);
  let startKey = options.startKey;
  do {
    if (options.deadline !== undefined && Date.now() > options.deadline) return { ...report, status: 'partial', nextKey: startKey };
    const page = await repo.listConnections(organizationId, { limit: PAGE_SIZE, startKey });
    let tableError: unknown;
    const results = await mapPool(page.connections, concurrency, (c) =>
      syncDevice(org, provider, c, now, windowIso).catch((error: unknown) => {
        logger.error('crash sync write failed', { organizationId, identifier: c.identifier, error: String(error) });
        // A table failure (its telemetry or its connection) is not the device's: the page's other
        // devices still finish, then it is rethrown so the job is retried (records of a window
        // overwrite, so the replay adds nothing) and, after its receives, dead-lettered. A refusal
        // of the domain (a DomainError) would fail every retry the same way: it stays on the device.
        if (!(error instanceof DomainError)) tableError ??= error;
        return { identifier: c.identifier, externalId: c.externalId, status: 'failed' as const, error: safeError(error) };
      }),
    );
    if (tableError !== undefined) throw tableError;
    for (const result of results) report.devices.push(result);
    startKey = page.nextKey;
  } while (startKey);
  return report;
}
