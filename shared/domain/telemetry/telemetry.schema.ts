import * as z from 'zod/mini';
import { DeviceOwner } from '../device/device.schema';
import { TELEMETRY_SOURCES } from './telemetry.limits';
export * from './telemetry.limits';

/**
 * Telemetry's zod schemas: the history query and the responses (the OpenAPI document and MCP). The
 * body's are in telemetry-body.ts, the record checks, limits and texts in telemetry.limits.ts, both
 * re-exported here, so ingestion and the services that read or store telemetry build no response
 * schema at load.
 */

export { TelemetryBody, TelemetryDeviceIdentifier } from './telemetry-body';

// --- Read-back ----------------------------------------------------------------------------------

/** Query parameters of `GET /device/{identifier}/telemetry`, as strings from the URL. */
export const HistoryQuery = z.object({
  from: z.optional(z.string()),
  to: z.optional(z.string()),
  limit: z.optional(z.string()),
  cursor: z.optional(z.string()),
  order: z.optional(z.string()),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

// --- Responses: the OpenAPI document and the MCP tools' output schemas are generated from these ---

/** 200 of POST /api/telemetry: records accepted for one device, and who owns it right now. */
export const IngestTelemetryResponse = z.object({
  success: z.literal(true),
  accepted: z.number(),
  /** False when no device has the identifier yet: the records are stored all the same. */
  deviceKnown: z.boolean(),
  owners: z.array(DeviceOwner),
});

/** 200 of POST /api/telemetry for an IoT rule destination's confirmation request (no key; ./destination-confirmation.ts). */
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
export type TelemetryRecordView = z.infer<typeof TelemetryRecordItem>;

/** 200 of GET /device/{identifier}/telemetry: one page of records; `nextCursor` null on the last page. */
export const TelemetryHistoryResponse = z.object({
  identifier: z.string(),
  records: z.array(TelemetryRecordItem),
  nextCursor: z.nullable(z.string()),
});
