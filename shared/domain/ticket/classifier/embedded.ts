import { normalizeCategoryName } from '../../ticket-config/category-names';
import { generateDescription, type TicketText } from '../ticket-text';
import type { CategoryOption, Classification, Classifier } from './classifier';
import { EXAMPLE_FEATURES_MAX, type CategoryExamples, type ExampleCounts } from './examples';
import { detectLanguage, detectLanguageByLetters, languagePack, terms, words } from './language';
import { conceptLookup, DECISIVE_WORD_WEIGHT, FACET_PREFIX, vocabularyRewriter, type ConceptHit } from './vocabulary';
import { splitDenials } from './denials';
import { splitMessage } from './conversation';

/**
 * The default classifier: no network, no model download. Both the ticket and each category
 * (name, description, keywords) become features: word stems in their language, plus concepts of
 * the support vocabulary the words point to (so "router" meets "Connectivity" and "Akku" meets
 * "Power"). The organization's labelled tickets (examples) add evidence per category. Scores
 * go through a calibrated softmax that includes a "none of these" option; below
 * CONFIDENCE_THRESHOLD the ticket is left uncategorised. Calibration: README, "Categorisation".
 */

/**
 * How much a word weighs by who wrote it: the customer's own words count most, an agent's less, a
 * bot's (canned text) least; a customer's reply echoing a concept only the staff raised weighs like
 * the staff's words (see Segment.speaker).
 */
export const FIELD_WEIGHT = { title: 1, description: 1, customer: 1, agent: 0.25, bot: 0.15, quoted: 0.25 } as const;

/**
 * Confidence below which no category is set. The confidence is a softmax over the categories and
 * "none of these", so it is low exactly when the two best categories are close or nothing matches;
 * calibrated on the tuning set (issue 20) and checked on the held-out set (test/unit/classifier-bench.test.ts).
 */
export const CONFIDENCE_THRESHOLD = 0.7;

/**
 * A terse ticket (a title of at most TERSE.words words, nothing else) has one or two words to go
 * on: one weak or half-shared word leaves it under the threshold though nothing competes ("Price
 * went up", "Remboursement"). Zero-shot it gets its best category from a confidence of TERSE.threshold
 * when that is at least TERSE.margin times the runner-up's; it still abstains when two categories are close or
 * nothing matches. Not with examples: their log-odds already move the confidence, and there the
 * rule added wrong answers (round 6, README "Round 6").
 */
export const TERSE = { words: 6, threshold: 0.6, margin: 2 } as const;

/**
 * Round 8, second pass: the organization's examples confirm the best category when their log-odds
 * (exampleEvidence) favour it over every other category. Then its confidence needs only
 * CONFIRMED.threshold, when that is at least CONFIRMED.margin times the runner-up's: what is left below
 * CONFIDENCE_THRESHOLD is "none of these", not a second category (a category whose description does
 * not know the ticket's words, matched only by its examples). Never zero-shot.
 */
export const CONFIRMED = { threshold: 0.5, margin: 4 } as const;

/** Feature names of vocabulary concepts start with this; word stems never do. */
export const CONCEPT_PREFIX = '@';

/** A concept's feature name (not a word's stem or a facet's). */
const isConcept = (feature: string) => feature.startsWith(CONCEPT_PREFIX);

/**
 * Tuned on scripts/bench/classifier-set.ts (see README): a concept match weighs more than one
 * shared stem; examples add their log-odds once (`examples`, see exampleEvidence) with add-a-half
 * smoothing (`exampleSmoothing`), and a category's examples match like a description where that
 * beats its description (shares k / (n + `exampleVoteShrink`), see exampleMatch);
 * GAMMA and NONE_SCORE calibrate the softmax so a confidence of p is right about p of the time on that set;
 * `facet` is a facet's weight relative to its word's (round 5: at 1, v3's own held-out half gained
 * wrong answers beyond its gate; README, "Facets"); `houseWordExamples` and `exampleConceptShare`: see withoutHouseWords and taughtConcepts (round 9).
 */
