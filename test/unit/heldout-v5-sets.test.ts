import { ecuyer, heldoutSetV5, localSigma, v5Source } from '../../scripts/bench/anomaly-heldout-v5';
import { heldoutSetV4 } from '../../scripts/bench/anomaly-heldout-v4';
import { heldoutSetV3 } from '../../scripts/bench/anomaly-heldout-v3';
import { heldoutSetV2 } from '../../scripts/bench/anomaly-heldout-v2';
import { heldoutSet } from '../../scripts/bench/anomaly-heldout';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS, type LabelledTicket } from '../../scripts/bench/classifier-set';
import { HELDOUT_TICKETS } from '../../scripts/bench/classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from '../../scripts/bench/classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, HELDOUT_V3_TICKETS } from '../../scripts/bench/classifier-heldout-v3';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_NO_CATEGORY, HELDOUT_V4_TICKETS } from '../../scripts/bench/classifier-heldout-v4';
import { HELDOUT_V5_EXAMPLE_LANGUAGES, HELDOUT_V5_EXAMPLES, HELDOUT_V5_LANGUAGES, HELDOUT_V5_NO_CATEGORY, HELDOUT_V5_TICKETS } from '../../scripts/bench/classifier-heldout-v5';

/**
 * The held-out v5 sets (issue 20, round 5) are data, not behaviour: these tests hold that they are
 * deterministic, shaped as the brief says (counts per kind, category and language, windows inside
 * their series, examples disjoint from the tests, the control share) and new (no identifier, shape
 * or title of an earlier set). They never call the detector or the classifier.
 */
const HOUR = 3_600_000;

