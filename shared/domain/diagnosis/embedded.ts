import type { DeviceContext, DiagnosisContext } from './context';
import { clipSummary, type Finding, type FindingKind, type FindingSeverity } from './diagnosis.schema';

/**
 * The embedded diagnosis: deterministic rules over the gathered context, no network. Each rule
 * names what it saw and the values it saw (`evidence`); findings are ordered by severity, then
 * device, then rule, so the same context always gives the same diagnosis.
 */

const HOUR_MS = 3_600_000;
export const RULES = {
  /** A battery percentage at or below this is near empty. */
  batteryLowPercent: 15,
  /** …and high severity at or below this, or when it is also falling. */
  batteryCriticalPercent: 5,
  /** A drop of more than this (percentage points) over the recent records is "falling". */
  batteryFallingPoints: 2,
  /** Silent for this long: a finding (high from `silentHighHours`). */
  silentHours: 6,
  silentHighHours: 24,
  /** Crashes in 24 h that make a crash loop. */
  crashLoop: 3,
  /** An update this recent (days) is a suspect when crashes follow it. */
  updateWindowDays: 7,
} as const;

// A battery charge in percent: battery, battery_level, batt_pct, battery_soc … but not its voltage or temperature.
const BATTERY = /batt/i;
const NOT_PERCENT = /volt|_mv|mv$|_v$|temp|health|cycle/i;
const SEVERITY_ORDER: Record<FindingSeverity, number> = { high: 0, medium: 1, low: 2 };
const KIND_ORDER: FindingKind[] = ['crash_loop_after_update', 'crashing', 'battery_low', 'silent', 'open_incident', 'no_data', 'sync_error'];

const hoursAgo = (now: number, iso: string) => Math.round((now - Date.parse(iso)) / HOUR_MS);
const round = (n: number) => Math.round(n * 10) / 10;

function batteryFinding(device: DeviceContext, now: number): Finding | undefined {
  const name = Object.keys(device.latest).sort().find((n) => BATTERY.test(n) && !NOT_PERCENT.test(n));
  if (!name) return undefined;
  const current = device.latest[name] as { value: number; timestamp: string };
  if (current.value > RULES.batteryLowPercent || current.value < 0) return undefined;
  // Oldest recent value within 24 h of the newest, to tell a draining battery from a low but steady one.
  const older = device.recent.filter((r) => typeof r.measurements[name] === 'number' && Date.parse(current.timestamp) - Date.parse(r.timestamp) <= 24 * HOUR_MS).at(-1);
  const before = older ? (older.measurements[name] as number) : undefined;
  const falling = before !== undefined && before - current.value > RULES.batteryFallingPoints;
  const severity: FindingSeverity = falling || current.value <= RULES.batteryCriticalPercent ? 'high' : 'medium';
  const trend = falling && older ? ` and falling (${round(before as number)}% ${hoursAgo(now, older.timestamp)} h ago)` : '';
  return {
    deviceIdentifier: device.identifier,
    kind: 'battery_low',
    severity,
    text: `Battery of ${device.identifier} is near empty: ${round(current.value)}%${trend}.`,
    evidence: { measurement: name, value: current.value, at: current.timestamp, earlierValue: before ?? null, earlierAt: older?.timestamp ?? null, falling },
  };
}

function silenceFinding(device: DeviceContext, now: number): Finding | undefined {
  const seen = [device.lastTelemetryAt, device.connection?.lastSeenAt ?? null].filter((t): t is string => t !== null).sort().at(-1);
  if (!seen) {
    return { deviceIdentifier: device.identifier, kind: 'no_data', severity: 'low', text: `No telemetry has been received from ${device.identifier} yet.`, evidence: { lastSeenAt: null } };
  }
  const hours = (now - Date.parse(seen)) / HOUR_MS;
  if (hours < RULES.silentHours) return undefined;
  return {
    deviceIdentifier: device.identifier,
    kind: 'silent',
    severity: hours >= RULES.silentHighHours ? 'high' : 'medium',
    text: `${device.identifier} has been silent for ${Math.floor(hours)} h (last seen ${seen}).`,
    evidence: { lastSeenAt: seen, silentHours: Math.floor(hours) },
  };
}

