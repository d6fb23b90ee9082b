import type { CategoryOption } from '../../shared/domain/ticket/classifier/classifier';
import type { LabelledTicket } from './classifier-set';

/**
 * The bench's categories renamed "Queue 1".."Queue n" without a description: names and
 * descriptions then say nothing about the tickets, so every right answer comes from the labelled
 * examples (an organization whose categories are teams or tiers, or whose descriptions nobody wrote).
 */
export function opaqueCategories(categories: CategoryOption[]) {
  const name = (category: string) => `Queue ${categories.findIndex((c) => c.name === category) + 1}`;
  return {
    categories: categories.map((c) => ({ name: name(c.name), description: null })),
    relabel: (set: readonly LabelledTicket[]): LabelledTicket[] => set.map((t) => ({ ...t, category: name(t.category) })),
  };
}
