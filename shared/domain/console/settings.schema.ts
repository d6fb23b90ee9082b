import * as z from 'zod/mini';
import { RULE_CONDITIONS_MAX, RULE_FIELDS } from '../ticket-config/ticket-config.schema';
export { DIRECTION_INVALID, RULE_FIRST_UP, RULE_LAST_DOWN, RULE_NOT_FOUND, RULES_CHANGED } from '../ticket-config/ticket-config.schema';
import { AUTO_CLOSE_DAYS_MAX } from '../ticket/ticket-settings';
import { UserResource } from '../user/user.schema';

/**
 * The console's settings pages (issue 18): categories, routing rules, chat webhook, auto-close and
 * proactive settings, team. Request texts of the console (its bodies are JSON, not CLI flags) and
 * the response shapes the console imports. The rules behind them are the CLI's services.
 */

export const BODY_OBJECT = 'Body must be a JSON object';
export const DESCRIPTION_NOT_STRING = 'description must be a string';
export const KEYWORDS_INVALID = 'keywords must be a list of strings';
export const KEYWORD_COMMA = 'A keyword cannot contain a comma';
export const CATEGORY_UPDATE_EMPTY = 'Give description and/or keywords';
export const CATEGORY_NOT_FOUND = 'Category not found';

export const RULE_ASSIGNEE_REQUIRED = 'assignee is required';
export const RULE_CONDITIONS_INVALID = `conditions must be a list of 1 to ${RULE_CONDITIONS_MAX} { field, value }`;
export const ruleConditionInvalid = (index: number, problem: string) => `Condition ${index + 1}: ${problem}`;
export const ruleUnknownCategory = (name: string) => `Unknown category "${name}"; add it first under Categories`;
export const RULES_IF_MATCH_INVALID = 'If-Match must be the ETag of the routing rules (their version in quotes, e.g. "3")';

export const CHAT_URL_REQUIRED = 'url is required';
export const CHAT_URL_NOT_STRING = 'url must be a string';
export const CHAT_WEBHOOK_NOT_SET = 'No chat webhook is set';
export const booleanField = (name: string) => `${name} must be true or false`;
export const CHAT_UPDATE_EMPTY = 'Give notifyOnSolved and/or notifyCustomerMessages';
export const AUTO_CLOSE_DAYS_INVALID = `autoCloseDays must be an integer from 1 to ${AUTO_CLOSE_DAYS_MAX}`;
export const AUTOMATION_UPDATE_EMPTY = 'Give autoCloseDays and/or proactiveAutoSolve';

export const USER_EMAIL_REQUIRED = 'email must be a valid email address';
export const USER_ROLE_INVALID = 'role must be one of: admin, agent';

const CategoryView = z.object({ name: z.string(), description: z.nullable(z.string()), keywords: z.array(z.string()) });
/** 200 of GET /settings/categories. */
export const CategoriesResponse = z.object({ categories: z.array(CategoryView) });
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;
/** 200 of POST /settings/categories and PATCH /settings/categories/{name}. */
export const CategoryResponse = z.object({ category: CategoryView });
export type CategoryResponse = z.infer<typeof CategoryResponse>;

const RuleView = z.object({
  position: z.number(),
  assignee: z.string(),
  conditions: z.array(z.object({ field: z.enum(RULE_FIELDS), value: z.string() })),
});
/** 200 of every routing-rules route: the list in evaluation order and its version (also the `ETag`). */
export const RoutingRulesResponse = z.object({ rules: z.array(RuleView), version: z.number() });
export type RoutingRulesResponse = z.infer<typeof RoutingRulesResponse>;

/** 200 of GET/PATCH /settings/chat and PUT/DELETE /settings/chat/webhook. The URL is a bearer secret: only its origin is shown. */
export const ChatSettingsResponse = z.object({
  chatWebhook: z.nullable(z.string()),
  notifyOnSolved: z.boolean(),
  notifyCustomerMessages: z.boolean(),
});
export type ChatSettingsResponse = z.infer<typeof ChatSettingsResponse>;

/** 200 of POST /settings/chat/test: what the receiver answered (a failure is an outcome, not an error). */
export const ChatTestResponse = z.object({
  delivered: z.boolean(),
  statusCode: z.nullable(z.number()),
  error: z.nullable(z.string()),
  durationMs: z.number(),
});
export type ChatTestResponse = z.infer<typeof ChatTestResponse>;

/** 200 of GET/PATCH /settings/automation. */
export const AutomationSettingsResponse = z.object({ autoCloseDays: z.number(), proactiveAutoSolve: z.boolean() });
export type AutomationSettingsResponse = z.infer<typeof AutomationSettingsResponse>;

/** 200 of POST /users: the user and, locally, the one-time sign-in link to hand over (shown once). */
export const InviteUserResponse = z.object({ user: UserResource, signInLink: z.optional(z.string()), invitation: z.optional(z.string()) });
export type InviteUserResponse = z.infer<typeof InviteUserResponse>;
