import { counterSource, heldoutSetV3 } from '../../scripts/bench/anomaly-heldout-v3';
import { heldoutSetV2 } from '../../scripts/bench/anomaly-heldout-v2';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS } from '../../scripts/bench/classifier-set';
import { HELDOUT_TICKETS } from '../../scripts/bench/classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from '../../scripts/bench/classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, HELDOUT_V3_TICKETS } from '../../scripts/bench/classifier-heldout-v3';
import { detectLanguage, words } from '../../shared/domain/ticket/classifier/language';

/**
 * The held-out v3 sets (issue 20, round 3) are data, not behaviour: these tests hold that they are
 * deterministic (the same seed gives the same series, so every bench run measures the same thing)
 * and shaped as the bench expects. They never look at how the detector or classifier scores them.
 */
describe('held-out v3 anomaly set', () => {
  it('the same seed gives the same series, arrivals and labels; another seed gives other data', () => {
    const a = heldoutSetV3(1);
    expect(JSON.stringify(heldoutSetV3(1))).toBe(JSON.stringify(a));
    const other = heldoutSetV3(1, 1234);
    expect(other.map((s) => s.identifier)).toEqual(a.map((s) => s.identifier));
    expect(JSON.stringify(other.map((s) => s.points))).not.toBe(JSON.stringify(a.map((s) => s.points)));
  });

  it('draws depend only on seed, stream and counter: drawing from one stream never moves another', () => {
    const x = counterSource(7);
    const y = counterSource(7);
    for (let i = 0; i < 50; i++) y.u('other');
    const fromX = Array.from({ length: 20 }, () => x.u('s'));
    expect(Array.from({ length: 20 }, () => y.u('s'))).toEqual(fromX);
    expect(fromX.every((v) => v > 0 && v < 1)).toBe(true);
    expect(new Set(fromX).size).toBe(20);
  });

  it('is shaped as the brief says: 35-45 series, 20-40 labels of every kind, valid times and arrivals, unlike v2', () => {
    const set = heldoutSetV3(3);
    expect(set.length).toBeGreaterThanOrEqual(35);
    expect(set.length).toBeLessThanOrEqual(45);
    const labels = set.flatMap((s) => s.labels);
    expect(labels.length).toBeGreaterThanOrEqual(20);
    expect(labels.length).toBeLessThanOrEqual(40);
    expect(new Set(labels.map((l) => l.kind))).toEqual(new Set(['spike', 'level_shift', 'flatline', 'dropout', 'regime_change']));
    expect(set.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(10);
    // Per series: times strictly increasing, nothing arrives before it was measured, label spans ordered.
    const invalid = set
      .filter((s) => s.arrivals?.length !== s.points.length || s.points.some((p, i) => (i > 0 && p.t <= (s.points[i - 1] as { t: number }).t) || (s.arrivals?.[i] as number) < p.t) || s.labels.some((l) => l.to < l.from))
      .map((s) => s.identifier);
    expect(invalid).toEqual([]);
    // Buffered devices: some records arrive 0.5 h or more after they were measured.
    const late = set.filter((s) => s.points.some((p, i) => (s.arrivals?.[i] as number) - p.t >= 30 * 60_000));
    expect(late.length).toBeGreaterThanOrEqual(6);
    const v2Shapes = new Set(heldoutSetV2(1).map((s) => s.shape));
    expect(set.filter((s) => v2Shapes.has(s.shape)).map((s) => s.shape)).toEqual([]);
  });
});

describe('held-out v3 classifier set', () => {
  const text = (t: (typeof HELDOUT_V3_TICKETS)[number]) => [t.ticket.title, ...t.ticket.messages.map((m) => m.content)].join('\n').toLowerCase();

  it('every category 20 times, four languages, conversations, 3 examples per category, no overlap with earlier sets', () => {
    const names = BENCH_CATEGORIES.map((c) => c.name);
    for (const name of names) {
      expect(HELDOUT_V3_TICKETS.filter((t) => t.category === name)).toHaveLength(20);
      expect(HELDOUT_V3_EXAMPLES.filter((t) => t.category === name)).toHaveLength(3);
    }
    expect(HELDOUT_V3_TICKETS).toHaveLength(names.length * 20);
    const language = (t: (typeof HELDOUT_V3_TICKETS)[number]) => detectLanguage(words(text(t)), 1) ?? 'en';
    expect(new Set(HELDOUT_V3_TICKETS.map(language))).toEqual(new Set(['en', 'de', 'es', 'fr']));
    expect(HELDOUT_V3_TICKETS.filter((t) => t.ticket.messages.some((m) => m.role !== 'customer')).length).toBeGreaterThanOrEqual(9);
    const tests = new Set(HELDOUT_V3_TICKETS.map(text));
    expect(tests.size).toBe(HELDOUT_V3_TICKETS.length);
    expect(HELDOUT_V3_EXAMPLES.filter((e) => tests.has(text(e))).map((e) => e.ticket.title)).toEqual([]);
    const earlier = new Set([...BENCH_TICKETS, ...BENCH_EXAMPLES, ...HELDOUT_TICKETS, ...HELDOUT_V2_TICKETS, ...HELDOUT_V2_EXAMPLES].map(text));
    expect([...HELDOUT_V3_TICKETS, ...HELDOUT_V3_EXAMPLES].filter((t) => earlier.has(text(t))).map((t) => t.ticket.title)).toEqual([]);
    expect(HELDOUT_V3_NO_CATEGORY.length).toBeGreaterThanOrEqual(8);
  });
});
