import { HELDOUT_V15_START, Lfsr113, V15_TYPES, V15_ZONES, heldoutSetV15, lfsrSeed, v15CruiseDay, v15Round, v15Source } from '../../scripts/bench/anomaly-heldout-v15';
import { HELDOUT_V14_START, V14_TYPES, V14_ZONES } from '../../scripts/bench/anomaly-heldout-v14';
import { V13_TYPES, V13_ZONES } from '../../scripts/bench/anomaly-heldout-v13';
import { V12_TYPES } from '../../scripts/bench/anomaly-heldout-v12';
import { V11_TYPES } from '../../scripts/bench/anomaly-heldout-v11';
import { V10_TYPES } from '../../scripts/bench/anomaly-heldout-v10';
import { V9_TYPES } from '../../scripts/bench/anomaly-heldout-v9';
import { levelSigma, localSigma } from '../../scripts/bench/anomaly-heldout-v5';
import type { HeldoutSeries } from '../../scripts/bench/anomaly-heldout';

/**
 * Held-out v15 (issue 20, written blind) is data, not behaviour. These checks are structural only:
 * the generator against GSL's published taus113 (LFSR113) test value, uniformity, independent
 * streams, the normal/logistic/Gumbel draws, determinism, counts per kind, controls, label windows
 * inside their series and shaped as defined, spike/shift sizes re-measured on the published points
 * with the v5 helpers, delivery (the Caracas MQTT bridge, Norfolk Island's cheap-rate night uploads,
 * the Chatham Islands' slow LoRaWAN clocks set right at 04:00), daily and holiday patterns, new names
 * and zones. They never call the detector or the bench. One generation of one seed for the whole file.
 */
const SEC = 1000;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const set = heldoutSetV15();

/** Device types of v1-v8 (copied from the v14 structure test); v9-v14's own are their *_TYPES. */
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
/** UTC offsets used by v1-v14 (v4 UTC only; v5-v10 whole hours from -8 to +12; v11-v14 the others). */
const EARLIER_ZONES = [...Array.from({ length: 21 }, (_, k) => k - 8), -2.5, 5.5, 5.75, 6.5, 9.5, 3.5, -3.5, 12.75, 13, ...Object.values(V13_ZONES), ...Object.values(V14_ZONES)];


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
const type = (id: string) => id.replace(/^v15-/, '').replace(/-\d+$/, '');
const byType = (name: string) => set.filter((s) => type(s.identifier) === name);
const bySite = (tz: number) => set.filter((s) => V15_ZONES[type(s.identifier)] === tz);
const isDup = (s: HeldoutSeries, i: number) => i > 0 && s.points[i]?.t === s.points[i - 1]?.t;
const dupCount = (s: HeldoutSeries) => s.points.length - unique(s).length;
/** Lateness of first deliveries only. */
const firstLateness = (s: HeldoutSeries) => s.points.map((p, i) => (s.arrivals?.[i] as number) - p.t).filter((_, i) => !isDup(s, i));
const localHour = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
const localDay = (t: number, tz: number) => Math.floor((t + tz * HOUR - HELDOUT_V15_START) / DAY);
const localWeekday = (t: number, tz: number) => (((localDay(t, tz) + 3) % 7) + 7) % 7;
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const control = (name: string) => byType(name).find((s) => s.labels.length === 0) as HeldoutSeries;
const STEPS: Record<string, number> = {};
const CARACAS = -4.5;
const NORFOLK = 11.5;
const CHATHAM = 13.75;

