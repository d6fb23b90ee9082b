import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_HOLDOUT, BENCH_TICKETS, type LabelledTicket } from '../../scripts/bench/classifier-set';
import { HELDOUT_TICKETS } from '../../scripts/bench/classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from '../../scripts/bench/classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, HELDOUT_V3_TICKETS } from '../../scripts/bench/classifier-heldout-v3';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_NO_CATEGORY, HELDOUT_V4_TICKETS } from '../../scripts/bench/classifier-heldout-v4';
import { HELDOUT_V5_EXAMPLES, HELDOUT_V5_NO_CATEGORY, HELDOUT_V5_TICKETS } from '../../scripts/bench/classifier-heldout-v5';
import {
  HELDOUT_V6_EXAMPLE_LANGUAGES,
  HELDOUT_V6_EXAMPLES,
  HELDOUT_V6_LANGUAGES,
  HELDOUT_V6_NO_CATEGORY,
  HELDOUT_V6_TICKETS,
} from '../../scripts/bench/classifier-heldout-v6';

/**
 * The held-out v6 classifier set (issue 20, round 6) is data, not behaviour: these tests hold that it
 * is shaped as the brief says (counts per category and language, the title-only share, conversations
 * where someone other than the customer speaks, three examples per category disjoint from the tests,
 * the no-category list) and new (no title of the tuning set or of v1-v5). They never call the
 * classifier or the bench.
 */
type Ticket = LabelledTicket['ticket'];
const names = BENCH_CATEGORIES.map((c) => c.name);
const LANGS = ['en', 'de', 'fr', 'es'];
const titleOnly = (t: Ticket) => t.messages.length === 0 && t.description === '';
const norm = (title: string) => title.trim().toLowerCase();

