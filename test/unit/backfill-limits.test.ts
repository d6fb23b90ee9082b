import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { errorForReason, IMPORT_SWEEP_MINUTES, parseMappingInput, REASONS, type PrefixMapping } from '../../shared/domain/backfill/backfill.schema';
import { isDecimalText, MAX_CELL_CHARS, readRow, scanCsv, type ImportPlan, type ScanBatch } from '../../shared/domain/backfill/csv-scan';
import { compileTemplate, matchTemplate } from '../../shared/domain/backfill/path-template';
import { schedules } from '../../shared/routes';

/**
 * Issue 17 (history of any age, wildcard templates) and issue 23 #1 (a long numeric-looking cell
 * must cost linear time, be refused naming its line, and imports get a deadline).
 */

const NOW = Date.UTC(2026, 0, 15, 12);
const DAY = 86_400_000;
const mapping: PrefixMapping = { prefix: 'p/', pathTemplate: '{deviceIdentifier}.csv.gz' };

async function scanAll(text: string, options: Partial<Parameters<typeof scanCsv>[1]> = {}) {
  const batches: ScanBatch[] = [];
  for await (const batch of scanCsv(Readable.from([gzipSync(text)]), { mapping, path: { deviceIdentifier: 'D-1' }, nowMs: NOW, batchRows: 1000, ...options })) batches.push(batch);
  return batches;
}

describe('numeric test: linear time (issue 23 #1)', () => {
  test.each([
    ['12', true],
    ['-1.5', true],
    ['+.5', true],
    ['1.', true],
    ['1e5', true],
    ['1.5E-3', true],
    ['.', false],
    ['', false],
    ['-', false],
    ['1e', false],
    ['1e+', false],
    ['e5', false],
    ['1.2.3', false],
    ['12a', false],
    ['0x1F', false],
    [' 1', false],
  ])('%j → %s', (text, expected) => {
    expect(isDecimalText(text)).toBe(expected);
  });

  test('the work grows linearly with the cell: 400k digits cost ten times 40k, not a hundred', () => {
    const small = { steps: 0 };
    const large = { steps: 0 };
    // Digits then a letter: the input a backtracking `\d+\.?\d*` needs quadratic time to refuse.
    expect(isDecimalText(`${'7'.repeat(40_000)}x`, small)).toBe(false);
    expect(isDecimalText(`${'7'.repeat(400_000)}x`, large)).toBe(false);
    expect(small.steps).toBeGreaterThanOrEqual(40_000);
    expect(large.steps / small.steps).toBeLessThan(10.5);
  });

  test('a first data row with a ~1M-digit cell completes: that row is refused naming its line, the others are imported', async () => {
    const huge = `${'9'.repeat(999_000)}x`;
    const batches = await scanAll(`timestamp,temp,note\n2026-01-15T10:00:00Z,1,${huge}\n2026-01-15T10:01:00Z,2,ok\n`);
    const rejections = batches.flatMap((b) => b.rejections);
    expect(rejections).toEqual([{ line: 2, reason: REASONS.cellTooLong('note', MAX_CELL_CHARS) }]);
    expect(batches.flatMap((b) => [...b.records.values()].flat())).toEqual([{ timestamp: '2026-01-15T10:01:00.000Z', measurements: { temp: 2 } }]);
  });

  test('a cell at the cap is read; one character more refuses the row', async () => {
    const atCap = '1'.repeat(MAX_CELL_CHARS);
    const batches = await scanAll(`timestamp,temp\n2026-01-15T10:00:00Z,3\n2026-01-15T10:01:00Z,${atCap}\n2026-01-15T10:02:00Z,${atCap}1\n`);
    expect(batches.flatMap((b) => b.rejections)).toEqual([
      { line: 3, reason: expect.stringMatching(/^Measurement "temp" must be a finite number/) },
      { line: 4, reason: REASONS.cellTooLong('temp', MAX_CELL_CHARS) },
    ]);
  });
});

describe('history of any age for backfill (issue 17 #3)', () => {
  const plan: ImportPlan = { header: ['timestamp', 'temp'], timestampIndex: 0, timestampFormat: 'iso', measurements: [['temp', 1]] };
  const row = (ms: number) => [new Date(ms).toISOString(), '1'];

  test('a backfill (no retention given) takes rows of any age from 2000 on, never more than 5 minutes ahead', () => {
    expect(readRow(row(NOW - 400 * DAY), plan, { path: { deviceIdentifier: 'D' }, nowMs: NOW })).toMatchObject({ deviceIdentifier: 'D' });
    expect(readRow(row(Date.UTC(2000, 0, 1)), plan, { path: { deviceIdentifier: 'D' }, nowMs: NOW })).toMatchObject({ deviceIdentifier: 'D' });
    expect(readRow(row(Date.UTC(1999, 11, 31, 23, 59)), plan, { path: { deviceIdentifier: 'D' }, nowMs: NOW })).toEqual({ reason: 'timestamp must not be before 2000-01-01T00:00:00Z' });
    expect(readRow(row(NOW + 6 * 60_000), plan, { path: { deviceIdentifier: 'D' }, nowMs: NOW })).toEqual({ reason: 'timestamp must not be more than 5 minutes in the future' });
  });

  test('the retention rule still applies where it is given (the REST and MQTT rule is unchanged)', () => {
    expect(readRow(row(NOW - 400 * DAY), plan, { path: { deviceIdentifier: 'D' }, nowMs: NOW, retentionDays: 90 })).toEqual({
      reason: "timestamp is older than the organization's telemetry retention (90 days)",
    });
  });
});