describe('held-out v15 anomaly set', () => {
  it('its random source is LFSR113 (GSL taus113 test value), uniform, independent streams, unit normals, logistic and right-skewed Gumbel draws', () => {
    // GSL rng/test.c: taus113 seeded with 1, its 1000th output.
    const g = new Lfsr113(1);
    let k = 0;
    for (let i = 0; i < 1000; i++) k = g.next();
    expect(k).toBe(1925420673);
    // Seed 0 is taken as 1 (as GSL does); other seeds give other streams.
    expect(new Lfsr113(0).next()).toBe(new Lfsr113(1).next());
    expect(new Lfsr113(2).next()).not.toBe(new Lfsr113(1).next());
    expect(lfsrSeed(1, 'a|b')).toBe(lfsrSeed(1, 'a|b'));
    expect(lfsrSeed(1, 'a|b')).not.toBe(lfsrSeed(1, 'a|c'));
    expect(lfsrSeed(1, 'a|b')).not.toBe(lfsrSeed(2, 'a|b'));
    // Uniformity: 64 buckets, chi-square under its 99.9 % point for 63 dof (~104); every bit about half set.
    const h = new Lfsr113(4242);
    const buckets = new Array<number>(64).fill(0);
    const bits = new Array<number>(32).fill(0);
    const draws = 64_000;
    for (let i = 0; i < draws; i++) {
      const x = h.next();
      buckets[x >>> 26] = (buckets[x >>> 26] as number) + 1;
      for (let q = 0; q < 32; q++) if ((x >>> q) & 1) bits[q] = (bits[q] as number) + 1;
    }
    const chi = buckets.reduce((p, o) => p + (o - draws / 64) ** 2 / (draws / 64), 0);
    expect(chi).toBeLessThan(104);
    expect(bits.every((n) => Math.abs(n / draws - 0.5) < 0.01)).toBe(true);
    const x = v15Source('dev', 3);
    const y = v15Source('dev', 3);
    for (let i = 0; i < 17; i++) y.u('other');
    const fromX = Array.from({ length: 20 }, () => x.u('s'));
    expect(Array.from({ length: 20 }, () => y.u('s'))).toEqual(fromX);
    expect(Array.from({ length: 20 }, () => x.u('t'))).not.toEqual(fromX);
    expect(fromX.every((v) => v > 0 && v < 1)).toBe(true);
    const moments = (z: number[]) => {
      const mean = z.reduce((p, v) => p + v, 0) / z.length;
      return { mean, sd: Math.sqrt(z.reduce((p, v) => p + (v - mean) ** 2, 0) / z.length) };
    };
    const z = Array.from({ length: 5000 }, () => x.normal('z'));
    expect(Math.abs(moments(z).mean)).toBeLessThan(0.05);
    expect(Math.abs(moments(z).sd - 1)).toBeLessThan(0.04);
    // Normal tails: about 4.55 % beyond 2 sigma, 0.27 % beyond 3.
    expect(Math.abs(z.filter((v) => Math.abs(v) > 2).length / z.length - 0.0455)).toBeLessThan(0.012);
    expect(z.filter((v) => Math.abs(v) > 3).length / z.length).toBeLessThan(0.007);
    // Logistic: unit sd, heavier tails than the normal (about 0.99 % beyond 3 sd... 1.1 % two-sided).
    const l = Array.from({ length: 8000 }, () => x.logistic('l'));
    expect(Math.abs(moments(l).mean)).toBeLessThan(0.05);
    expect(Math.abs(moments(l).sd - 1)).toBeLessThan(0.05);
    expect(l.filter((v) => Math.abs(v) > 3).length / l.length).toBeGreaterThan(0.006);
    // Gumbel: centred, unit sd, right-skewed (median below the mean, far more beyond +3 than below -3).
    const e = Array.from({ length: 8000 }, () => x.gumbel('g'));
    expect(Math.abs(moments(e).mean)).toBeLessThan(0.05);
    expect(Math.abs(moments(e).sd - 1)).toBeLessThan(0.06);
    expect(median(e)).toBeLessThan(moments(e).mean - 0.1);
    expect(e.filter((v) => v > 3).length).toBeGreaterThan(10 * Math.max(1, e.filter((v) => v < -3).length));
    expect(Object.is(v15Round(-0.04, 0.1), -0)).toBe(false);
    expect(v15Round(41.26, 0.5)).toBe(41.5);
  });

  it('is deterministic: the first copy of a 1-copy generation is the same, byte for byte; another seed gives other data', () => {
    const one = heldoutSetV15(1);
    expect(JSON.stringify(set.slice(0, 18))).toBe(JSON.stringify(one));
    const other = heldoutSetV15(1, 1);
    expect(other.map((s) => s.identifier)).toEqual(one.map((s) => s.identifier));
    expect(JSON.stringify(other.map((s) => s.points))).not.toBe(JSON.stringify(one.map((s) => s.points)));
  });

  it('has 54 series of 18 device types, 33 labels (7 spikes, 7 shifts, 6 flatlines, 7 dropouts, 6 regime changes), one per labelled series, 35-40 % controls, every type with a control', () => {
    expect(set).toHaveLength(54);
    expect(new Set(set.map((s) => s.identifier)).size).toBe(54);
    expect(new Set(set.map((s) => type(s.identifier))).size).toBe(18);
    expect(V15_TYPES).toHaveLength(18);
    const kinds: Record<string, number> = {};
    for (const l of set.flatMap((s) => s.labels)) kinds[l.kind] = (kinds[l.kind] ?? 0) + 1;
    expect(kinds).toEqual({ spike: 7, level_shift: 7, flatline: 6, dropout: 7, regime_change: 6 });
    expect(set.every((s) => s.labels.length <= 1)).toBe(true);
    const controls = set.filter((s) => s.labels.length === 0).length / set.length;
    expect(controls).toBeGreaterThanOrEqual(0.35);
    expect(controls).toBeLessThanOrEqual(0.4);
    expect(set.every((s) => s.shape.includes('(control)') === (s.labels.length === 0))).toBe(true);
    expect(V15_TYPES.filter((k) => !byType(k).some((s) => s.labels.length === 0))).toEqual([]);
  });

  it('times never decrease (equal only for a duplicate), one arrival per point and never before its measurement, one measurement per series on its resolution, label windows inside the series', () => {
    const bad: string[] = [];
    for (const s of set) {
      const first = (s.points[0] as { t: number }).t;
      const last = (s.points.at(-1) as { t: number }).t;
      const names = new Set(s.points.flatMap((p) => Object.keys(p.m)));
      const ok =
        first >= HELDOUT_V15_START &&
        names.size === 1 &&
        s.arrivals?.length === s.points.length &&
        s.points.every((p, i) => {
          const prev = s.points[i - 1];
          const order = !prev || p.t > prev.t || (p.t === prev.t && p.m[measurementOf(s)] === prev.m[measurementOf(s)]);
          return order && (s.arrivals?.[i] as number) >= p.t && Object.values(p.m).every(Number.isFinite);
        }) &&
        s.labels.every((l) => l.from <= l.to && l.from >= first && l.to <= last && (l.kind === 'dropout' ? l.measurement === null : names.has(l.measurement as string)));
      if (!ok) bad.push(s.identifier);
      // A duplicate always arrives after the first delivery of its record.
      if (s.points.some((_, i) => isDup(s, i) && (s.arrivals?.[i] as number) <= (s.arrivals?.[i - 1] as number))) bad.push(`${s.identifier}: duplicate before original`);
      const vs = values(s);
      const distinct = [...new Set(vs)].sort((p, q) => p - q);
      let step = Infinity;
      for (let i = 1; i < distinct.length; i++) step = Math.min(step, (distinct[i] as number) - (distinct[i - 1] as number));
      step = Number(step.toPrecision(6));
      STEPS[s.identifier] = step;
      if (![0.01, 0.1, 0.5, 1].includes(step) || !vs.every((v) => v15Round(v, step) === v)) bad.push(`${s.identifier}: off resolution ${step}`);
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
        const dupNear = s.points.some((p, n) => isDup(s, n) && p.t >= l.from - HOUR && p.t <= l.to + HOUR);
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
    if (process.env.V15_SIZES) console.log(JSON.stringify({ spikes: [Math.min(...spikes), median(spikes), Math.max(...spikes)], shifts: [Math.min(...shifts), median(shifts), Math.max(...shifts)] }));
  });

  it('delivers like a Caracas MQTT bridge, Norfolk Island night uploads and Chatham Islands LoRaWAN on slow clocks', () => {
    // Caracas: first deliveries 1-6 s late; even-second stamps; a re-published record 20-90 s after the original.
    for (const s of bySite(CARACAS)) {
      const late = firstLateness(s);
      expect(Math.min(...late)).toBeGreaterThanOrEqual(SEC);
      expect(Math.max(...late)).toBeLessThan(8 * SEC);
      expect(s.points.every((p) => p.t % (2 * SEC) === 0)).toBe(true);
      for (let i = 1; i < s.points.length; i++) {
        if (isDup(s, i)) expect((s.arrivals?.[i] as number) - (s.points[i] as { t: number }).t).toBeGreaterThan(19 * SEC);
      }
    }
    expect(bySite(CARACAS).filter((s) => dupCount(s) > 0).length).toBeGreaterThanOrEqual(12);
    // Norfolk Island: every arrival inside the cheap-rate window (23:00-06:00 local); 15 s stamps; records up to a day late; every device's uploads repeat a record.
    for (const s of bySite(NORFOLK)) {
      expect((s.arrivals as number[]).every((a) => !within(localHour(a, NORFOLK), 6, 23))).toBe(true);
      expect(s.points.every((p) => p.t % (15 * SEC) === 0)).toBe(true);
      expect(Math.max(...firstLateness(s))).toBeGreaterThan(20 * HOUR);
      expect(median(firstLateness(s))).toBeGreaterThan(4 * HOUR);
      expect(dupCount(s)).toBeGreaterThanOrEqual(2);
    }
    // Chatham Islands: live in 1-4 s plus the clock's lag (under 10 s); the lag grows through the day and is set right at 04:00 local.
    for (const s of bySite(CHATHAM)) {
      const late = firstLateness(s);
      const pts = unique(s);
      expect(Math.min(...late)).toBeGreaterThanOrEqual(SEC - 1);
      expect(Math.max(...late)).toBeLessThan(14 * SEC);
      const before = late.filter((_, i) => within(localHour((pts[i] as { t: number }).t, CHATHAM), 2.5, 4));
      const afterSync = late.filter((_, i) => within(localHour((pts[i] as { t: number }).t, CHATHAM), 4.05, 5.5));
      expect(median(before) - median(afterSync)).toBeGreaterThan(2.5 * SEC);
      expect(s.points.some((p) => p.t % SEC !== 0)).toBe(true);
    }
    // Controls never have a gap over 20 min (only dropouts do); spans 3-6 days.
    for (const s of set.filter((x) => x.labels.length === 0)) expect(Math.max(...gaps(s))).toBeLessThan(20 * MIN);
    const spans = set.map((s) => ((s.points.at(-1) as { t: number }).t - (s.points[0] as { t: number }).t) / DAY);
    expect(Math.min(...spans)).toBeGreaterThan(2.95);
    expect(Math.max(...spans)).toBeLessThan(6.05);
  });

  it('daily and holiday patterns are real: the museum gates shut on Monday and at Carnival, the organ silent outside rehearsals and concerts, the green watered at 04:00, chlorine dosed at 06:00, the kiosk busy on the cruise ship day', () => {
    for (const s of byType('museum-gate-visitors').filter((x) => x.labels.length === 0)) {
      const shut = unique(s).filter((p) => localWeekday(p.t, CARACAS) === 1 || [5, 6].includes(localDay(p.t, CARACAS)) || !within(localHour(p.t, CARACAS), 9, 17));
      expect(shut.every((p) => p.m.entries === 0)).toBe(true);
      const busy = unique(s).filter((p) => localWeekday(p.t, CARACAS) === 0 && within(localHour(p.t, CARACAS), 11, 12)).map((p) => p.m.entries as number);
      expect(busy.length).toBeGreaterThan(8);
      expect(median(busy)).toBeGreaterThan(15);
    }
    for (const s of byType('pipe-organ-wind-mmwc').filter((x) => x.labels.length === 0)) {
      const monday = unique(s).filter((p) => localWeekday(p.t, CARACAS) === 1);
      expect(monday.length).toBeGreaterThan(600);
      expect(monday.every((p) => p.m.wind_mmwc === 0)).toBe(true);
      const rehearsal = unique(s).filter((p) => localDay(p.t, CARACAS) === 0 && within(localHour(p.t, CARACAS), 10.2, 12.8)).map((p) => p.m.wind_mmwc as number);
      expect(rehearsal.length).toBeGreaterThan(100);
      expect(Math.abs(median(rehearsal) - 95)).toBeLessThan(1);
    }
    const green = values(control('golf-green-soil-vwc'));
    const jumps = green.slice(1).filter((v, i) => v - (green[i] as number) > 0.6).length;
    expect(jumps).toBeGreaterThan(5);
    const gpts = unique(control('golf-green-soil-vwc'));
    const jumpHours = gpts.slice(1).filter((p, i) => (p.m.green_vwc as number) - (gpts[i]?.m.green_vwc as number) > 0.6).map((p) => localHour(p.t, CHATHAM));
    expect(jumpHours.every((hr) => within(hr, 3.9, 4.6))).toBe(true);
    const pool = unique(control('community-pool-chlorine-ppm'));
    const at = (lo: number, hi: number) => median(pool.filter((p) => within(localHour(p.t, CHATHAM), lo, hi)).map((p) => p.m.fcl_ppm as number));
    expect(at(6.5, 7.5)).toBeGreaterThan(at(5, 6) + 0.15);
    for (const s of byType('kiosk-espresso-boiler-bar').filter((x) => x.labels.length === 0)) {
      const c = Number(s.identifier.at(-1));
      const dips = (day: number) => {
        const pts = unique(s).filter((p) => localDay(p.t, NORFOLK) === day && within(localHour(p.t, NORFOLK), 9, 15)).map((p) => p.m.boiler_bar as number);
        return pts.slice(1).filter((v, i) => (pts[i] as number) - v >= 0.035).length;
      };
      const other = [1, 2].filter((d) => d !== v15CruiseDay(c))[0] as number;
      expect(dips(v15CruiseDay(c))).toBeGreaterThan(dips(other) * 1.5);
    }
  });

  it('reuses no identifier, device type or time zone of v1-v14, starts on a Wednesday in February long after v14', () => {
    const earlier = new Set([...EARLIER_TYPES, ...V9_TYPES, ...V10_TYPES, ...V11_TYPES, ...V12_TYPES, ...V13_TYPES, ...V14_TYPES]);
    expect(V14_TYPES).toContain('bottling-line-fill-ml');
    expect(V9_TYPES).toContain('pivot-end-pressure');
    expect(set.filter((s) => earlier.has(type(s.identifier)) || !s.identifier.startsWith('v15-')).map((s) => s.identifier)).toEqual([]);
    expect(V15_TYPES.filter((k) => earlier.has(k))).toEqual([]);
    expect(Object.values(V15_ZONES).filter((z) => EARLIER_ZONES.includes(z))).toEqual([]);
    expect(new Set(Object.values(V15_ZONES)).size).toBe(3);
    expect(new Date(HELDOUT_V15_START).getUTCDay()).toBe(3);
    expect(new Date(HELDOUT_V15_START).getUTCMonth()).toBe(1);
    expect(HELDOUT_V15_START - HELDOUT_V14_START).toBeGreaterThan(2 * 365 * DAY);
  });
});
