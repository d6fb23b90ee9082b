import { isMeasurementName, isStorableNumber, MEASUREMENT_NAME_MAX } from './telemetry-names';
export * from './telemetry-names';

/**
 * Telemetry input: the REST body of `POST /api/telemetry`, the MQTT payload (the same body without
 * `deviceIdentifier`) and, later, backfill rows and crash-service attributes all become
 * {@link TelemetryRecord}s through the checks here. Every text below is what integrators see.
 */

/** Where a record came from; part of its key, so the same timestamp from two sources is two records. */
export const TELEMETRY_SOURCES = ['rest', 'mqtt', 's3', 'crash'] as const;
export type TelemetrySource = (typeof TELEMETRY_SOURCES)[number];

export const MAX_RECORDS_PER_REQUEST = 1000;
export const MAX_MEASUREMENTS_PER_RECORD = 100;
/** How far ahead of the receive time a timestamp may be (device clocks drift). */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
/** Earliest timestamp accepted: older values are almost always a device clock that was never set. */
export const EARLIEST_TIMESTAMP_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;

/** Field names of a record that are not measurements. */
const RESERVED_FIELDS = new Set(['deviceIdentifier', 'timestamp', 'records']);

/** A field name as echoed in an error: cut to the name limit, lone surrogates replaced so the JSON answer is valid text. */
const printable = (name: string) => name.slice(0, MEASUREMENT_NAME_MAX).replace(/\p{Cs}/gu, '\uFFFD');

// Exact texts.
export const DEVICE_IDENTIFIER_REQUIRED = 'deviceIdentifier is required and must be a non-empty string';
export const RECORDS_NOT_ARRAY = 'records must be an array of objects';
export const RECORDS_EMPTY = 'records must contain at least one record';
export const RECORDS_TOO_MANY = `records must contain at most ${MAX_RECORDS_PER_REQUEST} records`;
export const NO_MEASUREMENT = 'At least one measurement is required';
export const RECORD_NOT_OBJECT = 'record must be a JSON object';
export const TOO_MANY_MEASUREMENTS = `At most ${MAX_MEASUREMENTS_PER_RECORD} measurements per record`;
export const TOO_MANY_MERGED = `At most ${MAX_MEASUREMENTS_PER_RECORD} measurements per record (records with the same timestamp are merged into one)`;
/**
 * Distinct measurement names a device may have (its latest-value snapshot holds one attribute per
 * name). Far below DynamoDB's 400 KB item: at most ~50 KB with 64-character names, so a snapshot
 * write costs tens of write units at worst, never hundreds.
 */
export const MAX_MEASUREMENT_NAMES_PER_DEVICE = 256;
export const SNAPSHOT_FULL = (identifier: string) =>
  `Too many distinct measurement names for device "${identifier.slice(0, 64)}": at most ${MAX_MEASUREMENT_NAMES_PER_DEVICE} per device; send fewer distinct names`;
export const TIMESTAMP_INVALID = 'timestamp must be an ISO 8601 date-time string or epoch milliseconds';
export const TIMESTAMP_IN_FUTURE = 'timestamp must not be more than 5 minutes in the future';
export const TIMESTAMP_TOO_OLD = 'timestamp must not be before 2000-01-01T00:00:00Z';
export const timestampBeyondRetention = (days: number) => `timestamp is older than the organization's telemetry retention (${days} days)`;
export const measurementNotNumber = (name: string) => `Measurement "${name}" must be a finite number`;
export const measurementOutOfRange = (name: string) => `Measurement "${name}" must be 0 or between 1e-130 and 1e125 in magnitude`;

export const measurementNameInvalid = (name: string) =>
  `Measurement name "${printable(name)}" is invalid: use 1-${MEASUREMENT_NAME_MAX} letters, digits, "_", "." or "-", starting with a letter or "_"`;
export const fieldBesideRecords = (name: string) => `"${printable(name)}" is not allowed beside records: put measurements and timestamp inside each record`;
export const atRecord = (index: number, message: string) => `records[${index}]: ${message}`;

/** One record, normalised: a fixed-width ISO timestamp (UTC, milliseconds) and name → finite number. */
export interface TelemetryRecord {
  timestamp: string;
  measurements: Record<string, number>;
}

/** What every ingestion path hands the telemetry service. */
export interface TelemetryBatch {
  deviceIdentifier: string;
  records: TelemetryRecord[];
}

