import * as z from 'zod/mini';
import { jsonBytes, metadataObject, METADATA_MAX_BYTES, nonEmptyString } from '../common.schema';

export const DEVICE_IDENTIFIER_MAX = 256;
export const DEVICE_TYPE_MAX = 100;
export const BULK_METADATA_MAX = 1000;

// Exact texts of spec 4.1 and 4.2.
export const IDENTIFIER_REQUIRED = 'identifier is required and must be a non-empty string';
export const TYPE_REQUIRED = 'type is required for new devices and must be a non-empty string';
export const DEVICES_REQUIRED = 'devices is required and must be an object mapping identifiers to metadata';
export const DEVICES_EMPTY = 'devices must contain at least one entry';
export const DEVICES_TOO_MANY = `Too many devices. Maximum ${BULK_METADATA_MAX} per request`;
export const DEVICE_NOT_FOUND = 'Device not found';
export const invalidBulkMetadata = (identifier: string) => `Invalid metadata for device "${identifier}": must be a JSON object`;
export const bulkMetadataTooLarge = (identifier: string) =>
  `Invalid metadata for device "${identifier}": must be at most ${METADATA_MAX_BYTES} bytes of JSON`;

export const deviceIdentifier = nonEmptyString(
  IDENTIFIER_REQUIRED,
  DEVICE_IDENTIFIER_MAX,
  `identifier must be at most ${DEVICE_IDENTIFIER_MAX} characters`,
);
export const deviceType = nonEmptyString(TYPE_REQUIRED, DEVICE_TYPE_MAX, `type must be at most ${DEVICE_TYPE_MAX} characters`);

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
        const message = !isObject
          ? invalidBulkMetadata(identifier.trim())
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

/** A device as the API shows it. */
export interface Device {
  deviceId: string;
  identifier: string;
  type: string | null;
  properties: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface BulkMetadataResult {
  identifier: string;
  deviceId: string;
  status: 'updated' | 'not_found';
}
