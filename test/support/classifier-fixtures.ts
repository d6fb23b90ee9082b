import { exampleFeatures, ticketFeatures } from '../../shared/domain/ticket/classifier/embedded';
import { addExample, type ExampleCounts } from '../../shared/domain/ticket/classifier/examples';
import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import type { TicketMessage } from '../../shared/domain/ticket/ticket.schema';

/** The nine categories of the classifier's unit tests: the bench's own (scripts/bench/classifier-set.ts). */
export { BENCH_CATEGORIES as NINE_CATEGORIES } from '../../scripts/bench/classifier-set';

/** A ticket from its title and (role, content) messages. */
export const ticket = (title: string, ...messages: [TicketMessage['role'], string][]): TicketText => ({
  title,
  description: '',
  messages: messages.map(([role, content]) => ({ role, content })),
});

/** Examples counted the way POST /ticket/{id}/category counts them (featuresToLearn, then the model's ADDs). */
export async function learn(labelled: [string, TicketText][]): Promise<ExampleCounts> {
  const counts: ExampleCounts = new Map();
  for (const [category, t] of labelled) addExample(counts, category.toLowerCase(), exampleFeatures(await ticketFeatures(t)));
  return counts;
}