describe('held-out v6 classifier set', () => {
  it('21 tickets in each of the nine categories, every category a bench category', () => {
    const per = new Map<string, number>();
    for (const t of HELDOUT_V6_TICKETS) per.set(t.category, (per.get(t.category) ?? 0) + 1);
    expect([...per.keys()].sort()).toEqual([...names].sort());
    for (const n of per.values()) expect(n).toBe(21);
    expect(HELDOUT_V6_TICKETS).toHaveLength(189);
  });

  it('one valid language tag per ticket and example: about 60 % English, 13 per category, all four languages in every category', () => {
    expect(HELDOUT_V6_LANGUAGES).toHaveLength(HELDOUT_V6_TICKETS.length);
    expect(HELDOUT_V6_EXAMPLE_LANGUAGES).toHaveLength(HELDOUT_V6_EXAMPLES.length);
    for (const l of [...HELDOUT_V6_LANGUAGES, ...HELDOUT_V6_EXAMPLE_LANGUAGES]) expect(LANGS).toContain(l);
    const share = (l: string) => HELDOUT_V6_LANGUAGES.filter((x) => x === l).length / HELDOUT_V6_LANGUAGES.length;
    expect(share('en')).toBeGreaterThanOrEqual(0.55);
    expect(share('en')).toBeLessThanOrEqual(0.65);
    for (const l of ['de', 'fr', 'es']) expect(HELDOUT_V6_LANGUAGES.filter((x) => x === l)).toHaveLength(24);
    for (const name of names) {
      const langs = HELDOUT_V6_TICKETS.map((t, i) => (t.category === name ? HELDOUT_V6_LANGUAGES[i] : undefined)).filter(Boolean);
      expect(new Set(langs)).toEqual(new Set(LANGS));
      expect(langs.filter((l) => l === 'en')).toHaveLength(13);
      for (const l of ['de', 'fr', 'es']) expect(langs.filter((x) => x === l).length).toBeGreaterThanOrEqual(2);
    }
    // Examples are not all English either.
    expect(new Set(HELDOUT_V6_EXAMPLE_LANGUAGES)).toEqual(new Set(LANGS));
  });

  it('about 40 % titles only (8 per category); two conversations per category where an agent or bot speaks, the customer first and last', () => {
    const share = HELDOUT_V6_TICKETS.filter((t) => titleOnly(t.ticket)).length / HELDOUT_V6_TICKETS.length;
    expect(share).toBeGreaterThanOrEqual(0.35);
    expect(share).toBeLessThanOrEqual(0.45);
    for (const name of names) {
      const mine = HELDOUT_V6_TICKETS.filter((t) => t.category === name);
      expect(mine.filter((t) => titleOnly(t.ticket))).toHaveLength(8);
      const conversations = mine.filter((t) => t.ticket.messages.some((m) => m.role !== 'customer'));
      expect(conversations).toHaveLength(2);
      for (const c of conversations) {
        expect(c.ticket.messages[0]?.role).toBe('customer');
        expect(c.ticket.messages.at(-1)?.role).toBe('customer');
      }
    }
    for (const t of [...HELDOUT_V6_TICKETS.map((x) => x.ticket), ...HELDOUT_V6_EXAMPLES.map((x) => x.ticket), ...HELDOUT_V6_NO_CATEGORY]) {
      expect(t.title.trim().length).toBeGreaterThan(0);
      for (const m of t.messages) {
        expect(['customer', 'agent', 'bot']).toContain(m.role);
        expect(m.content.trim().length).toBeGreaterThan(0);
      }
    }
  });

  it('three examples per category, none overlapping a test ticket; 10-12 tickets of no category; every v6 title unique', () => {
    for (const name of names) expect(HELDOUT_V6_EXAMPLES.filter((t) => t.category === name)).toHaveLength(3);
    expect(HELDOUT_V6_EXAMPLES.every((t) => names.includes(t.category))).toBe(true);
    const key = (t: Ticket) => `${norm(t.title)}|${t.description}|${t.messages.map((m) => m.content).join('|')}`;
    const tests = new Set(HELDOUT_V6_TICKETS.map((t) => key(t.ticket)));
    expect(tests.size).toBe(HELDOUT_V6_TICKETS.length);
    const testTitles = new Set(HELDOUT_V6_TICKETS.map((t) => norm(t.ticket.title)));
    expect(HELDOUT_V6_EXAMPLES.filter((t) => tests.has(key(t.ticket)) || testTitles.has(norm(t.ticket.title)))).toEqual([]);
    expect(HELDOUT_V6_NO_CATEGORY.length).toBeGreaterThanOrEqual(10);
    expect(HELDOUT_V6_NO_CATEGORY.length).toBeLessThanOrEqual(12);
    const all = [...HELDOUT_V6_TICKETS.map((t) => t.ticket), ...HELDOUT_V6_EXAMPLES.map((t) => t.ticket), ...HELDOUT_V6_NO_CATEGORY].map((t) => norm(t.title));
    expect(all.filter((title, i) => all.indexOf(title) !== i)).toEqual([]);
  });

  it('reuses no title of the tuning set or v1-v5', () => {
    const earlier = new Set(
      [
        ...BENCH_TICKETS, ...BENCH_EXAMPLES, ...BENCH_HOLDOUT, ...HELDOUT_TICKETS, ...HELDOUT_V2_TICKETS, ...HELDOUT_V2_EXAMPLES,
        ...HELDOUT_V3_TICKETS, ...HELDOUT_V3_EXAMPLES, ...HELDOUT_V4_TICKETS, ...HELDOUT_V4_EXAMPLES, ...HELDOUT_V5_TICKETS, ...HELDOUT_V5_EXAMPLES,
      ].map((t) => norm(t.ticket.title)),
    );
    for (const t of [...HELDOUT_V3_NO_CATEGORY, ...HELDOUT_V4_NO_CATEGORY, ...HELDOUT_V5_NO_CATEGORY]) earlier.add(norm(t.title));
    expect(earlier.size).toBeGreaterThan(500);
    const mine = [...HELDOUT_V6_TICKETS.map((t) => t.ticket), ...HELDOUT_V6_EXAMPLES.map((t) => t.ticket), ...HELDOUT_V6_NO_CATEGORY];
    expect(mine.filter((t) => earlier.has(norm(t.title))).map((t) => t.title)).toEqual([]);
  });
});
