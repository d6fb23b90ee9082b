import { readFileSync } from 'node:fs';
import type { Language } from './language';

/**
 * The support vocabulary (support-vocabulary.json: spelling variants, language markers and the
 * concepts' words per language), read from a file at run time instead of being bundled. A deployed
 * handler reads it next to its bundle: lib/bundling.ts copies the file beside the bundle of every
 * handler in LANGUAGE_PACK_ENTRIES, like the language packs (test/infra/language-packs.test.ts keeps
 * both complete). Locally and in tests the same `require.resolve` finds it beside this module in
 * the source tree. Read on first use, once per process: a missing file fails the classification
 * (the ticket is stored uncategorised, shared/domain/ticket/classifier/classifier.ts), never the
 * handler's start.
 */
export interface SupportVocabulary {
  version: number;
  /** Phrase rewrites applied before tokenising (`wi-fi` -> `wifi`). */
  variants: Record<string, string>;
  /** Function words per language, for language detection. */
  languageMarkers: Record<Language, string[]>;
  /** Concept -> language -> `strong words | weak words` (a `+` joins a phrase, `!` marks a decisive word, `=` an exact form that is never stemmed). */
  concepts: Record<string, Partial<Record<Language, string>>>;
  /**
   * Words naming a physical part (clip, antenna, terminal…), per language, and the concept (`of`) a
   * state word must strongly point to for them to count as "the part that is damaged": in such a
   * text a part word votes only for that concept ("broken mounting clip" is damage, not installation).
   */
  parts?: { of: string } & Partial<Record<Language, string>>;
  /** Round 11: nouns naming a kind of device by what it measures or runs on ("rain gauge"), per language: a weak word beside one names the device (embedded.ts). */
  devices?: Partial<Record<Language, string>>;
  /** Letters only some languages use, with those languages (a text without function words is read in theirs). */
  languageLetters?: [string, Language[]][];
  /** Numbers that say what they are: a regular expression (flags `gu`) and the word it becomes (`$1`: its unit). */
  readings?: [string, string][];
  /** Words every support ticket may use ("new", "problem", "device"), dropped like stopwords, per language. */
  genericWords?: Partial<Record<Language, string[]>>;
  /** Phrases by which a customer's clause says what the problem is not (denials.ts). */
  denials?: Partial<Record<Language, { fine?: string[]; always?: string[]; negations?: string[]; contrasts?: string[] }>>;
  /** Facet -> language -> space-separated words: finer groups than the concepts, learned per organization from its examples (facets.ts). */
  facets?: Record<string, Partial<Record<Language, string>>>;
  /** Speaker labels, reply and forward markers, mail header lines, signature closings and the turn pattern, all languages (conversation.ts). */
  conversation?: Record<'staff' | 'customer' | 'reply' | 'forward' | 'header' | 'signature' | 'speaker', string[]>;
}

let loaded: SupportVocabulary | undefined;

/** The vocabulary, read and parsed on first call (a failed read is retried on the next call). */
export function supportVocabulary(): SupportVocabulary {
  // Literal and not `import`: esbuild leaves `require.resolve` to run time, so the data stays out of the bundle.
  loaded ??= JSON.parse(readFileSync(require.resolve('./support-vocabulary.json'), 'utf8')) as SupportVocabulary;
  return loaded;
}
