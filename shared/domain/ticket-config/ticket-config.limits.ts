/**
 * Ticket configuration limits, texts, priorities and rule fields, without zod (ticket-config.schema.ts re-exports them):
 * for code on the workers' paths (tickets, the classifier) that parses nothing with zod.
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