export const TUNING = { concept: 2, lexical: 1, vocabularyStem: 0.4, examples: 1, exampleSmoothing: 0.5, exampleVoteShrink: 1, gamma: 5, noneScore: 0, categoryConceptMin: 0.15, facet: 0.5, exampleTrustFloor: 0.5, exampleTitleLead: 0.5, offTopic: 4, offTopicMin: 0.5, decisiveTitleLead: 0.5, exampleWordBudget: 10, exampleAgree: 0.3, houseWordExamples: 2, exampleConceptShare: 0.5 };

/** Feature -> weight. Each word or concept appears once, with its highest weight. */
export type Features = Map<string, number>;

interface Segment {
  text: string;
  weight: number;
  /**
   * `staff`: an agent's or bot's message; `reply`: a customer message after one (its words for a
   * concept the staff raised and the customer had not are usually an answer to a question, often
   * a denial: "it has power", "it is online", so they weigh like the staff's own words).
   */
  speaker?: 'customer' | 'staff' | 'reply';
}

interface RawFeatures {
  stems: Map<string, number>;
  /** Vocabulary words by stem: the field weight they count at and the concepts they point to (see conceptsOf). */
  conceptWords: ConceptWords;
  /** Concepts the first segment (a ticket's title) names in words it does not deny. */
  firstConcepts: Set<string>;
  /** Of those, the concepts the title names by a decisive word (vocabulary `!`: "refund", "cracked"). */
  firstDecisive: Set<string>;
}

type ConceptWords = Map<string, { weight: number; hits: ConceptHit[] }>;

/**
 * Concept -> field weight -> summed evidence of its distinct words at that weight (their share of the
 * concept); `skip` leaves a word out of a concept (withoutHouseWords).
 */
function conceptsOf(conceptWords: ConceptWords, skip?: (stem: string, concept: string) => boolean): Map<string, Map<number, number>> {
  const concepts = new Map<string, Map<number, number>>();
  for (const [stem, { weight, hits }] of conceptWords) {
    for (const hit of hits) {
      if (skip?.(stem, hit.concept)) continue;
      const byWeight = concepts.get(hit.concept) ?? new Map<number, number>();
      byWeight.set(weight, (byWeight.get(weight) ?? 0) + hit.weight);
      concepts.set(hit.concept, byWeight);
    }
  }
  return concepts;
}

/** Evidence of one concept: per field weight, saturating (1 - e^-t), scaled by the weight; at most 1. */
const conceptEvidence = (byWeight: Map<number, number>) =>
  Math.min(1, [...byWeight].reduce((sum, [weight, t]) => sum + weight * (1 - Math.exp(-t)), 0));

/**
 * A word of a text whose language nothing tells (no function word, no telling letter: "Factures
 * manquantes", "Abonnements annules") that English does not know is looked up in these languages, in
 * order, each with its own stemmer (round 7); their packs load only then.
 */
export const GUESSED_LANGUAGES = ['de', 'fr', 'es'] as const;

async function guessedHits(word: string): Promise<ConceptHit[] | undefined> {
  for (const language of GUESSED_LANGUAGES) {
    const [pack, lookup] = await Promise.all([languagePack(language), conceptLookup(language)]);
    const [term] = terms([word], pack);
    const hits = term && lookup(term);
    if (hits) return hits;
  }
  return undefined;
}

