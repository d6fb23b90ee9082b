import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadNab, NAB_START, nabTime, parseNabCsv, scoreNabFile, splitWindows, totalNab } from '../../scripts/bench/nab';

/** The NAB mode of `npm run bench:anomaly` (scripts/bench/nab.ts): labels, windows and scoring. */
describe('NAB scoring', () => {
  const H = 3_600_000;
  const D = 24 * H;

  it('catches a failure when an incident starts inside its window, edges included; all others are false alarms', () => {
    const windows: [number, number][] = [
      [10 * H, 20 * H],
      [50 * H, 60 * H],
      [80 * H, 90 * H],
    ];
    // 10 h (first edge), 15 h (same window again), 60 h (last edge of the second), 40 h and 95 h outside.
    const s = scoreNabFile('g/f.csv', windows, [10 * H, 15 * H, 40 * H, 60 * H, 95 * H], 10 * D);
    expect(s).toEqual({ name: 'g/f.csv', failures: 3, caught: 2, incidents: 5, falseAlarms: 2, deviceDays: 10 });
    // A minute before a window is not inside it.
    expect(scoreNabFile('g/f.csv', [[10 * H, 20 * H]], [10 * H - 60_000], D)).toMatchObject({ caught: 0, falseAlarms: 1 });
    // No windows (a file without failures): every incident is false.
    expect(scoreNabFile('g/n.csv', [], [H, 2 * H], D)).toMatchObject({ failures: 0, caught: 0, falseAlarms: 2 });
  });

  it('totals false alarms per 10 device-days', () => {
    const a = scoreNabFile('a', [[0, H]], [30 * 60_000, 5 * H], 14 * D);
    const b = scoreNabFile('b', [[0, H]], [3 * H, 4 * H, 6 * H], 6 * D);
    expect(totalNab([a, b])).toEqual({ name: 'total', failures: 2, caught: 1, incidents: 5, falseAlarms: 4, deviceDays: 20, falseAlarmsPer10DeviceDays: 2 });
  });

  it('parses NAB timestamps as UTC, drops repeated timestamps and splits 22-hour windows', () => {
    expect(nabTime('2014-02-14 14:30:00')).toBe(Date.UTC(2014, 1, 14, 14, 30));
    expect(nabTime('2014-02-26 13:45:00.000000')).toBe(Date.UTC(2014, 1, 26, 13, 45));
    const points = parseNabCsv('timestamp,value\n2014-02-14 14:30:00,1.5\n2014-02-14 14:35:00,2\n2014-02-14 14:35:00,3\n\n');
    expect(points).toEqual([
      { t: Date.UTC(2014, 1, 14, 14, 30), v: 1.5 },
      { t: Date.UTC(2014, 1, 14, 14, 35), v: 2 },
    ]);
    // 50 hours at 5 minutes: two full 22-hour windows; the 6-hour rest is dropped (under half a window).
    const series = Array.from({ length: 600 }, (_, i) => ({ t: i * 300_000, v: i }));
    const chunks = splitWindows(series);
    expect(chunks.map((c) => c.length)).toEqual([264, 264]);
    expect((chunks[1] as { t: number }[])[0]?.t).toBe(22 * H);
  });

  it('loads a part from a checkout, shifted by whole days with its labels', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'nab-'));
    try {
      mkdirSync(path.join(root, 'labels'));
      mkdirSync(path.join(root, 'data', 'artificialWithAnomaly'), { recursive: true });
      writeFileSync(path.join(root, 'data', 'artificialWithAnomaly', 'x.csv'), 'timestamp,value\n2014-04-01 06:00:00,1\n2014-04-01 06:05:00,2\n');
      writeFileSync(
        path.join(root, 'labels', 'combined_windows.json'),
        JSON.stringify({ 'artificialWithAnomaly/x.csv': [['2014-04-01 06:05:00.000000', '2014-04-01 07:00:00.000000']], 'realKnownCause/nyc_taxi.csv': [] }),
      );
      const files = loadNab(root, 'tuning');
      expect(files).toHaveLength(1);
      expect(files[0]?.points[0]?.t).toBe(NAB_START + 6 * H);
      expect(files[0]?.windows).toEqual([[NAB_START + 6 * H + 5 * 60_000, NAB_START + 7 * H]]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
