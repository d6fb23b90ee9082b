import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_HOLDOUT, BENCH_TICKETS, type LabelledTicket } from '../../scripts/bench/classifier-set';
import { HELDOUT_TICKETS } from '../../scripts/bench/classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from '../../scripts/bench/classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, HELDOUT_V3_TICKETS } from '../../scripts/bench/classifier-heldout-v3';
import { HELDOUT_V4_EXAMPLES, HELDOUT_V4_NO_CATEGORY, HELDOUT_V4_TICKETS } from '../../scripts/bench/classifier-heldout-v4';
import { HELDOUT_V5_EXAMPLES, HELDOUT_V5_NO_CATEGORY, HELDOUT_V5_TICKETS } from '../../scripts/bench/classifier-heldout-v5';
import { HELDOUT_V6_EXAMPLES, HELDOUT_V6_NO_CATEGORY, HELDOUT_V6_TICKETS } from '../../scripts/bench/classifier-heldout-v6';
import { HELDOUT_V7_EXAMPLES, HELDOUT_V7_NO_CATEGORY, HELDOUT_V7_TICKETS } from '../../scripts/bench/classifier-heldout-v7';
import { HELDOUT_V8_EXAMPLES, HELDOUT_V8_NO_CATEGORY, HELDOUT_V8_TICKETS } from '../../scripts/bench/classifier-heldout-v8';
import { HELDOUT_V9_EXAMPLES, HELDOUT_V9_NO_CATEGORY, HELDOUT_V9_TICKETS } from '../../scripts/bench/classifier-heldout-v9';
import { HELDOUT_V10_EXAMPLES, HELDOUT_V10_NO_CATEGORY, HELDOUT_V10_TICKETS } from '../../scripts/bench/classifier-heldout-v10';
import { HELDOUT_V11_EXAMPLES, HELDOUT_V11_NO_CATEGORY, HELDOUT_V11_TICKETS } from '../../scripts/bench/classifier-heldout-v11';
import { HELDOUT_V12_EXAMPLES, HELDOUT_V12_NO_CATEGORY, HELDOUT_V12_TICKETS } from '../../scripts/bench/classifier-heldout-v12';
import { HELDOUT_V13_EXAMPLES, HELDOUT_V13_NO_CATEGORY, HELDOUT_V13_TICKETS } from '../../scripts/bench/classifier-heldout-v13';
import {
  HELDOUT_V14_EXAMPLE_LANGUAGES,
  HELDOUT_V14_EXAMPLES,
  HELDOUT_V14_LANGUAGES,
  HELDOUT_V14_NO_CATEGORY,
  HELDOUT_V14_TICKETS,
} from '../../scripts/bench/classifier-heldout-v14';
import { CreateTicketBody } from '../../shared/domain/ticket/ticket.schema';

/**
 * The held-out v14 classifier set (issue 20, fourteenth round, written blind) is data, not behaviour:
 * these tests hold that it is shaped as its header says (21 tickets per category, 13 English and
 * 8 German/French/Spanish in each rotating 3/3/2, 7 title-only tickets and a chat with a bot and an
 * agent in each, three examples per category disjoint from the tests, 10-12 no-category tickets),
 * that every ticket is a valid createTicket
 * body, and that it is new (no title of the tuning set or of v1-v13). They never call the
 * classifier or the bench.
 */
type Ticket = LabelledTicket['ticket'];
const names = BENCH_CATEGORIES.map((cat) => cat.name);
const LANGS = ['en', 'de', 'fr', 'es'];
const titleOnly = (t: Ticket) => t.messages.length === 0 && t.description === '';
const norm = (text: string) => text.trim().toLowerCase();
const everyTicket = (): Ticket[] => [...HELDOUT_V14_TICKETS.map((t) => t.ticket), ...HELDOUT_V14_EXAMPLES.map((t) => t.ticket), ...HELDOUT_V14_NO_CATEGORY];

