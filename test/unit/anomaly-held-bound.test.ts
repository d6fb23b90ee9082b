import { evaluateHeld, evaluateRecords, newDeviceState, type Changes, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import type { ThresholdRule } from '../../shared/domain/anomaly/detectors';

/**
 * The dropout sweep's evaluation of held records (evaluateHeld, round 8 review) stops once it has
 * opened `maxNewIncidents` (one transaction's worth; checked before each record, as the stream's
 * path does): the records after that stay held for the next call, none is dropped or judged twice.
 */
const MIN = 60_000;
const START = Date.UTC(2036, 0, 5);
const MEASUREMENTS = ['a', 'b', 'c'];
const rules: ThresholdRule[] = MEASUREMENTS.map((m) => ({ ruleId: `r-${m}`, measurement: m, operator: 'above', value: 50, forMinutes: 0 }));
/** One reading of every measurement at 20, except `hot` at 80. */
const reading = (t: number, hot?: string): TelemetryPoint => ({ t, m: Object.fromEntries(MEASUREMENTS.map((m) => [m, m === hot ? 80 : 20])) });

test('three breaches on three held records: a bound of 2 opens two now, the third on the next call', () => {
  const state = newDeviceState();
  let t = START;
  for (; t < START + 60 * MIN; t += MIN) evaluateRecords(state, [reading(t)], { scope: 'held', now: t + 2_000, rules });
  // The record at `t` never arrives; the three after it each breach one rule and are held.
  const held = [reading(t + MIN, 'a'), reading(t + 2 * MIN, 'b'), reading(t + 3 * MIN, 'c')];
  const at = t + 3 * MIN + 2_000;
  evaluateRecords(state, held, { scope: 'held', now: at, rules });
  expect(state.park?.pts).toHaveLength(3);
  const first: Changes = { opened: [], updated: new Map() };
  expect(evaluateHeld(state, first, { scope: 'held', now: at + 2 * MIN, rules, maxNewIncidents: 2 })).toBe(false); // not settled yet
  expect(evaluateHeld(state, first, { scope: 'held', now: at + 6 * MIN, rules, maxNewIncidents: 2 })).toBe(true);
  expect(first.opened.map((i) => [i.kind, i.measurement])).toEqual([['threshold', 'a'], ['threshold', 'b']]);
  expect(state.park?.pts.map((p) => p.t)).toEqual([t + 3 * MIN]);
  const second: Changes = { opened: [], updated: new Map() };
  evaluateHeld(state, second, { scope: 'held', now: at + 7 * MIN, rules, maxNewIncidents: 2 });
  expect(second.opened.map((i) => [i.kind, i.measurement])).toEqual([['threshold', 'c']]);
  expect(state.park).toBeUndefined();
});