async function rawFeatures(segments: Segment[]): Promise<RawFeatures> {
  const rewriter = vocabularyRewriter();
  const lists = segments.map((s) => words(s.text, rewriter));
  const all = lists.flat();
  const detected = detectLanguage(all) ?? detectLanguageByLetters(all);
  const overall = detected ?? 'en';
  const stems = new Map<string, number>();
  const firstConcepts = new Set<string>();
  const firstDecisive = new Set<string>();
  const conceptWords: ConceptWords = new Map();
  /** Concepts the customer raised in their own words (title, description, messages before any staff reply). */
  const ownConcepts = new Set<string>();
  /** Concepts an agent or bot raised. */
  const staffConcepts = new Set<string>();
  for (const [i, list] of lists.entries()) {
    if (list.length === 0) continue;
    // A message in another language than the rest (an English reply to a German customer) is read in its own.
    const language = detectLanguage(list, 2) ?? overall;
    const [pack, lookup] = await Promise.all([languagePack(language), conceptLookup(language)]);
    const segment = segments[i] as Segment;
    // A customer's clauses that say what the problem is not (denials.ts) weigh like an agent's words
    // and make no concept the customer's own; they are read in the language of the whole message.
    const { kept, denied } = segment.speaker && segment.speaker !== 'staff' ? splitDenials(segment.text) : { kept: '', denied: [] };
    const segmentTerms = denied.length > 0 ? terms(words(kept, rewriter), pack) : terms(list, pack);
    const deniedFrom = segmentTerms.length;
    if (denied.length > 0) segmentTerms.push(...terms(words(denied.join('. '), rewriter), pack));
    // A part named beside a strong damage word is the damaged part: "broken mounting clip" speaks of
    // damage, not of mounting (the part's stem still counts as a plain word).
    const damaged = segmentTerms.some((t, j) => j < deniedFrom && lookup(t)?.some((h) => h.concept === lookup.partOf && h.weight >= 1));
    for (const [j, term] of segmentTerms.entries()) {
      let hits = lookup(term) ?? (detected ? undefined : await guessedHits(term.word));
      // Round 11: a weak word before a device noun names the device, not its problem ("rain gauge").
      const device = segmentTerms[j + 1];
      if (hits && device && lookup.isDevice(device) && hits.every((h) => h.weight < 1)) hits = undefined;
      if (damaged && hits && lookup.isPart(term)) {
        const asDamage = hits.filter((h) => h.concept === lookup.partOf);
        hits = asDamage.length > 0 ? asDamage : undefined;
      }
      let weight = segment.weight;
      if (j >= deniedFrom) weight = Math.min(weight, FIELD_WEIGHT.agent);
      else if (hits && segment.speaker === 'staff') for (const h of hits) staffConcepts.add(h.concept);
      else if (hits && segment.speaker === 'reply' && hits.every((h) => staffConcepts.has(h.concept) && !ownConcepts.has(h.concept))) weight = Math.min(weight, FIELD_WEIGHT.agent);
      // Only an unambiguous word makes a concept the customer's own ("charge": money or battery?).
      else if (hits && hits.length === 1 && segment.speaker !== 'reply') ownConcepts.add((hits[0] as ConceptHit).concept);
      // A vocabulary word speaks mainly through its concepts; its stem alone still separates
      // two categories of one concept ("bluetooth" vs "wifi"), at a lower weight.
      const stemWeight = hits ? weight * TUNING.vocabularyStem : weight;
      stems.set(term.stem, Math.max(stems.get(term.stem) ?? 0, stemWeight));
      // A ticket's facets (vocabulary.ts, FACET_PREFIX) join its words; a category's text has none, so zero-shot never sees them.
      if (segment.speaker) for (const { concept } of lookup.facets.get(term.stem) ?? []) stems.set(concept, Math.max(stems.get(concept) ?? 0, weight * TUNING.facet));
      if (!hits) continue;
      if (i === 0 && j < deniedFrom) for (const h of hits) {
        firstConcepts.add(h.concept);
        if (h.weight >= DECISIVE_WORD_WEIGHT / 2) firstDecisive.add(h.concept);
      }
      const seen = conceptWords.get(term.stem);
      if (!seen || seen.weight < weight) conceptWords.set(term.stem, { weight, hits });
    }
  }
  return { stems, conceptWords, firstConcepts, firstDecisive };
}

/**
 * A ticket's features: title, description (unless it was generated from the messages, which
 * are read anyway) and messages weighted by author. Concept evidence saturates (1 - e^-t) per
 * author weight: a second word for the same concept helps, a fifth barely does, and however many
 * words an agent or a bot uses, they add at most their weight.
 */