describe('held-out v14 classifier set', () => {
  it('21 tickets in each of the nine categories, every category a bench category', () => {
    const per = new Map<string, number>();
    for (const t of HELDOUT_V14_TICKETS) per.set(t.category, (per.get(t.category) ?? 0) + 1);
    expect([...per.keys()].sort()).toEqual([...names].sort());
    for (const n of per.values()) expect(n).toBe(21);
    expect(HELDOUT_V14_TICKETS).toHaveLength(189);
  });

  it('one language tag per ticket and example: 13 English per category (about 60 %), 24 each of de/fr/es, all four in every category', () => {
    expect(HELDOUT_V14_LANGUAGES).toHaveLength(HELDOUT_V14_TICKETS.length);
    expect(HELDOUT_V14_EXAMPLE_LANGUAGES).toHaveLength(HELDOUT_V14_EXAMPLES.length);
    for (const l of [...HELDOUT_V14_LANGUAGES, ...HELDOUT_V14_EXAMPLE_LANGUAGES]) expect(LANGS).toContain(l);
    const share = HELDOUT_V14_LANGUAGES.filter((x) => x === 'en').length / HELDOUT_V14_LANGUAGES.length;
    expect(share).toBeGreaterThanOrEqual(0.55);
    expect(share).toBeLessThanOrEqual(0.65);
    for (const l of ['de', 'fr', 'es']) expect(HELDOUT_V14_LANGUAGES.filter((x) => x === l)).toHaveLength(24);
    for (const name of names) {
      const langs = HELDOUT_V14_TICKETS.map((t, i) => (t.category === name ? HELDOUT_V14_LANGUAGES[i] : undefined)).filter(Boolean);
      expect(new Set(langs)).toEqual(new Set(LANGS));
      expect(langs.filter((l) => l === 'en')).toHaveLength(13);
      expect(['de', 'fr', 'es'].map((l) => langs.filter((x) => x === l).length).sort()).toEqual([2, 3, 3]);
    }
    expect(new Set(HELDOUT_V14_EXAMPLE_LANGUAGES)).toEqual(new Set(LANGS));
  });

  it('every category has 7 title-only tickets and a chat with both a bot and an agent (customer first and last)', () => {
    for (const name of names) {
      const mine = HELDOUT_V14_TICKETS.filter((t) => t.category === name);
      expect(mine.filter((t) => titleOnly(t.ticket))).toHaveLength(7);
      const conversations = mine.filter((t) => t.ticket.messages.some((m) => m.role !== 'customer'));
      expect(conversations.filter((t) => ['bot', 'agent'].every((role) => t.ticket.messages.some((m) => m.role === role)))).toHaveLength(1);
      for (const conv of conversations) {
        expect(conv.ticket.messages[0]?.role).toBe('customer');
        expect(conv.ticket.messages.at(-1)?.role).toBe('customer');
      }
    }
  });

  it('about a third of the test tickets are a title only, as the header says', () => {
    const share = HELDOUT_V14_TICKETS.filter((t) => titleOnly(t.ticket)).length / HELDOUT_V14_TICKETS.length;
    expect(share).toBeGreaterThanOrEqual(0.3);
    expect(share).toBeLessThanOrEqual(0.37);
  });

  it('every ticket, example and no-category ticket is a valid createTicket body', () => {
    for (const t of everyTicket()) {
      const parsed = CreateTicketBody.safeParse({ title: t.title, description: t.description, messages: t.messages, customerEmail: 'customer@example.com' });
      expect(parsed.success ? [] : [t.title, parsed.error.issues.map((i) => i.message)]).toEqual([]);
      expect(t.title.trim().length).toBeGreaterThan(0);
      for (const m of t.messages) expect(m.content.trim().length).toBeGreaterThan(0);
    }
    for (const t of [...HELDOUT_V14_TICKETS, ...HELDOUT_V14_EXAMPLES]) {
      expect(CreateTicketBody.safeParse({ title: t.ticket.title, customerEmail: 'customer@example.com', category: t.category }).success).toBe(true);
    }
  });

  it('three examples per category sharing no title or content with a test ticket; 10-12 tickets of no category; every v14 title unique', () => {
    for (const name of names) expect(HELDOUT_V14_EXAMPLES.filter((t) => t.category === name)).toHaveLength(3);
    expect(HELDOUT_V14_EXAMPLES.every((t) => names.includes(t.category))).toBe(true);
    const testTitles = new Set(HELDOUT_V14_TICKETS.map((t) => norm(t.ticket.title)));
    const testContents = new Set(HELDOUT_V14_TICKETS.flatMap((t) => [t.ticket.description, ...t.ticket.messages.map((m) => m.content)]).filter((s) => s !== '').map(norm));
    for (const e of HELDOUT_V14_EXAMPLES) {
      expect(testTitles.has(norm(e.ticket.title))).toBe(false);
      expect(testContents.has(norm(e.ticket.title))).toBe(false);
      for (const m of e.ticket.messages) expect(testContents.has(norm(m.content))).toBe(false);
    }
    expect(HELDOUT_V14_NO_CATEGORY.length).toBeGreaterThanOrEqual(10);
    expect(HELDOUT_V14_NO_CATEGORY.length).toBeLessThanOrEqual(12);
    const all = everyTicket().map((t) => norm(t.title));
    expect(all.filter((title, i) => all.indexOf(title) !== i)).toEqual([]);
  });

  it('reuses no title of the tuning set or v1-v13', () => {
    const earlier = new Set(
      [
        ...BENCH_TICKETS, ...BENCH_EXAMPLES, ...BENCH_HOLDOUT, ...HELDOUT_TICKETS, ...HELDOUT_V2_TICKETS, ...HELDOUT_V2_EXAMPLES,
        ...HELDOUT_V3_TICKETS, ...HELDOUT_V3_EXAMPLES, ...HELDOUT_V4_TICKETS, ...HELDOUT_V4_EXAMPLES, ...HELDOUT_V5_TICKETS, ...HELDOUT_V5_EXAMPLES,
        ...HELDOUT_V6_TICKETS, ...HELDOUT_V6_EXAMPLES, ...HELDOUT_V7_TICKETS, ...HELDOUT_V7_EXAMPLES, ...HELDOUT_V8_TICKETS, ...HELDOUT_V8_EXAMPLES,
        ...HELDOUT_V9_TICKETS, ...HELDOUT_V9_EXAMPLES, ...HELDOUT_V10_TICKETS, ...HELDOUT_V10_EXAMPLES,
        ...HELDOUT_V11_TICKETS, ...HELDOUT_V11_EXAMPLES, ...HELDOUT_V12_TICKETS, ...HELDOUT_V12_EXAMPLES, ...HELDOUT_V13_TICKETS, ...HELDOUT_V13_EXAMPLES,
      ].map((t) => norm(t.ticket.title)),
    );
    for (const t of [...HELDOUT_V3_NO_CATEGORY, ...HELDOUT_V4_NO_CATEGORY, ...HELDOUT_V5_NO_CATEGORY, ...HELDOUT_V6_NO_CATEGORY, ...HELDOUT_V7_NO_CATEGORY, ...HELDOUT_V8_NO_CATEGORY, ...HELDOUT_V9_NO_CATEGORY, ...HELDOUT_V10_NO_CATEGORY, ...HELDOUT_V11_NO_CATEGORY, ...HELDOUT_V12_NO_CATEGORY, ...HELDOUT_V13_NO_CATEGORY]) earlier.add(norm(t.title));
    expect(earlier.size).toBeGreaterThan(1900);
    expect(everyTicket().filter((t) => earlier.has(norm(t.title))).map((t) => t.title)).toEqual([]);
  });
});
