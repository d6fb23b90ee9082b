import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, evaluateSilence, newDeviceState, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Issue 20, round 2: gaps found when one delivery of a device resumes its history open at most one
 * dropout incident (one ticket), spanning them, with the gap count in its evidence.
 */
const MIN = 60_000;
const START = Date.UTC(2033, 5, 1);
const r = rng(91);
const minute = (i: number): TelemetryPoint => ({ t: START + i * MIN, m: { temperature: 21 + 0.1 * r.normal() } });
const live = Array.from({ length: 60 }, (_, i) => minute(i));
const holes = [[90, 130], [180, 220], [280, 320]] as const;
const backlog = Array.from({ length: 300 }, (_, i) => minute(60 + i)).filter((p) => !holes.some(([a, b]) => p.t >= START + a * MIN && p.t < START + b * MIN));

function learned() {
  const state = newDeviceState();
  for (const p of live) evaluateRecords(state, [p], { scope: 'gaps', now: p.t + 1000, rules: [] });
  return state;
}

test('one delivery with three gaps: one dropout, from before the first gap to the last resume, gaps 3', () => {
  const state = learned();
  const now = START + 400 * MIN;
  const { changes } = evaluateRecords(state, backlog, { scope: 'gaps', now, rules: [] });
  expect(changes.opened.map((i) => [i.kind, i.startedAt, i.resolvedAt])).toEqual([['dropout', START + 89 * MIN, START + 320 * MIN]]);
  expect(changes.opened[0]?.open.count).toBe(3);
  expect(changes.opened[0]?.evidence.baseline).toMatchObject({ gaps: 3, silentSeconds: 3 * 41 * 60 });
  expect(state.open).toEqual({});
  // Delivered again: nothing.
  const again = evaluateRecords(state, backlog, { scope: 'gaps', now: now + MIN, rules: [] });
  expect(again.changes.opened).toEqual([]);
  expect(again.changes.updated.size).toBe(0);
});

test('two deliveries, one gap each: two dropouts (the rule is per delivery)', () => {
  const state = learned();
  const cut = backlog.findIndex((p) => p.t >= START + 150 * MIN);
  const first = evaluateRecords(state, backlog.slice(0, cut), { scope: 'gaps', now: START + 400 * MIN, rules: [] });
  const second = evaluateRecords(state, backlog.slice(cut).filter((p) => p.t < START + 250 * MIN), { scope: 'gaps', now: START + 401 * MIN, rules: [] });
  expect([...first.changes.opened, ...second.changes.opened].map((i) => i.startedAt)).toEqual([START + 89 * MIN, START + 179 * MIN]);
});

test('a live dropout the sweep opened takes the further gaps of the delivery that ends it: no new incident', () => {
  const state = learned();
  const opened = evaluateSilence(state, { scope: 'gaps', now: START + 100 * MIN }).opened;
  expect(opened.map((i) => i.kind)).toEqual(['dropout']);
  const id = opened[0]?.incidentId as string;
  // The device's history arrives at once: it shows it was silent only until 130, then two more gaps.
  const { changes } = evaluateRecords(state, backlog.filter((p) => p.t >= START + 130 * MIN), { scope: 'gaps', now: START + 400 * MIN, rules: [] });
  expect(changes.opened).toEqual([]);
  expect([...changes.updated.keys()]).toEqual([id]);
  expect(changes.updated.get(id)).toMatchObject({ open: { count: 3 }, resolvedAt: START + 400 * MIN });
});
