import * as z from 'zod/mini';
import { utf8Bytes } from '../../db/key-limits';
import { KEY_PART_MAX_BYTES } from '../../db/keys';
import { isWellFormedText } from '../common.schema';
import { isMeasurementName, measurementNameInvalid, MAX_MEASUREMENTS_PER_RECORD, TOO_MANY_MEASUREMENTS } from '../telemetry/telemetry.limits';
import { compileTemplate } from './path-template';

/**
 * S3 backfill: prefix mappings (operator input), import records and the import-status API. Every
 * text below is what operators (CLI) or integrators (API) see.
 */

/** Objects under `backfill/{organizationId}/…` are imported; anything else in the bucket is ignored. */
export const BACKFILL_ROOT = 'backfill/';

/** Environment the backfill function reads; the CDK stack sets them together with the grants. */
export const BACKFILL_ENV = {
  /** Local S3 endpoint (s3rver); unset in AWS. */
  s3Endpoint: 'S3_ENDPOINT',
  /** `stream` when a paused import is continued through the table stream; unset: never pause. */
  resume: 'BACKFILL_RESUME',
} as const;

/** Receives of one notification message before it goes to the dead-letter queue (the stack's redrive policy uses the same number). */
export const BACKFILL_MAX_RECEIVES = 3;

export const IMPORT_ENTITY = 'backfillImport';
/**
 * Marks an import paused at a checkpoint and waiting to be continued: the table stream, filtered
 * on it, invokes the ingestion function again (lib/constructs/backfill-bucket.ts).
 */
export const RESUME_MARKER = { attribute: 'resume', value: 'pending' } as const;

export const TIMESTAMP_FORMATS = ['iso', 'epoch_s', 'epoch_ms'] as const;
export type TimestampFormat = (typeof TIMESTAMP_FORMATS)[number];
/** Detected (never configured): `HH:MM[:SS[.fff]]` combined with `{yyyy}/{mm}/{dd}` from the path. */
export type RowTimestampFormat = TimestampFormat | 'time_of_day';
export const DEFAULT_TIMESTAMP_COLUMN = 'timestamp';

/** How the objects under one prefix become telemetry. */
export interface PrefixMapping {
  prefix: string;
  /** Applied to the rest of the key after `backfill/{organizationId}/{prefix}`. */
  pathTemplate: string;
  timestampColumn?: string;
  timestampFormat?: TimestampFormat;
  identifierColumn?: string;
  /** Measurement columns; every numeric column when absent. */
  columns?: string[];
}

export const PREFIX_MAX_CHARS = 256;
/** Longest S3 object key. */
export const S3_KEY_MAX_BYTES = 1024;
export const TEMPLATE_MAX_CHARS = 512;
export const COLUMN_NAME_MAX_CHARS = 128;

/** Operator input of `mapping add`, raw from the CLI flags. */
export interface MappingInput {
  prefix?: string;
  path?: string;
  timestampColumn?: string;
  timestampFormat?: string;
  identifierColumn?: string;
  columns?: string;
}

// Control characters in a prefix or column name are never what an operator meant to type.
const CONTROL = /\p{Cc}/u;

function columnName(flag: string, raw: string): string {
  const name = raw.trim();
  if (name === '' || name.length > COLUMN_NAME_MAX_CHARS || CONTROL.test(name) || !isWellFormedText(name)) {
    throw new Error(`--${flag} must be a column name of 1-${COLUMN_NAME_MAX_CHARS} printable characters`);
  }
  return name;
}

