import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { parseMappingInput, REASONS, type PrefixMapping } from '../../shared/domain/backfill/backfill.schema';
import { detectTimestampFormat, FileProblem, parseRowTimestamp, scanCsv, type ScanBatch } from '../../shared/domain/backfill/csv-scan';
import { compileTemplate, longestPrefixMatch, matchTemplate } from '../../shared/domain/backfill/path-template';
import { importIdOf, parseBackfillKey } from '../../shared/domain/backfill/import-runner';
import { decodeEventKey } from '../../shared/domain/backfill/s3-ingest';

const NOW = Date.UTC(2026, 0, 15, 12);
const gz = (text: string) => Readable.from([gzipSync(text)]);
const mapping: PrefixMapping = { prefix: 'p/', pathTemplate: '{deviceIdentifier}.csv.gz' };

async function scanAll(text: string | Buffer, options: Partial<Parameters<typeof scanCsv>[1]> = {}) {
  const batches: ScanBatch[] = [];
  const body = typeof text === 'string' ? gz(text) : Readable.from([text]);
  for await (const batch of scanCsv(body, { mapping, path: { deviceIdentifier: 'D-1' }, nowMs: NOW, retentionDays: 90, batchRows: 1000, ...options })) batches.push(batch);
  return batches;
}

describe('path templates', () => {
  test('placeholders yield identifier and date; other text is literal', () => {
    const t = compileTemplate('{deviceIdentifier}/{yyyy}/{mm}/{dd}.csv.gz');
    expect(matchTemplate(t, 'SN-1/2026/01/14.csv.gz')).toEqual({ deviceIdentifier: 'SN-1', dateMs: Date.UTC(2026, 0, 14) });
    expect(matchTemplate(t, 'SN-1/2026/01/14.csvXgz')).toBeUndefined();
    expect(matchTemplate(t, 'a/b/2026/01/14.csv.gz')).toBeUndefined();
    expect(matchTemplate(t, 'SN-1/2026/02/30.csv.gz')).toEqual({ badDate: true });
  });

  test.each([
    ['{device}.csv', /unknown placeholder \{device\}/],
    ['{deviceIdentifier.csv', /"\{" without its "\}"/],
    ['x}.csv', /"\}" without its "\{"/],
    ['{yyyy}/{deviceIdentifier}.csv', /\{yyyy\}, \{mm\} and \{dd\} together/],
    ['{deviceIdentifier}/{deviceIdentifier}', /twice/],
  ])('%s is refused', (template, message) => {
    expect(() => compileTemplate(template)).toThrow(message);
  });

  test('the longest matching prefix wins', () => {
    const maps = [{ prefix: 'a/' }, { prefix: 'a/b/' }, { prefix: 'c/' }];
    expect(longestPrefixMatch(maps, 'a/b/x.csv.gz')?.prefix).toBe('a/b/');
    expect(longestPrefixMatch(maps, 'a/x.csv.gz')?.prefix).toBe('a/');
    expect(longestPrefixMatch(maps, 'd/x.csv.gz')).toBeUndefined();
  });

  test('keys: organization is the first segment after backfill/; event keys are decoded', () => {
    expect(parseBackfillKey('backfill/org-1/p/x.csv.gz')).toEqual({ organizationId: 'org-1', rest: 'p/x.csv.gz' });
    expect(parseBackfillKey('other/org-1/x')).toBeUndefined();
    expect(decodeEventKey('backfill/o/my+file%2B1.csv.gz')).toBe('backfill/o/my file+1.csv.gz');
    const ref = { bucket: 'b', key: 'k', eTag: 'e' };
    expect(importIdOf(ref)).toMatch(/^[0-9a-f]{32}$/);
    expect(importIdOf({ ...ref, eTag: '"e"' })).toBe(importIdOf(ref));
    expect(importIdOf({ ...ref, versionId: 'v2' })).not.toBe(importIdOf(ref));
  });
});

