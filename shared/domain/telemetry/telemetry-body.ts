import * as z from 'zod/mini';
import { keyPartString } from '../common.schema';
import { DEVICE_IDENTIFIER_MAX } from '../device/device.limits';
import { DEVICE_IDENTIFIER_REQUIRED } from './telemetry.limits';

/**
 * The telemetry body's schemas (REST, MQTT, backfill), re-exported by telemetry.schema.ts: on their own,
 * so ingestion does not build the response schemas (and the device and connector schemas they use).
 */

/** The device identifier of a telemetry body or topic: the same limits as a device's identifier. */
export const TelemetryDeviceIdentifier = keyPartString({
  field: 'deviceIdentifier',
  part: 'deviceIdentifier',
  required: DEVICE_IDENTIFIER_REQUIRED,
  maxChars: DEVICE_IDENTIFIER_MAX,
});

/**
 * `POST /api/telemetry` body, checked but not yet turned into records: the timestamp window
 * depends on the receive time and the organization's retention, which the service knows.
 */
export const TelemetryBody = z.looseObject({ deviceIdentifier: TelemetryDeviceIdentifier });
export type TelemetryBody = z.infer<typeof TelemetryBody>;