/** Checks `mapping add` input and returns the mapping to store; throws with the operator-facing text. */
export function parseMappingInput(input: MappingInput): PrefixMapping {
  const prefix = input.prefix ?? '';
  if (prefix.trim() === '') throw new Error('Missing required option --prefix');
  if (prefix.startsWith('/') || CONTROL.test(prefix) || !isWellFormedText(prefix) || prefix.length > PREFIX_MAX_CHARS || utf8Bytes(prefix) > KEY_PART_MAX_BYTES.backfillPrefix) {
    throw new Error(`--prefix must be 1-${PREFIX_MAX_CHARS} printable characters, not starting with "/"`);
  }
  const pathTemplate = input.path ?? '';
  if (pathTemplate.trim() === '') throw new Error('Missing required option --path');
  if (pathTemplate.length > TEMPLATE_MAX_CHARS || CONTROL.test(pathTemplate) || !isWellFormedText(pathTemplate)) {
    throw new Error(`--path must be at most ${TEMPLATE_MAX_CHARS} printable characters`);
  }
  if (prefix.includes('*')) throw new Error('--prefix is matched literally; put wildcards (* and **) in --path');
  const template = compileTemplate(pathTemplate); // throws its own --path message
  // backfill/{organizationId}/{prefix}{rest}: S3 keys end at 1,024 bytes, so a longer fixed text can never be a key.
  if (BACKFILL_ROOT.length + 2 + utf8Bytes(prefix) + template.minBytes > S3_KEY_MAX_BYTES) {
    throw new Error(`--path can never match: with the prefix, its fixed text is longer than an S3 key can be (${S3_KEY_MAX_BYTES} bytes)`);
  }
  const identifierColumn = input.identifierColumn === undefined ? undefined : columnName('identifier-column', input.identifierColumn);
  if (template.hasIdentifier && identifierColumn) throw new Error('Give the device identifier either as {deviceIdentifier} in --path or as --identifier-column, not both');
  if (!template.hasIdentifier && !identifierColumn) throw new Error('--path must contain {deviceIdentifier}, or --identifier-column must name the column holding it');
  const timestampColumn = input.timestampColumn === undefined ? undefined : columnName('timestamp-column', input.timestampColumn);
  let timestampFormat: TimestampFormat | undefined;
  if (input.timestampFormat !== undefined) {
    if (!(TIMESTAMP_FORMATS as readonly string[]).includes(input.timestampFormat)) throw new Error(`--timestamp-format must be one of ${TIMESTAMP_FORMATS.join(', ')}`);
    timestampFormat = input.timestampFormat as TimestampFormat;
  }
  let columns: string[] | undefined;
  if (input.columns !== undefined) {
    columns = input.columns.split(',').map((c) => columnName('columns', c));
    if (new Set(columns).size !== columns.length) throw new Error('--columns lists a column twice');
    if (columns.length > MAX_MEASUREMENTS_PER_RECORD) throw new Error(`--columns: ${TOO_MANY_MEASUREMENTS}`);
    const bad = columns.find((c) => !isMeasurementName(c));
    if (bad !== undefined) throw new Error(`--columns: ${measurementNameInvalid(bad)}`);
    const reserved = columns.find((c) => c === (timestampColumn ?? DEFAULT_TIMESTAMP_COLUMN) || c === identifierColumn);
    if (reserved !== undefined) throw new Error(`--columns must not list the timestamp or identifier column ("${reserved}")`);
  }
  return compactMapping({ prefix, pathTemplate, timestampColumn, timestampFormat, identifierColumn, columns });
}

/** A mapping without its unset options (as stored and as listed: an absent option reads as absent, not null). */
export function compactMapping(m: PrefixMapping): PrefixMapping {
  return {
    prefix: m.prefix,
    pathTemplate: m.pathTemplate,
    ...(m.timestampColumn ? { timestampColumn: m.timestampColumn } : {}),
    ...(m.timestampFormat ? { timestampFormat: m.timestampFormat } : {}),
    ...(m.identifierColumn ? { identifierColumn: m.identifierColumn } : {}),
    ...(m.columns ? { columns: m.columns } : {}),
  };
}

// --- Imports ------------------------------------------------------------------------------------

