import type { TicketText } from '../ticket-text';
import type { CategoryOption, Classifier } from './classifier';

/**
 * The default classifier: no network, no model. Each category is a tiny "document" made of
 * its name (counted twice) and description; the ticket is the query. Categories are ranked
 * with BM25 (term saturation + length normalisation, IDF over the org's categories), terms
 * are lowercased, stripped of accents and stop words, and cut to a crude stem so
 * "charging", "charged" and "charges" meet. A tie at the top or no shared term gives null.
 */
const STOP_WORDS = new Set(
  ('a an and are as at be been but by can could did do does doing for from had has have having he her his how i if in into is it its ' +
    'just me my no not of on or our out over so some than that the their them then there these they this those to too up us very was we ' +
    'were what when where which while who why will with would you your yours also any all about after again am because before being both ' +
    'each few further here more most other own same should such only off once under until down nor only s t don now get got still ' +
    'please hi hello thanks thank regards dear help issue problem ticket')
    .split(/\s+/),
);

const SUFFIXES = ['ational', 'ization', 'fulness', 'ements', 'ations', 'ation', 'ments', 'ement', 'ment', 'ings', 'ing', 'ies', 'ied', 'ers', 'er', 'ed', 'es', 'ly', 's'];

/**
 * Stemming-lite: strips the first matching suffix (longest listed first) while leaving at
 * least three letters, then a final silent `e`, so "invoice"/"invoices" and "charge"/"charging" meet.
 */
export function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length);
      return suffix === 'ies' || suffix === 'ied' ? `${base}y` : base;
    }
  }
  return word.length > 4 && word.endsWith('e') ? word.slice(0, -1) : word;
}

/** Lowercase, accent-free, stop-word-free, stemmed tokens. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length >= 2 && !STOP_WORDS.has(t))
    .map(stem);
}

const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 2;
const TITLE_WEIGHT = 2;

function counts(tokens: string[], weight: number, into = new Map<string, number>()) {
  for (const t of tokens) into.set(t, (into.get(t) ?? 0) + weight);
  return into;
}

/** Category scores for a ticket, in category order (exported for tests and tuning). */
export function scoreCategories(ticket: TicketText, categories: CategoryOption[]): number[] {
  const docs = categories.map((c) => counts(tokenize(c.description ?? ''), 1, counts(tokenize(c.name), NAME_WEIGHT)));
  const lengths = docs.map((d) => [...d.values()].reduce((a, b) => a + b, 0));
  const avgLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, docs.length) || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);

  const query = counts(tokenize(ticket.title), TITLE_WEIGHT);
  counts(tokenize(ticket.description), 1, query);
  for (const m of ticket.messages) counts(tokenize(m.content), 1, query);

  const n = docs.length;
  return docs.map((doc, i) => {
    let score = 0;
    for (const [term, qtf] of query) {
      const f = doc.get(term);
      if (!f) continue;
      const dfT = df.get(term) ?? 0;
      const idf = Math.log(1 + (n - dfT + 0.5) / (dfT + 0.5));
      const tf = (f * (K1 + 1)) / (f + K1 * (1 - B + (B * (lengths[i] as number)) / avgLength));
      // Repeating a word in the ticket helps, with diminishing returns.
      score += idf * tf * (1 + Math.log(qtf));
    }
    return score;
  });
}

export class EmbeddedClassifier implements Classifier {
  readonly name = 'embedded';

  async classify(ticket: TicketText, categories: CategoryOption[]): Promise<string | null> {
    const scores = scoreCategories(ticket, categories);
    let best = -1;
    let tie = false;
    scores.forEach((score, i) => {
      if (best < 0 || score > (scores[best] as number)) {
        best = i;
        tie = false;
      } else if (score === scores[best]) tie = true;
    });
    if (best < 0 || (scores[best] as number) <= 0 || tie) return null;
    return categories[best]?.name ?? null;
  }
}