export async function ticketFeatures(ticket: TicketText): Promise<Features> {
  const segments: Segment[] = [{ text: ticket.title, weight: FIELD_WEIGHT.title, speaker: 'customer' }];
  let staffSpoke = false;
  // A customer's text is read line by line and by voice (conversation.ts): a pasted agent's turn
  // weighs like an agent's message, the quoted thread FIELD_WEIGHT.quoted, a signature nothing.
  const add = (text: string, weight: number, staff: boolean) => {
    for (const { text: part, voice } of staff ? [{ text, voice: 'staff' }] : splitMessage(text)) {
      const other = voice === 'staff';
      staffSpoke ||= other;
      segments.push({ text: part, weight: other ? Math.min(weight, FIELD_WEIGHT.agent) : voice === 'quoted' ? weight * FIELD_WEIGHT.quoted : weight, speaker: other ? 'staff' : staffSpoke ? 'reply' : 'customer' });
    }
  };
  if (ticket.description && ticket.description !== generateDescription(ticket.messages)) add(ticket.description, FIELD_WEIGHT.description, false);
  for (const m of ticket.messages) add(m.content, FIELD_WEIGHT[m.role], m.role !== 'customer');
  const { stems, conceptWords, firstConcepts, firstDecisive } = await rawFeatures(segments);
  // A title that names its topic by a decisive word ("Refund still not on my card") leads the body:
  // a concept only the body raises is the story around it ("I sent it back, tracking says delivered").
  const lead = segments.length > 1 && firstDecisive.size > 0 ? TUNING.decisiveTitleLead : 1;
  const build = (skip?: (stem: string, concept: string) => boolean) => {
    const built: Features = new Map(stems);
    for (const [concept, byWeight] of conceptsOf(conceptWords, skip)) built.set(`${CONCEPT_PREFIX}${concept}`, conceptEvidence(byWeight) * (firstConcepts.has(concept) ? 1 : lead));
    return built;
  };
  const features = build();
  REBUILD.set(features, build);
  if (segments.length > 1 && firstConcepts.size > 0) TITLE_CONCEPTS.set(features, new Set([...firstConcepts].map((c) => `${CONCEPT_PREFIX}${c}`)));
  if (firstConcepts.has(OFF_TOPIC.slice(CONCEPT_PREFIX.length)) || (segments.length === 1 && features.has(OFF_TOPIC))) OFF_TOPIC_TITLE.add(features);
  return features;
}

/** A category ready for scoring: its features (stems 1, concepts relative to its main concept). */
export interface PreparedCategory {
  name: string;
  key: string;
  features: Features;
}

const preparedCache = new Map<string, Promise<PreparedCategory>>();
const PREPARED_CACHE_MAX = 2000;

/** Name, description and keywords as one set: a word in both name and description counts once. */
export function prepareCategory(category: CategoryOption): Promise<PreparedCategory> {
  // The features depend on the three texts only: they are the key.
  const text = [category.name, category.description ?? '', (category.keywords ?? []).join(', ')];
  const cacheKey = JSON.stringify(text);
  let prepared = preparedCache.get(cacheKey);
  if (!prepared) {
    prepared = (async () => {
      const { stems, conceptWords } = await rawFeatures(text.map((t) => ({ text: t, weight: 1 })));
      const features: Features = new Map(stems);
      // A concept's plain sum of evidence: in a category's text every word weighs 1.
      const sums = [...conceptsOf(conceptWords)].map(([concept, byWeight]) => [concept, [...byWeight.values()].reduce((a, b) => a + b, 0)] as const);
      const top = Math.max(0, ...sums.map(([, t]) => t));
      for (const [concept, t] of sums) {
        if (t / top >= TUNING.categoryConceptMin) features.set(`${CONCEPT_PREFIX}${concept}`, t / top);
      }
      return { name: category.name, key: normalizeCategoryName(category.name), features };
    })();
    if (preparedCache.size >= PREPARED_CACHE_MAX) preparedCache.clear();
    preparedCache.set(cacheKey, prepared);
    prepared.catch(() => preparedCache.delete(cacheKey));
  }
  return prepared;
}

/**
 * Evidence for each category from one source (descriptions or examples): every ticket feature
 * votes with weight x association(c, f) x how specific f is to c beyond chance. A feature every
 * category shares evenly ("device", "help") votes for none.
 */
