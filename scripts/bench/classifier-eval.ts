import { normalizeCategoryName } from '../../shared/domain/ticket-config/category-names';
import { EmbeddedClassifier, exampleFeatures, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
import type { CategoryOption } from '../../shared/domain/ticket/classifier/classifier';
import { addExample, type ExampleCounts } from '../../shared/domain/ticket/classifier/examples';
import { rankCategories } from '../../shared/domain/ticket/classifier/embedded';
import type { LabelledTicket } from './classifier-set';

/** One ticket's outcome: the answer (null = abstained), the best guess and its confidence. */
export interface Outcome {
  title: string;
  want: string;
  got: string | null;
  best: string | null;
  confidence: number;
}

export interface Evaluation {
  right: number;
  wrong: number;
  abstained: number;
  results: Outcome[];
  /** Accuracy of the best guess per confidence bin (is a confidence of p right about p of the time?). */
  calibration: { from: number; to: number; count: number; accuracy: number; meanConfidence: number }[];
  /** Expected calibration error: per bin |accuracy - mean confidence|, weighted by the bin's share of tickets. */
  calibrationError: number;
}

/** Labelled tickets as an organization's learned examples (what `POST /ticket/{id}/category` stores), per category. */
export async function examplesFrom(labelled: readonly LabelledTicket[]): Promise<ExampleCounts> {
  const counts: ExampleCounts = new Map();
  for (const ex of labelled) addExample(counts, normalizeCategoryName(ex.category), exampleFeatures(await ticketFeatures(ex.ticket)));
  return counts;
}

/** Runs the embedded classifier over a labelled set (shared by the bench script and its test). */
export async function evaluate(set: LabelledTicket[], categories: CategoryOption[], examples?: ExampleCounts): Promise<Evaluation> {
  const classifier = new EmbeddedClassifier();
  const results: Outcome[] = [];
  for (const { ticket, category } of set) {
    const [answer, ranked] = await Promise.all([classifier.assess(ticket, categories, undefined, examples), rankCategories(ticket, categories, examples)]);
    results.push({ title: ticket.title, want: category, got: answer.category, best: ranked.best, confidence: ranked.confidence });
  }
  const share = (f: (r: Outcome) => boolean) => results.filter(f).length / results.length;
  const bins = [0, 0.2, 0.4, 0.5, 0.6, 0.8, 1.0001];
  const calibration = bins.slice(0, -1).map((from, i) => {
    const to = bins[i + 1] as number;
    const inBin = results.filter((r) => r.confidence >= from && r.confidence < to);
    return {
      from,
      to: Math.min(1, to),
      count: inBin.length,
      accuracy: inBin.length ? inBin.filter((r) => r.best === r.want).length / inBin.length : 0,
      meanConfidence: inBin.length ? inBin.reduce((a, r) => a + r.confidence, 0) / inBin.length : 0,
    };
  });
  const calibrationError = calibration.reduce((a, b) => a + (b.count / results.length) * Math.abs(b.accuracy - b.meanConfidence), 0);
  return {
    right: share((r) => r.got === r.want),
    wrong: share((r) => r.got !== null && r.got !== r.want),
    abstained: share((r) => r.got === null),
    results,
    calibration,
    calibrationError,
  };
}

const plainWords = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
// English glue words do not count as "sharing a word" (the set's point is vocabulary, not "the").
const GLUE = new Set(['a', 'an', 'and', 'or', 'the', 'of', 'to', 'in', 'on', 'for', 'after', 'does', 'not', 'turn', 'new', 'off']);

/** True when no word of the ticket (exact, lowercase) appears in its category's name or description. */
export function sharesNoWord(labelled: LabelledTicket, categories: CategoryOption[]): boolean {
  const category = categories.find((c) => c.name === labelled.category);
  const categoryWords = plainWords(`${category?.name ?? ''} ${category?.description ?? ''}`);
  const t = labelled.ticket;
  const ticketWords = plainWords([t.title, t.description, ...t.messages.map((m) => m.content)].join(' '));
  return ![...ticketWords].some((w) => categoryWords.has(w) && !GLUE.has(w));
}
