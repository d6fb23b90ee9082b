import { deviceSource, hashName, heldoutSetV4 } from '../../scripts/bench/anomaly-heldout-v4';
import { heldoutSetV3 } from '../../scripts/bench/anomaly-heldout-v3';
import { heldoutSetV2 } from '../../scripts/bench/anomaly-heldout-v2';
import { heldoutSet } from '../../scripts/bench/anomaly-heldout';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_HOLDOUT, BENCH_TICKETS, type LabelledTicket } from '../../scripts/bench/classifier-set';
import { HELDOUT_TICKETS } from '../../scripts/bench/classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from '../../scripts/bench/classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, HELDOUT_V3_TICKETS } from '../../scripts/bench/classifier-heldout-v3';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_LANGUAGES, HELDOUT_V4_NO_CATEGORY, HELDOUT_V4_TICKETS } from '../../scripts/bench/classifier-heldout-v4';
import { OWN_TICKETS } from '../../scripts/bench/classifier-own';

/**
 * The held-out v4 sets (issue 20, round 4) are data, not behaviour: these tests hold that they are
 * deterministic (the same seed gives the same series, so every bench run measures the same thing),
 * shaped as the bench expects and new (no device shape, ticket or title of an earlier set). They
 * never look at how the detector or classifier scores them.
 */