function vote(ticket: Features, association: (i: number, feature: string) => number, n: number): number[] {
  const scores = new Array<number>(n).fill(0);
  const chance = 1 / n;
  const values = new Array<number>(n);
  for (const [feature, weight] of ticket) {
    let total = 0;
    for (let i = 0; i < n; i++) total += values[i] = association(i, feature);
    if (total <= 0) continue;
    const g = isConcept(feature) ? TUNING.concept : TUNING.lexical;
    for (let i = 0; i < n; i++) {
      const a = values[i] as number;
      if (a <= 0) continue;
      const specific = n === 1 ? 1 : Math.max(0, (a / total - chance) / (1 - chance));
      scores[i] = (scores[i] as number) + weight * g * a * specific;
    }
  }
  return scores;
}

/** How many of a category's examples carry a feature (never more than it has examples). */
const carrying = (e: CategoryExamples | undefined, feature: string) => (e ? Math.min(e.features.get(feature) ?? 0, e.examples) : 0);

/**
 * Evidence from the organization's labelled tickets, in log-odds (the softmax's logit units): a
 * Bayesian update of the zero-shot scores. For each ticket feature that some category's examples
 * carry, every category gets the log of how often its examples carry it, Laplace-smoothed
 * ((k + a) / (n + 2a), a = TUNING.exampleSmoothing; a category without examples counts as the mean
 * number of examples, none carrying it), centred on the mean over the categories. So a word one
 * category's examples share and the others' do not votes for it, a word every category's examples
 * share (or none) votes for none, and each feature counts with its weight in the ticket: the
 * customer's own words fully, an agent's or a bot's far less (FIELD_WEIGHT). Added to the description
 * scores, evidence that agrees with the vocabulary raises the confidence; evidence that points
 * elsewhere brings the two best categories closer, and the classifier abstains.
 */
export function exampleEvidence(ticket: Features, categories: PreparedCategory[], examples: ExampleCounts): number[] {
  const n = categories.length;
  const evidence = new Array<number>(n).fill(0);
  const learned = categories.map((c) => examples.get(c.key));
  const labelled = learned.filter((e) => e !== undefined);
  if (!labelled.length) return evidence;
  const a = TUNING.exampleSmoothing;
  const meanExamples = labelled.reduce((sum, e) => sum + e.examples, 0) / labelled.length;
  const logs = new Array<number>(n);
  // Round 8: the customer's plain words (no concept, no facet) share a budget of TUNING.exampleWordBudget
  // words. Three examples per category share many everyday words by chance ("show", "night", "number"),
  // each worth about a threefold shift in the odds, and a long mail matches ten of them; concepts and
  // facets, the words the vocabulary knows, still count fully.
  const plainWord = (f: string) => !isConcept(f) && !f.startsWith(FACET_PREFIX);
  let plain = 0;
  for (const [feature, weight] of ticket) if (plainWord(feature) && weight >= FIELD_WEIGHT.customer) plain++;
  const plainScale = Math.min(1, TUNING.exampleWordBudget / Math.max(1, plain));
  for (const [feature, w0] of ticket) {
    const weight = plainWord(feature) ? w0 * plainScale : w0;
    if (!labelled.some((e) => (e.features.get(feature) ?? 0) > 0)) continue;
    let mean = 0;
    for (let i = 0; i < n; i++) {
      const e = learned[i];
      const k = carrying(e, feature);
      mean += logs[i] = Math.log((k + a) / ((e ? e.examples : meanExamples) + 2 * a));
    }
    mean /= n;
    for (let i = 0; i < n; i++) evidence[i] = (evidence[i] as number) + weight * ((logs[i] as number) - mean);
  }
  return evidence;
}

/**
 * How well the ticket matches each category's examples, on the descriptions' scale: the same vote,
 * with a feature's association to a category the share of its examples that carry it, shrunk by
 * how few they are (k / (n + TUNING.exampleVoteShrink): one example teaches less than ten). Unlike
 * the log-odds (which are centred, so they only move categories against each other), this is
 * positive evidence that competes with "none of these": without it, a category whose description
 * does not know the organization's words (a terse one, or a name like "Tier 2") could never reach
 * the confidence threshold however many examples it had.
 */