function crashFinding(device: DeviceContext, now: number): Finding | undefined {
  const c = device.connection;
  if (!c || c.crashes.last24h === 0) return undefined;
  const { last24h, lastAt, lastReason } = c.crashes;
  const version = c.firmware.softwareVersion;
  const evidence = { crashesLast24h: last24h, lastCrashAt: lastAt, lastReason, softwareVersion: version, firmwareSince: c.firmwareSince, previousSoftwareVersion: c.previousSoftwareVersion };
  const recentUpdate = c.firmwareSince !== null && now - Date.parse(c.firmwareSince) <= RULES.updateWindowDays * 24 * HOUR_MS;
  const afterUpdate = recentUpdate && lastAt !== null && lastAt >= (c.firmwareSince as string);
  const reason = lastReason ? `, last: ${lastReason}` : '';
  if (last24h >= RULES.crashLoop && afterUpdate && version) {
    const was = c.previousSoftwareVersion ? ` (previously ${c.previousSoftwareVersion})` : '';
    return {
      deviceIdentifier: device.identifier,
      kind: 'crash_loop_after_update',
      severity: 'high',
      text: `${device.identifier} crashed ${last24h} times in 24 h since firmware ${version} was installed ${hoursAgo(now, c.firmwareSince as string)} h ago${was}${reason}; suspect the update.`,
      evidence,
    };
  }
  return {
    deviceIdentifier: device.identifier,
    kind: 'crashing',
    severity: last24h >= RULES.crashLoop ? 'high' : 'medium',
    text: `${device.identifier} crashed ${last24h} time${last24h === 1 ? '' : 's'} in the last 24 h${version ? ` on firmware ${version}` : ''}${reason}.`,
    evidence,
  };
}

function incidentFindings(device: DeviceContext): Finding[] {
  return device.openIncidents.map((incident) => ({
    deviceIdentifier: device.identifier,
    kind: 'open_incident' as const,
    severity: incident.kind === 'dropout' || incident.kind === 'threshold' ? ('high' as const) : ('medium' as const),
    text: `Open incident on ${device.identifier}: ${incident.measurement ? `${incident.measurement} ` : ''}${incident.kind.replace('_', ' ')} since ${incident.startedAt}.`,
    evidence: { incidentId: incident.incidentId, kind: incident.kind, measurement: incident.measurement, startedAt: incident.startedAt, ticketId: incident.ticketId },
  }));
}

function syncFinding(device: DeviceContext): Finding | undefined {
  const error = device.connection?.lastSyncError;
  if (!error) return undefined;
  return { deviceIdentifier: device.identifier, kind: 'sync_error', severity: 'low', text: `Crash data of ${device.identifier} may be stale: ${error}.`, evidence: { lastSyncError: error, lastSyncAt: device.connection?.lastSyncAt ?? null } };
}

/** Every finding of the context, ordered. */
export function findingsOf(context: DiagnosisContext): Finding[] {
  const findings = context.devices.flatMap((device) =>
    [crashFinding(device, context.now), batteryFinding(device, context.now), silenceFinding(device, context.now), ...incidentFindings(device), syncFinding(device)].filter(
      (f): f is Finding => f !== undefined,
    ),
  );
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (a.deviceIdentifier < b.deviceIdentifier ? -1 : a.deviceIdentifier > b.deviceIdentifier ? 1 : 0) ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
  );
}

/** A plain-language summary of the findings (≤ 600 characters). */
export function summarize(context: DiagnosisContext, findings: Finding[]): string {
  const n = context.devices.length;
  const scope = `Checked ${n} device${n === 1 ? '' : 's'}${context.ticket.deviceIdentifier ? '' : ' of the customer'}.`;
  const serious = findings.filter((f) => f.severity !== 'low');
  if (serious.length === 0) {
    const minor = findings.length > 0 ? ` Minor: ${findings.map((f) => f.text).join(' ')}` : '';
    return clipSummary(`${scope} No problem found in the latest data: no crashes, no low battery, no long silence, no open incident.${minor}`);
  }
  const more = serious.length > 3 ? ` (+${serious.length - 3} more finding${serious.length - 3 === 1 ? '' : 's'})` : '';
  return clipSummary(`${scope} ${serious.slice(0, 3).map((f) => f.text).join(' ')}${more}`);
}
