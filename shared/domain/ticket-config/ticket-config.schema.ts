import * as z from 'zod/mini';
import { keyPartString, wellFormedText } from '../common.schema';
import { BadRequestError } from '../errors';
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_KEYWORD_MAX,
  CATEGORY_KEYWORDS_MAX,
  CATEGORY_NAME_MAX,
  CONDITION_VALUE_MAX,
  PRIORITIES,
  RULE_FIELDS,
  WEBHOOK_URL_MAX,
  type RuleField,
} from './ticket-config.limits';
export * from './ticket-config.limits';
import { normalizeCategoryName } from './category-names';
export * from './category-names';

/**
 * Per-organization ticket configuration, managed with the operator CLI: categories, routing
 * rules and the team-chat webhook. Limits are ours (the spec is silent) and are documented in
 * the README.
 */

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
  /** How long a live dropout's ticket waits for late records covering its silence (`org set-proactive --dropout-hold <minutes>`); absent: 120. */
  dropoutHoldMinutes?: number;
  /** True when proactive tickets are solved as their incident resolves (`org set-proactive --auto-solve on`); absent: false. */
  proactiveAutoSolve?: boolean;
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
