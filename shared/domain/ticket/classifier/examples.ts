/**
 * What an organization's labelled tickets taught the classifier: per category (by normalised
 * name) the number of examples and, per feature, in how many of them it occurred. Kept in one
 * item per organization and updated with atomic ADDs (classifier-model.repository.ts), so
 * classifying never reads tickets and concurrent updates never lose a count.
 */
export interface CategoryExamples {
  examples: number;
  features: Map<string, number>;
}

export type ExampleCounts = Map<string, CategoryExamples>;

/** Most features one example contributes (keeps the update expression and the item small). */
export const EXAMPLE_FEATURES_MAX = 60;

const EXAMPLES_PREFIX = 'n|';
const FEATURE_PREFIX = 'f|';

// Category names may hold any character; URI-encoding keeps `|` free as the separator.
const categoryPart = (normalizedName: string) => encodeURIComponent(normalizedName);

/** Attribute name of a category's example count. */
export const examplesAttribute = (normalizedName: string) => `${EXAMPLES_PREFIX}${categoryPart(normalizedName)}`;

/** Attribute name of a feature's count within a category. */
export const featureAttribute = (normalizedName: string, feature: string) => `${FEATURE_PREFIX}${categoryPart(normalizedName)}|${feature}`;

/** Decodes the model item's counters (other attributes are ignored; counts of 0 or less are dropped). */
export function decodeExampleCounts(item: Record<string, unknown> | undefined): ExampleCounts {
  const counts: ExampleCounts = new Map();
  const entry = (name: string) => {
    let e = counts.get(name);
    if (!e) counts.set(name, (e = { examples: 0, features: new Map() }));
    return e;
  };
  for (const [attribute, value] of Object.entries(item ?? {})) {
    if (typeof value !== 'number' || value <= 0) continue;
    if (attribute.startsWith(EXAMPLES_PREFIX)) {
      entry(decodeURIComponent(attribute.slice(EXAMPLES_PREFIX.length))).examples = value;
    } else if (attribute.startsWith(FEATURE_PREFIX)) {
      const rest = attribute.slice(FEATURE_PREFIX.length);
      const bar = rest.indexOf('|');
      if (bar > 0) entry(decodeURIComponent(rest.slice(0, bar))).features.set(rest.slice(bar + 1), value);
    }
  }
  for (const [name, e] of counts) if (e.examples <= 0) counts.delete(name);
  return counts;
}

/** Adds (delta 1) or removes (delta -1) one example in memory: the same arithmetic the model item's ADDs do. */
export function addExample(counts: ExampleCounts, normalizedName: string, features: readonly string[], delta: 1 | -1 = 1): void {
  const entry = counts.get(normalizedName) ?? { examples: 0, features: new Map<string, number>() };
  entry.examples += delta;
  for (const f of features) entry.features.set(f, (entry.features.get(f) ?? 0) + delta);
  counts.set(normalizedName, entry);
}