export function exampleMatch(ticket: Features, categories: PreparedCategory[], examples: ExampleCounts): number[] {
  return vote(
    ticket,
    (i, feature) => {
      const e = examples.get((categories[i] as PreparedCategory).key);
      return e ? carrying(e, feature) / (e.examples + TUNING.exampleVoteShrink) : 0;
    },
    categories.length,
  );
}

/**
 * Raw scores per category, in category order: the better of the description's match and the
 * examples' match (where the description already knows the ticket's words, the examples do not
 * count them twice), plus TUNING.exampleAgree of the other one (round 8, second pass), plus the
 * examples' log-odds.
 */
export function scoreFeatures(ticket: Features, categories: PreparedCategory[], examples?: ExampleCounts): number[] {
  return scoreWithEvidence(ticket, categories, examples).scores;
}

/** {@link scoreFeatures}, with the examples' log-odds per category it used (empty without examples). */
function scoreWithEvidence(ticket: Features, categories: PreparedCategory[], examples?: ExampleCounts): { scores: number[]; learned: number[]; described: number[] } {
  const n = categories.length;
  // Round 9: a category whose text names no vocabulary concept takes the concepts most of its examples carry.
  const taught = examples?.size ? taughtConcepts(categories, examples) : undefined;
  const described = (i: number, f: string) => categories[i]?.features.get(f) ?? taught?.(i, f) ?? 0;
  const scores = vote(taught ? withoutHouseWords(ticket, categories, examples as ExampleCounts, described) : ticket, described, n);
  let learned: number[] = [];
  let zeroShot = scores;
  if (examples?.size) {
    // Round 10: what the descriptions alone say (see rankCategories, `held`).
    offTopic(ticket, categories, (zeroShot = vote(ticket, (i, f) => categories[i]?.features.get(f) ?? 0, n)));
    const matched = exampleMatch(ticket, categories, examples);
    // Log-odds join the scores before the softmax multiplies them by gamma.
    learned = exampleEvidence(ticket, categories, examples);
    const trust = exampleTrust(Math.max(0, ...confidences(scores)));
    // Round 8, second pass: where the description and the examples both match a category, the examples
    // confirm it and add TUNING.exampleAgree of the weaker match (before, the better of the two hid the other).
    for (let i = 0; i < n; i++) scores[i] = Math.max(scores[i] as number, matched[i] as number) + TUNING.exampleAgree * Math.min(scores[i] as number, matched[i] as number) + (trust * TUNING.examples * (learned[i] as number)) / TUNING.gamma;
  }
  // After the examples (round 8, second pass): before, their match replaced the held-back score, so with
  // examples an auto-reply or a job application was answered again ("Out of Office: …" as Account, 0.94).
  offTopic(ticket, categories, scores, examples);
  return { scores, learned, described: confidences(zeroShot) };
}

/**
 * Round 9: concepts a category's examples teach as if its text named them. A category whose name,
 * description and keywords name no vocabulary concept (teams or tiers, "Queue 3", "Tier 2", or words the
 * vocabulary does not know) is matched against the descriptions by nothing, so only the examples' weaker,
 * shrunk match (exampleMatch) could reach it. A concept that at least 2 of its examples and at least
 * TUNING.exampleConceptShare of them carry now counts for it like a description's concept, at the share
 * of its examples that carry it. A category whose text names a concept keeps its text's concepts only:
 * what the organization wrote is not overruled by three examples.
 */
function taughtConcepts(categories: PreparedCategory[], examples: ExampleCounts): (i: number, feature: string) => number {
  const wordless = categories.map((c) => ![...c.features.keys()].some(isConcept) && examples.get(c.key));
  return (i, feature) => {
    const e = wordless[i];
    if (!e || !isConcept(feature)) return 0;
    const k = carrying(e, feature);
    return k >= 2 && k / e.examples >= TUNING.exampleConceptShare ? k / e.examples : 0;
  };
}

/** Per Features map ticketFeatures built: the same map with some of its words left out of their concepts. */
const REBUILD = new WeakMap<Features, (skip: (stem: string, concept: string) => boolean) => Features>();

