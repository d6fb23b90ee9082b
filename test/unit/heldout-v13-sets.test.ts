import { createCipheriv } from 'node:crypto';
import { ChaCha20, HELDOUT_V13_START, V13_TYPES, V13_ZONES, chacha20Block, heldoutSetV13, oneAtATime, v13Round, v13Source } from '../../scripts/bench/anomaly-heldout-v13';
import { HELDOUT_V12_START, V12_TYPES } from '../../scripts/bench/anomaly-heldout-v12';
import { V11_TYPES } from '../../scripts/bench/anomaly-heldout-v11';
import { V10_TYPES } from '../../scripts/bench/anomaly-heldout-v10';
import { V9_TYPES } from '../../scripts/bench/anomaly-heldout-v9';
import { levelSigma, localSigma } from '../../scripts/bench/anomaly-heldout-v5';
import type { HeldoutSeries } from '../../scripts/bench/anomaly-heldout';

/**
 * Held-out v13 (issue 20, written blind) is data, not behaviour. These checks are structural only:
 * the generator against RFC 8439's ChaCha20 block test vector and Node's own ChaCha20 keystream,
 * Jenkins one-at-a-time's published vectors, uniformity, determinism, counts per kind, controls,
 * label windows inside their series and shaped as defined, spike/shift sizes re-measured on the
 * published points with the v5 helpers, delivery (the summit archiver's hourly migration and noon
 * re-write, SeedLink packets and outages, Argos passes on whole-minute stamps, the HF radio polls on
 * a 10 s tick), daily patterns, new names and zones. They never call the detector or the bench. One
 * generation of one seed for the whole file.
 */
const SEC = 1000;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const set = heldoutSetV13();

/** Device types of v1-v8 (copied from the v12 structure test); v9-v12's own are their *_TYPES. */
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
/** UTC offsets used by v1-v12 (v4 UTC only; v5-v10 whole hours from -8 to +12; v11 and v12 the half- and three-quarter-hour ones). */
const EARLIER_ZONES = [...Array.from({ length: 21 }, (_, k) => k - 8), -2.5, 5.5, 5.75, 6.5, 9.5, 3.5, -3.5, 12.75, 13];

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
const type = (id: string) => id.replace(/^v13-/, '').replace(/-\d+$/, '');
const byType = (name: string) => set.filter((s) => type(s.identifier) === name);
const bySite = (tz: number) => set.filter((s) => V13_ZONES[type(s.identifier)] === tz);
const lateness = (s: HeldoutSeries) => s.points.map((p, i) => (s.arrivals?.[i] as number) - p.t);
/** Lateness of first deliveries only (a duplicate counts 0). */
const firstLateness = (s: HeldoutSeries) => s.points.map((p, i) => (i > 0 && p.t === (s.points[i - 1] as { t: number }).t ? 0 : (s.arrivals?.[i] as number) - p.t));
const isDup = (s: HeldoutSeries, i: number) => i > 0 && s.points[i]?.t === s.points[i - 1]?.t;
const dupCount = (s: HeldoutSeries) => s.points.length - unique(s).length;
const localHour = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const control = (name: string) => byType(name).find((s) => s.labels.length === 0) as HeldoutSeries;
const STEPS: Record<string, number> = {};
const words = (hex: string) => (hex.match(/.{8}/g) as string[]).map((w) => parseInt(w, 16));

