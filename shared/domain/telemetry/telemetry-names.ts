/**
 * Measurement names and storable numbers: the telemetry constants and checks that code without request
 * parsing needs (anomaly detection, the dropout sweep, threshold rules). Free of zod, so importing them does not
 * bring the schema module's zod declarations into a bundle; telemetry.schema.ts re-exports all of it.
 */

/**
 * Measurements the crash-service sync (source `crash`) adds beside a device's own numeric
 * attributes: crashes and reboots in the last 24 hours. Anomaly detection watches the first with a
 * built-in rule, so a crash burst opens a case without any configuration.
 */
export const CRASH_MEASUREMENTS = { crashes: 'crashes_24h', reboots: 'reboots_24h' } as const;

export const MEASUREMENT_NAME_MAX = 64;
/** Letters, digits, `_ . -`, starting with a letter or `_`: safe in attribute names, topics, CSV headers and later keys. */
export const MEASUREMENT_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/**
 * Whether a finite number can be stored: DynamoDB numbers are 0 or between 1e-130 and just under
 * 1e126 in magnitude (JSON allows more, e.g. 5e-324 or 1e300).
 */
export const isStorableNumber = (value: number) => value === 0 || (Math.abs(value) >= 1e-130 && Math.abs(value) < 1e126);

/** Whether a string can be a measurement name (`__proto__` would set an object's prototype instead of a key). */
export const isMeasurementName = (name: string) => MEASUREMENT_NAME_PATTERN.test(name) && name !== '__proto__';
