import { supportVocabulary } from './vocabulary-file';

/**
 * Language handling for the embedded classifier: spelling variants, tokenising, per-language
 * stopwords and Snowball stemming. Stemmers and stopword lists come from Orama's
 * `@orama/stemmers` / `@orama/stopwords` (one ES module per language, no dependencies). They are
 * loaded with `import()` the first time a language is met: they stay out of the handler bundle
 * (lib/bundling.ts lists them as external and the stack installs them next to it), so an
 * English-only organization never loads the German, Spanish or French packs.
 */

export const LANGUAGES = ['en', 'de', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A loaded language: its stemmer and its stopwords (accented and accent-free spellings). */
export interface LanguagePack {
  language: Language;
  stem(word: string): string;
  isStopword(word: string): boolean;
}

/** Lowercase without diacritics, `ß` as `ss`: the form stems and raw words are compared in. */
export const fold = (word: string) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss');

// Literal specifiers so bundlers see each one; a template string would hide them.
const LOADERS: Record<Language, () => Promise<[{ stemmer: (w: string) => string }, { stopwords: string[] }]>> = {
  en: () => Promise.all([import('@orama/stemmers/english'), import('@orama/stopwords/english')]),
  de: () => Promise.all([import('@orama/stemmers/german'), import('@orama/stopwords/german')]),
  es: () => Promise.all([import('@orama/stemmers/spanish'), import('@orama/stopwords/spanish')]),
  fr: () => Promise.all([import('@orama/stemmers/french'), import('@orama/stopwords/french')]),
};

/** Stems cached per language; a support vocabulary is small, so the cache is cleared rather than evicted. */
const STEM_CACHE_MAX = 50_000;

async function loadPack(language: Language): Promise<LanguagePack> {
  const [{ stemmer }, { stopwords }] = await LOADERS[language]();
  const stops = new Set<string>();
  // Words every support ticket may use ("new", "problem", "device", "help"): no category's own, in a
  // ticket or in a description ("setup of a new device" must not pull "new admin" to installation).
  for (const w of [...stopwords, ...(supportVocabulary().genericWords?.[language] ?? [])]) {
    stops.add(w);
    stops.add(fold(w));
    // `doesn't` reaches the filter as `doesn` (words() splits at apostrophes).
    const [head] = w.split(/['’]/);
    if (head && head !== w && head.length >= 3) stops.add(head);
  }
  const cache = new Map<string, string>();
  return {
    language,
    isStopword: (word) => stops.has(word),
    stem(word) {
      let stem = cache.get(word);
      if (stem === undefined) {
        // Snowball works on the accented word; comparing happens accent-free. Porter leaves a
        // trailing `i` for a final `y` ("faulty" -> "faulti"), which would keep it from "fault"
        // (and "battery" from "batteries" once one of them loses the `i`).
        stem = fold(stemmer(word));
        if (language === 'en' && stem.length > 4 && stem.endsWith('i') && /(y|ies|ied)$/.test(word)) stem = stem.slice(0, -1);
        if (cache.size >= STEM_CACHE_MAX) cache.clear();
        cache.set(word, stem);
      }
      return stem;
    },
  };
}

const packs = new Map<Language, Promise<LanguagePack>>();

/** The language's pack, loaded once per process (a failed load is retried on the next call). */
export function languagePack(language: Language): Promise<LanguagePack> {
  let pack = packs.get(language);
  if (!pack) {
    pack = loadPack(language);
    pack.catch(() => packs.delete(language));
    packs.set(language, pack);
  }
  return pack;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching any of `alternatives` (regular-expression sources) as whole words. */
export const wordsPattern = (alternatives: string[], flags: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, flags);

/** Phrase rewrites applied to lowercased text before tokenising (`wi-fi` -> `wifi`, `log in` -> `login`). */
export class VariantRewriter {
  private readonly pattern: RegExp | undefined;
  private readonly map: Map<string, string>;

  constructor(entries: Record<string, string>) {
    this.map = new Map(Object.entries(entries).map(([from, to]) => [from.toLowerCase().normalize('NFC'), to]));
    // Round 10: an English phrasal verb with its object between verb and particle ("switches itself off",
    // "plug it in", "set them up") is the listed phrase ("switches off", "plug in", "set up").
    for (const [from, to] of [...this.map]) for (const object of ['it', 'itself', 'them', 'themselves']) this.map.set(from.replace(/^\S+(?= (?:off|on|in|up|down|out|back)$)/, `$& ${object}`), to);
    const keys = [...this.map.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    this.pattern = keys.length ? wordsPattern(keys, 'gu') : undefined;
  }

  rewrite(lowercased: string): string {
    return this.pattern ? lowercased.replace(this.pattern, (m) => this.map.get(m) ?? m) : lowercased;
  }
}

let baseVariants: VariantRewriter | undefined;

/**
 * Numbers that say what they are (support-vocabulary.json `readings`: pattern, word) become the word
 * their unit stands for ("3c" -> "degrees", "2.1v" -> "voltage", "v7.2" -> "version", "ip65" ->
 * "iprating"), so "temp 3C too high" speaks of a temperature reading and "v7.2 broke alerts" of a
 * release. 24V (a supply rating, wiring) and dates are left alone: a voltage must have decimals, a
 * version a `v` or three short parts.
 */
let readingRules: [RegExp, string][] | undefined;

export function readings(lowercased: string): string {
  readingRules ??= (supportVocabulary().readings ?? []).map(([pattern, word]) => [new RegExp(pattern, 'gu'), ` ${word} `]);
  return readingRules.reduce((out, [pattern, word]) => out.replace(pattern, word), lowercased);
}

const WORD = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;
/**
 * E-mail addresses and web addresses (with a scheme, `www.`, or a domain followed by a path) say who
 * or where, not what the problem is: "k.albers@ortmann-spedition.example" is no shipping word and
 * "help.example.com/batteries" no battery (round 9). They are left out before tokenising. An address starts
 * where its characters start (the look-behind): without it a long run of letters was rescanned from every
 * position, quadratic in the run (round 11, second pass).
 */
const ADDRESS = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|(?:https?:\/\/|www\.)\S+|(?<![\p{L}\p{N}@])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\/\S*/gu;
const HAS_LETTER = /\p{L}/u;
/** Elided articles and pronouns before an apostrophe (French `l'appareil`, `d'alimentation`, `qu'il`). */
const ELISION_MAX = 2;

/**
 * Words of a lowercased, variant-rewritten text. A hyphenated word gives its joined form
 * (`re-install` -> `reinstall`) and, when every part is a real word (3+ letters), its parts too;
 * an elided article is dropped; numbers without a letter are dropped (order numbers, amounts).
 */
export function words(text: string, rewriter: VariantRewriter = (baseVariants ??= new VariantRewriter(supportVocabulary().variants))): string[] {
  const out: string[] = [];
  for (const match of readings(rewriter.rewrite(text.toLowerCase().normalize('NFC').replace(ADDRESS, ' '))).matchAll(WORD)) {
    const pieces = match[0].split(/['’]/);
    // `l'appareil` -> `appareil`; `doesn't` -> `doesn`, `t` (the `t` falls to the length filter later).
    if (pieces.length > 1 && (pieces[0] as string).length <= ELISION_MAX) pieces.shift();
    for (const piece of pieces) {
      const parts = piece.split('-').filter(Boolean);
      const joined = parts.join('');
      if (HAS_LETTER.test(joined)) out.push(joined);
      if (parts.length > 1 && parts.every((p) => p.length >= 3)) for (const p of parts) if (HAS_LETTER.test(p)) out.push(p);
    }
  }
  return out;
}

let markerIndex: Map<string, Language[]> | undefined;

/** Function word -> the languages it marks (built from the vocabulary file on first use). */
function markers(): Map<string, Language[]> {
  if (!markerIndex) {
    const index = new Map<string, Language[]>();
    const { languageMarkers } = supportVocabulary();
    for (const language of LANGUAGES) {
      for (const w of languageMarkers[language]) index.set(w, [...(index.get(w) ?? []), language]);
    }
    markerIndex = index;
  }
  return markerIndex;
}

/**
 * The language of a list of words by its most frequent function words (`the`, `der`, `el`, `le`…),
 * or undefined when fewer than `minHits` occur. Ties go to the earlier language of LANGUAGES.
 */
export function detectLanguage(wordList: readonly string[], minHits = 1): Language | undefined {
  const hits: Record<Language, number> = { en: 0, de: 0, es: 0, fr: 0 };
  const index = markers();
  for (const w of wordList) for (const language of index.get(w) ?? []) hits[language] += 1;
  let best: Language | undefined;
  for (const language of LANGUAGES) if (hits[language] >= minHits && (!best || hits[language] > hits[best])) best = language;
  return best;
}

/**
 * The language of a text without function words ("Détections fantômes", "Sensor meldet Störung") by
 * the letters only one language uses (support-vocabulary.json `languageLetters`; é is French and
 * Spanish, so it decides nothing alone), or undefined (no such letter, or a tie).
 */
export function detectLanguageByLetters(wordList: readonly string[]): Language | undefined {
  const hits: Record<Language, number> = { en: 0, de: 0, es: 0, fr: 0 };
  const letters = supportVocabulary().languageLetters ?? [];
  for (const ch of wordList.join('')) for (const [set, languages] of letters) if (set.includes(ch)) for (const l of languages) hits[l]++;
  const ranked = LANGUAGES.filter((l) => hits[l] > 0).sort((a, b) => hits[b] - hits[a]);
  const [first, second] = ranked;
  return first && (!second || hits[first] > hits[second]) ? first : undefined;
}

/** A word after stopword removal: its surface form (accent-free) and its stem in the text's language. */
export interface Term {
  word: string;
  stem: string;
}

/**
 * The longest run read as a word (round 11, second pass): German compounds stay well under it; a longer run
 * (a pasted hash, base64 data) is no word, and stemming it, splitting it as a compound and matching it as
 * a typo cost time quadratic in its length.
 */
export const WORD_MAX = 64;

/** Stopword-free, stemmed terms of a text in `language` (length-1 leftovers and runs over WORD_MAX are dropped). */
export function terms(wordList: readonly string[], pack: LanguagePack): Term[] {
  const out: Term[] = [];
  for (const w of wordList) {
    if (w.length < 2 || w.length > WORD_MAX || pack.isStopword(w)) continue;
    const stem = pack.stem(w);
    if (stem.length >= 2) out.push({ word: fold(w), stem });
  }
  return out;
}