describe('wildcards in path templates (issue 17 #4)', () => {
  test.each([
    ['part-*.csv.gz', 'part-0001.csv.gz', {}],
    ['part-*.csv.gz', 'part-.csv.gz', {}],
    ['part-*.csv.gz', 'x/part-0001.csv.gz', undefined],
    ['*/part-*.csv.gz', '2026-03-01/part-0007.csv.gz', {}],
    ['**/part-*.csv.gz', 'part-0001.csv.gz', {}],
    ['**/part-*.csv.gz', '2026-03-01/part-0007.csv.gz', {}],
    ['**/part-*.csv.gz', 'a/b/c/part-9.csv.gz', {}],
    ['**/part-*.csv.gz', 'a/b/c/other-9.csv.gz', undefined],
    ['**', 'anything/at/all.csv.gz', {}],
    ['exports/**', 'exports/a/b.csv.gz', {}],
    ['{deviceIdentifier}/**/*.csv.gz', 'SN-1/2026/03/x.csv.gz', { deviceIdentifier: 'SN-1' }],
    ['{deviceIdentifier}-*.csv.gz', 'SN-0001-part7.csv.gz', { deviceIdentifier: 'SN-0001' }],
    ['**/{yyyy}-{mm}-{dd}/*.csv.gz', 'site-a/dump/2026-03-01/p1.csv.gz', { dateMs: Date.UTC(2026, 2, 1) }],
    ['**/{yyyy}-{mm}-{dd}/*.csv.gz', 'site-a/dump/2026-02-30/p1.csv.gz', { badDate: true }],
    ['*.csv.gz', 'a.csv.gz.tmp', undefined],
  ])('%s against %s', (template, key, expected) => {
    expect(matchTemplate(compileTemplate(template), key)).toEqual(expected);
  });

  test('matching cost is bounded: a long adversarial key against a template of many wildcards answers at once', () => {
    const template = compileTemplate('**/*a*a/**/{deviceIdentifier}-*.csv.gz');
    const key = `${'a/'.repeat(200)}${'a'.repeat(500)}b`;
    expect(matchTemplate(template, key)).toBeUndefined();
  });

  test.each([
    ['part**.csv.gz', '--path: "**" must be a whole path segment, as in "exports/**/part-*.csv.gz" (got "part**.csv.gz")'],
    ['***/x.csv.gz', '--path: "**" must be a whole path segment, as in "exports/**/part-*.csv.gz" (got "***")'],
    ['**/**/{deviceIdentifier}.csv.gz', '--path: "**/**" is the same as "**"; write it once'],
    ['**/a/**/b/**/{deviceIdentifier}', '--path: at most 2 "**" segments'],
    ['exports/', '--path can never match a file: it ends with "/"'],
    ['*-*-{deviceIdentifier}.csv', '--path: at most 2 of "*" and {deviceIdentifier} in one path segment ("*-*-{deviceIdentifier}.csv")'],
    ['*{deviceIdentifier}.csv', '--path: "*" next to {deviceIdentifier} leaves the identifier without an end; put a separator between them'],
    ['{deviceIdentifier}*.csv', '--path: "*" next to {deviceIdentifier} leaves the identifier without an end; put a separator between them'],
    ['{file}.csv', '--path: unknown placeholder {file}; use {deviceIdentifier}, {yyyy}, {mm}, {dd}, * or **'],
  ])('%s is refused with one line', (template, message) => {
    expect(() => compileTemplate(template)).toThrow(message);
    expect(message).not.toContain('\n');
  });

  test('a mapping whose fixed text can never fit in an S3 key (1,200 bytes of €) is refused; wildcards in --prefix are refused', () => {
    expect(() => parseMappingInput({ prefix: 'p/', path: `${'€'.repeat(400)}-*.csv.gz`, identifierColumn: 'serial' })).toThrow(
      '--path can never match: with the prefix, its fixed text is longer than an S3 key can be (1024 bytes)',
    );
    expect(() => parseMappingInput({ prefix: 'exports/*/', path: 'x.csv.gz', identifierColumn: 'serial' })).toThrow('--prefix is matched literally; put wildcards (* and **) in --path');
    expect(parseMappingInput({ prefix: 'exports/', path: '**/part-*.csv.gz', identifierColumn: 'serial' })).toEqual({
      prefix: 'exports/',
      pathTemplate: '**/part-*.csv.gz',
      identifierColumn: 'serial',
    });
  });
});

test('the stall sweep runs as often as the import runner assumes', () => {
  expect(schedules.find((s) => s.id === 'BackfillSweep')?.everyMinutes).toBe(IMPORT_SWEEP_MINUTES);
});

test("a failed import's reason names the error on one line, without ARNs (account ids), at most 200 characters", () => {
  const denied = Object.assign(new Error('User: arn:aws:sts::123456789012:assumed-role/x/y is not authorized to perform: s3:GetObject\nmore'), { name: 'AccessDenied' });
  expect(errorForReason(denied)).toBe('AccessDenied: User: <arn> is not authorized to perform: s3:GetObject');
  expect(errorForReason(new Error('connect ECONNREFUSED 127.0.0.1:1'))).toBe('connect ECONNREFUSED 127.0.0.1:1');
  expect(errorForReason(new Error('x'.repeat(500)))).toHaveLength(200);
  expect(REASONS.attemptsFailed(0, 'boom')).toBe('The import failed on every attempt (boom); no rows were imported. Once the cause is fixed, an operator can retry it and it continues from there');
});
