import { fold, languagePack, LANGUAGES, VariantRewriter, type Language, type LanguagePack, type Term } from './language';
import { supportVocabulary, type SupportVocabulary } from './vocabulary-file';

/**
 * Feature names of facets start with this (concepts' with '@', word stems with neither). Facets are
 * finer groups of support words than the concepts ("sound": buzzing, crackling, Pfeifton; "heat":
 * hot, burnt, Geruch). The descriptions never see them, so they leave zero-shot alone; a labelled
 * ticket stores its facets with its words, so an organization's examples teach which of its
 * categories a whole group of words belongs to: one example "loud buzzing" filed under "Hardware
 * damage" makes "crackling from the gateway" evidence for it too, though they share no word.
 */
export const FACET_PREFIX = '~';

/** Version of support-vocabulary.json; stored with learned examples so a change is visible. */
export const vocabularyVersion = (): number => supportVocabulary().version;

/** One concept a word points to, with the word's share of weight (split when a word has several). */
export interface ConceptHit {
  concept: string;
  weight: number;
}

interface RawEntry {
  concept: string;
  language: Language;
  word: string;
  weight: number;
  /** Marked `=`: matches only this exact form, never by stem ("lasts" of a battery, not "last week"). */
  exact?: boolean;
}

/** Weight of a word listed after the `|` of its list (a weak or often-ambiguous cue). */
export const WEAK_WORD_WEIGHT = 0.5;

/**
 * Weight of a word marked `!` (a decisive cue): a state that names the problem whatever the part it
 * is said of ("cracked lens", "sensor defectuoso", "snapped antenna" are damage, not
 * installation, connectivity or accuracy).
 */
export const DECISIVE_WORD_WEIGHT = 3;

interface Parsed {
  entries: RawEntry[];
  /** The `facets` lists as entries (their `concept` is the facet's feature name, `~sound`). */
  facets: RawEntry[];
  /** Spelling variants and the vocabulary's own phrases, applied before tokenising. */
  rewriter: VariantRewriter;
  /** Every vocabulary word by its accent-free surface form, whatever its language. */
  surfaceIndex: Index;
}

/**
 * Shortest word read as a typo (measured on the tuning sets: at 5 letters "orange", "slower", "early",
 * "border" became range, lower, yearly, order; at 6 only real typos matched).
 */
export const TYPO_MIN_LENGTH = 6;

let parsed: Parsed | undefined;

