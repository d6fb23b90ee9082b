import { RULE_CONDITIONS_MAX } from '../ticket-config/ticket-config.limits';
import { AUTO_CLOSE_DAYS_MAX } from '../ticket/lifecycle-settings';

/**
 * The console's settings texts (request errors), without the response schemas of settings.schema.ts
 * (which re-exports them): importing a text does not build zod schemas at load (docs/performance.md).
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
