/**
 * Category names as the classifier and the ticket services match them, without zod (ticket-config.schema.ts
 * re-exports both): the classifier runs in the anomaly detector and the dropout sweep, which parse nothing with zod.
 */

/** Matching form of a category name: trimmed, lowercased (uniqueness is case-insensitive). */
export const normalizeCategoryName = (name: string) => name.trim().toLowerCase();

/** The org's own spelling of the category `name` refers to (case-insensitive), or null. */
export function findCategoryName(categories: readonly { name: string }[], name: string): string | null {
  const wanted = normalizeCategoryName(name);
  return categories.find((c) => normalizeCategoryName(c.name) === wanted)?.name ?? null;
}
