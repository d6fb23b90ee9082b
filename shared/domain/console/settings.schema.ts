import * as z from 'zod/mini';
import { RULE_FIELDS } from '../ticket-config/ticket-config.schema';
export { DIRECTION_INVALID, RULE_FIRST_UP, RULE_LAST_DOWN, RULE_NOT_FOUND, RULES_CHANGED } from '../ticket-config/ticket-config.schema';
import { UserResource } from '../user/user.schema';

/**
 * The console's settings pages (issue 18): categories, routing rules, chat webhook, auto-close and
 * proactive settings, team. Request texts of the console (its bodies are JSON, not CLI flags) and
 * the response shapes the console imports. The rules behind them are the CLI's services.
 */

export * from './settings.limits';

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
