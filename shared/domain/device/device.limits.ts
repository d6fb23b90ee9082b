import { pure } from '../../pure';
import { METADATA_MAX_BYTES, METADATA_MAX_DEPTH } from '../common.schema';

/** Device limits and the texts integrators see (spec 4.1, 4.2), without zod: device.schema.ts re-exports them. */

export const DEVICE_IDENTIFIER_MAX = 256;
export const DEVICE_TYPE_MAX = 100;
export const BULK_METADATA_MAX = 1000;

// Exact texts of spec 4.1 and 4.2.
export const IDENTIFIER_REQUIRED = 'identifier is required and must be a non-empty string';
export const TYPE_REQUIRED = 'type is required for new devices and must be a non-empty string';
export const DEVICES_REQUIRED = 'devices is required and must be an object mapping identifiers to metadata';
export const DEVICES_EMPTY = 'devices must contain at least one entry';
export const DEVICES_TOO_MANY = /* @__PURE__ */ pure(() => `Too many devices. Maximum ${BULK_METADATA_MAX} per request`);
export const DEVICE_NOT_FOUND = 'Device not found';
export const invalidBulkMetadata = (identifier: string) => `Invalid metadata for device "${identifier}": must be a JSON object`;
export const bulkMetadataTooLarge = (identifier: string) =>
  `Invalid metadata for device "${identifier}": must be at most ${METADATA_MAX_BYTES} bytes of JSON`;
export const bulkMetadataTooDeep = (identifier: string) =>
  `Invalid metadata for device "${identifier}": must be nested at most ${METADATA_MAX_DEPTH} levels deep`;