describe('held-out v5 anomaly set', () => {
  const set = heldoutSetV5();

  it('the same seed gives the same series, arrivals and labels; another seed gives other data', () => {
    const a = heldoutSetV5(1);
    expect(JSON.stringify(heldoutSetV5(1))).toBe(JSON.stringify(a));
    const other = heldoutSetV5(1, 12_345);
    expect(other.map((s) => s.identifier)).toEqual(a.map((s) => s.identifier));
    expect(JSON.stringify(other.map((s) => s.points))).not.toBe(JSON.stringify(a.map((s) => s.points)));
  });

  it("its random source: L'Ecuyer draws in (0, 1), named streams independent, unit-spread normals", () => {
    const g = ecuyer(1, 2);
    const draws = Array.from({ length: 5000 }, () => g());
    expect(draws.every((v) => v > 0 && v < 1)).toBe(true);
    expect(Math.abs(draws.reduce((p, v) => p + v, 0) / draws.length - 0.5)).toBeLessThan(0.02);
    const x = v5Source('device');
    const y = v5Source('device');
    for (let i = 0; i < 41; i++) y.u('elsewhere');
    const fromX = Array.from({ length: 25 }, () => x.u('s'));
    expect(Array.from({ length: 25 }, () => y.u('s'))).toEqual(fromX);
    expect(new Set(fromX).size).toBe(25);
    const z = Array.from({ length: 4000 }, () => x.normal('z'));
    const mean = z.reduce((p, v) => p + v, 0) / z.length;
    const sd = Math.sqrt(z.reduce((p, v) => p + (v - mean) ** 2, 0) / z.length);
    expect(Math.abs(mean)).toBeLessThan(0.06);
    expect(Math.abs(sd - 1)).toBeLessThan(0.05);
    const t = Array.from({ length: 4000 }, () => x.student(4, 't'));
    const tsd = Math.sqrt(t.reduce((p, v) => p + v * v, 0) / t.length);
    expect(tsd).toBeGreaterThan(0.8);
    expect(tsd).toBeLessThan(1.25);
  });

  it('has 51 series of 17 device types, every label kind 5-10 times, 35-40 % controls', () => {
    expect(set).toHaveLength(51);
    expect(new Set(set.map((s) => s.identifier)).size).toBe(51);
    expect(new Set(set.map((s) => s.identifier.replace(/-\d+$/, ''))).size).toBe(17);
    const kinds: Record<string, number> = {};
    for (const l of set.flatMap((s) => s.labels)) kinds[l.kind] = (kinds[l.kind] ?? 0) + 1;
    expect(Object.keys(kinds).sort()).toEqual(['dropout', 'flatline', 'level_shift', 'regime_change', 'spike']);
    for (const n of Object.values(kinds)) {
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(10);
    }
    const controls = set.filter((s) => s.labels.length === 0).length / set.length;
    expect(controls).toBeGreaterThanOrEqual(0.35);
    expect(controls).toBeLessThanOrEqual(0.4);
  });

  it('every series: increasing times, one arrival per point never before its measurement, every label window inside the series and on a reported measurement', () => {
    const invalid: string[] = [];
    for (const s of set) {
      const first = (s.points[0] as { t: number }).t;
      const last = (s.points.at(-1) as { t: number }).t;
      const names = new Set(s.points.flatMap((p) => Object.keys(p.m)));
      const ok =
        s.arrivals?.length === s.points.length &&
        s.points.every((p, i) => (i === 0 || p.t > (s.points[i - 1] as { t: number }).t) && (s.arrivals?.[i] as number) >= p.t && Object.values(p.m).every(Number.isFinite)) &&
        s.labels.every((l) => l.from <= l.to && l.from >= first && l.to <= last && (l.kind === 'dropout' ? l.measurement === null : names.has(l.measurement as string)));
      if (!ok) invalid.push(s.identifier);
    }
    expect(invalid).toEqual([]);
  });

  it('label windows follow the definitions: dropout windows span a real gap, regime windows 3.5 h, level-shift windows 10 points', () => {
    for (const s of set) {
      const ts = s.points.map((p) => p.t);
      for (const l of s.labels) {
        if (l.kind === 'dropout') {
          const i = ts.indexOf(l.from);
          expect(i).toBeGreaterThanOrEqual(0);
          expect(ts[i + 1]).toBe(l.to);
          expect(l.to - l.from).toBeGreaterThan(2 * HOUR);
        }
        if (l.kind === 'regime_change') expect(l.to - l.from).toBeLessThanOrEqual(3.5 * HOUR);
        if (l.kind === 'regime_change') expect(l.to - l.from).toBeGreaterThan(3 * HOUR);
        if (l.kind === 'level_shift') expect(ts.indexOf(l.to) - ts.indexOf(l.from)).toBe(10);
        if (l.kind === 'flatline') {
          const vals = s.points.filter((p) => p.t >= l.from && p.t <= l.to).map((p) => p.m[l.measurement as string]);
          expect(new Set(vals).size).toBe(1);
          expect(vals.length).toBeGreaterThanOrEqual(30);
        }
      }
    }
  });

  it('a local sigma of pure unit noise is about 1 (the definition spikes and shifts are sized by)', () => {
    const r = v5Source('sigma');
    const values = Array.from({ length: 400 }, () => r.normal());
    const sigma = localSigma(values, 400, 0.001);
    expect(sigma).toBeGreaterThan(0.8);
    expect(sigma).toBeLessThan(1.3);
  });

  it('delivery: late batches, out-of-order arrivals, one dropout delivered only after the fact; 1-4 days, 30 s-15 min cadences', () => {
    const late = set.filter((s) => s.points.some((p, i) => (s.arrivals?.[i] as number) - p.t >= HOUR));
    expect(late.length).toBeGreaterThanOrEqual(12);
    const outOfOrder = set.filter((s) => s.arrivals?.some((a, i) => i > 0 && a < (s.arrivals?.[i - 1] as number)));
    expect(outOfOrder.length).toBeGreaterThanOrEqual(3);
    const afterTheFact = set.filter((s) =>
      s.labels.some((l) => l.kind === 'dropout' && s.points.every((p, i) => p.t < l.from - HOUR || p.t > l.from || (s.arrivals?.[i] as number) >= l.to)),
    );
    expect(afterTheFact.map((s) => s.identifier)).toEqual(['v5-reefer-1']);
    const spans = set.map((s) => ((s.points.at(-1) as { t: number }).t - (s.points[0] as { t: number }).t) / (24 * HOUR));
    expect(Math.min(...spans)).toBeGreaterThan(0.95);
    expect(Math.max(...spans)).toBeLessThan(4.05);
    const cadences = set.map((s) => {
      const gaps = s.points.slice(1).map((p, i) => p.t - (s.points[i] as { t: number }).t).sort((a, b) => a - b);
      return (gaps[Math.floor(gaps.length / 2)] as number) / 60_000;
    });
    expect(Math.min(...cadences)).toBeLessThan(0.6);
    expect(Math.max(...cadences)).toBeGreaterThan(14);
  });

  it('reuses no identifier or device shape of v1-v4', () => {
    const earlier = [...heldoutSet(1), ...heldoutSetV2(1), ...heldoutSetV3(1), ...heldoutSetV4(1)];
    const shapes = new Set(earlier.map((s) => s.shape));
    const ids = new Set(earlier.map((s) => s.identifier));
    expect(set.filter((s) => shapes.has(s.shape) || ids.has(s.identifier)).map((s) => s.identifier)).toEqual([]);
  });
});

