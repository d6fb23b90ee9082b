import * as z from 'zod/mini';
import {
  exceedsJsonDepth,
  jsonBytes,
  keyPartString,
  metadataObject,
  METADATA_MAX_BYTES,
  METADATA_MAX_DEPTH,
  nonEmptyString,
} from '../common.schema';
import { ConnectionResource } from '../connector/connector.schema';
import {
  BULK_METADATA_MAX,
  bulkMetadataTooDeep,
  bulkMetadataTooLarge,
  DEVICE_IDENTIFIER_MAX,
  DEVICE_TYPE_MAX,
  DEVICES_EMPTY,
  DEVICES_REQUIRED,
  DEVICES_TOO_MANY,
  IDENTIFIER_REQUIRED,
  invalidBulkMetadata,
  TYPE_REQUIRED,
} from './device.limits';
export * from './device.limits';

export const deviceIdentifier = keyPartString({
  field: 'identifier',
  part: 'deviceIdentifier',
  required: IDENTIFIER_REQUIRED,
  maxChars: DEVICE_IDENTIFIER_MAX,
});
export const deviceType = nonEmptyString(TYPE_REQUIRED, DEVICE_TYPE_MAX, `type must be at most ${DEVICE_TYPE_MAX} characters`, 'type');

/** POST /device. `deviceMetadata` is accepted as the spec's other name for `properties`. */
export const UpsertDeviceBody = z.pipe(
  z.object({
    identifier: deviceIdentifier,
    type: z.optional(deviceType),
    properties: z.optional(metadataObject('properties')),
    deviceMetadata: z.optional(metadataObject('deviceMetadata')),
  }),
  z.transform(({ deviceMetadata, properties, ...rest }) => ({ ...rest, properties: properties ?? deviceMetadata })),
);
/** What the upsert needs (the schema's output satisfies it; services accept it from other callers too). */
export interface UpsertDeviceInput {
  identifier: string;
  type?: string;
  properties?: Record<string, unknown>;
}

/** POST /device/bulk-metadata: checks run in the spec's order, the first failure is the 400 text. */
export const BulkMetadataBody = z.object({
  devices: z.record(z.string(), z.unknown(), { error: DEVICES_REQUIRED }).check(
    z.refine((devices) => Object.keys(devices).length > 0, { error: DEVICES_EMPTY, abort: true }),
    z.refine((devices) => Object.keys(devices).length <= BULK_METADATA_MAX, { error: DEVICES_TOO_MANY, abort: true }),
    z.superRefine((devices, ctx) => {
      for (const [identifier, metadata] of Object.entries(devices)) {
        const isObject = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata);
        // Depth before size: serialising for the size check recurses.
        const message = !isObject
          ? invalidBulkMetadata(identifier.trim())
          : exceedsJsonDepth(metadata, METADATA_MAX_DEPTH)
            ? bulkMetadataTooDeep(identifier.trim())
            : jsonBytes(metadata) > METADATA_MAX_BYTES
              ? bulkMetadataTooLarge(identifier.trim())
              : undefined;
        if (message) {
          ctx.issues.push({ code: 'custom', message, input: metadata });
          return;
        }
      }
    }),
  ),
});
export type BulkMetadataInput = z.output<typeof BulkMetadataBody>;

/** Path parameter of the routes under /device/{identifier} (a value no device can have answers 404 `Device not found`). */
export const DeviceIdentifierParams = z.object({ identifier: z.string({ error: IDENTIFIER_REQUIRED }) });

// --- Responses: the OpenAPI document and the MCP tools' output schemas are generated from these ---

/** A device as the API shows it. */
export const DeviceResource = z.object({
  deviceId: z.string(),
  identifier: z.string(),
  type: z.nullable(z.string()),
  properties: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof DeviceResource>;

/** A customer owning a device, as device reads and telemetry ingestion name them. */
export const DeviceOwner = z.object({ customerId: z.string(), email: z.string() });

/** 200 of GET /device/{identifier}: the device, its owners and its crash-reporting connection (null when not connected). */
export const DeviceWithOwners = z.extend(DeviceResource, { owners: z.array(DeviceOwner), connection: z.nullable(ConnectionResource) });

/** 200 of POST /device (spec 4.1). */
export const UpsertDeviceResponse = z.object({
  success: z.literal(true),
  message: z.enum(['Device created successfully', 'Device updated successfully']),
  deviceId: z.string(),
  identifier: z.string(),
  type: z.nullable(z.string()),
});

export const BulkMetadataResultItem = z.object({
  identifier: z.string(),
  /** Empty when not found. */
  deviceId: z.string(),
  status: z.enum(['updated', 'not_found']),
});
export type BulkMetadataResult = z.infer<typeof BulkMetadataResultItem>;

/** 200 of POST /device/bulk-metadata (spec 4.2). */
export const BulkMetadataResponse = z.object({
  success: z.literal(true),
  updated: z.number(),
  notFound: z.number(),
  results: z.array(BulkMetadataResultItem),
});
