import * as z from 'zod/mini';
import { keyPartString } from '../common.schema';

/**
 * Crash-reporting connectors (issue 11): an organization's connector configuration (operator CLI)
 * and a device's connection to it (External API). Every text here is what callers see.
 */

import { CRASH_PROVIDERS, EXTERNAL_ID_MAX, EXTERNAL_ID_REQUIRED, PROVIDER_INVALID, type CrashProviderName } from './connector.limits';
export * from './connector.limits';

/** PUT /device/{identifier}/connection body. `externalId` defaults to the device identifier. */
export const PutConnectionBody = z.object({
  provider: z.enum(CRASH_PROVIDERS, { error: PROVIDER_INVALID }),
  // The external id never becomes a key part; the device identifier budget is a safe, shared bound.
  externalId: z.optional(keyPartString({ field: 'externalId', part: 'deviceIdentifier', required: EXTERNAL_ID_REQUIRED, maxChars: EXTERNAL_ID_MAX })),
});
export type PutConnectionInput = z.output<typeof PutConnectionBody>;

/** What a sync learned about one device, as stored on its connection and shown by GET /device. */
export interface ConnectionView {
  provider: CrashProviderName;
  externalId: string;
  connectedAt: string;
  lastSyncAt: string | null;
  lastSyncError: string | null;
  firmware: { softwareVersion: string | null; hardwareVersion: string | null };
  /** When the sync first saw the current software version, and the one before it (for "crashes since an update"). */
  firmwareSince: string | null;
  previousSoftwareVersion: string | null;
  lastSeenAt: string | null;
  crashes: { last24h: number; lastAt: string | null; lastReason: string | null };
  reboots: { last24h: number };
  attributes: Record<string, string | number | boolean | null>;
}

// --- Responses: described for the OpenAPI document and MCP output schemas --------------------------

/** `connection` of GET /device/{identifier} and the 200 of PUT …/connection. */
export const ConnectionResource = z.object({
  provider: z.enum(CRASH_PROVIDERS),
  externalId: z.string(),
  connectedAt: z.string(),
  lastSyncAt: z.nullable(z.string()),
  lastSyncError: z.nullable(z.string()),
  firmware: z.object({ softwareVersion: z.nullable(z.string()), hardwareVersion: z.nullable(z.string()) }),
  firmwareSince: z.nullable(z.string()),
  previousSoftwareVersion: z.nullable(z.string()),
  lastSeenAt: z.nullable(z.string()),
  crashes: z.object({ last24h: z.number(), lastAt: z.nullable(z.string()), lastReason: z.nullable(z.string()) }),
  reboots: z.object({ last24h: z.number() }),
  attributes: z.record(z.string(), z.nullable(z.union([z.string(), z.number(), z.boolean()]))),
});

/** 200 of PUT /device/{identifier}/connection. */
export const PutConnectionResponse = z.object({ success: z.literal(true), identifier: z.string(), connection: ConnectionResource });
/** 200 of DELETE /device/{identifier}/connection. */
export const DeleteConnectionResponse = z.object({ success: z.literal(true) });