describe('held-out v5 classifier set', () => {
  const names = BENCH_CATEGORIES.map((c) => c.name);
  const titleOnly = (t: LabelledTicket['ticket']) => t.messages.length === 0 && t.description === '';

  it('20-22 tickets in each of the nine categories, every category a bench category', () => {
    const per = new Map<string, number>();
    for (const t of HELDOUT_V5_TICKETS) per.set(t.category, (per.get(t.category) ?? 0) + 1);
    expect([...per.keys()].sort()).toEqual([...names].sort());
    for (const n of per.values()) {
      expect(n).toBeGreaterThanOrEqual(20);
      expect(n).toBeLessThanOrEqual(22);
    }
  });

  it('one language tag per ticket: about 60 % English, the rest German, French and Spanish, all four in every category', () => {
    expect(HELDOUT_V5_LANGUAGES).toHaveLength(HELDOUT_V5_TICKETS.length);
    expect(HELDOUT_V5_EXAMPLE_LANGUAGES).toHaveLength(HELDOUT_V5_EXAMPLES.length);
    const count = (l: string) => HELDOUT_V5_LANGUAGES.filter((x) => x === l).length / HELDOUT_V5_LANGUAGES.length;
    expect(count('en')).toBeGreaterThanOrEqual(0.55);
    expect(count('en')).toBeLessThanOrEqual(0.65);
    for (const l of ['de', 'fr', 'es']) expect(count(l)).toBeGreaterThanOrEqual(0.1);
    for (const name of names) {
      const langs = new Set(HELDOUT_V5_TICKETS.map((t, i) => (t.category === name ? HELDOUT_V5_LANGUAGES[i] : undefined)).filter(Boolean));
      expect(langs).toEqual(new Set(['en', 'de', 'fr', 'es']));
    }
  });

  it('about 40 % titles only; at least two conversations per category where someone other than the customer speaks', () => {
    const share = HELDOUT_V5_TICKETS.filter((t) => titleOnly(t.ticket)).length / HELDOUT_V5_TICKETS.length;
    expect(share).toBeGreaterThanOrEqual(0.35);
    expect(share).toBeLessThanOrEqual(0.47);
    for (const name of names) {
      const conversations = HELDOUT_V5_TICKETS.filter((t) => t.category === name && t.ticket.messages.some((m) => m.role !== 'customer'));
      expect(conversations.length).toBeGreaterThanOrEqual(2);
    }
    for (const t of [...HELDOUT_V5_TICKETS, ...HELDOUT_V5_EXAMPLES]) {
      expect(t.ticket.title.trim().length).toBeGreaterThan(0);
      for (const m of t.ticket.messages) expect(['customer', 'agent', 'bot']).toContain(m.role);
    }
  });

  it('three examples per category, none overlapping a test ticket; 8-12 tickets of no category', () => {
    for (const name of names) expect(HELDOUT_V5_EXAMPLES.filter((t) => t.category === name)).toHaveLength(3);
    const key = (t: LabelledTicket['ticket']) => `${t.title.toLowerCase()}|${t.description}|${t.messages.map((m) => m.content).join('|')}`;
    const tests = new Set(HELDOUT_V5_TICKETS.map((t) => key(t.ticket)));
    const testTitles = new Set(HELDOUT_V5_TICKETS.map((t) => t.ticket.title.toLowerCase()));
    expect(HELDOUT_V5_EXAMPLES.filter((t) => tests.has(key(t.ticket)) || testTitles.has(t.ticket.title.toLowerCase()))).toEqual([]);
    expect(tests.size).toBe(HELDOUT_V5_TICKETS.length);
    expect(HELDOUT_V5_NO_CATEGORY.length).toBeGreaterThanOrEqual(8);
    expect(HELDOUT_V5_NO_CATEGORY.length).toBeLessThanOrEqual(12);
    const v5Titles = new Set([...HELDOUT_V5_TICKETS, ...HELDOUT_V5_EXAMPLES].map((t) => t.ticket.title.toLowerCase()));
    expect(HELDOUT_V5_NO_CATEGORY.filter((t) => v5Titles.has(t.title.toLowerCase()))).toEqual([]);
  });

  it('reuses no title of the tuning set or v1-v4', () => {
    const earlier = new Set(
      [
        ...BENCH_TICKETS, ...BENCH_EXAMPLES, ...HELDOUT_TICKETS, ...HELDOUT_V2_TICKETS, ...HELDOUT_V2_EXAMPLES,
        ...HELDOUT_V3_TICKETS, ...HELDOUT_V3_EXAMPLES, ...HELDOUT_V4_TICKETS, ...HELDOUT_V4_EXAMPLES,
      ].map((t) => t.ticket.title.toLowerCase()),
    );
    for (const t of [...HELDOUT_V3_NO_CATEGORY, ...HELDOUT_V4_NO_CATEGORY]) earlier.add(t.title.toLowerCase());
    const mine = [...HELDOUT_V5_TICKETS.map((t) => t.ticket), ...HELDOUT_V5_EXAMPLES.map((t) => t.ticket), ...HELDOUT_V5_NO_CATEGORY];
    expect(mine.filter((t) => earlier.has(t.title.toLowerCase())).map((t) => t.title)).toEqual([]);
  });
});
