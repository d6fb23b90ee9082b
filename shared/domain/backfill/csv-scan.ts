import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse, type CsvError } from 'csv-parse';
import {
  DEVICE_IDENTIFIER_REQUIRED,
  isMeasurementName,
  MAX_MEASUREMENTS_PER_RECORD,
  measurementNameInvalid,
  isStorableNumber,
  measurementNotNumber,
  measurementOutOfRange,
  NO_MEASUREMENT,
  parseTimestamp,
  timestampProblem,
  TOO_MANY_MEASUREMENTS,
  type TelemetryRecord,
} from '../telemetry/telemetry.limits';
import { TelemetryDeviceIdentifier } from '../telemetry/telemetry-body';
import { DEFAULT_TIMESTAMP_COLUMN, REASONS, REJECTION_REASON_MAX, type PrefixMapping, type Rejection, type RowTimestampFormat } from './backfill.schema';
import type { PathValues } from './path-template';

/**
 * Streams one gzipped CSV object into batches of telemetry records: gunzip → csv-parse → row
 * checks, with backpressure, so memory stays flat whatever the file size. The first data row
 * fixes the {@link ImportPlan} (timestamp format, measurement columns); a resumed import passes
 * the stored plan and the last line already done, and the scan skips up to it, so a file read in
 * several parts yields exactly the batches of a single pass.
 */

/** How rows of one file become records; stored with the checkpoint so a resumed part reads them alike. */
export interface ImportPlan {
  header: string[];
  timestampIndex: number;
  timestampFormat: RowTimestampFormat;
  identifierIndex?: number;
  /** [measurement name, column index]. */
  measurements: [string, number][];
  /**
   * Auto-detected plans only: columns whose first data row was empty. Each is decided by its first
   * non-empty cell (numeric: a measurement from then on; text: not one), so a column is never
   * dropped just because the first row lacked its value. Rows before that cell had nothing in the
   * column, so when the decision is recorded never changes what is imported (resume included).
   */
  undecided?: number[];
}

/** Rows read from the file: accepted records by device, and the rows refused with their reasons. */
export interface ScanBatch {
  records: Map<string, TelemetryRecord[]>;
  accepted: number;
  rejections: Rejection[];
  /** Last line of the file this batch covers (resume after it). */
  lastLine: number;
  /** Undefined until a well-formed data row has been seen. */
  plan?: ImportPlan;
}

/** A problem with the whole file: nothing (more) can be read from it. */
export class FileProblem extends Error {
  constructor(
    message: string,
    /** Whether rows may already have been imported (the file broke part-way). */
    readonly partial: boolean,
  ) {
    super(message);
  }
}

export interface ScanOptions {
  mapping: PrefixMapping;
  path: PathValues;
  /** Time the import started: the reference for "in the future" (and "older than retention" when given). */
  nowMs: number;
  /**
   * Oldest age accepted, in days; absent for a backfill, which brings in history of any age (from
   * 2000 on). Records are then kept for the retention counted from the import (storeHistory).
   */
  retentionDays?: number;
  batchRows: number;
  /** Resume: the stored plan and the last line done. */
  plan?: ImportPlan;
  afterLine?: number;
}

/** Longest CSV record accepted; a longer one (a file without line breaks) is a rejected row, not unbounded memory. */
export const MAX_RECORD_CHARS = 1_000_000;

/** Longest cell accepted: far above any number, timestamp or identifier; a longer cell refuses its row (naming the line). */
export const MAX_CELL_CHARS = 4096;

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Whether `raw` is a decimal number as CSV writes it (`[+-]digits[.digits][e[+-]digits]`, or
 * `.5`): one left-to-right pass, each character looked at once. A regular expression with nested
 * quantifiers (`\d+\.?\d*`) backtracks quadratically on a long run of digits that ends in
 * something else, which let a single ~1 MB cell hold the backfill function for tens of minutes.
 * `work.steps`, when given, counts the characters examined (the tests check it grows linearly).
 */
export function isDecimalText(raw: string, work?: { steps: number }): boolean {
  const n = raw.length;
  let i = 0;
  const step = () => {
    if (work) work.steps++;
  };
  if (i < n && (raw.charCodeAt(i) === 43 || raw.charCodeAt(i) === 45)) i++;
  let digits = 0;
  while (i < n && isDigit(raw.charCodeAt(i))) {
    step();
    i++;
    digits++;
  }
  if (i < n && raw.charCodeAt(i) === 46) {
    i++;
    while (i < n && isDigit(raw.charCodeAt(i))) {
      step();
      i++;
      digits++;
    }
  }
  if (digits === 0) return false;
  if (i < n && (raw.charCodeAt(i) | 32) === 101) {
    i++;
    if (i < n && (raw.charCodeAt(i) === 43 || raw.charCodeAt(i) === 45)) i++;
    let exponent = 0;
    while (i < n && isDigit(raw.charCodeAt(i))) {
      step();
      i++;
      exponent++;
    }
    if (exponent === 0) return false;
  }
  step();
  return i === n;
}
/** The form records are stored in; a value already in it is kept as it is (no re-formatting per row). */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A decimal number as CSV writes it; NaN for anything else. `Number()` alone would also take
 * `0x1F`, `0b1`, `Infinity` and whitespace, and the scan costs more than the parse on every cell,
 * so the scan only runs on what `Number()` accepts and a decimal writer would not produce.
 */