describe('held-out v4 anomaly set', () => {
  const set = heldoutSetV4(3);

  it('the same seed gives the same series, arrivals and labels; another seed gives other data', () => {
    const a = heldoutSetV4(1);
    expect(JSON.stringify(heldoutSetV4(1))).toBe(JSON.stringify(a));
    const other = heldoutSetV4(1, 99);
    expect(other.map((s) => s.identifier)).toEqual(a.map((s) => s.identifier));
    expect(JSON.stringify(other.map((s) => s.points))).not.toBe(JSON.stringify(a.map((s) => s.points)));
  });

  it('every named stream is its own sequence: drawing from one never moves another', () => {
    const x = deviceSource(hashName('device'));
    const y = deviceSource(hashName('device'));
    for (let i = 0; i < 37; i++) y.u('elsewhere');
    const fromX = Array.from({ length: 25 }, () => x.u('s'));
    expect(Array.from({ length: 25 }, () => y.u('s'))).toEqual(fromX);
    expect(fromX.every((v) => v > 0 && v < 1)).toBe(true);
    expect(new Set(fromX).size).toBe(25);
    // The normal draws have about unit spread (Leva's ratio-of-uniforms).
    const z = Array.from({ length: 4000 }, () => x.normal('z'));
    const mean = z.reduce((p, v) => p + v, 0) / z.length;
    const sd = Math.sqrt(z.reduce((p, v) => p + (v - mean) ** 2, 0) / z.length);
    expect(Math.abs(mean)).toBeLessThan(0.06);
    expect(Math.abs(sd - 1)).toBeLessThan(0.05);
  });

  it('is shaped as the brief says: 40-51 series, 25-40 labels of every kind, 1-3 days, 30 s-15 min cadences, valid times and arrivals', () => {
    expect(set.length).toBeGreaterThanOrEqual(40);
    expect(set.length).toBeLessThanOrEqual(51);
    const labels = set.flatMap((s) => s.labels);
    expect(labels.length).toBeGreaterThanOrEqual(25);
    expect(labels.length).toBeLessThanOrEqual(40);
    expect(new Set(labels.map((l) => l.kind))).toEqual(new Set(['spike', 'level_shift', 'flatline', 'dropout', 'regime_change']));
    expect(set.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(15);
    const invalid = set
      .filter((s) => s.arrivals?.length !== s.points.length || s.points.some((p, i) => (i > 0 && p.t <= (s.points[i - 1] as { t: number }).t) || (s.arrivals?.[i] as number) < p.t) || s.labels.some((l) => l.to < l.from))
      .map((s) => s.identifier);
    expect(invalid).toEqual([]);
    const spans = set.map((s) => ((s.points.at(-1) as { t: number }).t - (s.points[0] as { t: number }).t) / 86_400_000);
    expect(Math.min(...spans)).toBeGreaterThan(0.95);
    expect(Math.max(...spans)).toBeLessThan(3.05);
    const cadences = set.map((s) => {
      const gaps = s.points.slice(1).map((p, i) => p.t - (s.points[i] as { t: number }).t).sort((a, b) => a - b);
      return (gaps[Math.floor(gaps.length / 2)] as number) / 60_000;
    });
    expect(Math.min(...cadences)).toBeLessThan(0.6);
    expect(Math.max(...cadences)).toBeGreaterThan(14);
    // Devices whose history arrives late: some records 1 h or more after they were measured.
    const late = set.filter((s) => s.points.some((p, i) => (s.arrivals?.[i] as number) - p.t >= 60 * 60_000));
    expect(late.length).toBeGreaterThanOrEqual(9);
    // One dropout per set whose gap is delivered only after it ended: no record measured in the
    // hour before the gap arrives before the gap's end.
    const afterTheFact = set.filter((s) =>
      s.labels.some((l) => l.kind === 'dropout' && s.points.every((p, i) => p.t < l.from - 60 * 60_000 || p.t > l.from || (s.arrivals?.[i] as number) >= l.to)),
    );
    expect(afterTheFact.length).toBe(1);
  });

  it('reuses no device shape or identifier of v1-v3', () => {
    const earlier = [...heldoutSet(1), ...heldoutSetV2(1), ...heldoutSetV3(1)];
    const shapes = new Set(earlier.map((s) => s.shape));
    const ids = new Set(earlier.map((s) => s.identifier));
    expect(set.filter((s) => shapes.has(s.shape) || ids.has(s.identifier)).map((s) => s.identifier)).toEqual([]);
  });
});

describe('held-out v4 classifier set', () => {
  const text = (t: LabelledTicket) => [t.ticket.title, ...t.ticket.messages.map((m) => m.content)].join('\n').toLowerCase().trim();
  const title = (t: LabelledTicket) => t.ticket.title.toLowerCase().trim();

  it('every category 20-25 times, about 60 % English and all four languages, 15-20 conversations, 3 examples per category', () => {
    const names = BENCH_CATEGORIES.map((c) => c.name);
    for (const name of names) {
      expect(HELDOUT_V4_TICKETS.filter((t) => t.category === name).length).toBeGreaterThanOrEqual(20);
      expect(HELDOUT_V4_TICKETS.filter((t) => t.category === name).length).toBeLessThanOrEqual(25);
      expect(HELDOUT_V4_EXAMPLES.filter((t) => t.category === name)).toHaveLength(3);
    }
    expect(HELDOUT_V4_TICKETS.every((t) => names.includes(t.category))).toBe(true);
    expect(HELDOUT_V4_TICKETS.length).toBeGreaterThanOrEqual(180);
    expect(HELDOUT_V4_TICKETS.length).toBeLessThanOrEqual(220);
    expect(HELDOUT_V4_LANGUAGES).toHaveLength(HELDOUT_V4_TICKETS.length);
    const english = HELDOUT_V4_LANGUAGES.filter((l) => l === 'en').length / HELDOUT_V4_LANGUAGES.length;
    expect(english).toBeGreaterThan(0.55);
    expect(english).toBeLessThan(0.65);
    for (const lang of ['de', 'fr', 'es'] as const) expect(HELDOUT_V4_LANGUAGES.filter((l) => l === lang).length).toBeGreaterThanOrEqual(20);
    const conversations = HELDOUT_V4_TICKETS.filter((t) => t.ticket.messages.some((m) => m.role !== 'customer'));
    expect(conversations.length).toBeGreaterThanOrEqual(15);
    expect(conversations.length).toBeLessThanOrEqual(20);
    // In every conversation the customer speaks first and last (their words carry the category).
    expect(conversations.filter((t) => t.ticket.messages[0]?.role !== 'customer' || t.ticket.messages.at(-1)?.role !== 'customer').map(title)).toEqual([]);
    // Short, terse tickets: a good share is a title with no message.
    expect(HELDOUT_V4_TICKETS.filter((t) => t.ticket.messages.length === 0).length).toBeGreaterThanOrEqual(60);
    expect(HELDOUT_V4_NO_CATEGORY.length).toBeGreaterThanOrEqual(8);
  });

  it('overlaps nothing: no repeated ticket or title inside v4, and no ticket or title of the tuning set, the round-3 tickets or v1-v3', () => {
    const v4 = [...HELDOUT_V4_TICKETS, ...HELDOUT_V4_EXAMPLES];
    expect(new Set(v4.map(text)).size).toBe(v4.length);
    expect(new Set(v4.map(title)).size).toBe(v4.length);
    const earlier: LabelledTicket[] = [
      ...BENCH_TICKETS, ...BENCH_EXAMPLES, ...BENCH_HOLDOUT, ...OWN_TICKETS, ...HELDOUT_TICKETS,
      ...HELDOUT_V2_TICKETS, ...HELDOUT_V2_EXAMPLES, ...HELDOUT_V3_TICKETS, ...HELDOUT_V3_EXAMPLES,
      ...HELDOUT_V3_NO_CATEGORY.map((ticket) => ({ category: '', ticket })),
    ];
    const earlierTexts = new Set(earlier.map(text));
    const earlierTitles = new Set(earlier.map(title));
    expect(v4.filter((t) => earlierTexts.has(text(t)) || earlierTitles.has(title(t))).map(title)).toEqual([]);
    const none = HELDOUT_V4_NO_CATEGORY.map((ticket) => ({ category: '', ticket }));
    expect(none.filter((t) => earlierTexts.has(text(t)) || earlierTitles.has(title(t))).map(title)).toEqual([]);
  });
});
