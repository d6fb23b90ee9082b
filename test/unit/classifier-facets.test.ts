import type { CategoryOption } from '../../shared/domain/ticket/classifier/classifier';
import { EmbeddedClassifier, exampleFeatures, prepareCategory, scoreFeatures, ticketFeatures, TUNING } from '../../shared/domain/ticket/classifier/embedded';
import { EXAMPLE_FEATURES_MAX } from '../../shared/domain/ticket/classifier/examples';
import { FACET_PREFIX } from '../../shared/domain/ticket/classifier/vocabulary';
import { languagePack, LANGUAGES } from '../../shared/domain/ticket/classifier/language';
import { supportVocabulary } from '../../shared/domain/ticket/classifier/vocabulary-file';
import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import { learn, ticket } from '../support/classifier-fixtures';

/**
 * Round 5 of issue 20: facets (support-vocabulary.json `facets`, vocabulary.ts) are finer groups of
 * words than the concepts ("~sound": buzzing, rattling, crackling, Pfeifton). A labelled ticket
 * stores its facets with its words, so three short examples teach a whole group of words: a new
 * ticket that shares no word with them still finds the category whose examples spoke of the same
 * thing. The category descriptions never carry facets, so nothing changes without examples.
 */

// Two teams whose names say nothing: only the examples can teach. Both teams' examples speak of
// damage (one concept), so the concepts cannot tell them apart; their facets can (sound vs crack).
const teams: CategoryOption[] = [
  { name: 'Team A', description: null },
  { name: 'Team B', description: null },
];
const soundExamples: TicketText[] = [ticket('loud buzzing', ['customer', 'it buzzes all day']), ticket('rattling inside', ['customer', 'something rattles in the case']), ticket('humming at night', ['customer', 'a humming keeps us awake'])];
const crackExamples: TicketText[] = [ticket('case cracked', ['customer', 'the case has a crack']), ticket('screen shattered', ['customer', 'the glass is shattered']), ticket('lid snapped off', ['customer', 'the lid snapped'])];
// Shares no word (stem) with any example above.
const crackling = ticket('crackling and whining', ['customer', 'constant crackling and a whine from the unit']);

describe('facets: examples teach groups of words, not only the words they use', () => {
  it('a ticket carries its facets as features; a category’s name, description and keywords never do (zero-shot is unchanged)', async () => {
    const features = await ticketFeatures(crackling);
    expect(features.get(`${FACET_PREFIX}sound`)).toBeCloseTo(TUNING.facet, 9);
    const category = await prepareCategory({ name: 'Noise', description: 'buzzing, crackling, humming', keywords: ['whine'] });
    expect([...category.features.keys()].filter((f) => f.startsWith(FACET_PREFIX))).toEqual([]);
    // Without examples a facet feature votes for no category: the scores are those of the words alone.
    const cats = await Promise.all([category, prepareCategory({ name: 'Power', description: 'battery, charging' })]);
    const wordsOnly = new Map([...features].filter(([f]) => !f.startsWith(FACET_PREFIX)));
    expect(scoreFeatures(features, cats)).toEqual(scoreFeatures(wordsOnly, cats));
  });

  it('a labelled ticket stores its facets with its words; an agent’s words teach no facet', async () => {
    const stored = exampleFeatures(await ticketFeatures(soundExamples[0] as TicketText));
    expect(stored).toContain(`${FACET_PREFIX}sound`);
    expect(stored.length).toBeLessThanOrEqual(EXAMPLE_FEATURES_MAX);
    const agentOnly = exampleFeatures(await ticketFeatures(ticket('Question', ['customer', 'see subject'], ['agent', 'is it a buzzing or a rattling?'])));
    expect(agentOnly.filter((f) => f.startsWith(FACET_PREFIX))).toEqual([]);
  });

  it('three examples of a sound teach the category a sound it never heard: "crackling" goes to the team whose examples buzz, rattle and hum', async () => {
    const examples = await learn([...soundExamples.map((t): [string, TicketText] => ['Team A', t]), ...crackExamples.map((t): [string, TicketText] => ['Team B', t])]);
    const answer = await new EmbeddedClassifier().assess(crackling, teams, undefined, examples);
    expect(answer.category).toBe('Team A');
    expect(answer.confidence).toBeGreaterThanOrEqual(0.7);
    // What a facet teaches is the organization's own: filed the other way round, the same words go to Team B.
    const swapped = await learn([...soundExamples.map((t): [string, TicketText] => ['Team B', t]), ...crackExamples.map((t): [string, TicketText] => ['Team A', t])]);
    expect((await new EmbeddedClassifier().assess(crackling, teams, undefined, swapped)).category).toBe('Team B');
  });

  it('without facets the same examples cannot tell: the ticket shares only the damage concept with both teams, and is left uncategorised', async () => {
    const facet = TUNING.facet;
    TUNING.facet = 0;
    try {
      const examples = await learn([...soundExamples.map((t): [string, TicketText] => ['Team A', t]), ...crackExamples.map((t): [string, TicketText] => ['Team B', t])]);
      expect((await new EmbeddedClassifier().assess(crackling, teams, undefined, examples)).category).toBeNull();
    } finally {
      TUNING.facet = facet;
    }
  });
});

describe('facet lists (support-vocabulary.json `facets`)', () => {
  it('no stem names two facets in any language: a word of two groups would teach both ("charge": charging or charged?)', async () => {
    const { facets = {} } = supportVocabulary();
    const collisions: string[] = [];
    for (const language of LANGUAGES) {
      const pack = await languagePack(language);
      const byStem = new Map<string, Set<string>>();
      for (const [facet, byLanguage] of Object.entries(facets)) {
        for (const word of (byLanguage[language] ?? '').split(/\s+/).filter(Boolean)) byStem.set(pack.stem(word), (byStem.get(pack.stem(word)) ?? new Set()).add(facet));
      }
      for (const [stem, names] of byStem) if (names.size > 1) collisions.push(`${language} ${stem}: ${[...names].join(', ')}`);
    }
    expect(Object.keys(facets).length).toBeGreaterThanOrEqual(30);
    expect(collisions).toEqual([]);
  });
});