function decimal(raw: string): number {
  const value = Number(raw);
  if (!Number.isFinite(value)) return Number.NaN;
  const second = raw.charCodeAt(1);
  // 0x.., 0b.., 0o.. (either case): the only non-decimal forms Number() accepts besides whitespace.
  if (raw.charCodeAt(0) === 48 && (second | 32) >= 98 && (second | 32) <= 120 && !isDecimalText(raw)) return Number.NaN;
  return value;
}
const ISO_LIKE = /^\d{4}-\d{2}-\d{2}T/;
const EPOCH = /^\d{1,16}(\.\d+)?$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;
/** Epoch values at or above this are milliseconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const EPOCH_MS_THRESHOLD = 1e11;

const cut = (value: string, max = 64) => (value.length > max ? `${value.slice(0, max)}…` : value);

/** The format of a first-row timestamp value; undefined when none fits. */
export function detectTimestampFormat(value: string, pathHasDate: boolean): RowTimestampFormat | undefined {
  const v = value.trim();
  if (ISO_LIKE.test(v)) return 'iso';
  if (EPOCH.test(v)) return Number(v) >= EPOCH_MS_THRESHOLD ? 'epoch_ms' : 'epoch_s';
  if (pathHasDate && TIME_OF_DAY.test(v)) return 'time_of_day';
  return undefined;
}

/** A timestamp value in a known format → epoch milliseconds; undefined when it is not in that format. */
export function parseRowTimestamp(raw: string, format: RowTimestampFormat, dateMs?: number): number | undefined {
  const v = raw.trim();
  switch (format) {
    case 'iso':
      return parseTimestamp(v);
    case 'epoch_ms':
      return /^\d{1,16}$/.test(v) ? parseTimestamp(Number(v)) : undefined;
    case 'epoch_s':
      return EPOCH.test(v) ? Math.round(Number(v) * 1000) : undefined;
    case 'time_of_day': {
      const m = TIME_OF_DAY.exec(v);
      if (!m || dateMs === undefined) return undefined;
      const [, hh, mm, ss = '0', frac = '0'] = m;
      return dateMs + ((Number(hh) * 60 + Number(mm)) * 60 + Number(ss)) * 1000 + Number(frac.padEnd(3, '0'));
    }
  }
}

/** Builds the plan from the header and the first well-formed data row; a string is the file-level reason it cannot be read. */
export function buildPlan(header: string[], firstRow: string[], line: number, mapping: PrefixMapping, path: PathValues): ImportPlan | string {
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name)) return REASONS.duplicateColumn(name);
    seen.add(name);
  }
  const timestampColumn = mapping.timestampColumn ?? DEFAULT_TIMESTAMP_COLUMN;
  const timestampIndex = header.indexOf(timestampColumn);
  if (timestampIndex === -1) return REASONS.missingColumn('timestamp', timestampColumn);
  let identifierIndex: number | undefined;
  if (mapping.identifierColumn !== undefined) {
    identifierIndex = header.indexOf(mapping.identifierColumn);
    if (identifierIndex === -1) return REASONS.missingColumn('identifier', mapping.identifierColumn);
  }
  const timestampFormat = mapping.timestampFormat ?? detectTimestampFormat(firstRow[timestampIndex] ?? '', path.dateMs !== undefined);
  if (!timestampFormat) return REASONS.undetectableTimestamp(line);

  let measurements: [string, number][];
  let undecided: number[] = [];
  if (mapping.columns) {
    measurements = [];
    for (const name of mapping.columns) {
      const index = header.indexOf(name);
      if (index === -1) return REASONS.missingColumn('measurement', name);
      measurements.push([name, index]);
    }
  } else {
    const candidates = header.map((name, index) => [name, index] as [string, number]).filter(([, index]) => index !== timestampIndex && index !== identifierIndex);
    measurements = candidates.filter(([, index]) => isDecimalText((firstRow[index] ?? '').trim()));
    undecided = candidates.filter(([, index]) => (firstRow[index] ?? '').trim() === '').map(([, index]) => index);
    if (measurements.length === 0 && undecided.length === 0) return REASONS.noNumericColumns(line);
    const bad = [...measurements, ...undecided.map((index) => [header[index] as string, index] as const)].find(([name]) => !isMeasurementName(name));
    if (bad) return measurementNameInvalid(bad[0]);
  }
  if (measurements.length + undecided.length > MAX_MEASUREMENTS_PER_RECORD) return TOO_MANY_MEASUREMENTS;
  return {
    header,
    timestampIndex,
    timestampFormat,
    ...(identifierIndex !== undefined ? { identifierIndex } : {}),
    measurements,
    ...(undecided.length > 0 ? { undecided } : {}),
  };
}