describe('mapping input (operator CLI)', () => {
  test('a full mapping', () => {
    expect(
      parseMappingInput({ prefix: 'fleet/', path: '{yyyy}/{mm}/{dd}.csv.gz', identifierColumn: 'serial', timestampColumn: 'time', timestampFormat: 'epoch_s', columns: 'temp, hum' }),
    ).toEqual({ prefix: 'fleet/', pathTemplate: '{yyyy}/{mm}/{dd}.csv.gz', identifierColumn: 'serial', timestampColumn: 'time', timestampFormat: 'epoch_s', columns: ['temp', 'hum'] });
  });

  test.each([
    [{ path: '{deviceIdentifier}.csv.gz' }, 'Missing required option --prefix'],
    [{ prefix: '/abs', path: '{deviceIdentifier}' }, '--prefix must be 1-256 printable characters, not starting with "/"'],
    [{ prefix: 'p/' }, 'Missing required option --path'],
    [{ prefix: 'p/', path: 'x.csv.gz' }, '--path must contain {deviceIdentifier}, or --identifier-column must name the column holding it'],
    [{ prefix: 'p/', path: '{deviceIdentifier}', identifierColumn: 'id' }, 'Give the device identifier either as {deviceIdentifier} in --path or as --identifier-column, not both'],
    [{ prefix: 'p/', path: '{deviceIdentifier}', timestampFormat: 'unix' }, '--timestamp-format must be one of iso, epoch_s, epoch_ms'],
    [{ prefix: 'p/', path: '{deviceIdentifier}', columns: 'a,a' }, '--columns lists a column twice'],
    [{ prefix: 'p/', path: '{deviceIdentifier}', columns: 'ok,bad name' }, /--columns: Measurement name "bad name" is invalid/],
    [{ prefix: 'p/', path: '{deviceIdentifier}', columns: 'timestamp' }, '--columns must not list the timestamp or identifier column ("timestamp")'],
  ])('%j → %s', (input, message) => {
    expect(() => parseMappingInput(input)).toThrow(message);
  });
});

describe('timestamps', () => {
  test('format detection from a first-row value', () => {
    expect(detectTimestampFormat('2026-01-14T10:00:00Z', false)).toBe('iso');
    expect(detectTimestampFormat('1768384800', false)).toBe('epoch_s');
    expect(detectTimestampFormat('1768384800.25', false)).toBe('epoch_s');
    expect(detectTimestampFormat('1768384800000', false)).toBe('epoch_ms');
    expect(detectTimestampFormat('10:30', true)).toBe('time_of_day');
    expect(detectTimestampFormat('10:30', false)).toBeUndefined();
    expect(detectTimestampFormat('yesterday', true)).toBeUndefined();
  });

  test('parsing per format', () => {
    const ms = Date.UTC(2026, 0, 14, 10);
    expect(parseRowTimestamp('2026-01-14T11:00:00+01:00', 'iso')).toBe(ms);
    expect(parseRowTimestamp('2026-01-14T10:00:00', 'iso')).toBeUndefined(); // no zone: ambiguous
    expect(parseRowTimestamp(String(ms / 1000), 'epoch_s')).toBe(ms);
    expect(parseRowTimestamp(`${ms / 1000}.5`, 'epoch_s')).toBe(ms + 500);
    expect(parseRowTimestamp(String(ms), 'epoch_ms')).toBe(ms);
    expect(parseRowTimestamp('1.5', 'epoch_ms')).toBeUndefined();
    expect(parseRowTimestamp('10:00:00.25', 'time_of_day', Date.UTC(2026, 0, 14))).toBe(ms + 250);
    expect(parseRowTimestamp('24:00', 'time_of_day', Date.UTC(2026, 0, 14))).toBeUndefined();
  });
});

