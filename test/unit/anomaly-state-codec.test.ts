import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { itemBytes } from '../../shared/db/item-size';
import { stateFromItem, stateItemOf } from '../../shared/domain/anomaly/anomaly.repository';
import { evaluateRecords, newDeviceState, type DeviceState } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Issue 21: the detector state's stored form. It must round-trip every field exactly, including
 * fields a later detector adds at any depth (nothing may be dropped silently), read the forms
 * stored before (gzip JSON `z`, map attributes), and keep a device with two quantised
 * measurements within one write unit.
 */

const ORG = '3f1c2a9e-1111-4222-8333-444455556666';
/** JSON scalars and nestings as a state field can hold them (JSON has no undefined, NaN or -0). */
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.string(),
    fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ minLength: 1 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

function twoSeriesState(points: number, quantised: boolean): DeviceState {
  const state = newDeviceState();
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < points; i++) {
    const t = t0 + i * 60_000;
    const v = (x: number) => (quantised ? Math.round(x * 10) / 10 : x);
    evaluateRecords(state, [{ t, m: { temperature: v(21 + 0.3 * Math.sin(i * 1.7)), humidity: v(40 + 0.5 * Math.cos(i)) } }], { scope: 's', now: t + 1000, rules: [] });
  }
  return state;
}

const stored = (state: DeviceState) => stateFromItem({ ...stateItemOf(ORG, 'SN-1', state), version: state.version + 1 } as never);

test('a real state round-trips exactly (the version is the stored one)', () => {
  const state = twoSeriesState(300, false);
  expect(stored(state)).toEqual({ ...state, version: state.version + 1 });
});

test('arbitrary fields added anywhere in the state, series or cadence round-trip exactly', () => {
  fc.assert(
    fc.property(jsonValue, jsonValue, jsonValue, fc.string({ minLength: 1 }), (top, inSeries, inCadence, name) => {
      const state = twoSeriesState(40, true) as DeviceState & Record<string, unknown>;
      state[`x_${name}`] = top;
      (state.series.temperature as unknown as Record<string, unknown>)[`x_${name}`] = inSeries;
      (state.cadence as unknown as Record<string, unknown>)[`x_${name}`] = { nested: [inCadence, { deeper: inCadence }] };
      // JSON.parse(JSON.stringify(…)) is the contract: what JSON keeps, the codec keeps.
      expect(stored(state)).toEqual(JSON.parse(JSON.stringify({ ...state, version: state.version + 1 })));
    }),
    { numRuns: 200 },
  );
});

test('states stored before still read: gzip JSON (z) and map attributes', () => {
  const state = twoSeriesState(60, false);
  const { version, lastTs, crashTs, cadence, series, open } = state;
  const base = { pk: 'p', sk: 'STATE', entity: 'anomalyState', version, lastTs, crashTs };
  const expected = { ...state };
  expect(stateFromItem({ ...base, z: gzipSync(JSON.stringify({ cadence, series, open })) } as never)).toEqual(expected);
  expect(stateFromItem({ ...base, cadence, series, open } as never)).toEqual(expected);
});

test('a device with two quantised measurements (0.1 resolution), after a day, fits one write unit; any state is smaller than its gzip form', () => {
  expect(itemBytes(stateItemOf(ORG, 'SN-1', twoSeriesState(1440, true)))).toBeLessThanOrEqual(1024);
  for (const state of [twoSeriesState(1440, true), twoSeriesState(1440, false), twoSeriesState(60, false)]) {
    const { zd: _zd, ...item } = stateItemOf(ORG, 'SN-1', state) as Record<string, unknown>;
    const { version: _v, lastTs: _l, crashTs: _c, ...body } = state;
    expect(itemBytes(stateItemOf(ORG, 'SN-1', state))).toBeLessThan(itemBytes({ ...item, z: gzipSync(JSON.stringify(body)) }) - 150);
  }
});
