import { escapeRegExp, LANGUAGES, wordsPattern } from './language';
import { supportVocabulary } from './vocabulary-file';

/**
 * Conversations: a customer often says what the problem is NOT ("the batteries are fine", "the
 * readings are fine when they come", "this is not about the battery"), usually in answer to an agent
 * or a bot who guessed wrong. Such a clause names another category's words; read as the customer's
 * own, it takes the ticket there. This splits a customer's message into its denying clauses and the
 * rest (support-vocabulary.json `denials`, four languages); the caller weighs the denying clauses like
 * an agent's words. A "fine" phrase denies only in a clause without a negation ("nothing works fine")
 * and without a contrast in time ("it was fine until the update"); an "always" phrase denies anyway.
 */

interface DenialPatterns {
  fine: RegExp;
  always: RegExp;
  blockers: RegExp;
}

let patterns: DenialPatterns | null | undefined;

const phrasePattern = (phrases: string[]) => wordsPattern(phrases.map((p) => escapeRegExp(p).replace(/'/g, "['’]")), 'u');

function load(): DenialPatterns | null {
  const denials = supportVocabulary().denials;
  if (!denials) return null;
  const all = (key: 'fine' | 'always' | 'negations' | 'contrasts') => LANGUAGES.flatMap((l) => denials[l]?.[key] ?? []);
  return { fine: phrasePattern(all('fine')), always: phrasePattern(all('always')), blockers: phrasePattern([...all('negations'), ...all('contrasts')]) };
}

/** Clauses end at sentence punctuation, parentheses, commas and "but" (in the four languages). */
const CLAUSE = /[.;:!?\n()]+|,|\s(?:but|aber|pero|mais|sondern|sino)\s/iu;

/** A customer's text as the clauses that deny (`denied`) and the rest (`kept`, joined back). */
export function splitDenials(text: string): { kept: string; denied: string[] } {
  if (patterns === undefined) patterns = load();
  if (!patterns) return { kept: text, denied: [] };
  const { fine, always, blockers } = patterns;
  const kept: string[] = [];
  const denied: string[] = [];
  for (const clause of text.split(CLAUSE).filter((c) => c.trim() !== '')) {
    const lower = clause.toLowerCase();
    if (always.test(lower) || (fine.test(lower) && !blockers.test(lower))) denied.push(clause);
    else kept.push(clause);
  }
  return { kept: kept.join('. '), denied };
}