/**
 * Round 9: the organization's house words. A vocabulary word that the organization's examples carry in
 * at least TUNING.houseWordExamples examples, none of them filed under a category whose text names the
 * word's concept (or whose examples teach it, taughtConcepts), is the organization's everyday word, not a cue: a maker of card terminals writes
 * "terminal" (read as a wiring terminal: installation) in its power, damage and firmware tickets alike.
 * Against the descriptions such a word no longer speaks for that concept (its stem still counts); a word
 * that some category's own text uses ("sensor" of "Sensor accuracy") stays a cue, and the examples' own
 * evidence is unchanged. Zero-shot there are no examples, so nothing moves.
 */
function withoutHouseWords(ticket: Features, categories: PreparedCategory[], examples: ExampleCounts, described: (i: number, feature: string) => number): Features {
  return (
    REBUILD.get(ticket)?.((stem, concept) => {
      let carried = 0;
      for (const [i, c] of categories.entries()) {
        const k = carrying(examples.get(c.key), stem);
        if (c.features.has(stem) || (k > 0 && described(i, `${CONCEPT_PREFIX}${concept}`) > 0)) return false;
        carried += k;
      }
      return carried >= TUNING.houseWordExamples;
    }) ?? ticket
  );
}

/** The vocabulary concept of mail that is no support request (support-vocabulary.json `offtopic`). */
export const OFF_TOPIC = `${CONCEPT_PREFIX}offtopic`;

/** Features maps (ticketFeatures) whose title names OFF_TOPIC (a title-only ticket's text is all title). */
const OFF_TOPIC_TITLE = new WeakSet<Features>();

/**
 * Mail that asks support for nothing (round 8): an auto-reply or a bounce, a job application, a press
 * or influencer request, an SEO pitch. Such mail borrows support words ("delivery has failed", "access
 * control systems", "a free set"), so the categories' match alone answered it with high confidence
 * (v7, v8: 0.85-0.99). When the customer's own words say it (evidence of TUNING.offTopicMin or more:
 * an agent's, a bot's or a quoted mention, at most 0.25, never counts), every category whose text and
 * examples do not name that concept loses TUNING.offTopic times the evidence, so "none of these" wins;
 * an organization with a "Sales" or "Press" category whose description or examples use those words
 * keeps it.
 */
function offTopic(ticket: Features, categories: PreparedCategory[], scores: number[], examples?: ExampleCounts): void {
  const evidence = ticket.get(OFF_TOPIC) ?? 0;
  if (evidence < TUNING.offTopicMin) return;
  // Such mail says what it is in its subject line ("Automatic reply: …", "Job application – …"). When only
  // the body says it, a support request that mentions it in passing ("I was out of office for two weeks,
  // now the hub is dead") names its problem more strongly, and is not held back.
  if (!OFF_TOPIC_TITLE.has(ticket)) for (const [feature, weight] of ticket) if (feature !== OFF_TOPIC && isConcept(feature) && weight > evidence) return;
  categories.forEach((c, i) => {
    if (!c.features.has(OFF_TOPIC) && !examples?.get(c.key)?.features.has(OFF_TOPIC)) scores[i] = (scores[i] as number) - TUNING.offTopic * evidence;
  });
}

/**
 * How much the examples' log-odds count, given the zero-shot confidence of the best category (round 7,
 * second pass): fully while the descriptions leave the ticket uncertain (below CONFIDENCE_THRESHOLD),
 * then less, linearly, down to TUNING.exampleTrustFloor at a certain answer. Three examples per
 * category share generic words by chance ("old", "runs", "closed"): one such word shifts the odds about
 * threefold, enough to pull a confident right answer under the threshold. Across v1-v7, examples
 * turned 16 answers with zero-shot confidence >= 0.7 from right to abstained or wrong and only 2 from
 * wrong to right (README, "Round 7", second pass). The examples' match (exampleMatch) is not damped:
 * it only adds evidence where the descriptions have none.
 */
export function exampleTrust(zeroShot: number): number {
  if (zeroShot <= CONFIDENCE_THRESHOLD) return 1;
  return Math.max(TUNING.exampleTrustFloor, (1 - zeroShot) / (1 - CONFIDENCE_THRESHOLD));
}

