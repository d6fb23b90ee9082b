import { optionalEnv, requireEnv } from '../../../config/env';
import { logger } from '../../../logging/logger';
import { findCategoryName } from '../../ticket-config/ticket-config.schema';
import type { TicketText } from '../ticket-text';
import { EmbeddedClassifier } from './embedded';
// The adapter is tiny; the Bedrock SDK itself is imported lazily inside it, on first use.
import { BedrockClassifier } from './bedrock';

/** A category as a classifier sees it. */
export interface CategoryOption {
  name: string;
  description: string | null;
}

/**
 * A pluggable ticket classifier. It returns the name of one of `categories` or null; anything
 * else it returns is treated as null. It should honour `signal` (the caller also enforces
 * the timeout itself, so a classifier that ignores it cannot stall ticket creation).
 */
export interface Classifier {
  readonly name: string;
  classify(ticket: TicketText, categories: CategoryOption[], signal: AbortSignal): Promise<string | null>;
}

/** Environment variables that choose and tune the classifier (set by the CDK stack). */
export const CLASSIFIER_ENV = {
  /** `embedded` (default, no network) or `bedrock`. */
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
  if (kind === 'embedded') {
    configured = new EmbeddedClassifier();
  } else if (kind === 'bedrock') {
    configured = new BedrockClassifier({ modelId: requireEnv(CLASSIFIER_ENV.bedrockModelId) });
  } else {
    throw new Error(`${CLASSIFIER_ENV.classifier} must be "embedded" or "bedrock", got "${kind}"`);
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
  if (categories.length === 0) return null;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`classifier timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([classifier.classify(ticket, categories, controller.signal), timeout]);
    if (answer === null) return null;
    const match = findCategoryName(categories, String(answer));
    if (!match) logger.warn('classifier answered an unknown category', { classifier: classifier.name });
    return match;
  } catch (error) {
    logger.warn('classifier failed; ticket left uncategorised', { classifier: classifier.name, error: String(error) });
    return null;
  } finally {
    clearTimeout(timer);
  }
}