describe('scanCsv', () => {
  const t = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();

  test('rows become records; numeric columns are the measurements; empty cells are missing values', async () => {
    const [batch] = await scanAll(`timestamp,temp,label,hum\n${t(2)},21.5,kitchen,40\n${t(1)},22,,\n`);
    expect(batch?.plan?.measurements).toEqual([['temp', 1], ['hum', 3]]);
    expect(batch?.records.get('D-1')).toEqual([
      { timestamp: t(2), measurements: { temp: 21.5, hum: 40 } },
      { timestamp: t(1), measurements: { temp: 22 } },
    ]);
    expect(batch?.rejections).toEqual([]);
  });

  test('a column empty in the first row is decided by its first value: numbers are imported, text is not a measurement', async () => {
    const text = `timestamp,temp,hum,note\n${t(3)},21.5,,\n${t(2)},21.6,40,door open\n${t(1)},21.7,41,12\n`;
    const [batch] = await scanAll(text);
    expect(batch?.records.get('D-1')).toEqual([
      { timestamp: t(3), measurements: { temp: 21.5 } },
      { timestamp: t(2), measurements: { temp: 21.6, hum: 40 } },
      { timestamp: t(1), measurements: { temp: 21.7, hum: 41 } },
    ]);
    expect(batch?.rejections).toEqual([]);
  });

  test('a value outside what can be stored is a rejected row, not a failed import', async () => {
    const [batch] = await scanAll(`timestamp,temp\n${t(3)},1e-200\n${t(2)},0\n${t(1)},1e200\n`);
    expect(batch?.records.get('D-1')).toEqual([{ timestamp: t(2), measurements: { temp: 0 } }]);
    expect(batch?.rejections.map((r) => [r.line, r.reason])).toEqual([
      [2, 'Measurement "temp" must be 0 or between 1e-130 and 1e125 in magnitude (got "1e-200")'],
      [4, 'Measurement "temp" must be 0 or between 1e-130 and 1e125 in magnitude (got "1e200")'],
    ]);
  });

  test('bad rows are reported with their line numbers, in file order, and the rest is read', async () => {
    const text = [
      'timestamp,temp',
      `${t(9)},1`,
      `${t(8)},1,2`, // line 3: column count
      `${t(7)},warm`, // line 4: not a number
      `${new Date(NOW + 3600_000).toISOString()},1`, // line 5: future
      `${new Date(NOW - 91 * 86_400_000).toISOString()},1`, // line 6: beyond retention
      `bad"quote,1`, // line 7: a quote inside an unquoted field
      `${t(3)},3`,
      '',
      `${t(2)},`, // line 10: no measurement
      `soon,1`, // line 11
      `${t(1)},5`,
    ].join('\n');
    const batches = await scanAll(text);
    const rejections = batches.flatMap((b) => b.rejections);
    expect(rejections.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 10, 11]);
    expect(rejections[0]?.reason).toBe('Row has 3 columns; the header has 2');
    expect(rejections[1]?.reason).toBe('Measurement "temp" must be a finite number (got "warm")');
    expect(rejections[2]?.reason).toBe('timestamp must not be more than 5 minutes in the future');
    expect(rejections[3]?.reason).toBe("timestamp is older than the organization's telemetry retention (90 days)");
    expect(rejections[4]?.reason).toMatch(/^Unreadable CSV: /);
    expect(rejections[5]?.reason).toBe('At least one measurement is required');
    expect(rejections[6]?.reason).toBe('timestamp must be an ISO 8601 date-time with a time zone (got "soon")');
    expect(batches.flatMap((b) => [...b.records.values()].flat()).map((r) => r.measurements.temp)).toEqual([1, 3, 5]);
  });

  test('line numbers count the line breaks inside quoted fields and blank lines', async () => {
    const text = `timestamp,t,note\n${t(3)},1,"two\nlines"\n\n${t(2)},x,ok\n${t(1)},2,"a ""quoted"" word"\nshort\n`;
    const [batch] = await scanAll(text);
    expect(batch?.rejections.map((r) => r.line)).toEqual([5, 7]);
    expect(batch?.lastLine).toBe(7);
  });

  test('read in parts from a checkpoint, the batches are those of a single pass', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => (i % 7 === 3 ? `${t(100 - i)},x` : `${t(100 - i)},${i}`));
    const text = ['timestamp,v', ...rows].join('\n');
    const single = await scanAll(text, { batchRows: 1000 });
    const parts: ScanBatch[] = [];
    let after = 0;
    let plan = undefined as ScanBatch['plan'];
    for (;;) {
      const it = scanCsv(gz(text), { mapping, path: { deviceIdentifier: 'D-1' }, nowMs: NOW, retentionDays: 90, batchRows: 6, afterLine: after, plan });
      const first = await it.next();
      await it.return(undefined);
      if (first.done) break;
      parts.push(first.value);
      after = first.value.lastLine;
      plan = first.value.plan;
    }
    expect(parts.flatMap((b) => b.rejections)).toEqual(single.flatMap((b) => b.rejections));
    expect(parts.flatMap((b) => b.records.get('D-1') ?? [])).toEqual(single.flatMap((b) => b.records.get('D-1') ?? []));
  });

  test.each([
    ['not gzip', Buffer.from('timestamp,t\n1,2\n'), REASONS.notGzip],
    ['gzip of nothing', gzipSync(''), REASONS.noHeader],
    ['a header only', gzipSync('timestamp,t\n'), REASONS.noRows],
    ['no timestamp column', gzipSync('time,t\n1,2\n'), REASONS.missingColumn('timestamp', 'timestamp')],
    ['duplicate columns', gzipSync('timestamp,t,t\n1,2,3\n'), REASONS.duplicateColumn('t')],
    ['no numeric column', gzipSync(`timestamp,t\n${new Date(NOW).toISOString()},x\n`), REASONS.noNumericColumns(2)],
    ['an undetectable timestamp', gzipSync('timestamp,t\nsoon,1\n'), REASONS.undetectableTimestamp(2)],
  ])('%s: the file is refused', async (_case, bytes, reason) => {
    await expect(scanAll(bytes)).rejects.toEqual(new FileProblem(reason, false));
  });

  test('a gzip stream cut short: the rows before are yielded, then the file problem', async () => {
    const full = gzipSync(['timestamp,t', ...Array.from({ length: 2000 }, (_, i) => `${t(3000 - i)},${Math.random()}`)].join('\n'));
    const batches: ScanBatch[] = [];
    const it = scanCsv(Readable.from([full.subarray(0, full.length - 200)]), { mapping, path: { deviceIdentifier: 'D-1' }, nowMs: NOW, retentionDays: 90, batchRows: 500 });
    await expect((async () => {
      for await (const b of it) batches.push(b);
    })()).rejects.toThrow(/The gzip stream ends unexpectedly after line \d+/);
    expect(batches.reduce((n, b) => n + b.accepted, 0)).toBeGreaterThan(0);
  });
});
