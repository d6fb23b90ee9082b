import { rng } from '../../scripts/bench/anomaly-set';
import { evaluateRecords, newDeviceState, type DeviceState, type NewIncident, type TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';

/**
 * Round 7 (issue 20, precision of the value detectors): devices whose normal life has states
 * (on and off, several speeds, a nightly charge), built from the description, not a bench set.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.UTC(2033, 4, 2);

function feed(state: DeviceState, points: TelemetryPoint[]): NewIncident[] {
  return points.flatMap((p) => evaluateRecords(state, [p], { scope: 'values-r7', now: p.t + 1000, rules: [] }).changes.opened);
}

const series = (n: number, cadence: number, value: (i: number) => number, name = 'x'): TelemetryPoint[] =>
  Array.from({ length: n }, (_, i) => ({ t: START + i * cadence, m: { [name]: value(i) } }));
const kinds = (incidents: NewIncident[]) => incidents.map((i) => i.kind);

describe('a machine with an off state (an escalator: ~80 steps/min by day, with long stretches at exactly 80; exactly 0 from 15:00 to 23:00)', () => {
  const escalator = (freezeAt?: number) => {
    const r = rng(71);
    let frozen: number | undefined;
    return series(4 * 1440, MIN, (i) => {
      const hour = (i / 60) % 24;
      if (hour >= 15 && hour < 23) return 0;
      if (freezeAt !== undefined && i >= freezeAt && i < freezeAt + 300) return (frozen ??= 79);
      // Mostly the nominal rate, sometimes a step off it, now and then a slow spell (passengers boarding).
      const u = r.uniform();
      return u < 0.02 ? 20 : u < 0.8 ? 80 : 79 + Math.round(2 * r.uniform());
    }, 'steps_min');
  };

  test('opens no flatline, neither the first night (a jump out of its range to a new state) nor the next ones (a resting state beside its running rate)', () => {
    expect(kinds(feed(newDeviceState(), escalator())).filter((k) => k === 'flatline')).toEqual([]);
  });

  test('a reading frozen where it was, by day, is still one flatline', () => {
    const opened = feed(newDeviceState(), escalator(2 * 1440 + 9 * 60)).filter((i) => i.kind === 'flatline');
    expect(opened.map((i) => Math.floor((i.startedAt - START) / HOUR))).toEqual([2 * 24 + 9]);
  });
});

describe('a fan that steps between its speeds (4500, 6000, 8250, 10600 rpm, ±30 rpm), every 20-90 min', () => {
  const fan = () => {
    const r = rng(72);
    const speeds = [4500, 6000, 8250, 10600];
    let level = 6000;
    let next = 0;
    return series(3 * 1440, MIN, (i) => {
      if (i >= next) {
        level = speeds[Math.floor(r.uniform() * speeds.length)] as number;
        next = i + 20 + Math.floor(70 * r.uniform());
      }
      return Math.round((level + 30 * r.normal()) / 10) * 10;
    }, 'fan_rpm');
  };

  test('opens no level_shift once it has shown its speeds (a step to a level it keeps coming back to is its own)', () => {
    expect(kinds(feed(newDeviceState(), fan())).filter((k) => k === 'level_shift')).toEqual([]);
  });
});

describe('a scanner battery charged every night (drains 2-4 %/h by day, 20 %/h on the charger from 02:30, then full)', () => {
  const scanner = () => {
    const r = rng(73);
    let pct = 80;
    return series(4 * 720, 2 * MIN, (i) => {
      const hour = ((i * 2) / 60) % 24;
      if (hour >= 2.5 && hour < 6) pct = Math.min(100, pct + (20 / 30) * (1 + 0.1 * r.normal()));
      else pct = Math.max(5, pct - ((2 + 2 * r.uniform()) / 30));
      return Math.round(pct);
    }, 'battery_pct');
  };

  test('its nightly charge is reported at most once as a change of slope: the same slope again is its own', () => {
    expect(kinds(feed(newDeviceState(), scanner())).filter((k) => k === 'regime_change').length).toBeLessThanOrEqual(1);
  });
});

describe('a header tank refilled once a day (2 m ± 0.3 mm at rest; from 10:00 the level rises and falls back along a smooth 2-hour curve, 25 cm × sin²)', () => {
  const tank = (jitterFrom?: number) => {
    const r = rng(74);
    return series(3 * 1440, MIN, (i) => {
      const m = i % 1440;
      const k = m - 600;
      const value = 2000 + (k >= 0 && k < 120 ? 250 * Math.sin((Math.PI * k) / 120) ** 2 : 0);
      const noise = jitterFrom !== undefined && i >= jitterFrom ? 1.5 : 0.3;
      return Math.round((value + noise * r.normal()) * 10) / 10;
    }, 'tank_mm');
  };
  // The spread form (its evidence has the usual spread).
  const regimes = (points: TelemetryPoint[]) => feed(newDeviceState(), points).filter((i) => i.kind === 'regime_change' && i.evidence.baseline.usualSpread !== undefined);

  test('the curve of its refill is no change of spread (its second differences are its noise)', () => {
    expect(regimes(tank())).toEqual([]);
  });

  test('its jitter growing fivefold at rest is still a regime_change', () => {
    expect(regimes(tank(2 * 1440 + 14 * 60))).toHaveLength(1);
  });
});
