import { HELDOUT_V9_START, Pcg32, V9_TYPES, heldoutSetV9, v9Round, v9Source } from '../../scripts/bench/anomaly-heldout-v9';
import { levelSigma, localSigma } from '../../scripts/bench/anomaly-heldout-v5';
import type { HeldoutSeries } from '../../scripts/bench/anomaly-heldout';

/**
 * Held-out v9 (issue 20, written blind) is data, not behaviour. These checks are structural only:
 * the generator against PCG32's published test vector, determinism, counts per kind, controls,
 * label windows inside their series and shaped as defined, spike/shift sizes re-measured on the
 * published points with the v5 helpers, delivery (arrivals never before measurement, report-by-
 * exception, LoRaWAN losses, satellite passes, daily flushes with duplicates), new names. They never
 * call the detector or the bench. One generation of one seed for the whole file (~1 s).
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** v8's start (Friday 2043-05-08), written out so the v8 generator is not loaded. */
const HELDOUT_V8_START = Date.UTC(2043, 4, 8);
const set = heldoutSetV9();

/** Device types of v1-v8 (their `identifier` without prefix and copy number). */
const EARLIER_TYPES = `rssi-quiet rssi-shift battery pressure flow gateway machine latency cpu-quiet cpu-leak
hvac motor vibration water rssi rssi-drop battery hydraulic coldchain humidity co2 room mains
ebike soil compressor inverter pm-indoor pm-outdoor pump bearing door tracker rssi-roam rssi-walk rssi-cabinet thermostat-a thermostat-b thermostat
csq parking kiosk-rsrp cold-room door scooter-motor scooter-charge beehive aquarium ups irrigation elevator smart-lock kiosk-rtt sump heat-pump pool-orp
fermenter nutrient-ec wind-rpm forklift reefer ev-charger tracker dialysis-ro silo escalator gas-meter oxygen deck-oven river milk-tank hotend ice-rink
mw-link nr-rsrq scanner fence dh-pressure air-header tower-makeup chw-flow barrel pos-latency edge-cpu water-tower server-fan trough transformer chairlift espresso fish-do
plug-tv room-stat purifier-pm mower-soc pool-pump-power chest-freezer wallbox-amps doorbell-batt leak-rh babycam-temp combi-flow micro-inverter router-ping mesh-rssi pet-feeder hot-tub water-heater class-co2
coldroom-logger pharmacy-fridge vending-power elevator-door-cycles parking-barrier-current rooftop-hvac-supply-air office-occupancy streetlight-current
retail-people-counter dishwasher-rinse-temp beverage-cooler-compressor laundry-water-flow workshop-air-compressor greenhouse-air-temp server-room-humidity
forklift-charger-current signage-cpu-temp lift-station-level`.split(/\s+/);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};
const unique = (s: HeldoutSeries) => s.points.filter((p, i) => i === 0 || p.t !== (s.points[i - 1] as { t: number }).t);
const measurementOf = (s: HeldoutSeries) => Object.keys((s.points[0] as { m: Record<string, number> }).m)[0] as string;
const values = (s: HeldoutSeries) => unique(s).map((p) => p.m[measurementOf(s)] as number);
const times = (s: HeldoutSeries) => unique(s).map((p) => p.t);
const gaps = (s: HeldoutSeries) => {
  const ts = times(s);
  return ts.slice(1).map((t, i) => t - (ts[i] as number));
};
const type = (id: string) => id.replace(/^v9-/, '').replace(/-\d+$/, '');
const byType = (name: string) => set.filter((s) => type(s.identifier) === name);
const lateness = (s: HeldoutSeries) => s.points.map((p, i) => (s.arrivals?.[i] as number) - p.t);
const STEPS: Record<string, number> = {};

