import { detectLanguage, words } from '../../shared/domain/ticket/classifier/language';
import { EmbeddedClassifier } from '../../shared/domain/ticket/classifier/embedded';
import { CLASSIFIER_GOAL } from '../../scripts/bench/classifier-goals';
import { BENCH_CATEGORIES, BENCH_EXAMPLES, BENCH_TICKETS } from '../../scripts/bench/classifier-set';
import { HELDOUT_TICKETS } from '../../scripts/bench/classifier-heldout';
import { HELDOUT_V2_EXAMPLES, HELDOUT_V2_TICKETS } from '../../scripts/bench/classifier-heldout-v2';
import { HELDOUT_V3_EXAMPLES, HELDOUT_V3_NO_CATEGORY, HELDOUT_V3_TICKETS, splitHeldoutV3 } from '../../scripts/bench/classifier-heldout-v3';
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
import { HELDOUT_V14_EXAMPLES, HELDOUT_V14_NO_CATEGORY, HELDOUT_V14_TICKETS } from '../../scripts/bench/classifier-heldout-v14';
import { evaluate, examplesFrom } from '../../scripts/bench/classifier-eval';
import { opaqueCategories } from '../../scripts/bench/classifier-opaque';

/**
 * The quality gates of `npm run bench:classifier`, on the HELD-OUT set (scripts/bench/classifier-
 * heldout.ts, written before the tuning of issue 20 and never tuned on). The in-sample figures
 * (the tuning set) are only printed (issue 25 #1). Timing and bundle size are the bench's and the
 * bundle test's business.
 */
const CALIBRATION_TOLERANCE = 0.1;

const examples = (labelled = BENCH_EXAMPLES) => examplesFrom(labelled);

