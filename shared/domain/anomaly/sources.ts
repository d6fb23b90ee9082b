/**
 * Which telemetry the detectors watch. Free of imports on purpose: the route table (and through it
 * the CDK stack and every handler bundle) reads it to build the detector's stream filter.
 */

/** Live sources only: an S3 backfill is history, never an incident. */
export const LIVE_SOURCES = ['rest', 'mqtt', 'crash'] as const;

/** The `entity` attribute of telemetry record items (shared/domain/telemetry/telemetry.repository.ts). */
export const TELEMETRY_ENTITY = 'telemetry';

/**
 * Detection lanes: a device's own reports (REST, MQTT) and the crash-reporting sync's records,
 * which carry the sync's clock, not the device's. Each lane keeps its own "newest evaluated"
 * time, so a sync record stamped before the device's latest report is still evaluated, and only
 * the device lane teaches the reporting cadence (the sync's schedule says nothing about the device).
 */
export type DetectionLane = 'device' | 'crash';

/** The lane of a live source (`undefined` for sources never evaluated). */
export function laneOf(source: string): DetectionLane | undefined {
  if (source === 'crash') return 'crash';
  return source === 'rest' || source === 'mqtt' ? 'device' : undefined;
}
