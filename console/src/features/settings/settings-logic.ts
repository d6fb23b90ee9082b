/**
 * Pure logic of the settings pages (unit-tested in test/unit/console/settings-logic.test.ts). The
 * rules themselves (limits, texts, what a condition may be) are the server's; this only shapes what
 * the forms send and how lists read.
 */

export type RuleField = 'category' | 'priority' | 'contains';
export interface ConditionRow {
  field: RuleField;
  value: string;
}
export interface RuleView {
  position: number;
  assignee: string;
  conditions: { field: RuleField; value: string }[];
}

/** At most this many condition rows in the add form (the server's limit; it refuses more anyway). */
export const MAX_CONDITIONS = 3;

/** The keywords box (`charge, drain`) → the list the API takes: trimmed, blanks dropped, duplicates (any case) once. */
export function keywordsFromInput(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const keyword = part.trim();
    if (keyword === '' || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    out.push(keyword);
  }
  return out;
}

/** The keywords list → the box's text. */
export const keywordsToInput = (keywords: readonly string[]) => keywords.join(', ');

/** The add-rule form → the POST body: rows left blank are dropped (the server reports a rule with none). */
export function ruleBody(assignee: string, rows: readonly ConditionRow[]) {
  return {
    assignee: assignee.trim(),
    conditions: rows.filter((r) => r.value.trim() !== '').map((r) => ({ field: r.field, value: r.value.trim() })),
  };
}

const FIELD_TEXT: Record<RuleField, (value: string) => string> = {
  category: (v) => `category is ${v}`,
  priority: (v) => `priority is ${v}`,
  contains: (v) => `text contains “${v}”`,
};

/** One rule as a sentence: `If category is Battery and priority is urgent → power-team`. */
export function describeRule(rule: Pick<RuleView, 'assignee' | 'conditions'>): string {
  return `If ${rule.conditions.map((c) => FIELD_TEXT[c.field](c.value)).join(' and ')} → ${rule.assignee}`;
}

/** What the up/down buttons of a rule at `index` of `count` may do. */
export const moveAllowed = (index: number, count: number) => ({ up: index > 0, down: index < count - 1 });

/** The If-Match value for a list version (what the API's ETag is). */
export const etagOf = (version: number) => `"${version}"`;

/** A form's number box (`"14"`) → the integer, or undefined when it is not one (the server says the range). */
export function integerFromInput(text: string): number | undefined {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : undefined;
}

/** The outcome of a chat test, as one line for people. */
export function chatTestText(result: { delivered: boolean; statusCode: number | null; error: string | null; durationMs: number }): string {
  if (result.delivered) return `Delivered: the receiver answered ${result.statusCode} in ${result.durationMs} ms.`;
  return `Not delivered: ${result.error ?? `the receiver answered ${result.statusCode}`}.`;
}