/** Decides the plan's undecided columns that have a value in this row (see ImportPlan.undecided); mutates the plan. */
function decideColumns(row: string[], plan: ImportPlan): void {
  if (!plan.undecided?.length) return;
  const still: number[] = [];
  for (const index of plan.undecided) {
    const raw = (row[index] ?? '').trim();
    if (raw === '') still.push(index);
    else if (isDecimalText(raw)) plan.measurements.push([plan.header[index] as string, index]);
  }
  plan.undecided = still;
}

/** One data row → a record for a device, or the reason it is refused. */
export function readRow(
  row: string[],
  plan: ImportPlan,
  options: Pick<ScanOptions, 'path' | 'nowMs' | 'retentionDays'>,
): { deviceIdentifier: string; record: TelemetryRecord } | { reason: string } {
  if (row.length !== plan.header.length) return { reason: REASONS.columnCount(row.length, plan.header.length) };
  let deviceIdentifier = options.path.deviceIdentifier as string;
  if (plan.identifierIndex !== undefined) {
    const parsed = TelemetryDeviceIdentifier.safeParse(row[plan.identifierIndex]);
    if (!parsed.success) return { reason: parsed.error.issues[0]?.message ?? DEVICE_IDENTIFIER_REQUIRED };
    deviceIdentifier = parsed.data;
  }
  const rawTimestamp = row[plan.timestampIndex] as string;
  const canonical = plan.timestampFormat === 'iso' && rawTimestamp.length === 24 && CANONICAL_ISO.test(rawTimestamp);
  const ms = canonical ? Date.parse(rawTimestamp) : parseRowTimestamp(rawTimestamp, plan.timestampFormat, options.path.dateMs);
  if (ms === undefined || Number.isNaN(ms)) return { reason: `${REASONS.timestampNotFormat(plan.timestampFormat)} (got "${cut(rawTimestamp)}")` };
  const problem = timestampProblem(ms, options.nowMs, options.retentionDays ?? Number.POSITIVE_INFINITY);
  if (problem) return { reason: problem };
  decideColumns(row, plan);
  const measurements: Record<string, number> = {};
  let count = 0;
  for (const [name, index] of plan.measurements) {
    const raw = row[index] as string;
    if (raw === '' || raw.trim() === '') continue; // a missing value, not a bad one
    const value = decimal(raw);
    if (Number.isNaN(value)) return { reason: `${measurementNotNumber(name)} (got "${cut(raw)}")` };
    if (!isStorableNumber(value)) return { reason: `${measurementOutOfRange(name)} (got "${cut(raw)}")` };
    measurements[name] = value;
    count++;
  }
  if (count === 0) return { reason: NO_MEASUREMENT };
  return { deviceIdentifier, record: { timestamp: canonical ? rawTimestamp : new Date(ms).toISOString(), measurements } };
}

/** Index of the first cell longer than {@link MAX_CELL_CHARS}; -1 when none is. */
function overlongCell(record: string[]): number {
  for (let i = 0; i < record.length; i++) if ((record[i] as string).length > MAX_CELL_CHARS) return i;
  return -1;
}

const reasonOf = (message: string) => (message.length > REJECTION_REASON_MAX ? `${message.slice(0, REJECTION_REASON_MAX - 1)}…` : message);

/** Lines a record spans beyond its first: the line breaks inside its quoted fields. */
function extraLines(record: string[]): number {
  let extra = 0;
  for (const field of record) {
    for (let i = field.indexOf('\n'); i !== -1; i = field.indexOf('\n', i + 1)) extra++;
  }
  return extra;
}

/** A record csv-parse refused, with the number of records it had emitted before it (its place in the file). */
interface Skipped extends Rejection {
  after: number;
}

/**
 * Yields batches of at most `batchRows` rows (accepted and refused) from a gzipped CSV stream.
 * Throws {@link FileProblem} for a file that cannot be read (then or from some line on); other
 * errors (the network) are thrown as they are. Stopping the iteration closes the streams.
 */
