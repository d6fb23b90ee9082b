import * as z from 'zod/mini';
import { DeviceOwner } from '../domain/device/device.schema';
import { TELEMETRY_SOURCES } from '../domain/telemetry/telemetry.schema';

/**
 * Response schemas of the telemetry routes. They belong next to shared/domain/telemetry/telemetry.schema.ts
 * (schemas are the types); they live here until that module's owner takes them in, and the
 * OpenAPI validation pass (test/e2e/openapi.test.ts) keeps them true to the service meanwhile.
 */

/** 200 of POST /api/telemetry: records accepted for one device, and who owns it right now. */
export const IngestTelemetryResponse = z.object({
  success: z.literal(true),
  accepted: z.number(),
  /** False when no device has the identifier yet: the records are stored all the same. */
  deviceKnown: z.boolean(),
  owners: z.array(DeviceOwner),
});

/** 200 of POST /api/telemetry for an IoT rule destination's confirmation request (no key; shared/domain/telemetry/destination-confirmation.ts). */
export const DestinationConfirmationResponse = z.object({ success: z.literal(true), confirmed: z.boolean() });

/** 200 of GET /device/{identifier}/telemetry/latest: the newest value of each measurement. */
export const LatestTelemetryResponse = z.object({
  identifier: z.string(),
  deviceKnown: z.boolean(),
  lastSeenAt: z.nullable(z.string()),
  measurements: z.record(z.string(), z.object({ value: z.number(), timestamp: z.string() })),
});

/** One stored record as the read-back returns it. */
export const TelemetryRecordItem = z.object({
  timestamp: z.string(),
  source: z.enum(TELEMETRY_SOURCES),
  measurements: z.record(z.string(), z.number()),
});

/** 200 of GET /device/{identifier}/telemetry: one page of records; `nextCursor` null on the last page. */
export const TelemetryHistoryResponse = z.object({
  identifier: z.string(),
  records: z.array(TelemetryRecordItem),
  nextCursor: z.nullable(z.string()),
});
