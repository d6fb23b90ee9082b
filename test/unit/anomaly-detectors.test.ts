import { benchSet, type BenchSeries } from '../../scripts/bench/anomaly-set';
import { DROPOUT } from '../../shared/domain/anomaly/detectors';
import type { ThresholdRule } from '../../shared/domain/anomaly/detectors';
import { evaluateRecords, evaluateSilence, newDeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

const MIN = 60_000;
const SWEEP = 5 * MIN;

/** Runs a series through the pure detectors as it would arrive live (sweeps every 5 minutes between records). */
function run(points: TelemetryPoint[], options: { rules?: ThresholdRule[]; batch?: number; sweepUntil?: number } = {}): NewIncident[] {
  const state = newDeviceState();
  const opened: NewIncident[] = [];
  const batch = options.batch ?? 1;
  let nextSweep = (points[0]?.t ?? 0) + SWEEP;
  const sweepTo = (t: number) => {
    for (; nextSweep < t; nextSweep += SWEEP) opened.push(...evaluateSilence(state, { scope: 'test', now: nextSweep }).opened);
  };
  for (let i = 0; i < points.length; i += batch) {
    const chunk = points.slice(i, i + batch);
    const last = chunk.at(-1) as TelemetryPoint;
    sweepTo(chunk[0]?.t as number);
    opened.push(...evaluateRecords(state, chunk, { scope: 'test', now: last.t + 1000, rules: options.rules ?? [] }).changes.opened);
  }
  if (options.sweepUntil) sweepTo(options.sweepUntil);
  return opened;
}

const set = benchSet(1, 3);
const shape = (name: string): BenchSeries => set.find((s) => s.shape === name) as BenchSeries;
const kinds = (incidents: NewIncident[]) => incidents.map((i) => i.kind);

describe('each kind is found on a clear case', () => {
  test.each([
    ['noisy', ['spike', 'flatline', 'level_shift']],
    ['seasonal', ['spike', 'level_shift']],
    ['integer', ['spike', 'level_shift']],
    ['trending', ['spike', 'dropout']],
    ['stuck', ['dropout']],
    ['quantised', ['flatline']],
  ])('%s: %s, each starting inside its labelled window', (name, expected) => {
    const series = shape(name);
    const found = run(series.points, { sweepUntil: series.points.at(-1)?.t });
    for (const label of series.labels) {
      expect(found.some((i) => i.kind === label.kind && i.startedAt >= label.from && i.startedAt <= label.to + 30 * MIN)).toBe(true);
    }
    expect(new Set(kinds(found))).toEqual(new Set(expected));
  });
});

describe('and not raised on its look-alike', () => {
  test.each(['daily cycle', 'slow trend', 'integer steps', 'heavy-tailed', 'battery', 'single missing points', 'sparse reporter'])('%s opens nothing', (name) => {
    const series = shape(name);
    expect(kinds(run(series.points, { sweepUntil: series.points.at(-1)?.t }))).toEqual([]);
  });
});

test('single records or batches: the same incidents', () => {
  const series = shape('noisy');
  const single = run(series.points);
  for (const batch of [7, 100]) expect(run(series.points, { batch }).map((i) => [i.incidentId, i.kind, i.startedAt])).toEqual(single.map((i) => [i.incidentId, i.kind, i.startedAt]));
});

describe('threshold rules', () => {
  const rule: ThresholdRule = { ruleId: 'r1', measurement: 'battery', operator: 'below', value: 10, forMinutes: 30 };
  const battery = (values: number[]) => values.map((v, i) => ({ t: Date.UTC(2030, 0, 1) + i * MIN, m: { battery: v } }));
  // Drains a point a minute, hovers at 8-9 % (the reading flickers), then is recharged.
  const drain = (under: number) => [
    ...Array.from({ length: 90 }, (_, i) => 100 - i),
    ...Array.from({ length: under }, (_, i) => 8 + (i % 2)),
    ...Array.from({ length: 20 }, (_, i) => 20 + 4 * i),
  ];

  test('a slow drain that dips under the rule briefly and is recharged opens nothing', () => {
    expect(kinds(run(battery(drain(20)), { rules: [rule] }))).toEqual([]);
  });

  test('staying under it longer than --for-minutes opens one threshold incident from the start of the breach', () => {
    const found = run(battery(drain(45)), { rules: [rule] });
    expect(kinds(found)).toEqual(['threshold']);
    expect(found[0]?.startedAt).toBe(Date.UTC(2030, 0, 1) + 90 * MIN);
  });
});

describe('dropout', () => {
  const reports = (n: number, every: number) => Array.from({ length: n }, (_, i) => ({ t: Date.UTC(2030, 0, 1) + i * every, m: { temperature: 20 + (i % 3) } }));

  test('a sparse reporter is judged by its own cadence', () => {
    const sparse = reports(12, 360 * MIN);
    const last = sparse.at(-1)?.t as number;
    expect(run(sparse, { sweepUntil: last + 24 * 60 * MIN })).toEqual([]);
    const found = run(sparse, { sweepUntil: last + 40 * 60 * MIN });
    expect(kinds(found)).toEqual(['dropout']);
    expect(found[0]?.startedAt).toBe(last);
  });

  test('never before the floor, and not before its cadence is learned', () => {
    const fast = reports(20, 10_000);
    const last = fast.at(-1)?.t as number;
    expect(run(fast, { sweepUntil: last + DROPOUT.floorMs - SWEEP })).toEqual([]);
    expect(run(reports(DROPOUT.warmupGaps, 5 * MIN), { sweepUntil: Date.UTC(2030, 0, 3) })).toEqual([]);
  });
});