describe('held-out v13 anomaly set', () => {
  it('its random source is ChaCha20 (RFC 8439 block vector and Node crypto keystream), streams keyed by one-at-a-time hashes (published vectors); uniform, independent streams, unit normals', () => {
    // RFC 8439 section 2.3.2: key 00 01 … 1f, block count 1, nonce 00:00:00:09:00:00:00:4a:00:00:00:00.
    const key = Array.from({ length: 8 }, (_, k) => ((4 * k + 3) << 24) | ((4 * k + 2) << 16) | ((4 * k + 1) << 8) | (4 * k)).map((w) => w >>> 0);
    expect(chacha20Block(key, 1, [0x09000000, 0x4a000000, 0])).toEqual(
      words('e4e7f11015593bd11fdd0f50c47120a3c7f4d1c70368c0339aaa22044e6cd4c3466482d209aa9f0705d7c214a2028bd9d19c12b5b94e16dee883d0cb4e3c50a2'),
    );
    // Node's (OpenSSL's) ChaCha20 keystream for a stream key: the first 40 words of the generator, byte for byte.
    const streamKey = [590714, 0xdeadbeef, 1, 2, 3, 4, 5, 0xffffffff];
    const keyBytes = Buffer.alloc(32);
    streamKey.forEach((w, k) => keyBytes.writeUInt32LE(w >>> 0, 4 * k));
    const stream = createCipheriv('chacha20', keyBytes, Buffer.alloc(16)).update(Buffer.alloc(160));
    const g0 = new ChaCha20(streamKey);
    expect(Array.from({ length: 40 }, () => g0.next())).toEqual(Array.from({ length: 40 }, (_, k) => stream.readUInt32LE(4 * k)));
    // Jenkins one-at-a-time test vectors.
    expect(oneAtATime('a')).toBe(0xca2e9442);
    expect(oneAtATime('The quick brown fox jumps over the lazy dog')).toBe(0x519e91f5);
    // Uniformity: 64 buckets, chi-square under its 99.9 % point for 63 dof (~104); every bit about half set.
    const g = new ChaCha20([4242, 0, 0, 0, 0, 0, 0, 0]);
    const buckets = new Array<number>(64).fill(0);
    const bits = new Array<number>(32).fill(0);
    const draws = 64_000;
    for (let i = 0; i < draws; i++) {
      const x = g.next();
      buckets[x >>> 26] = (buckets[x >>> 26] as number) + 1;
      for (let q = 0; q < 32; q++) if ((x >>> q) & 1) bits[q] = (bits[q] as number) + 1;
    }
    const chi = buckets.reduce((p, o) => p + (o - draws / 64) ** 2 / (draws / 64), 0);
    expect(chi).toBeLessThan(104);
    expect(bits.every((n) => Math.abs(n / draws - 0.5) < 0.01)).toBe(true);
    const x = v13Source('dev', 3);
    const y = v13Source('dev', 3);
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
    // Normal tails: about 4.55 % beyond 2 sigma.
    expect(Math.abs(z.filter((v) => Math.abs(v) > 2).length / z.length - 0.0455)).toBeLessThan(0.012);
    const h = Array.from({ length: 4000 }, () => x.sech('h'));
    expect(Math.abs(Math.sqrt(h.reduce((p, v) => p + v * v, 0) / h.length) - 1)).toBeLessThan(0.08);
    // Heavier tails than a normal: more beyond 3 sigma.
    expect(h.filter((v) => Math.abs(v) > 3).length).toBeGreaterThan(z.filter((v) => Math.abs(v) > 3).length);
    const e = Array.from({ length: 4000 }, () => x.exponential(2, 'e'));
    expect(Math.abs(e.reduce((p, v) => p + v, 0) / e.length - 2)).toBeLessThan(0.12);
    expect(Object.is(v13Round(-0.04, 0.1), -0)).toBe(false);
    expect(v13Round(41.26, 0.5)).toBe(41.5);
  });

  it('is deterministic: the first copy of a 1-copy generation is the same, byte for byte; another seed gives other data', () => {
    const one = heldoutSetV13(1);
    expect(JSON.stringify(set.slice(0, 18))).toBe(JSON.stringify(one));
    const other = heldoutSetV13(1, 1);
    expect(other.map((s) => s.identifier)).toEqual(one.map((s) => s.identifier));
    expect(JSON.stringify(other.map((s) => s.points))).not.toBe(JSON.stringify(one.map((s) => s.points)));
  });

  it('has 54 series of 18 device types, 33 labels (7 spikes, 7 shifts, 6 flatlines, 7 dropouts, 6 regime changes), one per labelled series, 35-40 % controls, every type with a control', () => {
    expect(set).toHaveLength(54);
    expect(new Set(set.map((s) => s.identifier)).size).toBe(54);
    expect(new Set(set.map((s) => type(s.identifier))).size).toBe(18);
    expect(V13_TYPES).toHaveLength(18);
    const kinds: Record<string, number> = {};
    for (const l of set.flatMap((s) => s.labels)) kinds[l.kind] = (kinds[l.kind] ?? 0) + 1;
    expect(kinds).toEqual({ spike: 7, level_shift: 7, flatline: 6, dropout: 7, regime_change: 6 });
    expect(set.every((s) => s.labels.length <= 1)).toBe(true);
    const controls = set.filter((s) => s.labels.length === 0).length / set.length;
    expect(controls).toBeGreaterThanOrEqual(0.35);
    expect(controls).toBeLessThanOrEqual(0.4);
    expect(set.every((s) => s.shape.includes('(control)') === (s.labels.length === 0))).toBe(true);
    expect(V13_TYPES.filter((k) => !byType(k).some((s) => s.labels.length === 0))).toEqual([]);
  });

  it('times never decrease (equal only for a duplicate), one arrival per point and never before its measurement, one measurement per series on its resolution, label windows inside the series', () => {
    const bad: string[] = [];
    for (const s of set) {
      const first = (s.points[0] as { t: number }).t;
      const last = (s.points.at(-1) as { t: number }).t;
      const names = new Set(s.points.flatMap((p) => Object.keys(p.m)));
      const ok =
        first >= HELDOUT_V13_START &&
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
      if (![0.01, 0.1, 0.5, 1].includes(step) || !vs.every((v) => v13Round(v, step) === v)) bad.push(`${s.identifier}: off resolution ${step}`);
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
    if (process.env.V13_SIZES) console.log(JSON.stringify({ spikes: [Math.min(...spikes), median(spikes), Math.max(...spikes)], shifts: [Math.min(...shifts), median(shifts), Math.max(...shifts)] }));
  });

  it('delivers like a summit archiver, SeedLink over an Aleutian hop, Argos passes and an outback HF radio link', () => {
    // Hawaii: every record arrives at an hourly migration (:07-:09), so under an hour and ten minutes late; noon re-writes are duplicates.
    for (const s of bySite(-10)) {
      expect(Math.max(...lateness(s))).toBeLessThan(HOUR + 10 * MIN);
      expect(s.arrivals?.every((a) => within((a % HOUR) / MIN, 7, 9)) ?? false).toBe(true);
      const dupHours = s.points.filter((_, i) => isDup(s, i)).map((p) => localHour(p.t, -10));
      expect(dupHours.every((h) => within(h, 11, 12))).toBe(true);
      if (s.labels.length === 0) expect(dupCount(s)).toBeGreaterThanOrEqual(2);
    }
    // Aleutians: packets of 8 (arrivals shared by runs of 8 records), outages hold them, re-sent packets are duplicates.
    for (const s of bySite(-9)) {
      const first = s.arrivals?.filter((_, i) => !isDup(s, i)) as number[];
      const distinct = new Set(first).size;
      expect(distinct).toBeLessThanOrEqual(Math.ceil(unique(s).length / 8) + 12);
      expect(distinct).toBeGreaterThan(unique(s).length / 12);
      expect(Math.min(...lateness(s))).toBeGreaterThanOrEqual(SEC);
    }
    expect(bySite(-9).filter((s) => dupCount(s) > 0).length).toBeGreaterThanOrEqual(6);
    // Line Islands: stamps on whole minutes, arrivals bunched on passes 30-150 min apart.
    for (const s of bySite(14)) {
      expect(s.points.every((p) => p.t % MIN === 0)).toBe(true);
      expect(Math.max(...firstLateness(s))).toBeLessThan(152 * MIN);
      expect(median(firstLateness(s))).toBeGreaterThan(10 * MIN);
      expect(new Set(s.arrivals).size).toBeLessThan((((s.points.at(-1) as { t: number }).t - (s.points[0] as { t: number }).t) / (30 * MIN)) * 1.5 + 5);
    }
    expect(bySite(14).filter((s) => dupCount(s) > 0).length).toBeGreaterThanOrEqual(6);
    // Nullarbor: stamps on a 10 s tick; arrivals on 20-min polls, in order; grey-line fades make dawn and dusk later.
    for (const s of bySite(8.75)) {
      expect(s.points.every((p) => p.t % (10 * SEC) === 0)).toBe(true);
      const first = s.arrivals?.filter((_, i) => !isDup(s, i)) as number[];
      expect(first.every((a, i) => i === 0 || a >= (first[i - 1] as number))).toBe(true);
      const late = firstLateness(s);
      const fade = late.filter((x, i) => x > 0 && within(localHour((s.points[i] as { t: number }).t, 8.75), 17.2, 18.6));
      const day = late.filter((x, i) => x > 0 && within(localHour((s.points[i] as { t: number }).t, 8.75), 9, 15));
      expect(Math.max(...day)).toBeLessThan(21 * MIN);
      expect(Math.max(...fade)).toBeGreaterThan(40 * MIN);
      const dupLate = lateness(s).filter((_, i) => isDup(s, i));
      expect(dupLate.every((x) => x >= 20 * MIN)).toBe(true);
    }
    expect(bySite(8.75).filter((s) => dupCount(s) > 0).length).toBeGreaterThanOrEqual(6);
    // Other sites keep millisecond clocks.
    expect([...bySite(-10), ...bySite(-9)].every((s) => s.points.some((p) => p.t % 1000 !== 0))).toBe(true);
    // Controls never have a gap over 20 min (only dropouts do); spans 3-8 days.
    for (const s of set.filter((x) => x.labels.length === 0)) expect(Math.max(...gaps(s))).toBeLessThan(20 * MIN);
    const spans = set.map((s) => ((s.points.at(-1) as { t: number }).t - (s.points[0] as { t: number }).t) / DAY);
    expect(Math.min(...spans)).toBeGreaterThan(2.95);
    expect(Math.max(...spans)).toBeLessThan(8.05);
  });

  it('daily cycles are real: SO2 and irradiance exactly 0 at night, the oil pumps on standby by day, calibration gas every 4 h, radiosonde fills twice a day', () => {
    for (const s of byType('volcano-so2-flux-tpd')) {
      const night = unique(s).filter((p) => within(localHour(p.t, -10), 19, 24) || within(localHour(p.t, -10), 0, 6));
      expect(night.filter((p) => p.m.so2_tpd !== 0).length).toBeLessThan(s.labels.length > 0 ? 125 : 1);
      expect(median(unique(s).filter((p) => within(localHour(p.t, -10), 10, 14)).map((p) => p.m.so2_tpd as number))).toBeGreaterThan(300);
    }
    for (const s of byType('pyranometer-ghi-wm2').filter((x) => x.labels.every((l) => l.kind !== 'flatline'))) {
      const night = unique(s).filter((p) => within(localHour(p.t, 8.75), 18, 24) || within(localHour(p.t, 8.75), 0, 7));
      expect(night.every((p) => p.m.ghi_wm2 === 0)).toBe(true);
      expect(Math.max(...values(s))).toBeGreaterThan(450);
    }
    const oil = control('telescope-hydrostatic-oil-bar');
    expect(median(unique(oil).filter((p) => within(localHour(p.t, -10), 9, 16)).map((p) => p.m.oil_bar as number))).toBeLessThan(6);
    expect(median(unique(oil).filter((p) => within(localHour(p.t, -10), 21, 24)).map((p) => p.m.oil_bar as number))).toBeGreaterThan(35);
    const co2 = control('baseline-co2-ppm');
    const cal = unique(co2).filter((p) => within(localHour(p.t, 14) % 4, 0.03, 0.22)).map((p) => p.m.co2_ppm as number);
    expect(cal.length).toBeGreaterThan(100);
    expect(cal.every((v) => Math.abs(v - 455) < 0.2)).toBe(true);
    const sonde = control('radiosonde-helium-bar');
    const sv = values(sonde);
    const drops = sv.slice(1).filter((v, i) => (sv[i] as number) - v > 5).length;
    const days = ((times(sonde).at(-1) as number) - (times(sonde)[0] as number)) / DAY;
    expect(drops).toBeGreaterThanOrEqual(Math.floor(days * 2) - 1);
    expect(drops).toBeLessThanOrEqual(Math.ceil(days * 2) + 2);
  });

  it('reuses no identifier, device type or time zone of v1-v12, starts on a Monday in July long after v12', () => {
    const earlier = new Set([...EARLIER_TYPES, ...V9_TYPES, ...V10_TYPES, ...V11_TYPES, ...V12_TYPES]);
    expect(V12_TYPES).toContain('island-powerhouse-load-kw');
    expect(V9_TYPES).toContain('pivot-end-pressure');
    expect(set.filter((s) => earlier.has(type(s.identifier)) || !s.identifier.startsWith('v13-')).map((s) => s.identifier)).toEqual([]);
    expect(V13_TYPES.filter((k) => earlier.has(k))).toEqual([]);
    expect(Object.values(V13_ZONES).filter((z) => EARLIER_ZONES.includes(z))).toEqual([]);
    expect(new Set(Object.values(V13_ZONES)).size).toBe(4);
    expect(new Date(HELDOUT_V13_START).getUTCDay()).toBe(1);
    expect(new Date(HELDOUT_V13_START).getUTCMonth()).toBe(6);
    expect(HELDOUT_V13_START - HELDOUT_V12_START).toBeGreaterThan(2 * 365 * DAY);
  });
});
