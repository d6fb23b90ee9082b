import { logger } from '../../../logging/logger';
import { normalizeCategoryName } from '../../ticket-config/category-names';
import type { TicketText } from '../ticket-text';
import { changeExamples, getExampleCounts, type ExampleChange } from './classifier-model.repository';
import { exampleFeatures, ticketFeatures } from './embedded';
import type { ExampleCounts } from './examples';

/**
 * Learning from labelled tickets, best effort: a ticket is stored whether or not its example
 * could be counted or read, so these never throw (failures are logged as warnings).
 */

/** The features a labelled ticket teaches, or [] when its text cannot be analysed. */
export async function featuresToLearn(ticket: TicketText): Promise<string[]> {
  try {
    return exampleFeatures(await ticketFeatures(ticket));
  } catch (error) {
    logger.warn('ticket text could not be analysed for learning', { error: String(error) });
    return [];
  }
}

/** The org's learned counts, or none when the model item cannot be read. */
export async function loadExamples(organizationId: string): Promise<ExampleCounts> {
  try {
    return await getExampleCounts(organizationId);
  } catch (error) {
    logger.warn('classifier examples could not be read; classifying from descriptions only', { error: String(error) });
    return new Map();
  }
}

/** Counts a label in (delta 1) and/or an earlier one out (delta -1); category names are normalised here. */
export async function teach(organizationId: string, changes: ExampleChange[]): Promise<void> {
  const normalized = changes.filter((c) => c.features.length > 0).map((c) => ({ ...c, category: normalizeCategoryName(c.category) }));
  if (normalized.length === 0) return;
  try {
    await changeExamples(organizationId, normalized);
  } catch (error) {
    // E.g. the model item reached DynamoDB's 400 KB: the ticket keeps its category, the model stops growing.
    logger.warn('classifier example not counted', { error: String(error) });
  }
}
