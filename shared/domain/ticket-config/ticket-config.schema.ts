import * as z from 'zod/mini';
import { keyPartString, wellFormedText } from '../common.schema';
import { BadRequestError } from '../errors';

/**
 * Per-organization ticket configuration, managed with the operator CLI: categories, routing
 * rules and the team-chat webhook. Limits are ours (the spec is silent) and are documented in
 * the README.
 */
export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 1000;
export const CATEGORIES_PER_ORG_MAX = 100;
/** Keywords per category (`--keywords a,b,c`) and characters per keyword: the classifier's extra words for it. */
export const CATEGORY_KEYWORDS_MAX = 30;
export const CATEGORY_KEYWORD_MAX = 50;
export const RULES_PER_ORG_MAX = 50;
export const RULE_CONDITIONS_MAX = 3;
export const ASSIGNEE_MAX = 200;
export const CONDITION_VALUE_MAX = 200;
export const WEBHOOK_URL_MAX = 2048;

/** Editing the rule list (console and CLI `rule remove|move`). */
export const RULE_NOT_FOUND = 'Routing rule not found';
export const RULES_CHANGED = 'Routing rules were changed by someone else';
export const DIRECTION_INVALID = 'direction must be up or down';
export const RULE_FIRST_UP = 'The first rule cannot move up';
export const RULE_LAST_DOWN = 'The last rule cannot move down';

export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const RULE_FIELDS = ['category', 'priority', 'contains'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/** Matching form of a category name: trimmed, lowercased (uniqueness is case-insensitive). */
export const normalizeCategoryName = (name: string) => name.trim().toLowerCase();

/** The org's own spelling of the category `name` refers to (case-insensitive), or null. */
export function findCategoryName(categories: readonly { name: string }[], name: string): string | null {
  const wanted = normalizeCategoryName(name);
  return categories.find((c) => normalizeCategoryName(c.name) === wanted)?.name ?? null;
}

export const CategoryInput = z.object({
  name: keyPartString({
    field: 'Category name',
    part: 'categoryName',
    required: 'Category name is required',
    maxChars: CATEGORY_NAME_MAX,
    normalize: normalizeCategoryName,
  }),
  description: z.optional(
    z.string().check(
      z.trim(),
      wellFormedText('Category description'),
      z.maxLength(CATEGORY_DESCRIPTION_MAX, `Category description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`),
    ),
  ),
});
export type CategoryInput = z.output<typeof CategoryInput>;

/**
 * `--keywords a,b,c`: comma-separated, trimmed, blanks dropped, duplicates (case-insensitive)
 * removed. Throws a one-line message past the limits.
 */
export function parseKeywords(raw: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of raw.split(',')) {
    const keyword = part.trim();
    if (keyword === '' || seen.has(keyword.toLowerCase())) continue;
    if (keyword.length > CATEGORY_KEYWORD_MAX) throw new BadRequestError(`Keyword "${keyword.slice(0, 20)}…" must be at most ${CATEGORY_KEYWORD_MAX} characters`);
    seen.add(keyword.toLowerCase());
    keywords.push(keyword);
  }
  if (keywords.length > CATEGORY_KEYWORDS_MAX) throw new BadRequestError(`At most ${CATEGORY_KEYWORDS_MAX} keywords per category`);
  return keywords;
}

export interface Category {
  name: string;
  description: string | null;
  /** The organization's own words for the category; the classifier reads them with the description. */
  keywords: string[];
  createdAt: string;
}

export interface RuleCondition {
  field: RuleField;
  /** Category name as stored (canonical spelling), priority, or the substring to look for. */
  value: string;
}

export interface RoutingRule {
  /** 1-based order of evaluation; the first matching rule wins. */
  position: number;
  assignee: string;
  conditions: RuleCondition[];
  createdAt: string;
}

/** Everything createTicket needs from the org's configuration partition (one query). */
export interface TicketConfig {
  categories: Category[];
  rules: RoutingRule[];
  chatWebhookUrl: string | null;
  /** False when the org keeps regime-change incidents without tickets (`org set-proactive --regime-tickets off`); absent: true. */
  proactiveRegimeTickets?: boolean;
}

/**
 * One condition's check, shared by the CLI (`--when field=value`) and the console (`{ field, value }`):
 * the normalised condition, or why it is refused (`form`: the field or value is missing or unknown).
 * The value is trimmed; priority is lowercased and must be a known priority.
 */
export function checkCondition(rawField: string, rawValue: string): RuleCondition | { problem: string; form?: true } {
  const field = rawField.trim().toLowerCase();
  const value = rawValue.trim();
  if (!(RULE_FIELDS as readonly string[]).includes(field)) return { problem: `field must be one of: ${RULE_FIELDS.join(', ')}`, form: true };
  if (value === '') return { problem: 'value is required', form: true };
  if (value.length > CONDITION_VALUE_MAX) return { problem: `value must be at most ${CONDITION_VALUE_MAX} characters` };
  if (field === 'priority') {
    const priority = value.toLowerCase();
    if (!(PRIORITIES as readonly string[]).includes(priority)) return { problem: `priority must be one of: ${PRIORITIES.join(', ')}` };
    return { field, value: priority };
  }
  return { field: field as RuleField, value };
}

/** Parses one `--when field=value` into a condition; throws a one-line message on bad input. */
export function parseCondition(raw: string): RuleCondition {
  const eq = raw.indexOf('=');
  const checked = checkCondition(eq < 0 ? raw : raw.slice(0, eq), eq < 0 ? '' : raw.slice(eq + 1));
  if ('problem' in checked) throw new Error(`Invalid --when "${raw}": ${checked.problem}${checked.form ? ' (form field=value)' : ''}`);
  return checked;
}

/**
 * A team-chat incoming-webhook URL: https anywhere; plain http only to localhost/127.0.0.1 and
 * only when `allowLocalHttp` (local/dev stack). No embedded credentials. Returns the normalised URL.
 */
export function validateWebhookUrl(raw: string, allowLocalHttp: boolean): string {
  const value = raw.trim();
  if (value.length > WEBHOOK_URL_MAX) throw new Error(`Webhook URL must be at most ${WEBHOOK_URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid webhook URL: ${value}`);
  }
  if (url.username || url.password) throw new Error('Webhook URL must not contain credentials');
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && local && allowLocalHttp) return url.toString();
  if (url.protocol === 'http:' && local) throw new Error('Webhook URL must use https (http is allowed for localhost only on the local stack)');
  throw new Error('Webhook URL must use https');
}