/** Softmax over the categories and a constant "none" score: weak evidence gives low confidence. */
export function confidences(scores: number[]): number[] {
  const exps = scores.map((s) => Math.exp(TUNING.gamma * (s - TUNING.noneScore)));
  const total = 1 + exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** The best category with its confidence, before the threshold is applied. */
export async function rankCategories(ticket: TicketText, categories: CategoryOption[], examples?: ExampleCounts) {
  const [features, prepared] = await Promise.all([ticketFeatures(ticket), Promise.all(categories.map(prepareCategory))]);
  const { scores, learned, described } = scoreWithEvidence(features, prepared, examples);
  const probabilities = confidences(scores);
  let best = -1;
  probabilities.forEach((p, i) => {
    if (best < 0 || p > (probabilities[best] as number)) best = i;
  });
  // …and share a concept with the ticket: a plain word alone ("test", "kudos") confirms nothing.
  const taught = best >= 0 ? examples?.get((prepared[best] as PreparedCategory).key)?.features : undefined;
  const top = learned[best] as number;
  const confirmed = !!taught && learned.every((e, i) => i === best || e < top) && [...features.keys()].some((f) => isConcept(f) && taught.has(f));
  // No category: best stays -1, and index -1 holds nothing.
  // Round 10: examples that favour the category the descriptions alone answered do not take that answer away.
  const held = (described[best] ?? 0) >= CONFIDENCE_THRESHOLD && learned.every((e) => e <= top);
  return { best: categories[best]?.name ?? null, confidence: probabilities[best] ?? 0, runnerUp: Math.max(0, ...probabilities.filter((_, i) => i !== best)), confirmed, held };
}

/** The concepts a ticket's title names, per Features map ticketFeatures built (only when it has a body too). */
const TITLE_CONCEPTS = new WeakMap<Features, Set<string>>();

/**
 * The features an example stores: the customer-side words and the concepts with real
 * evidence, strongest first, at most EXAMPLE_FEATURES_MAX. When the title names a concept, a
 * concept only the body raises counts at TUNING.exampleTitleLead of its evidence (round 7, second
 * pass): the title says what the ticket is about, while a body's second topic, its story ("since the
 * power cut", "my son set it up") and words for the device teach the category nothing, and with 3
 * examples each such concept stored is a chance match for the next ticket. Classifying is unchanged.
 */
export function exampleFeatures(features: Features): string[] {
  const titled = TITLE_CONCEPTS.get(features);
  if (titled) features = new Map([...features].map(([f, w]) => [f, isConcept(f) && !titled.has(f) ? w * TUNING.exampleTitleLead : w]));
  return [...features]
    .filter(([f, w]) => w >= (isConcept(f) ? 0.3 : FIELD_WEIGHT.customer * TUNING.vocabularyStem))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, EXAMPLE_FEATURES_MAX)
    .map(([f]) => f);
}

export class EmbeddedClassifier implements Classifier {
  readonly name = 'embedded';

  /** The best category when its confidence reaches CONFIDENCE_THRESHOLD, else null. */
  async classify(ticket: TicketText, categories: CategoryOption[], _signal?: AbortSignal, examples?: ExampleCounts): Promise<string | null> {
    return (await this.assess(ticket, categories, _signal, examples)).category;
  }

  /** Like classify, with the confidence of the best category (also when it abstains). */
  async assess(ticket: TicketText, categories: CategoryOption[], _signal?: AbortSignal, examples?: ExampleCounts): Promise<Classification> {
    if (categories.length === 0) return { category: null, confidence: null };
    const { best, confidence, runnerUp, confirmed, held } = await rankCategories(ticket, categories, examples);
    const rounded = Math.round(confidence * 1000) / 1000;
    const terse = !examples?.size && !ticket.description.trim() && ticket.messages.every((m) => !m.content.trim()) && ticket.title.trim().split(/\s+/).length <= TERSE.words;
    const answer =
      confidence >= CONFIDENCE_THRESHOLD ||
      held ||
      (terse && confidence >= TERSE.threshold && confidence >= TERSE.margin * runnerUp) ||
      (confirmed && confidence >= CONFIRMED.threshold && confidence >= CONFIRMED.margin * runnerUp);
    return { category: answer ? best : null, confidence: rounded };
  }
}