// ISO 8601 date-time with a zone (Z or ±hh:mm); a date alone or a local time is ambiguous.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Parses a timestamp as sent (ISO 8601 string or epoch milliseconds); undefined when it is neither. */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Checks a timestamp against the accepted window; returns the error text, or undefined when it is accepted. */
export function timestampProblem(ms: number, now: number, retentionDays: number): string | undefined {
  if (ms > now + FUTURE_TOLERANCE_MS) return TIMESTAMP_IN_FUTURE;
  if (ms < EARLIEST_TIMESTAMP_MS) return TIMESTAMP_TOO_OLD;
  if (ms < now - retentionDays * DAY_MS) return timestampBeyondRetention(retentionDays);
  return undefined;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * One record object (`{ timestamp?, <name>: <number>, … }`) → a normalised record. `timestamp`
 * defaults to `receivedAt`. Field order decides which problem is reported first.
 */
export function parseRecord(raw: unknown, receivedAt: number, retentionDays: number): Parsed<TelemetryRecord> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, error: RECORD_NOT_OBJECT };
  const fields = raw as Record<string, unknown>;
  let ms = receivedAt;
  if (fields.timestamp !== undefined) {
    const parsed = parseTimestamp(fields.timestamp);
    if (parsed === undefined) return { ok: false, error: TIMESTAMP_INVALID };
    const problem = timestampProblem(parsed, receivedAt, retentionDays);
    if (problem) return { ok: false, error: problem };
    ms = parsed;
  }
  const measurements: Record<string, number> = {};
  let count = 0;
  for (const [name, value] of Object.entries(fields)) {
    if (RESERVED_FIELDS.has(name)) continue;
    if (!isMeasurementName(name)) return { ok: false, error: measurementNameInvalid(name) };
    if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, error: measurementNotNumber(name) };
    if (!isStorableNumber(value)) return { ok: false, error: measurementOutOfRange(name) };
    if (++count > MAX_MEASUREMENTS_PER_RECORD) return { ok: false, error: TOO_MANY_MEASUREMENTS };
    measurements[name] = value;
  }
  if (count === 0) return { ok: false, error: NO_MEASUREMENT };
  return { ok: true, value: { timestamp: new Date(ms).toISOString(), measurements } };
}

/**
 * A telemetry body without its device identifier: a single record, or `{ "records": [ … ] }`.
 * A batch with one bad record is rejected whole, the message naming the record's index.
 */
export function parseTelemetryPayload(body: Record<string, unknown>, receivedAt: number, retentionDays: number): Parsed<TelemetryRecord[]> {
  if (body.records === undefined) {
    const one = parseRecord(body, receivedAt, retentionDays);
    return one.ok ? { ok: true, value: [one.value] } : one;
  }
  const beside = Object.keys(body).find((name) => name !== 'records' && name !== 'deviceIdentifier');
  if (beside !== undefined) return { ok: false, error: fieldBesideRecords(beside) };
  if (!Array.isArray(body.records)) return { ok: false, error: RECORDS_NOT_ARRAY };
  if (body.records.length === 0) return { ok: false, error: RECORDS_EMPTY };
  if (body.records.length > MAX_RECORDS_PER_REQUEST) return { ok: false, error: RECORDS_TOO_MANY };
  // Records sharing a timestamp (e.g. a batch without timestamps: all at the receive time) are one
  // record: their measurements merge, a later value winning per name, so none is lost.
  const byTimestamp = new Map<string, TelemetryRecord>();
  for (const [index, raw] of body.records.entries()) {
    const one = parseRecord(raw, receivedAt, retentionDays);
    if (!one.ok) return { ok: false, error: atRecord(index, one.error) };
    const merged = mergeRecords(byTimestamp.get(one.value.timestamp), one.value);
    if (Object.keys(merged.measurements).length > MAX_MEASUREMENTS_PER_RECORD) return { ok: false, error: atRecord(index, TOO_MANY_MERGED) };
    byTimestamp.set(merged.timestamp, merged);
  }
  return { ok: true, value: [...byTimestamp.values()] };
}

/** `next` added to `previous` (same timestamp): measurements merge, `next` winning per name. */
export function mergeRecords(previous: TelemetryRecord | undefined, next: TelemetryRecord): TelemetryRecord {
  return previous ? { timestamp: next.timestamp, measurements: { ...previous.measurements, ...next.measurements } } : next;
}

// --- Read-back ----------------------------------------------------------------------------------

export const HISTORY_DEFAULT_LIMIT = 100;
export const HISTORY_MAX_LIMIT = 1000;
export const LIMIT_INVALID = `limit must be an integer from 1 to ${HISTORY_MAX_LIMIT}`;
export const ORDER_INVALID = 'order must be asc or desc';
export const fromToInvalid = (name: 'from' | 'to') => `${name} must be an ISO 8601 date-time string or epoch milliseconds`;
export const FROM_AFTER_TO = 'from must not be after to';
export const CURSOR_INVALID = 'cursor is invalid for this query';