describe('held-out v9 anomaly set', () => {
  it("its random source is the reference PCG32 (pcg32-demo's published vector); streams are independent; normals have unit spread", () => {
    // pcg32_srandom_r(&rng, 42u, 54u), then pcg32_random_r: the first outputs printed by pcg32-demo.c.
    const g = new Pcg32(42n, 54n);
    expect(Array.from({ length: 6 }, () => g.next())).toEqual([0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]);
    const x = v9Source('dev', 3);
    const y = v9Source('dev', 3);
    for (let i = 0; i < 17; i++) y.u('other');
    const fromX = Array.from({ length: 20 }, () => x.u('s'));
    expect(Array.from({ length: 20 }, () => y.u('s'))).toEqual(fromX);
    expect(Array.from({ length: 20 }, () => x.u('t'))).not.toEqual(fromX);
    expect(fromX.every((v) => v > 0 && v < 1)).toBe(true);
    const z = Array.from({ length: 4000 }, () => x.normal('z'));
    const mean = z.reduce((p, v) => p + v, 0) / z.length;
    const sd = Math.sqrt(z.reduce((p, v) => p + (v - mean) ** 2, 0) / z.length);
    expect(Math.abs(mean)).toBeLessThan(0.06);
    expect(Math.abs(sd - 1)).toBeLessThan(0.05);
    const l = Array.from({ length: 4000 }, () => x.laplace('l'));
    expect(Math.abs(median(l))).toBeLessThan(0.08);
    expect(median(l.map(Math.abs))).toBeCloseTo(Math.LN2, 1);
    expect(Object.is(v9Round(-0.04, 0.1), -0)).toBe(false);
    expect(v9Round(4.26, 0.5)).toBe(4.5);
  });

  it('is deterministic: the first copy of a 1-copy generation is the same, byte for byte; another seed gives other data', () => {
    const one = heldoutSetV9(1);
    expect(JSON.stringify(set.slice(0, 18))).toBe(JSON.stringify(one));
    const other = heldoutSetV9(1, 1);
    expect(other.map((s) => s.identifier)).toEqual(one.map((s) => s.identifier));
    expect(JSON.stringify(other.map((s) => s.points))).not.toBe(JSON.stringify(one.map((s) => s.points)));
  });

  it('has 54 series of 18 device types, 33 labels (7 spikes, 7 shifts, 6 flatlines, 7 dropouts, 6 regime changes), one per labelled series, 35-40 % controls, every type with a control', () => {
    expect(set).toHaveLength(54);
    expect(new Set(set.map((s) => s.identifier)).size).toBe(54);
    expect(new Set(set.map((s) => type(s.identifier))).size).toBe(18);
    expect(V9_TYPES).toHaveLength(18);
    const kinds: Record<string, number> = {};
    for (const l of set.flatMap((s) => s.labels)) kinds[l.kind] = (kinds[l.kind] ?? 0) + 1;
    expect(kinds).toEqual({ spike: 7, level_shift: 7, flatline: 6, dropout: 7, regime_change: 6 });
    expect(set.every((s) => s.labels.length <= 1)).toBe(true);
    const controls = set.filter((s) => s.labels.length === 0).length / set.length;
    expect(controls).toBeGreaterThanOrEqual(0.35);
    expect(controls).toBeLessThanOrEqual(0.4);
    expect(set.every((s) => s.shape.includes('(control)') === (s.labels.length === 0))).toBe(true);
    expect(V9_TYPES.filter((k) => !byType(k).some((s) => s.labels.length === 0))).toEqual([]);
  });

  it('times never decrease (equal only for a duplicate), one arrival per point and never before its measurement, one measurement per series on its resolution, label windows inside the series', () => {
    const bad: string[] = [];
    for (const s of set) {
      const first = (s.points[0] as { t: number }).t;
      const last = (s.points.at(-1) as { t: number }).t;
      const names = new Set(s.points.flatMap((p) => Object.keys(p.m)));
      const ok =
        first >= HELDOUT_V9_START &&
        names.size === 1 &&
        s.arrivals?.length === s.points.length &&
        s.points.every((p, i) => {
          const prev = s.points[i - 1];
          const order = !prev || p.t > prev.t || (p.t === prev.t && p.m[measurementOf(s)] === prev.m[measurementOf(s)]);
          return order && (s.arrivals?.[i] as number) >= p.t && Object.values(p.m).every(Number.isFinite);
        }) &&
        s.labels.every((l) => l.from <= l.to && l.from >= first && l.to <= last && (l.kind === 'dropout' ? l.measurement === null : names.has(l.measurement as string)));
      if (!ok) bad.push(s.identifier);
      const vs = values(s);
      const distinct = [...new Set(vs)].sort((p, q) => p - q);
      let step = Infinity;
      for (let i = 1; i < distinct.length; i++) step = Math.min(step, (distinct[i] as number) - (distinct[i - 1] as number));
      step = Number(step.toPrecision(6));
      STEPS[s.identifier] = step;
      if (![0.01, 0.1, 0.5, 1].includes(step) || !vs.every((v) => v9Round(v, step) === v)) bad.push(`${s.identifier}: off resolution ${step}`);
    }
    expect(bad).toEqual([]);
  });

  it('label windows follow the definitions: dropouts a 2.2-5.5 h gap at least twice any other gap of the device, regime windows 3.5 h, shift windows 10 points, spikes 1-3 points, flatlines one value over 40-120 points from its first occurrence; no duplicate within an hour of a label', () => {
    const wrong: string[] = [];
    for (const s of set) {
      const ts = times(s);
      const vs = values(s);
      for (const l of s.labels) {
        const i = ts.indexOf(l.from);
        const j = ts.indexOf(l.to);
        let ok = i >= 300 && j >= i;
        if (l.kind === 'dropout') {
          const others = gaps(s).filter((_, k) => k !== i);
          ok &&= j === i + 1 && l.to - l.from > 2.2 * HOUR && l.to - l.from < 5.6 * HOUR && l.to - l.from > 2 * Math.max(...others);
        }
        if (l.kind === 'regime_change') ok &&= l.to - l.from <= 3.5 * HOUR && l.to - l.from > 3 * HOUR;
        if (l.kind === 'level_shift') ok &&= j - i === 10;
        if (l.kind === 'spike') ok &&= j - i <= 2;
        if (l.kind === 'flatline') {
          const stuck = vs.slice(i, j + 1);
          ok &&= new Set(stuck).size === 1 && stuck.length >= 40 && stuck.length <= 125 && vs[i - 1] !== vs[i];
        }
        const dupNear = s.points.some((p, n) => n > 0 && p.t === (s.points[n - 1] as { t: number }).t && p.t >= l.from - HOUR && p.t <= l.to + HOUR);
        if (!ok || dupNear) wrong.push(`${s.identifier}/${l.kind}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('spikes and level shifts, measured again on the published points (v5 sigma definitions), are about 7.5-9.5 and 4.2-4.8 sigmas', () => {
    const sizes: { id: string; kind: string; size: number }[] = [];
    for (const s of set) {
      const ts = times(s);
      const vs = values(s);
      const step = STEPS[s.identifier] ?? 0.01;
      for (const l of s.labels) {
        const i = ts.indexOf(l.from);
        const j = ts.indexOf(l.to);
        if (l.kind === 'spike') {
          const sigma = localSigma(vs, i, step);
          const res = vs.slice(i, j + 1).map((v, k) => Math.abs(v - median(vs.slice(i + k - 7, i + k + 8))) / sigma);
          sizes.push({ id: s.identifier, kind: 'spike', size: Math.max(...res) });
        }
        if (l.kind === 'level_shift') {
          const sigma = levelSigma(vs, i, step);
          sizes.push({ id: s.identifier, kind: 'shift', size: Math.abs(median(vs.slice(i, i + 40)) - median(vs.slice(i - 40, i))) / sigma });
        }
      }
    }
    const off = sizes.filter((x) => (x.kind === 'spike' ? x.size < 6.5 || x.size > 11 : x.size < 2.5 || x.size > 7.5));
    expect(off).toEqual([]);
    const spikes = sizes.filter((x) => x.kind === 'spike').map((x) => x.size);
    const shifts = sizes.filter((x) => x.kind === 'shift').map((x) => x.size);
    expect(spikes).toHaveLength(7);
    expect(shifts).toHaveLength(7);
    expect(median(spikes)).toBeGreaterThan(7.5);
    expect(median(spikes)).toBeLessThan(9.5);
    expect(median(shifts)).toBeGreaterThan(3.5);
    expect(median(shifts)).toBeLessThan(5.5);
  });

  it('delivers like a field fleet: report-by-exception thins the records, LoRaWAN loses uplinks (gaps up to an hour), satellites upload at passes, gateways flush daily with duplicates, the rest live', () => {
    // Report-by-exception: far fewer records than samples, no silence longer than the heartbeat (outside the dropout).
    for (const s of [...byType('water-main-pressure'), ...byType('borehole-pump-amps')]) {
      const heartbeat = type(s.identifier) === 'water-main-pressure' ? 15 * MIN : 10 * MIN;
      const sample = MIN;
      const g = gaps(s).filter((x) => x < 2 * HOUR);
      expect(median(g)).toBeGreaterThan(1.5 * sample);
      expect(Math.max(...g)).toBeLessThan(heartbeat + 2 * MIN);
    }
    // LoRaWAN: lost uplinks make gaps of 2-4 cadences, never over an hour on a control.
    for (const name of ['drip-zone-vwc', 'weather-mast-gust', 'pivot-end-pressure']) {
      for (const s of byType(name)) {
        const cadence = median(gaps(s));
        expect(gaps(s).filter((x) => x > 1.5 * cadence).length).toBeGreaterThan(5);
        if (s.labels.length === 0) expect(Math.max(...gaps(s))).toBeLessThan(HOUR + 5 * MIN);
      }
    }
    // Satellite: records wait up to a pass (1.5-4 h apart).
    for (const s of byType('reservoir-stage')) {
      expect(median(lateness(s))).toBeGreaterThan(20 * MIN);
      expect(Math.max(...lateness(s))).toBeLessThan(4.5 * HOUR);
    }
    // Daily store-and-forward: up to a day late, and the tail of each flush is sent again.
    for (const name of ['grain-bin-headspace-rh', 'cp-pipeline-potential', 'amr-water-meter-flow']) {
      for (const s of byType(name)) {
        expect(Math.max(...lateness(s))).toBeGreaterThan(20 * HOUR);
        expect(Math.max(...lateness(s))).toBeLessThan(50 * HOUR);
        expect(s.points.length - unique(s).length).toBeGreaterThanOrEqual(5);
      }
    }
    // Live: seconds, with a few QoS-1 duplicates across the live types.
    const liveSeries = set.filter((s) => median(lateness(s)) < 10_000);
    expect(liveSeries.length).toBeGreaterThanOrEqual(36);
    expect(liveSeries.filter((s) => s.points.length > unique(s).length).length).toBeGreaterThanOrEqual(20);
    // Controls never have a gap over 70 min (only dropouts do); spans 2-8 days, cadences 1-15 min.
    for (const s of set.filter((x) => x.labels.length === 0)) expect(Math.max(...gaps(s))).toBeLessThan(70 * MIN);
    const spans = set.map((s) => ((s.points.at(-1) as { t: number }).t - (s.points[0] as { t: number }).t) / DAY);
    expect(Math.min(...spans)).toBeGreaterThan(1.95);
    expect(Math.max(...spans)).toBeLessThan(8.05);
  });

  it('daily cycles are real: PV is exactly 0 at night and produces by day; the water meter is 0 at 03:00 on a control', () => {
    const pv = byType('pv-array-ac-output').find((s) => s.labels.length === 0) as HeldoutSeries;
    const hour = (t: number) => ((((t + HOUR) % DAY) + DAY) % DAY) / HOUR;
    const night = unique(pv).filter((p) => hour(p.t) < 7 || hour(p.t) > 17.5);
    const noon = unique(pv).filter((p) => hour(p.t) > 11.5 && hour(p.t) < 13);
    expect(night.every((p) => p.m.ac_kw === 0)).toBe(true);
    expect(median(noon.map((p) => p.m.ac_kw as number))).toBeGreaterThan(10);
    const meter = byType('amr-water-meter-flow').find((s) => s.labels.length === 0) as HeldoutSeries;
    const h3 = unique(meter).filter((p) => Math.abs(((((p.t - 3 * HOUR) % DAY) + DAY) % DAY) / HOUR - 3) < 0.5);
    expect(h3.every((p) => p.m.flow_lph === 0)).toBe(true);
  });

  it('reuses no identifier or device type of v1-v8, starts on a winter Sunday long after v8', () => {
    const earlier = new Set(EARLIER_TYPES);
    expect(set.filter((s) => earlier.has(type(s.identifier)) || !s.identifier.startsWith('v9-')).map((s) => s.identifier)).toEqual([]);
    expect(V9_TYPES.filter((k) => earlier.has(k))).toEqual([]);
    expect(new Date(HELDOUT_V9_START).getUTCDay()).toBe(0);
    expect(new Date(HELDOUT_V9_START).getUTCMonth()).toBe(0);
    expect(HELDOUT_V9_START - HELDOUT_V8_START).toBeGreaterThan(2 * 365 * DAY);
  });
});
