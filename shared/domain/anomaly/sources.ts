/**
 * Which telemetry the detectors watch. Free of imports on purpose: the route table (and through it
 * the CDK stack and every handler bundle) reads it to build the detector's stream filter.
 */

/** Live sources only: an S3 backfill is history, never an incident. */
export const LIVE_SOURCES = ['rest', 'mqtt', 'crash'] as const;

/** The `entity` attribute of telemetry record items (shared/domain/telemetry/telemetry.repository.ts). */
export const TELEMETRY_ENTITY = 'telemetry';
