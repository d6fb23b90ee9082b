import { HELDOUT_V11_START, Ranlux24, Ranlux24Base, V11_TYPES, crc32, heldoutSetV11, v11Round, v11Source } from '../../scripts/bench/anomaly-heldout-v11';
import { V10_TYPES } from '../../scripts/bench/anomaly-heldout-v10';
import { levelSigma, localSigma } from '../../scripts/bench/anomaly-heldout-v5';
import type { HeldoutSeries } from '../../scripts/bench/anomaly-heldout';

/**
 * Held-out v11 (issue 20, written blind) is data, not behaviour. These checks are structural only:
 * the generator against the C++ standard's published vectors for ranlux24_base and ranlux24 and an
 * independent BigInt transcription of the subtract-with-carry recurrence, CRC-32's published check
 * value, uniformity, determinism, counts per kind, controls, label windows inside their series and
 * shaped as defined, spike/shift sizes re-measured on the published points with the v5 helpers,
 * delivery (hourly historian files with overlapping windows, hotspot uploads, VSAT with rain-fade
 * buffering, LoRaWAN retransmissions, live polls, DCIM batches re-posted), daily and weekly patterns,
 * new names. They never call the detector or the bench. One generation of one seed for the whole file.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** v10's start (Saturday 2048-10-03), written out so the check does not depend on v10's internals. */
const HELDOUT_V10_START = Date.UTC(2048, 9, 3);
const set = heldoutSetV11();

/** Device types of v1-v9 (copied from the v10 structure test; v10's own are V10_TYPES) (their `identifier` without prefix and copy number). */
const EARLIER_TYPES = `rssi-quiet rssi-shift battery pressure flow gateway machine latency cpu-quiet cpu-leak
hvac motor vibration water rssi rssi-drop battery hydraulic coldchain humidity co2 room mains
ebike soil compressor inverter pm-indoor pm-outdoor pump bearing door tracker rssi-roam rssi-walk rssi-cabinet thermostat-a thermostat-b thermostat
csq parking kiosk-rsrp cold-room door scooter-motor scooter-charge beehive aquarium ups irrigation elevator smart-lock kiosk-rtt sump heat-pump pool-orp
fermenter nutrient-ec wind-rpm forklift reefer ev-charger tracker dialysis-ro silo escalator gas-meter oxygen deck-oven river milk-tank hotend ice-rink
mw-link nr-rsrq scanner fence dh-pressure air-header tower-makeup chw-flow barrel pos-latency edge-cpu water-tower server-fan trough transformer chairlift espresso fish-do
plug-tv room-stat purifier-pm mower-soc pool-pump-power chest-freezer wallbox-amps doorbell-batt leak-rh babycam-temp combi-flow micro-inverter router-ping mesh-rssi pet-feeder hot-tub water-heater class-co2
coldroom-logger pharmacy-fridge vending-power elevator-door-cycles parking-barrier-current rooftop-hvac-supply-air office-occupancy streetlight-current
retail-people-counter dishwasher-rinse-temp beverage-cooler-compressor laundry-water-flow workshop-air-compressor greenhouse-air-temp server-room-humidity
forklift-charger-current signage-cpu-temp lift-station-level
pv-array-ac-output bess-state-of-charge dc-fast-charger-session turbine-nacelle-vibration water-main-pressure reservoir-stage drip-zone-vwc
dairy-vat-milk-temp grain-bin-headspace-rh barn-ammonia weather-mast-gust cp-pipeline-potential substation-top-oil amr-water-meter-flow
borehole-pump-amps feeder-line-amps biogas-digester-temp pivot-end-pressure`.split(/\s+/);
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
const type = (id: string) => id.replace(/^v11-/, '').replace(/-\d+$/, '');
const byType = (name: string) => set.filter((s) => type(s.identifier) === name);
const lateness = (s: HeldoutSeries) => s.points.map((p, i) => (s.arrivals?.[i] as number) - p.t);
/** Lateness of first deliveries only (a duplicate counts 0). */
const firstLateness = (s: HeldoutSeries) => s.points.map((p, i) => (i > 0 && p.t === (s.points[i - 1] as { t: number }).t ? 0 : (s.arrivals?.[i] as number) - p.t));
const dupCount = (s: HeldoutSeries) => s.points.length - unique(s).length;
const localHour = (t: number, tz: number) => ((((t + tz * HOUR) % DAY) + DAY) % DAY) / HOUR;
const localDay = (t: number, tz: number) => new Date(t + tz * HOUR).getUTCDay();
const within = (h: number, lo: number, hi: number) => h >= lo && h < hi;
const control = (name: string) => byType(name).find((s) => s.labels.length === 0) as HeldoutSeries;
const STEPS: Record<string, number> = {};

