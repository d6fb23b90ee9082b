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

// Round 7: a gap found on resume waits DELIVERY.settleMs (5 min) after it was found, for the rest of
// its upload; the sweep after that confirms the gaps together.
const SETTLE = 5 * MIN;

test('one delivery with three gaps: one dropout, from before the first gap to the last resume, gaps 3', () => {
  const state = learned();
  // The backlog (to 359) arrives a minute after its newest record.
  const now = START + 360 * MIN;
  const { changes } = evaluateRecords(state, backlog, { scope: 'gaps', now, rules: [] });
  expect(changes.opened).toEqual([]);
  const swept = evaluateSilence(state, { scope: 'gaps', now: now + SETTLE });
  expect(swept.opened.map((i) => [i.kind, i.startedAt, i.resolvedAt])).toEqual([['dropout', START + 89 * MIN, START + 320 * MIN]]);
  expect(swept.opened[0]?.open.count).toBe(3);
  expect(swept.opened[0]?.evidence.baseline).toMatchObject({ gaps: 3, silentSeconds: 3 * 41 * 60 });
  expect(state.open).toEqual({});
  // Delivered again: nothing, then or later.
  const again = evaluateRecords(state, backlog, { scope: 'gaps', now: now + SETTLE + MIN, rules: [] });
  expect(again.changes.opened).toEqual([]);
  expect(again.changes.updated.size).toBe(0);
  expect(evaluateSilence(state, { scope: 'gaps', now: now + 2 * SETTLE }).opened).toEqual([]);
});

test('two uploads, one gap each: two dropouts (the rule is per upload); a minute apart, one', () => {
  const cut = backlog.findIndex((p) => p.t >= START + 150 * MIN);
  const rest = backlog.slice(cut).filter((p) => p.t < START + 250 * MIN);
  const apart = learned();
  const first = evaluateRecords(apart, backlog.slice(0, cut), { scope: 'gaps', now: START + 400 * MIN, rules: [] });
  expect(first.changes.opened).toEqual([]);
  // The second upload, 20 minutes later: the first upload's gap is settled and confirmed; its own waits.
  const second = evaluateRecords(apart, rest, { scope: 'gaps', now: START + 420 * MIN, rules: [] });
  expect(second.changes.opened.map((i) => i.startedAt)).toEqual([START + 89 * MIN]);
  const later = evaluateSilence(apart, { scope: 'gaps', now: START + 420 * MIN + SETTLE });
  expect(later.opened.map((i) => i.startedAt)).toContain(START + 179 * MIN);
  const together = learned();
  evaluateRecords(together, backlog.slice(0, cut), { scope: 'gaps', now: START + 400 * MIN, rules: [] });
  evaluateRecords(together, rest, { scope: 'gaps', now: START + 401 * MIN, rules: [] });
  const one = evaluateSilence(together, { scope: 'gaps', now: START + 401 * MIN + SETTLE });
  // (The device is silent since 249 by then: the sweep also opens that live dropout.)
  expect(one.opened.filter((i) => i.resolvedAt !== null).map((i) => [i.startedAt, i.open.count])).toEqual([[START + 89 * MIN, 2]]);
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
