import { optionalEnv, requireEnv } from '../../../config/env';
import { logger } from '../../../logging/logger';
import { findCategoryName } from '../../ticket-config/category-names';
import type { TicketText } from '../ticket-text';
import { EmbeddedClassifier } from './embedded';
import type { ExampleCounts } from './examples';
// The adapter is tiny; the Bedrock SDK itself is imported lazily inside it, on first use.
import { BedrockClassifier } from './bedrock';

/** A category as a classifier sees it. */
export interface CategoryOption {
  name: string;
  description: string | null;
  /** The organization's own words for the category (`category add|update --keywords`). */
  keywords?: readonly string[];
}

/** A classifier's answer: a category name or null, and how sure it is (0-1; null when it cannot say). */
export interface Classification {
  category: string | null;
  confidence: number | null;
}

/**
 * A pluggable ticket classifier. It returns the name of one of `categories` or null; anything
 * else it returns is treated as null. It should honour `signal` (the caller also enforces
 * the timeout itself, so a classifier that ignores it cannot stall ticket creation).
 */
export interface Classifier {
  readonly name: string;
  classify(ticket: TicketText, categories: CategoryOption[], signal: AbortSignal, examples?: ExampleCounts): Promise<string | null>;
  /** Optional: the answer with a calibrated confidence (the embedded classifier has one). */
  assess?(ticket: TicketText, categories: CategoryOption[], signal: AbortSignal, examples?: ExampleCounts): Promise<Classification>;
}

/**
 * CLASSIFIER=hybrid: the embedded classifier answers when it is confident; only when it
 * abstains is Bedrock asked (its answer carries no confidence). Bedrock's cost and latency are
 * paid for the uncertain tickets only.
 */
export class HybridClassifier implements Classifier {
  readonly name = 'hybrid';

  constructor(
    private readonly embedded: EmbeddedClassifier,
    private readonly fallback: Classifier,
  ) {}

  async classify(ticket: TicketText, categories: CategoryOption[], signal: AbortSignal, examples?: ExampleCounts): Promise<string | null> {
    return (await this.assess(ticket, categories, signal, examples)).category;
  }

  async assess(ticket: TicketText, categories: CategoryOption[], signal: AbortSignal, examples?: ExampleCounts): Promise<Classification> {
    const local = await this.embedded.assess(ticket, categories, signal, examples);
    if (local.category !== null) return local;
    const answer = await this.fallback.classify(ticket, categories, signal, examples);
    return answer === null ? local : { category: answer, confidence: null };
  }
}

/** Environment variables that choose and tune the classifier (set by the CDK stack). */
export const CLASSIFIER_ENV = {
  /** `embedded` (default, no network), `bedrock`, or `hybrid` (Bedrock only when the embedded confidence is low). */
  classifier: 'CLASSIFIER',
  /** Bedrock model or inference-profile id; required when CLASSIFIER=bedrock. */
  bedrockModelId: 'BEDROCK_MODEL_ID',
  /** Milliseconds before a classification is abandoned (default 3000). */
  timeoutMs: 'CLASSIFIER_TIMEOUT_MS',
} as const;

export const DEFAULT_CLASSIFIER_TIMEOUT_MS = 3000;

let configured: Classifier | undefined;

/**
 * The classifier the environment selects, built once. A bad configuration throws (fail fast);
 * the Bedrock SDK is only loaded when Bedrock is selected, at its first call.
 */
export function classifierFromEnv(): Classifier {
  if (configured) return configured;
  const kind = optionalEnv(CLASSIFIER_ENV.classifier, 'embedded');
  const bedrock = () => new BedrockClassifier({ modelId: requireEnv(CLASSIFIER_ENV.bedrockModelId) });
  if (kind === 'embedded') {
    configured = new EmbeddedClassifier();
  } else if (kind === 'bedrock') {
    configured = bedrock();
  } else if (kind === 'hybrid') {
    configured = new HybridClassifier(new EmbeddedClassifier(), bedrock());
  } else {
    throw new Error(`${CLASSIFIER_ENV.classifier} must be "embedded", "bedrock" or "hybrid", got "${kind}"`);
  }
  return configured as Classifier;
}

/** Forgets the configured classifier (tests that change the environment). */
export function resetClassifier(): void {
  configured = undefined;
}

function classifierTimeoutMs(): number {
  const raw = optionalEnv(CLASSIFIER_ENV.timeoutMs);
  const value = raw === undefined ? DEFAULT_CLASSIFIER_TIMEOUT_MS : Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${CLASSIFIER_ENV.timeoutMs} must be a positive integer, got "${raw}"`);
  return value;
}

/**
 * Runs a classifier under a timeout and never throws: an error, a timeout or an answer that is
 * not one of the categories all give null, logged as a warning. Returns the category's own name.
 */
export async function categorize(
  classifier: Classifier,
  ticket: TicketText,
  categories: CategoryOption[],
  timeoutMs = classifierTimeoutMs(),
): Promise<string | null> {
  return (await categorizeTicket(classifier, ticket, categories, undefined, timeoutMs)).category;
}

/**
 * Like categorize, with the organization's examples and the confidence. A failure gives
 * `{ category: null, confidence: null }`; the category is always one of `categories` (own spelling).
 */
export async function categorizeTicket(
  classifier: Classifier,
  ticket: TicketText,
  categories: CategoryOption[],
  examples?: ExampleCounts,
  timeoutMs = classifierTimeoutMs(),
): Promise<Classification> {
  const none: Classification = { category: null, confidence: null };
  if (categories.length === 0) return none;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`classifier timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const run = classifier.assess
      ? classifier.assess(ticket, categories, controller.signal, examples)
      : classifier.classify(ticket, categories, controller.signal, examples).then((category) => ({ category, confidence: null }));
    const answer = await Promise.race([run, timeout]);
    if (answer.category === null) return answer;
    const match = findCategoryName(categories, String(answer.category));
    if (!match) logger.warn('classifier answered an unknown category', { classifier: classifier.name });
    return match ? { category: match, confidence: answer.confidence } : none;
  } catch (error) {
    logger.warn('classifier failed; ticket left uncategorised', { classifier: classifier.name, error: String(error) });
    return none;
  } finally {
    clearTimeout(timer);
  }
}