describe('classifier quality on held-out tickets', () => {
  it('the held-out set is what the gates are measured on: every category, four languages, conversations, no overlap with tuning', () => {
    expect(HELDOUT_TICKETS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(HELDOUT_TICKETS.map((t) => t.category))).toEqual(new Set(BENCH_CATEGORIES.map((c) => c.name)));
    const languages = new Set(HELDOUT_TICKETS.map((t) => detectLanguage(words([t.ticket.title, ...t.ticket.messages.map((m) => m.content)].join(' ')), 1) ?? 'en'));
    expect([...languages].sort()).toEqual(['de', 'en', 'es', 'fr']);
    expect(HELDOUT_TICKETS.filter((t) => t.ticket.messages.length > 1).length).toBeGreaterThanOrEqual(8);
    // No held-out text is a tuning text (a few terse titles such as "No enciende" coincide; their messages differ).
    const text = (t: (typeof HELDOUT_TICKETS)[number]) => [t.ticket.title, ...t.ticket.messages.map((m) => m.content)].join('\n').toLowerCase();
    const tuning = new Set([...BENCH_TICKETS, ...BENCH_EXAMPLES].map(text));
    expect(HELDOUT_TICKETS.filter((t) => tuning.has(text(t))).map((t) => t.ticket.title)).toEqual([]);
  });

  it('(a) descriptions only: right and wrong shares within the goals (held-out; in-sample printed)', async () => {
    const a = await evaluate(HELDOUT_TICKETS, BENCH_CATEGORIES);
    const inSample = await evaluate(BENCH_TICKETS, BENCH_CATEGORIES);
    console.log(`(a) held-out ${(a.right * 100).toFixed(1)}% right / ${(a.wrong * 100).toFixed(1)}% wrong; in-sample ${(inSample.right * 100).toFixed(1)}% / ${(inSample.wrong * 100).toFixed(1)}%`);
    expect(a.right).toBeGreaterThanOrEqual(CLASSIFIER_GOAL.aRight);
    expect(a.wrong).toBeLessThanOrEqual(CLASSIFIER_GOAL.aWrong);
  });

  // The goal is 92% (CLASSIFIER_GOAL.bRight); measured on v1 (seen) after round 4: 97.8% -> 98.9%.
  // Round 6 reached 98.9% zero-shot: 89 of 90, the 90th ("tracking not updating") abstains either
  // way, so v1 can no longer show a lift; the lift is held on v3, v4 and v5 (below), v1 holds no loss.
  it('(b) three labelled examples per category: no loss on held-out v1 (at 98.9% zero-shot)', async () => {
    const a = await evaluate(HELDOUT_TICKETS, BENCH_CATEGORIES);
    const b = await evaluate(HELDOUT_TICKETS, BENCH_CATEGORIES, await examples());
    console.log(`(b) held-out ${(a.right * 100).toFixed(1)}% -> ${(b.right * 100).toFixed(1)}% after 3 examples per category (goal ${CLASSIFIER_GOAL.bRight * 100}%)`);
    expect(b.right).toBeGreaterThanOrEqual(a.right);
    expect(b.right).toBeGreaterThanOrEqual(0.98);
  });

  it(`categoryConfidence is calibrated on held-out tickets: a confidence of p is right about p of the time (expected calibration error <= ${CALIBRATION_TOLERANCE})`, async () => {
    for (const withExamples of [undefined, await examples()]) {
      const e = await evaluate(HELDOUT_TICKETS, BENCH_CATEGORIES, withExamples);
      expect(e.calibrationError).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
      // The bin most answers fall in is within the tolerance on its own.
      const top = e.calibration.reduce((x, y) => (y.count > x.count ? y : x));
      expect(Math.abs(top.accuracy - top.meanConfidence)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
    }
  });
});

/**
 * Held-out v2 (scripts/bench/classifier-heldout-v2.ts): written and committed before the second
 * round of issue 20 changed the classifier, the headline of round 2, "seen" since round 3 tuned on its
 * misses. v1 above is "seen" too (it holds the issue's own example titles); both gates stay as
 * regression guards. The headline is held-out v3 (below).
 */
describe('classifier quality on held-out v2 (seen since round 3)', () => {
  const text = (t: (typeof HELDOUT_V2_TICKETS)[number]) => [t.ticket.title, ...t.ticket.messages.map((m) => m.content)].join('\n').toLowerCase();

  it('is a real held-out set: 120+ tickets, every category, a quarter in de/es/fr, conversations, 3 examples per category apart from the test tickets and from tuning', () => {
    expect(HELDOUT_V2_TICKETS.length).toBeGreaterThanOrEqual(120);
    const names = new Set(BENCH_CATEGORIES.map((c) => c.name));
    expect(new Set(HELDOUT_V2_TICKETS.map((t) => t.category))).toEqual(names);
    const language = (t: (typeof HELDOUT_V2_TICKETS)[number]) => detectLanguage(words(text(t)), 1) ?? 'en';
    const foreign = HELDOUT_V2_TICKETS.filter((t) => language(t) !== 'en').length;
    expect(foreign / HELDOUT_V2_TICKETS.length).toBeGreaterThanOrEqual(0.2);
    expect(new Set(HELDOUT_V2_TICKETS.map(language))).toEqual(new Set(['en', 'de', 'es', 'fr']));
    expect(HELDOUT_V2_TICKETS.filter((t) => t.ticket.messages.some((m) => m.role !== 'customer')).length).toBeGreaterThanOrEqual(9);
    for (const name of names) expect(HELDOUT_V2_EXAMPLES.filter((e) => e.category === name).length).toBe(3);
    const tests = new Set(HELDOUT_V2_TICKETS.map(text));
    const seen = new Set([...BENCH_TICKETS, ...BENCH_EXAMPLES, ...HELDOUT_TICKETS].map(text));
    expect(HELDOUT_V2_EXAMPLES.filter((e) => tests.has(text(e))).map((e) => e.ticket.title)).toEqual([]);
    // One bare terse title coincides with a v1 ticket (found by this test after the baseline commit; kept so the baseline stays comparable).
    expect([...HELDOUT_V2_TICKETS, ...HELDOUT_V2_EXAMPLES].filter((t) => seen.has(text(t))).map((t) => t.ticket.title)).toEqual(['where is my order']);
  });

  it('zero-shot within the goals; after 3 examples per category no worse and still within the wrong-answer goal; calibrated', async () => {
    const a = await evaluate(HELDOUT_V2_TICKETS, BENCH_CATEGORIES);
    const b = await evaluate(HELDOUT_V2_TICKETS, BENCH_CATEGORIES, await examples(HELDOUT_V2_EXAMPLES));
    console.log(`held-out v2: (a) ${(a.right * 100).toFixed(1)}% right / ${(a.wrong * 100).toFixed(1)}% wrong; (b) ${(b.right * 100).toFixed(1)}% / ${(b.wrong * 100).toFixed(1)}% (goal ${CLASSIFIER_GOAL.bRight * 100}%)`);
    expect(a.right).toBeGreaterThanOrEqual(CLASSIFIER_GOAL.aRight);
    expect(a.wrong).toBeLessThanOrEqual(CLASSIFIER_GOAL.aWrong);
    // Round 4 measured 98.4% zero-shot and 96.8% after v2's examples: two tickets whose only cue is an
    // ambiguous word ("charge") lose their margin to the Power examples' concept and abstain (no wrong
    // answer). Held: a floor under the measured figure, and the wrong-answer goal.
    expect(a.right).toBeGreaterThanOrEqual(0.96);
    expect(b.right).toBeGreaterThanOrEqual(0.95);
    // Round 7 measured 99.2% / 0.0% and 99.2% / 0.0%: raised floors.
    expect(a.right).toBeGreaterThanOrEqual(0.98);
    expect(b.right).toBeGreaterThanOrEqual(0.98);
    // Round 8 measured 100% / 0.0% both ways: raised floors.
    expect(a.right).toBeGreaterThanOrEqual(0.99);
    expect(b.right).toBeGreaterThanOrEqual(0.99);
    expect(b.wrong).toBeLessThanOrEqual(CLASSIFIER_GOAL.aWrong);
    for (const e of [a, b]) expect(e.calibrationError).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
  });
});

/**
 * Held-out v3 (scripts/bench/classifier-heldout-v3.ts): written and committed with its baseline
 * (72.2% right / 9.4% wrong zero-shot, 73.9% after 3 examples) before round 3 of issue 20 tuned
 * anything, by an engineer who never saw the classifier code; seen since round 3 (79.4% / 3.9%, 83.3%).
 * Round 4 split it (splitHeldoutV3): the even tickets per category were tuned on, the odd ones were only
 * measured in aggregate. Round 4 measured: all of v3 87.2% / 2.2%, 89.4% after examples; the own
 * held-out half 82.2% / 4.4%, 84.4%; no-category tickets abstained on 9 of 10. Floors just under these.
 */
describe('classifier quality on held-out v3 (seen; its odd half measured in aggregate only)', () => {
  // Round 7 (v3 seen ticket by ticket, both halves): 95.6% / 0.6% zero-shot, 96.1% / 0.6% after examples, 9 of 10 abstain; its own half 95.6% / 1.1%, 95.6% / 1.1%.
  // Round 8, second pass (examples that agree with a description add to it, TUNING.exampleAgree): 96.7% / 0.6% after examples.
  it('zero-shot: at least 94% right and within the wrong-answer goal; after 3 examples per category at least 96.5% right, no more wrong', async () => {
    const a = await evaluate(HELDOUT_V3_TICKETS, BENCH_CATEGORIES);
    const b = await evaluate(HELDOUT_V3_TICKETS, BENCH_CATEGORIES, await examples(HELDOUT_V3_EXAMPLES));
    console.log(`held-out v3: (a) ${(a.right * 100).toFixed(1)}% right / ${(a.wrong * 100).toFixed(1)}% wrong; (b) ${(b.right * 100).toFixed(1)}% / ${(b.wrong * 100).toFixed(1)}%`);
    expect(a.right).toBeGreaterThanOrEqual(0.94);
    expect(a.wrong).toBeLessThanOrEqual(CLASSIFIER_GOAL.aWrong);
    expect(b.right).toBeGreaterThanOrEqual(0.965);
    expect(b.right).toBeGreaterThan(a.right);
    expect(b.wrong).toBeLessThanOrEqual(a.wrong);
  });

  it("round 4's own held-out half (aggregate only until round 6, seen in round 7): at least 93% right zero-shot, 94.5% after examples, within the wrong-answer goal", async () => {
    const { heldout } = splitHeldoutV3();
    const a = await evaluate(heldout, BENCH_CATEGORIES);
    const b = await evaluate(heldout, BENCH_CATEGORIES, await examples(HELDOUT_V3_EXAMPLES));
    expect(heldout).toHaveLength(90);
    expect(a.right).toBeGreaterThanOrEqual(0.93);
    expect(b.right).toBeGreaterThanOrEqual(0.945);
    for (const e of [a, b]) expect(e.wrong).toBeLessThanOrEqual(CLASSIFIER_GOAL.aWrong);
  });

  it('tickets that belong to no category (greetings, feedback, a call-back request) mostly abstain: at least 9 of 10', async () => {
    const classifier = new EmbeddedClassifier();
    let abstained = 0;
    for (const t of HELDOUT_V3_NO_CATEGORY) if ((await classifier.assess(t, BENCH_CATEGORIES)).category === null) abstained++;
    expect(abstained).toBeGreaterThanOrEqual(9);
  });
});

/**
 * The floors of one blind held-out set: right and wrong zero-shot and after its own 3 examples per
 * category, and how many of its no-category tickets abstain.
 */
function heldoutGates(name: string, set: { tickets: typeof HELDOUT_V5_TICKETS; examples: typeof HELDOUT_V5_EXAMPLES; noCategory: typeof HELDOUT_V5_NO_CATEGORY }, floor: { aRight: number; aWrong: number; bRight: number; bWrong: number; abstained: number; abstainedAfter?: number; lift?: false }) {
  const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
  describe(`classifier quality on ${name}`, () => {
    it(`zero-shot at least ${pct(floor.aRight)} right with at most ${pct(floor.aWrong)} wrong; after 3 examples per category at least ${pct(floor.bRight)} right (and ${floor.lift === false ? 'no fewer than' : 'more than'} zero-shot), at most ${pct(floor.bWrong)} wrong`, async () => {
      const a = await evaluate(set.tickets, BENCH_CATEGORIES);
      const b = await evaluate(set.tickets, BENCH_CATEGORIES, await examples(set.examples));
      expect(a.right).toBeGreaterThanOrEqual(floor.aRight);
      expect(a.wrong).toBeLessThanOrEqual(floor.aWrong);
      expect(b.right).toBeGreaterThanOrEqual(floor.bRight);
      expect(b.wrong).toBeLessThanOrEqual(floor.bWrong);
      // Learning lifts: more right answers after the examples than without (no fewer where zero-shot leaves nothing to lift, `lift: false`).
      if (floor.lift === false) expect(b.right).toBeGreaterThanOrEqual(a.right);
      else expect(b.right).toBeGreaterThan(a.right);
    });

    it(`its no-category tickets abstain at least ${floor.abstained} of ${set.noCategory.length} times`, async () => {
      const classifier = new EmbeddedClassifier();
      let abstained = 0;
      for (const t of set.noCategory) if ((await classifier.assess(t, BENCH_CATEGORIES)).category === null) abstained++;
      expect(abstained).toBeGreaterThanOrEqual(floor.abstained);
    });

    // Round 8, second pass: also after the set's 3 examples per category (before it, off-topic mail was
    // answered again once an organization had examples: v8 7, v7 8 of 12).
    if (floor.abstainedAfter !== undefined) {
      it(`after 3 examples per category, its no-category tickets still abstain at least ${floor.abstainedAfter} of ${set.noCategory.length} times`, async () => {
        const classifier = new EmbeddedClassifier();
        const counts = await examples(set.examples);
        let abstained = 0;
        for (const t of set.noCategory) if ((await classifier.assess(t, BENCH_CATEGORIES, undefined, counts)).category === null) abstained++;
        expect(abstained).toBeGreaterThanOrEqual(floor.abstainedAfter as number);
      });
    }
  });
}

/**
 * Held-out v6 (the headline since round 6: written blind before round-6 tuning by an engineer who never
 * saw the classifier code, in other voices: installer jargon, SMS typos, app reviews, voicemail
 * transcripts, staff writing on a customer's behalf, regional variants; no tuning engineer saw it).
 * Measured once on round 5's classifier (87.3% / 1.6% zero-shot, 92.6% / 1.6% after 3 examples, 7 of
 * 11 no-category tickets abstain) and once after the round-6 merge: 88.9% / 1.6% zero-shot, 92.6% /
 * 1.6% after 3 examples, 7 of 11. The floors sit just under that so a regression fails.
 */
// Round 7 (v1-v6 all seen; v6's misses were looked at ticket by ticket): 98.4% / 0.5% zero-shot, 98.9% / 0.0% after examples, 9 of 11.
// Round 8 (off-topic mail, since-the-update, device names…; docs/categorisation.md): 98.4% / 0.0%, 98.9% / 0.0%, 10 of 11.
heldoutGates('held-out v6 (the headline of round 6, seen in round 7)', { tickets: HELDOUT_V6_TICKETS, examples: HELDOUT_V6_EXAMPLES, noCategory: HELDOUT_V6_NO_CATEGORY }, { aRight: 0.98, aWrong: 0.005, bRight: 0.985, bWrong: 0.005, abstained: 10, abstainedAfter: 10 });

/**
 * Held-out v5 (the headline since round 5: written before round-5 tuning by an engineer who never saw
 * the classifier code; no tuning engineer saw it). Measured on round 4's classifier (83.6% / 6.3%
 * zero-shot, 83.6% / 6.9% after 3 examples) and once after the round-5 merge: 83.6% / 6.3% zero-shot
 * (round 5 left zero-shot unchanged), 85.2% / 6.9% after 3 examples, 7 of 11 no-category tickets
 * abstain. Round 6 used v5 in aggregate only as its validation set (a change was kept only if it did
 * not lose here): 86.2% / 6.3% zero-shot, 88.4% / 4.8% after 3 examples, 8 of 11 no-category tickets
 * abstain (main had 83.6% / 6.3%, 85.2% / 6.9%, 7 of 11; its floors were 83 / 7 · 84.5 / 7.5). The issue's goals (85% / 5% zero-shot, 92% after examples) are NOT met here; these floors
 * sit just under the measured figures so a regression fails; v5 is not tuned on ticket by ticket.
 */
// Round 7 looked at v5's misses ticket by ticket: 96.3% / 1.1% zero-shot, 96.3% / 1.1% after examples,
// 10 of 11. Zero-shot rose past what v5's title-only examples add: they now turn as many tickets right
// (four) as they leave uncertain (three abstain, one wrong), so v5 holds no loss instead of a lift, as
// v1 since round 6; the lift is held on v6, v4 and v3.
// Round 7's second pass (examples count less where the descriptions are sure, exampleTrust): 96.8% / 1.1%
// after examples, a lift again, so the lift gate is back and the floor raised.
// Round 8: 97.4% / 0.5% zero-shot, 97.9% / 0.5% after examples (a lift: the examples' plain words share a
// budget, TUNING.exampleWordBudget), 11 of 11.
heldoutGates('held-out v5 (the headline of round 5, seen in round 7)', { tickets: HELDOUT_V5_TICKETS, examples: HELDOUT_V5_EXAMPLES, noCategory: HELDOUT_V5_NO_CATEGORY }, { aRight: 0.97, aWrong: 0.006, bRight: 0.975, bWrong: 0.006, abstained: 11, abstainedAfter: 11 });

/**
 * Held-out v7 (the headline of round 7: written blind by another writer, plain mails of all lengths, web
 * forms, chat transcripts with bot and agent, forwarded mails, facility managers, IT admins, elderly and
 * non-native customers, mixed languages). Measured blind after round 7's first pass: 82.0% / 4.8% (13.2%
 * abstained) zero-shot, 83.6% / 5.3% after 3 examples, 8 of 12 no-category tickets abstain. Seen since
 * round 7's second pass (misses read, causes sorted by ticket shape; README "Round 7"): 82.0% / 4.8%
 * zero-shot, 86.2% / 5.8% after examples, 8 of 12. The floors are the measured figures. The issue's
 * goals (85% / 5% zero-shot, 92% after examples) are NOT met here.
 */
// Round 8 (v7 and v8 both seen, misses read ticket by ticket): 91.0% / 2.6% zero-shot, 92.6% / 2.6% after examples, 11 of 12.
// Its second pass (TUNING.exampleAgree; German Montag / keine Werte mehr): 91.5% / 2.6%, 94.2% / 2.6%; 11 of 12 also after examples.
heldoutGates('held-out v7 (the headline of round 7, seen in its second pass)', { tickets: HELDOUT_V7_TICKETS, examples: HELDOUT_V7_EXAMPLES, noCategory: HELDOUT_V7_NO_CATEGORY }, { aRight: 0.91, aWrong: 0.027, bRight: 0.94, bWrong: 0.027, abstained: 11, abstainedAfter: 11 });

/**
 * Held-out v8 (the headline since round 7's second pass: written blind by a third writer while that pass
 * was tuned on v7's misses, a smart-home maker's Monday inbox: title-only tickets, contact forms, agents'
 * phone notes, in-app feedback, social-media DMs, chats with bot and agent, follow-ups with quoted
 * history; older customers, landlords, retailers, electricians on site, schools, care homes and
 * practices). Measured once on the first pass's classifier (83.6% / 5.3% zero-shot, 85.7% after 3
 * examples, 9 of 11) and once after the second pass: 83.6% / 5.3% (11.1% abstained) zero-shot, 86.8% /
 * 5.8% after 3 examples, 9 of 11 no-category tickets abstain. Floors just under the measured figures;
 * the issue's goals (85% / 5% zero-shot, 92% after examples) are NOT met here.
 */
// Round 8 (seen: its misses read ticket by ticket; the blind v9 is the next headline): 89.9% / 3.2% zero-shot,
// 92.6% / 3.2% after examples, 11 of 11. Tuning figures: a new writer scored 12-15 points lower in every round so far.
// Its second pass (TUNING.exampleAgree, CONFIRMED, off-topic after examples): 93.1% / 2.6% after examples; 10 of 11 also after examples.
// Round 9 (vocabulary v10, built on v9's misses; v8 not looked at): 91.0% / 2.1% zero-shot, 94.2% / 2.6% after examples.
heldoutGates('held-out v8 (the headline since round 7\'s second pass)', { tickets: HELDOUT_V8_TICKETS, examples: HELDOUT_V8_EXAMPLES, noCategory: HELDOUT_V8_NO_CATEGORY }, { aRight: 0.905, aWrong: 0.022, bRight: 0.94, bWrong: 0.027, abstained: 11, abstainedAfter: 10 });

/**
 * Held-out v9 (the headline since round 8: written blind before round 8 by a fifth writer who never saw
 * the classifier: a maker of professional and field equipment, voicemail transcripts with
 * speech-to-text slips, resellers and account managers writing for customers, generic or serial-number
 * titles, procurement mails). Measured once on round 7's classifier (82.0% / 5.3% zero-shot, 85.7% /
 * 4.8% after 3 examples, 6 of 11 no-category tickets abstain), once after round 8's first pass (85.7% /
 * 4.8%, 87.8% / 3.7%, 7 of 11) and once after its second (85.7% / 4.8% (9.5% abstained), 88.9% / 4.2%;
 * 7 of 11, 6 of 11 after examples). Its misses are never listed. Floors just under the measured
 * figures: the zero-shot goal (85% / 5%) is met here, 92% after examples is NOT.
 */
// Round 9: a tuning set from here on (its misses were read ticket by ticket; docs/categorisation.md, "Round 9"):
// 96.8% / 0.0% zero-shot, 97.9% / 0.5% after examples, 7 of 11 and 7 of 11. Tuning figures; floors allow one ticket.
heldoutGates('held-out v9 (the headline since round 8)', { tickets: HELDOUT_V9_TICKETS, examples: HELDOUT_V9_EXAMPLES, noCategory: HELDOUT_V9_NO_CATEGORY }, { aRight: 0.96, aWrong: 0.006, bRight: 0.975, bWrong: 0.011, abstained: 7, abstainedAfter: 7 });

/**
 * Held-out v10 (the headline since round 9: written blind before round 9 by a sixth writer who never saw
 * the classifier: a maker of personal health wearables and audio (hearing aids, watches, earbuds, CPAP,
 * scales, blood-pressure cuffs, baby monitors, kids' GPS watches, e-readers), elderly users and their
 * adult children, carers, audiologists and pharmacies, insurers; app-store reviews, marketplace buyer
 * messages, web forms with a wrong issue-type field, ALL CAPS and emoji). Measured once on round 8's
 * classifier (84.1% / 3.7% (12.2% abstained) zero-shot, 89.9% / 3.7% after 3 examples, 10 of 11
 * no-category tickets abstain) and once after round 9: 84.1% / 3.2% (12.7%), 89.9% / 3.2%, 10 of 11 (8 of 11 after examples).
 * Its misses are never listed. Floors just under the measured figures: neither goal (85% / 5%
 * zero-shot, 92% after examples) is met here.
 */
// Round 10: a tuning set from here on (its misses were read; docs/categorisation.md, "Round 10"): 85.2% / 3.2%
// zero-shot, 91.5% / 3.2% after examples, 10 of 11 and 8 of 11. Tuning figures; floors allow one ticket.
// Round 11 (still tuning data): 87.3% / 3.2% zero-shot, 92.1% / 2.6% after examples, 10 of 11 and 8 of 11.
heldoutGates('held-out v10 (the headline since round 9)', { tickets: HELDOUT_V10_TICKETS, examples: HELDOUT_V10_EXAMPLES, noCategory: HELDOUT_V10_NO_CATEGORY }, { aRight: 0.87, aWrong: 0.033, bRight: 0.92, bWrong: 0.027, abstained: 10, abstainedAfter: 8 });

/**
 * Held-out v11 (the headline since round 10: written blind before round 10 by a seventh writer who never
 * saw the classifier: a maker of garden, pool and outdoor-leisure gear (robot mowers, pool controllers
 * and chlorinators, hot tubs, irrigation, weather stations, pond pumps, grill thermometers, bird-feeder
 * cameras); holiday-let owners, landscapers, pool-service firms, campsites, golf clubs; forum posts moved
 * in by a moderator, WhatsApp exports, replies to a satisfaction survey, pasted reviews, an automatic
 * diagnostic report). Measured once on round 9's classifier (88.4% / 5.3% (6.3% abstained) zero-shot,
 * 88.9% / 5.8% after 3 examples, 8 of 11 no-category tickets abstain, 8 of 11 after examples) and once after
 * round 10: 88.4% / 5.8% (5.8%), 88.9% / 6.3%, 8 of 11 and 8 of 11. Its misses are never listed. Floors just
 * under the measured figures: right ≥ 85% zero-shot is met here, ≤ 5% wrong and 92% after examples are NOT.
 */
// Round 11: a tuning set from here on (its misses were read; docs/categorisation.md, "Round 11: wrong answers"):
// 89.9% / 2.6% zero-shot, 91.0% / 2.6% after examples, 8 of 11 and 8 of 11. Tuning figures; floors allow one ticket.
heldoutGates('held-out v11 (the headline since round 10)', { tickets: HELDOUT_V11_TICKETS, examples: HELDOUT_V11_EXAMPLES, noCategory: HELDOUT_V11_NO_CATEGORY }, { aRight: 0.895, aWrong: 0.027, bRight: 0.905, bWrong: 0.027, abstained: 8, abstainedAfter: 8 });

/**
 * Held-out v12 (the headline since round 11: written blind before round 11 by an eighth writer who never
 * saw the classifier: a maker of boat electronics (chartplotters, depth and wind instruments, AIS,
 * autopilots, chargers and battery monitors, bilge alarms, tank senders, monitoring boxes with a SIM);
 * weekend owners, liveaboards, charter fleets, sailing schools, fishermen, marinas, marine electricians;
 * short satellite e-mails from offshore, owners' group posts, dealer warranty forms). Measured once on
 * round 10's classifier (85.2% / 6.9% (7.9% abstained) zero-shot, 86.8% / 8.5% after 3 examples, 8 of 11
 * no-category tickets abstain, 8 of 11 after examples) and once after round 11: 85.2% / 6.3% (8.5%),
 * 86.8% / 8.5%, 8 of 11 and 8 of 11. Its misses are never listed. Floors just under the measured figures:
 * right ≥ 85% zero-shot is met here, ≤ 5% wrong and 92% after examples are NOT.
 */
// Round 12: a tuning set from here on (its misses were read by round 12's calibration fit; nothing kept, figures unchanged).
heldoutGates('held-out v12 (the headline of round 11)', { tickets: HELDOUT_V12_TICKETS, examples: HELDOUT_V12_EXAMPLES, noCategory: HELDOUT_V12_NO_CATEGORY }, { aRight: 0.85, aWrong: 0.064, bRight: 0.865, bWrong: 0.085, abstained: 8, abstainedAfter: 8 });

/**
 * Held-out v13 (the headline since round 12: written blind before round 12 by a ninth writer who never
 * saw the classifier: a maker of connected pet-care devices (GPS collars, cat flaps, feeders, fountains,
 * litter boxes that weigh the cat, treat cameras, aquarium and terrarium controllers); pet sitters,
 * breeders, kennels, a rescue, vet clinics, reptile and fish keepers; Instagram messages pasted by a
 * social team, a pet-shop chain's store helpdesk, notes pushed from vet and insurer systems, typed-up
 * warranty cards). Measured once on round 11's classifier before any round-12 merge: 89.9% / 2.6%
 * (7.4% abstained) zero-shot, 91.0% / 5.3% after 3 examples, 6 of 11 no-category tickets abstain, 6 of
 * 11 after examples; round 12 changed no classifier rule, so the figures after it are the same. Its
 * misses are never listed. Floors just under the measured figures (one ticket worse fails): on v13,
 * 85% right with at most 5% wrong zero-shot is met; 92% after examples is NOT (91.0%, with 5.3% wrong).
 */
heldoutGates('held-out v13 (the headline of round 12)', { tickets: HELDOUT_V13_TICKETS, examples: HELDOUT_V13_EXAMPLES, noCategory: HELDOUT_V13_NO_CATEGORY }, { aRight: 0.895, aWrong: 0.027, bRight: 0.905, bWrong: 0.053, abstained: 6, abstainedAfter: 6 });

/**
 * Held-out v14 (the headline since round 14: written blind before round 14 by a tenth writer who never
 * saw the classifier: a maker of desktop fabrication machines (FDM and resin printers, laser engravers,
 * filament dryers, enclosures, a print-farm hub); hobbyists, print farms, a dental lab, a school, a
 * library makerspace; Discord help posts, YouTube comments, crowdfunding backer comments, printer log
 * excerpts). Measured on round 13's classifier before any round-14 merge: 86.2% / 3.2% (10.6% abstained)
 * zero-shot, 88.4% / 4.8% after 3 examples, 7 of 11 no-category tickets abstain, 7 after examples; round
 * 14's one candidate change was measured on it once and not kept, so the figures after it are the same.
 * Its misses are never listed. Floors just under the measured figures (one ticket worse fails): 85% right
 * with at most 5% wrong zero-shot is met; 92% after examples is NOT (88.4%).
 */
heldoutGates('held-out v14 (the headline since round 14)', { tickets: HELDOUT_V14_TICKETS, examples: HELDOUT_V14_EXAMPLES, noCategory: HELDOUT_V14_NO_CATEGORY }, { aRight: 0.86, aWrong: 0.033, bRight: 0.88, bWrong: 0.049, abstained: 7, abstainedAfter: 7 });

/**
 * Held-out v4 (the headline of round 4: written before round-4 tuning by an engineer who never saw
 * the classifier code). Measured after the round-4 merge: 85.4% right / 4.0% wrong zero-shot, 85.9% /
 * 5.1% after 3 examples per category, 8 of 10 no-category tickets abstain; seen since. These floors
 * sit just under that so a regression fails.
 */
// Round 6 tuned its vocabulary on v4's misses (seen): 92.4% / 1.0% zero-shot, 93.4% / 2.0% after examples.
// Round 7 (v4's misses read again): 94.9% / 0.5% zero-shot, 96.0% / 1.0% after examples, 10 of 10.
// Round 8: 94.9% / 0.0% zero-shot, 96.0% / 0.5% after examples, 10 of 10. Its second pass (TUNING.exampleAgree): 98.5% / 0.5% after examples.
heldoutGates('held-out v4 (seen since round 5)', { tickets: HELDOUT_V4_TICKETS, examples: HELDOUT_V4_EXAMPLES, noCategory: HELDOUT_V4_NO_CATEGORY }, { aRight: 0.945, aWrong: 0.003, bRight: 0.98, bWrong: 0.006, abstained: 10, abstainedAfter: 10 });

/**
 * Round 5: learning where the names and descriptions say nothing ("Queue 1".."Queue 9", no
 * description; scripts/bench/classifier-opaque.ts), so every right answer comes from the three
 * examples per category. Facets (vocabulary.ts) carry what an example teaches beyond its own words:
 * before them in-sample read 87.3%, v3's tuning half 86.7%, v1 91.1%, v2 91.3%, v4 78.3% (2.0% wrong).
 */
describe('learning from 3 examples per category where the categories have no words (round 5, facets)', () => {
  const opaque = async (tickets: typeof BENCH_TICKETS, labelled: typeof BENCH_EXAMPLES) => {
    const renamed = opaqueCategories(BENCH_CATEGORIES);
    return evaluate(renamed.relabel(tickets), renamed.categories, await examples(renamed.relabel(labelled)));
  };

  // Round 7 measured in-sample 93.3%, v3 tuning half 92.2%, v1 96.7%, v2 94.4%: raised floors. Its second
  // pass (an example stores what its title is about, TUNING.exampleTitleLead): in-sample 94.5%, v1 95.6%, v2 95.2%.
  // Round 9 (concepts taught by the examples): in-sample, v1 and v2 100%.
  it('tuning sets: in-sample at least 99%, v3 tuning half at least 91%, v1 at least 99%, v2 at least 99% right; at most 5% wrong', async () => {
    const v3 = splitHeldoutV3();
    for (const [tickets, labelled, floor] of [[BENCH_TICKETS, BENCH_EXAMPLES, 0.99], [v3.tuning, HELDOUT_V3_EXAMPLES, 0.91], [HELDOUT_TICKETS, BENCH_EXAMPLES, 0.99], [HELDOUT_V2_TICKETS, HELDOUT_V2_EXAMPLES, 0.99]] as const) {
      const e = await opaque(tickets, labelled);
      expect(e.right).toBeGreaterThanOrEqual(floor);
      expect(e.wrong).toBeLessThanOrEqual(CLASSIFIER_GOAL.aWrong);
    }
  });

  // Round 8, second pass (examples confirm a category, CONFIRMED): 91.9% -> 94.9% / 0.5%.
  // Round 9 (a category without words takes the concepts most of its examples carry, TUNING.exampleConceptShare): 97.5% / 1.0%.
  it('held-out v4: at least 97% right, at most 3% wrong', async () => {
    const e = await opaque(HELDOUT_V4_TICKETS, HELDOUT_V4_EXAMPLES);
    expect(e.right).toBeGreaterThanOrEqual(0.97);
    expect(e.wrong).toBeLessThanOrEqual(0.03);
  });

  // Round 7 measured v6 93.7% / 0.5%, v5 88.4% / 3.7% (both seen in round 7); its second pass v7 75.1% / 7.4%
  // (72.5% / 11.1% before it) and v3 92.8% / 0.6%; held-out v8 (blind, measured once before and once after the second pass) 79.4% / 6.3% (70.4% / 7.4% before).
  // Round 8 (plain words of a long ticket share a budget in the examples' log-odds, TUNING.exampleWordBudget):
  // v6 94.2% / 0.5%, v5 89.9% / 3.7%, v7 81.0% / 3.2%, v8 87.3% / 4.2%: raised floors.
  // Round 8, second pass (CONFIRMED): v7 81.0% -> 83.1% / 3.2%: raised floor.
  // Round 9 (concepts taught by the examples, TUNING.exampleConceptShare): v6 98.9% / 0.5%, v5 95.2% / 0.0%, v7 93.1% / 3.2%,
  // v8 93.7% / 2.6%, v9 (seen from round 9) 82.0% / 3.7% -> 88.4% / 3.2%: raised floors, v9 gated.
  it('held-out v6: at least 98.5% right, at most 1% wrong; v5: at least 95% right, at most 1% wrong; v7: at least 93% right, at most 3.3% wrong; v8: at least 93.5% right, at most 2.7% wrong; v9: at least 88% right, at most 3.3% wrong', async () => {
    for (const [tickets, labelled, right, wrong] of [[HELDOUT_V6_TICKETS, HELDOUT_V6_EXAMPLES, 0.985, 0.01], [HELDOUT_V5_TICKETS, HELDOUT_V5_EXAMPLES, 0.95, 0.01], [HELDOUT_V7_TICKETS, HELDOUT_V7_EXAMPLES, 0.93, 0.033], [HELDOUT_V8_TICKETS, HELDOUT_V8_EXAMPLES, 0.935, 0.027], [HELDOUT_V9_TICKETS, HELDOUT_V9_EXAMPLES, 0.88, 0.033]] as const) {
      const e = await opaque(tickets, labelled);
      expect(e.right).toBeGreaterThanOrEqual(right);
      expect(e.wrong).toBeLessThanOrEqual(wrong);
    }
  });
});