/** The subtract-with-carry recurrence (w 24, s 10, r 24) and its seeding, transcribed independently with BigInt. */
function swcReference(seed: number, count: number, keep = 24, block = 24): number[] {
  const m = 2147483563n;
  let z = BigInt(seed >>> 0) === 0n ? 19780503n : BigInt(seed >>> 0) % m;
  if (z === 0n) z = 1n;
  const x: bigint[] = [];
  for (let i = 0; i < 24; i++) {
    z = (z * 40014n) % m;
    x.push(z & 0xffffffn);
  }
  let carry = x[23] === 0n ? 1n : 0n;
  const step = () => {
    const n = x.length;
    let y = (x[n - 10] as bigint) - (x[n - 24] as bigint) - carry;
    carry = y < 0n ? 1n : 0n;
    if (y < 0n) y += 1n << 24n;
    x.push(y);
    x.shift();
    return Number(y);
  };
  const out: number[] = [];
  let used = 0;
  while (out.length < count) {
    if (used === keep) {
      for (let i = 0; i < block - keep; i++) step();
      used = 0;
    }
    used++;
    out.push(step());
  }
  return out;
}

describe('held-out v11 anomaly set', () => {
  it('its random source is RANLUX (ranlux24: the C++ standard vectors and an independent transcription), streams seeded by CRC-32 (published check); uniform, independent streams, unit normals', () => {
    // ISO C++ [rand.predef]: the 10000th output of a default-constructed ranlux24_base is 7937952, of ranlux24 9901578.
    const base = new Ranlux24Base();
    const lux = new Ranlux24();
    let a = 0;
    let b = 0;
    for (let i = 0; i < 10_000; i++) {
      a = base.next();
      b = lux.next();
    }
    expect(a).toBe(7937952);
    expect(b).toBe(9901578);
    expect(swcReference(0, 10_000).at(-1)).toBe(7937952);
    for (const seed of [1, 12345, 0xdeadbeef, crc32('510808|x|u')]) {
      const g = new Ranlux24Base(seed);
      expect(Array.from({ length: 600 }, () => g.next())).toEqual(swcReference(seed, 600));
      const h = new Ranlux24(seed);
      expect(Array.from({ length: 600 }, () => h.next())).toEqual(swcReference(seed, 600, 23, 223));
    }
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
    // Uniformity of the 24-bit outputs: 64 buckets, chi-square under its 99.9 % point for 63 dof (~104); every bit about half set.
    const g = new Ranlux24(4242);
    const buckets = new Array<number>(64).fill(0);
    const bits = new Array<number>(24).fill(0);
    const draws = 64_000;
    for (let i = 0; i < draws; i++) {
      const x = g.next();
      expect(x >= 0 && x < 0x1000000).toBe(true);
      buckets[x >>> 18] = (buckets[x >>> 18] as number) + 1;
      for (let k = 0; k < 24; k++) if ((x >>> k) & 1) bits[k] = (bits[k] as number) + 1;
    }
    const chi = buckets.reduce((p, o) => p + (o - draws / 64) ** 2 / (draws / 64), 0);
    expect(chi).toBeLessThan(104);
    expect(bits.every((n) => Math.abs(n / draws - 0.5) < 0.01)).toBe(true);
    const x = v11Source('dev', 3);
    const y = v11Source('dev', 3);
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
    expect(Math.abs(Math.sqrt(l.reduce((p, v) => p + v * v, 0) / l.length) - 1)).toBeLessThan(0.08);
    const p = Array.from({ length: 4000 }, () => x.poisson(4, 'p'));
    expect(Math.abs(p.reduce((q, v) => q + v, 0) / p.length - 4)).toBeLessThan(0.12);
    expect(p.every(Number.isInteger)).toBe(true);
    expect(Object.is(v11Round(-0.04, 0.1), -0)).toBe(false);
    expect(v11Round(41.26, 0.5)).toBe(41.5);
  });

  it('is deterministic: the first copy of a 1-copy generation is the same, byte for byte; another seed gives other data', () => {
    const one = heldoutSetV11(1);
    expect(JSON.stringify(set.slice(0, 18))).toBe(JSON.stringify(one));
    const other = heldoutSetV11(1, 1);
    expect(other.map((s) => s.identifier)).toEqual(one.map((s) => s.identifier));
    expect(JSON.stringify(other.map((s) => s.points))).not.toBe(JSON.stringify(one.map((s) => s.points)));
  });

  it('has 54 series of 18 device types, 33 labels (7 spikes, 7 shifts, 6 flatlines, 7 dropouts, 6 regime changes), one per labelled series, 35-40 % controls, every type with a control', () => {
    expect(set).toHaveLength(54);
    expect(new Set(set.map((s) => s.identifier)).size).toBe(54);
    expect(new Set(set.map((s) => type(s.identifier))).size).toBe(18);
    expect(V11_TYPES).toHaveLength(18);
    const kinds: Record<string, number> = {};
    for (const l of set.flatMap((s) => s.labels)) kinds[l.kind] = (kinds[l.kind] ?? 0) + 1;
    expect(kinds).toEqual({ spike: 7, level_shift: 7, flatline: 6, dropout: 7, regime_change: 6 });
    expect(set.every((s) => s.labels.length <= 1)).toBe(true);
    const controls = set.filter((s) => s.labels.length === 0).length / set.length;
    expect(controls).toBeGreaterThanOrEqual(0.35);
    expect(controls).toBeLessThanOrEqual(0.4);
    expect(set.every((s) => s.shape.includes('(control)') === (s.labels.length === 0))).toBe(true);
    expect(V11_TYPES.filter((k) => !byType(k).some((s) => s.labels.length === 0))).toEqual([]);
  });

  it('times never decrease (equal only for a duplicate), one arrival per point and never before its measurement, one measurement per series on its resolution, label windows inside the series', () => {
    const bad: string[] = [];
    for (const s of set) {
      const first = (s.points[0] as { t: number }).t;
      const last = (s.points.at(-1) as { t: number }).t;
      const names = new Set(s.points.flatMap((p) => Object.keys(p.m)));
      const ok =
        first >= HELDOUT_V11_START &&
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
      if (![0.01, 0.1, 0.5, 1].includes(step) || !vs.every((v) => v11Round(v, step) === v)) bad.push(`${s.identifier}: off resolution ${step}`);
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

  it('delivers like a plant, mine, broadcast, apron, stadium and data-centre fleet', () => {
    // Plant historian: hourly files 4-12 min after the hour, one arrival instant per file, each file's last record re-sent with the next.
    for (const s of ['ww-influent-flow', 'aeration-basin-do', 'clarifier-sludge-blanket'].flatMap(byType)) {
      const late = lateness(s);
      expect(Math.min(...late)).toBeGreaterThanOrEqual(4 * MIN);
      expect(Math.max(...late)).toBeLessThan(2 * HOUR + 13 * MIN);
      expect(median(late)).toBeGreaterThan(25 * MIN);
      const spanHours = ((s.points.at(-1) as { t: number }).t - (s.points[0] as { t: number }).t) / HOUR;
      expect(new Set(s.arrivals).size).toBeLessThan(2 * spanHours + 2);
      expect(dupCount(s)).toBeGreaterThanOrEqual(0.6 * spanHours);
      const hourOf = (t: number) => Math.floor((t + 5.75 * HOUR) / HOUR);
      const ts = times(s);
      const lastOfHour = new Set(ts.filter((t, i) => i + 1 < ts.length && hourOf(ts[i + 1] as number) !== hourOf(t)));
      expect(s.points.every((p, i) => i === 0 || p.t !== (s.points[i - 1] as { t: number }).t || lastOfHour.has(p.t))).toBe(true);
    }
    // Haul trucks: uploaded at the crusher hotspot 6-11 min after loading, longer when the hotspot is missed; in order.
    for (const s of byType('haul-truck-payload')) {
      const late = lateness(s);
      expect(Math.min(...late)).toBeGreaterThanOrEqual(6 * MIN);
      expect(late.filter((x) => x > 15 * MIN).length).toBeGreaterThan(10);
      expect(s.arrivals?.every((a, i) => i === 0 || a >= (s.arrivals?.[i - 1] as number))).toBe(true);
    }
    // VSAT: about a second late, but records buffered through rain fades arrive 10+ min late.
    const vsat = ['mw-transmitter-forward-power', 'tx-antenna-vswr', 'tx-hall-temp'].flatMap(byType);
    for (const s of vsat) {
      expect(median(lateness(s))).toBeLessThan(1500);
      expect(Math.max(...lateness(s))).toBeLessThan(52 * MIN);
    }
    expect(vsat.filter((s) => lateness(s).some((x) => x > 10 * MIN)).length).toBeGreaterThanOrEqual(6);
    // LoRaWAN: 1-3 s, retransmitted uplinks (duplicates) within 20 s.
    const lora = ['pitch-grow-light-power', 'stadium-concourse-co2'].flatMap(byType);
    for (const s of lora) expect(Math.max(...lateness(s))).toBeLessThanOrEqual(21_000);
    expect(lora.filter((s) => dupCount(s) > 0).length).toBeGreaterThanOrEqual(4);
    // Live polls (mine surface, crusher PLC, apron MQTT): first deliveries within 2.5 s, re-deliveries within 41 s.
    const live = ['mine-vent-fan-airflow', 'crusher-conveyor-tph', 'stand-gpu-output-amps', 'pca-discharge-temp', 'baggage-sorter-inducts'].flatMap(byType);
    for (const s of live) {
      expect(Math.max(...firstLateness(s))).toBeLessThanOrEqual(2500);
      expect(Math.max(...lateness(s))).toBeLessThan(41_000);
    }
    expect(live.filter((s) => dupCount(s) > 0).length).toBeGreaterThanOrEqual(10);
    // DCIM: 5-min batches (few arrival instants), whole batches re-posted with the next one.
    const dcim = ['dc-ups-output-kw', 'crah-return-air-temp', 'genset-jacket-water-temp', 'pdu-branch-amps'].flatMap(byType);
    for (const s of dcim) {
      expect(Math.max(...lateness(s))).toBeLessThan(10 * MIN + 11_000);
      if (median(gaps(s)) < 3 * MIN) expect(new Set(s.arrivals).size).toBeLessThan(s.points.length / 2);
    }
    expect(dcim.filter((s) => dupCount(s) > 0).length).toBeGreaterThanOrEqual(6);
    // Haul trucks report per load: irregular gaps, longer at shift changes and crib breaks.
    for (const s of byType('haul-truck-payload')) {
      expect(Math.min(...gaps(s))).toBeLessThan(11 * MIN);
      expect(Math.max(...gaps(s))).toBeGreaterThan(29 * MIN);
    }
    // Controls never have a gap over 50 min (only dropouts do); spans 3-8 days.
    for (const s of set.filter((x) => x.labels.length === 0)) expect(Math.max(...gaps(s))).toBeLessThan(50 * MIN);
    const spans = set.map((s) => ((s.points.at(-1) as { t: number }).t - (s.points[0] as { t: number }).t) / DAY);
    expect(Math.min(...spans)).toBeGreaterThan(2.95);
    expect(Math.max(...spans)).toBeLessThan(8.05);
  });

  it('daily and weekly cycles are real: the transmitter at exactly 0 kW off air, GPUs at 0 A in the curfew, the crusher stopped for the Wednesday inspection, grow lights only at night and off for the match weekend, the Monday generator run', () => {
    const tx = control('mw-transmitter-forward-power');
    const night = unique(tx).filter((p) => within(localHour(p.t, 5.5), 1, 4.5));
    expect(night.length).toBeGreaterThan(200);
    expect(night.every((p) => p.m.fwd_kw === 0)).toBe(true);
    expect(median(unique(tx).filter((p) => within(localHour(p.t, 5.5), 13, 15)).map((p) => p.m.fwd_kw as number))).toBeGreaterThan(95);
    for (const s of byType('stand-gpu-output-amps')) expect(unique(s).filter((p) => within(localHour(p.t, -2.5), 1, 5)).every((p) => p.m.gpu_a === 0)).toBe(true);
    const crusher = control('crusher-conveyor-tph');
    const inspection = unique(crusher).filter((p) => localDay(p.t, 9.5) === 3 && within(localHour(p.t, 9.5), 8.5, 13.5));
    expect(inspection.length).toBeGreaterThan(200);
    expect(inspection.every((p) => p.m.tph === 0)).toBe(true);
    const rigs = control('pitch-grow-light-power');
    const at = (day: number, lo: number, hi: number) => unique(rigs).filter((p) => localDay(p.t, 9.5) === day && within(localHour(p.t, 9.5), lo, hi)).map((p) => p.m.rig_kw as number);
    expect(Math.min(...at(3, 0, 5))).toBeGreaterThan(50);
    expect(Math.max(...at(3, 10, 16))).toBe(0);
    expect(Math.max(...at(6, 0, 24))).toBe(0);
    for (const s of byType('genset-jacket-water-temp')) {
      const run = unique(s).filter((p) => localDay(p.t, 6.5) === 1 && within(localHour(p.t, 6.5), 10, 11)).map((p) => p.m.jacket_c as number);
      expect(Math.max(...run)).toBeGreaterThan(60);
    }
  });

  it('reuses no identifier or device type of v1-v10, starts on a Tuesday in August long after v10', () => {
    const earlier = new Set([...EARLIER_TYPES, ...V10_TYPES]);
    expect(EARLIER_TYPES).toContain('pivot-end-pressure');
    expect(V10_TYPES).toContain('theatre-air-changes');
    expect(set.filter((s) => earlier.has(type(s.identifier)) || !s.identifier.startsWith('v11-')).map((s) => s.identifier)).toEqual([]);
    expect(V11_TYPES.filter((k) => earlier.has(k))).toEqual([]);
    expect(new Date(HELDOUT_V11_START).getUTCDay()).toBe(2);
    expect(new Date(HELDOUT_V11_START).getUTCMonth()).toBe(7);
    expect(HELDOUT_V11_START - HELDOUT_V10_START).toBeGreaterThan(2 * 365 * DAY);
  });
});