export async function* scanCsv(body: Readable, options: ScanOptions): AsyncGenerator<ScanBatch> {
  // csv-parse reports unreadable records (a bad quote, an endless record) as it meets them, ahead of
  // the records still buffered before them; they wait here and are merged in file order.
  // Line numbers are counted here rather than with csv-parse's `info` option, which doubles the
  // parse time: one line per record, plus the line breaks inside quoted fields, re-synchronised
  // after every refused record from the line csv-parse reports for it. Blank lines arrive as `['']`.
  const skipped: Skipped[] = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    on_skip: (error: CsvError | undefined) => {
      if (error) {
        const context = error as CsvError & { lines?: number; records?: number };
        skipped.push({ line: Number(context.lines ?? 0), after: Number(context.records ?? 0), reason: reasonOf(REASONS.csv(error.message)) });
      }
      return undefined;
    },
  });
  let gunzipBytes = 0;
  const gunzip = createGunzip();
  gunzip.on('data', (chunk: Buffer) => {
    gunzipBytes += chunk.length;
  });
  const source = pipeline(body, gunzip, parser, () => undefined);

  const afterLine = options.afterLine ?? 0;
  let header: string[] | undefined;
  let plan = options.plan;
  let lastLine = afterLine;
  let batch: ScanBatch | undefined;
  const fresh = (): ScanBatch => ({ records: new Map(), accepted: 0, rejections: [], lastLine, ...(plan ? { plan } : {}) });
  const reject = (rejection: Rejection) => {
    batch ??= fresh();
    batch.rejections.push(rejection);
  };
  let line = 0;
  let emitted = 0;
  /** Refused records that came before the next one (all of them at the end); moves `line` past them. */
  const drainSkipped = (upTo: number) => {
    while (skipped.length > 0 && (skipped[0] as Skipped).after <= upTo) {
      const { line: at, reason } = skipped.shift() as Skipped;
      line = Math.max(line, at);
      // An unreadable line before the header is part of "no header".
      if (at > afterLine && header) reject({ line: at, reason });
    }
  };
  const rowsIn = (b: ScanBatch) => b.accepted + b.rejections.length;

  try {
    for await (const record of source as AsyncIterable<string[]>) {
      drainSkipped(emitted);
      emitted++;
      line += 1 + extraLines(record);
      if (record.length === 1 && record[0] === '') continue; // a blank line
      if (!header) {
        header = record.map((name) => name.trim());
        if (plan && JSON.stringify(plan.header) !== JSON.stringify(header)) throw new FileProblem(REASONS.headerChanged, true);
        lastLine = Math.max(lastLine, line);
        continue;
      }
      if (line <= afterLine) continue;
      const long = overlongCell(record);
      if (long !== -1) {
        // Refused before any cell is interpreted: nothing of a huge cell is ever scanned twice.
        batch ??= fresh();
        batch.rejections.push({ line, reason: REASONS.cellTooLong(header[long] ?? `#${long + 1}`, MAX_CELL_CHARS) });
        lastLine = line;
        if (rowsIn(batch) >= options.batchRows) {
          batch.lastLine = lastLine;
          const full = batch;
          batch = undefined;
          yield full;
        }
        continue;
      }
      if (!plan) {
        if (record.length === header.length) {
          const built = buildPlan(header, record, line, options.mapping, options.path);
          if (typeof built === 'string') throw new FileProblem(built, false);
          plan = built;
          if (batch) batch.plan = plan;
        } else {
          reject({ line, reason: REASONS.columnCount(record.length, header.length) });
          lastLine = line;
          continue;
        }
      }
      batch ??= fresh();
      const row = readRow(record, plan, options);
      if ('reason' in row) {
        batch.rejections.push({ line, reason: reasonOf(row.reason) });
      } else {
        let list = batch.records.get(row.deviceIdentifier);
        if (!list) batch.records.set(row.deviceIdentifier, (list = []));
        list.push(row.record);
        batch.accepted++;
      }
      lastLine = line;
      if (rowsIn(batch) >= options.batchRows) {
        batch.lastLine = lastLine;
        const full = batch;
        batch = undefined;
        yield full;
      }
    }
  } catch (error) {
    if (error instanceof FileProblem) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('Z_')) {
      if (gunzipBytes === 0) throw new FileProblem(REASONS.notGzip, false);
      throw new FileProblem(code === 'Z_BUF_ERROR' ? REASONS.truncated(lastLine) : REASONS.corrupt(lastLine), lastLine > afterLine);
    }
    if (code.startsWith('CSV_')) throw new FileProblem(reasonOf(REASONS.csv((error as Error).message)), lastLine > afterLine);
    throw error;
  } finally {
    if (!body.destroyed) body.destroy();
  }
  if (!header) throw new FileProblem(REASONS.noHeader, false);
  drainSkipped(Number.POSITIVE_INFINITY);
  lastLine = Math.max(lastLine, line);
  // A header and nothing else (a resumed part past the last row simply yields nothing).
  if (!plan && !batch && afterLine === 0) throw new FileProblem(REASONS.noRows, false);
  if (batch && rowsIn(batch) > 0) {
    batch.lastLine = lastLine;
    yield batch;
  }
}