export const IMPORT_STATUSES = ['running', 'completed', 'completed_with_errors', 'rejected', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** Statuses after which an import never changes again. */
export const FINAL_STATUSES: readonly ImportStatus[] = ['completed', 'completed_with_errors', 'rejected', 'failed'];

/** An import not finished this long after its start (or its retry) is failed instead of continued. */
export const IMPORT_DEADLINE_MS = 6 * 3_600_000;
/** How often the stall sweep runs (routes.ts `schedules`), and how long an import without a lease may go without progress. */
export const IMPORT_SWEEP_MINUTES = 5;

/** Rejected rows kept per import (the counter counts them all). */
export const MAX_STORED_REJECTIONS = 100;
/** Longest reason kept for one rejected row. */
export const REJECTION_REASON_MAX = 300;

export interface Rejection {
  line: number;
  reason: string;
}

/** One import as the list answers it. */
export interface ImportSummary {
  importId: string;
  key: string;
  status: ImportStatus;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  startedAt: string;
  finishedAt: string | null;
}

/** One import with its file-level reason (rejected/failed) and its first rejected rows. */
export interface ImportDetail extends ImportSummary {
  bucket: string;
  versionId: string | null;
  mappingPrefix: string | null;
  reason: string | null;
  rejections: Rejection[];
}

export const IMPORTS_DEFAULT_LIMIT = 20;
export const IMPORTS_MAX_LIMIT = 100;
export const IMPORT_STATUS_INVALID = `status must be one of ${IMPORT_STATUSES.join(', ')}`;
export const IMPORT_LIMIT_INVALID = `limit must be an integer from 1 to ${IMPORTS_MAX_LIMIT}`;
export const IMPORT_CURSOR_INVALID = 'cursor is invalid';
export const IMPORT_NOT_FOUND = 'Import not found';
export const importNotRetryable = (importId: string, status: string) => `Import ${importId} is ${status}; only a failed import can be retried`;

/** Import ids are 32 lowercase hex digits (a hash of bucket, key and version). */
export const IMPORT_ID_PATTERN = /^[0-9a-f]{32}$/;

// --- File- and row-level reasons (what the import record shows) --------------------------------

const importedUpTo = (line: number) => (line > 0 ? `rows up to line ${line} were imported` : 'no rows were imported');

/** An error as an import's reason shows it: its first line, without ARNs (account ids), at most 200 characters. */
export function errorForReason(error: unknown): string {
  // An S3 or DynamoDB error's name says what failed (AccessDenied, NoSuchBucket); a plain Error's does not.
  const named = error instanceof Error && /^[A-Za-z]+$/.test(error.name) && error.name !== 'Error' && !error.message.startsWith(error.name);
  const message = (error instanceof Error ? `${named ? `${error.name}: ` : ''}${error.message}` : String(error)).split('\n')[0] ?? '';
  const clean = message.replace(/arn:[^\s"',)]+/g, '<arn>').trim() || 'unknown error';
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

export const REASONS = {
  noMapping: (rest: string) => `No prefix mapping matches "${rest.slice(0, 200)}"`,
  templateMismatch: (template: string) => `The key does not match the path template "${template}" of its prefix mapping`,
  badPathDate: 'The date in the key ({yyyy}/{mm}/{dd}) is not a valid date',
  empty: 'The file is empty',
  notGzip: 'The file is not gzip-compressed',
  truncated: (line: number) => `The gzip stream ends unexpectedly after line ${line}; rows up to that line were imported`,
  corrupt: (line: number) => `The gzip stream is corrupt after line ${line}; rows up to that line were imported`,
  noHeader: 'The file has no header row',
  noRows: 'The file has a header but no data rows',
  duplicateColumn: (name: string) => `The header names column "${name.slice(0, 64)}" twice`,
  missingColumn: (what: string, name: string) => `The ${what} column "${name.slice(0, 64)}" is not in the header`,
  undetectableTimestamp: (line: number) =>
    `Cannot detect the timestamp format from line ${line}: use ISO 8601 with a time zone, epoch seconds or epoch milliseconds (or a time of day with {yyyy}/{mm}/{dd} in the path)`,
  noNumericColumns: (line: number) => `No numeric measurement column in the first data row (line ${line}); list them with --columns`,
  objectGone: 'The object no longer exists',
  objectReplaced: 'The object was replaced while it was being imported; the new version is imported on its own',
  headerChanged: 'The header changed between two parts of the import',
  internal: 'The import failed on every attempt; the operator was alerted',
  attemptsFailed: (line: number, error: string) =>
    `The import failed on every attempt (${error}); ${importedUpTo(line)}. Once the cause is fixed, an operator can retry it and it continues from there`,
  stalled: (line: number, minutes: number, error?: string) =>
    `The import made no progress for ${minutes} minutes (its run ${error ? `failed: ${error}` : 'timed out or stopped'}); ${importedUpTo(line)}. An operator can retry it and it continues from there`,
  deadline: (hours: number, line: number) =>
    `The import did not finish within ${hours} hours of its start; ${importedUpTo(line)}. Split the file into smaller ones, or have an operator retry it to continue from there`,
  columnCount: (got: number, want: number) => `Row has ${got} columns; the header has ${want}`,
  cellTooLong: (column: string, max: number) => `The cell in column "${column.slice(0, 64)}" is longer than ${max} characters; the row is not imported`,
  timestampNotFormat: (format: RowTimestampFormat) =>
    ({
      iso: 'timestamp must be an ISO 8601 date-time with a time zone',
      epoch_s: 'timestamp must be epoch seconds',
      epoch_ms: 'timestamp must be epoch milliseconds (an integer)',
      time_of_day: 'timestamp must be a time of day HH:MM[:SS[.fff]]',
    })[format],
  csv: (message: string) => `Unreadable CSV: ${message}`,
} as const;

// --- Import status responses: the OpenAPI document is generated from these (they describe ImportSummary and ImportDetail above) ---

const ImportSummaryFields = {
  importId: z.string(),
  key: z.string(),
  status: z.enum(IMPORT_STATUSES),
  rowsRead: z.number(),
  rowsWritten: z.number(),
  rowsRejected: z.number(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
};

/** 200 of GET /telemetry/imports: one page, newest first; `nextCursor` null on the last page. */
export const ImportListResponse = z.object({ imports: z.array(z.object(ImportSummaryFields)), nextCursor: z.nullable(z.string()) });

/** 200 of GET /telemetry/imports/{importId}. */
export const ImportDetailResponse = z.object({
  ...ImportSummaryFields,
  bucket: z.string(),
  versionId: z.nullable(z.string()),
  mappingPrefix: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  rejections: z.array(z.object({ line: z.number(), reason: z.string() })),
});