/** The vocabulary file's words as entries, built on first use (vocabulary-file.ts reads the file). */
function vocabulary(): Parsed {
  if (parsed) return parsed;
  const { concepts: conceptData, facets = {}, variants } = supportVocabulary();
  const phrases: Record<string, string> = {};
  const parse = (data: SupportVocabulary['concepts']) => {
    const entries: RawEntry[] = [];
    for (const [concept, byLanguage] of Object.entries(data)) {
      for (const language of LANGUAGES) {
        const [strong = '', weak = ''] = (byLanguage[language] ?? '').split('|');
        for (const [list, weight] of [[strong, 1], [weak, WEAK_WORD_WEIGHT]] as const) {
          for (const raw of list.split(/\s+/).filter(Boolean)) {
            const exact = raw.startsWith('=');
            const decisive = raw.replace(/^=/, '').startsWith('!');
            const spec = raw.replace(/^=?!?/, '');
            const text = spec.toLowerCase().replace(/\+/g, ' ');
            // A phrase ("hors ligne") becomes one word through the variant rewriter. Round 9: without its
            // apostrophes ("hasn't been sent" -> "hasntbeensent"), which words() would split again, and
            // matched with either apostrophe.
            const word = /\s/.test(text) ? text.replace(/[\s'’-]+/g, '') : text.replace(/[\s-]+/g, '');
            if (word !== text) phrases[text] = word;
            if (/\s/.test(text) && text.includes("'")) phrases[text.replace(/'/g, '’')] = word;
            entries.push({ concept, language, word, weight: decisive ? DECISIVE_WORD_WEIGHT : weight, exact });
          }
        }
      }
    }
    return entries;
  };
  const entries = parse(conceptData);
  parsed = {
    entries,
    facets: parse(facets),
    rewriter: new VariantRewriter({ ...variants, ...phrases }),
    surfaceIndex: build(entries.map((e) => [fold(e.word), e])),
  };
  return parsed;
}

/** The rewriter for ticket text: spelling variants and the vocabulary's phrases. */
export const vocabularyRewriter = (): VariantRewriter => vocabulary().rewriter;

type Index = Map<string, ConceptHit[]>;

/** Adds an entry; a key pointing to several concepts splits its weight between them (ambiguous words decide less). */
function build(entries: Iterable<[string, RawEntry]>): Index {
  const byKey = new Map<string, Map<string, number>>();
  for (const [key, e] of entries) {
    const concepts = byKey.get(key) ?? new Map<string, number>();
    concepts.set(e.concept, Math.max(concepts.get(e.concept) ?? 0, e.weight));
    byKey.set(key, concepts);
  }
  const index: Index = new Map();
  for (const [key, concepts] of byKey) {
    index.set(key, [...concepts].map(([concept, weight]) => ({ concept, weight: weight / concepts.size })));
  }
  return index;
}

const stemIndexes = new Map<Language, Promise<[Index, Set<string>, Index, Set<string>]>>();

/** A language's words by their stem, the stems of its part words, and its facet words by stem (built on first use, with that language's stemmer). */
function stemIndex(language: Language): Promise<[Index, Set<string>, Index, Set<string>]> {
  let index = stemIndexes.get(language);
  if (!index) {
    const byStem = (pack: LanguagePack, entries: RawEntry[]) => build(entries.filter((e) => e.language === language && !e.exact).map((e) => [pack.stem(e.word), e]));
    index = languagePack(language).then((pack) => [
      byStem(pack, vocabulary().entries),
      new Set((supportVocabulary().parts?.[language] ?? '').split(/\s+/).map((w) => pack.stem(w))),
      byStem(pack, vocabulary().facets),
      new Set((supportVocabulary().devices?.[language] ?? '').split(/\s+/).map((w) => pack.stem(w))),
    ]);
    index.catch(() => stemIndexes.delete(language));
    stemIndexes.set(language, index);
  }
  return index;
}

/**
 * Looks terms up in the vocabulary: by exact surface form, else by stem in their language.
 * `partOf`: the concept whose strong words make a listed part word (support-vocabulary.json `parts`)
 * speak of that part's state; `isPart` tells the part words.
 */
export interface ConceptLookup {
  (term: Term): ConceptHit[] | undefined;
  partOf?: string;
  isPart(term: Term): boolean;
  /** Round 11: a noun naming a kind of device by what it measures or runs on (support-vocabulary.json `devices`: "gauge", "station"). */
  isDevice(term: Term): boolean;
  /**
   * Facets by stem (support-vocabulary.json `facets`: finer groups of words than the concepts,
   * "sound", "heat", "pairing"; a hit's `concept` is the feature name, FACET_PREFIX + facet).
   */
  facets: Map<string, ConceptHit[]>;
}

/** The forms of a word with one letter left out. */
const omissions = (w: string) => [...w].map((_, i) => w.slice(0, i) + w.slice(i + 1));

/** Per language: its words by surface form, and those of more than TYPO_MIN_LENGTH letters by each omission. */
const typoIndexes = new Map<Language, [Index, Index]>();

/**
 * A word no list knows, read as a typo of a vocabulary word of its own language (French "refuse" is
 * no typo of English "refused") when one letter is missing ("offlne", "pasword": the word is an
 * omission of a longer vocabulary word) or one too many ("batteery"), and only when that points to one concept.
 */
function typo(word: string, language: Language): ConceptHit[] | undefined {
  if (word.length < TYPO_MIN_LENGTH || /\d/.test(word)) return undefined;
  let index = typoIndexes.get(language);
  if (!index) {
    const own = vocabulary().entries.filter((e) => e.language === language && !e.exact && !/\d/.test(e.word)).map((e): [string, RawEntry] => [fold(e.word), e]);
    index = [build(own), build(own.flatMap(([w, e]) => (w.length > TYPO_MIN_LENGTH ? omissions(w).map((k): [string, RawEntry] => [k, e]) : [])))];
    typoIndexes.set(language, index);
  }
  const [surface, omitted] = index;
  const hits = [...(omitted.get(word) ?? []), ...(word.length > TYPO_MIN_LENGTH ? omissions(word).flatMap((o) => surface.get(o) ?? []) : [])];
  const [first] = hits;
  return first && hits.every((h) => h.concept === first.concept) ? [{ concept: first.concept, weight: Math.min(1, Math.max(...hits.map((h) => h.weight))) }] : undefined;
}

/**
 * Shortest part of a German compound read on its own. A word no list knows ("Jahresabo",
 * "Ersteinrichtung", "Displayriss") means what its head means: the longest tail that is a listed
 * word as written, or whose stem is a listed stem of more than this many letters, when the rest has
 * at least this many letters. When the rest is a listed word too ("WLAN-Passwort"), both count, at half weight.
 */
export const COMPOUND_PART_MIN = 3;

function compoundHead(word: string, surface: Index, index: Index, pack: LanguagePack): ConceptHit[] | undefined {
  const known = (part: string) => {
    const stem = pack.stem(part);
    return surface.get(part) ?? (stem.length > COMPOUND_PART_MIN + 1 ? index.get(stem) : undefined);
  };
  for (let i = COMPOUND_PART_MIN; i <= word.length - COMPOUND_PART_MIN; i++) {
    const head = known(word.slice(i));
    if (!head) continue;
    const modifier = known(word.slice(0, i));
    return modifier ? [...head, ...modifier].map((h) => ({ ...h, weight: h.weight / 2 })) : head;
  }
  return undefined;
}

/**
 * Round 10: verb forms the Snowball stemmers leave whole, as the listed word they inflect, for a word no
 * list knows ('' when none): French third-person plurals in -ent ("chargent", "affichent" -> charge, affiche), German
 * present tense in -t / -et ("kostet", "koppelt", "installiert" -> kosten, koppeln, installieren).
 * Only a listed form counts (a stem would read "belegt", assigned, as Beleg, a receipt).
 */
export const inflection = (word: string, language: Language): string =>
  language === 'fr' && /..ent$/.test(word) ? word.slice(0, -2) : language === 'de' && /..[^e]e?t$/.test(word) ? (/(?<!i)e[lr]t$/.test(word) ? word.slice(0, -1) + 'n' : word.replace(/e?t$/, 'en')) : '';

/** A lookup for terms of `language`, once that language's index is ready. */
export async function conceptLookup(language: Language): Promise<ConceptLookup> {
  const [index, parts, facets, devices] = await stemIndex(language);
  const { surfaceIndex } = vocabulary();
  // An exact listed form first: "charged" (a payment) and "charging" (power) share a stem.
  const pack = await languagePack(language);
  const lookup: ConceptLookup = (term) =>
    surfaceIndex.get(term.word) ??
    index.get(term.stem) ??
    typo(term.word, language) ??
    surfaceIndex.get(inflection(term.word, language)) ??
    (language === 'de' ? compoundHead(term.word, surfaceIndex, index, pack) : undefined);
  lookup.partOf = supportVocabulary().parts?.of;
  lookup.isPart = (term) => parts.has(term.stem);
  lookup.isDevice = (term) => devices.has(term.stem);
  lookup.facets = facets;
  return lookup;
}
