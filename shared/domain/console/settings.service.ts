import { optionalEnv } from '../../config/env';
import { BadRequestError, NotFoundError } from '../errors';
import { getOrganization } from '../organization/organization.repository';
import * as ticketConfig from '../ticket-config/ticket-config.service';
import * as configRepo from '../ticket-config/ticket-config.repository';
import { readRuleList } from '../ticket-config/routing-rules.repository';
import { ASSIGNEE_MAX, checkCondition, RULE_CONDITIONS_MAX, validateWebhookUrl, type RuleCondition } from '../ticket-config/ticket-config.schema';
import { isAutoCloseDays, readLifecycleSettings, updateLifecycleSettings, type TicketLifecycleSettings } from '../ticket/ticket-settings';
import { checkWebhookUrl, safePost, WEBHOOK_ALLOW_LOCAL_ENV } from '../webhook/safe-http';
import {
  AUTO_CLOSE_DAYS_INVALID,
  AUTOMATION_UPDATE_EMPTY,
  BODY_OBJECT,
  booleanField,
  CATEGORY_NOT_FOUND,
  CATEGORY_UPDATE_EMPTY,
  CHAT_UPDATE_EMPTY,
  CHAT_URL_NOT_STRING,
  CHAT_URL_REQUIRED,
  CHAT_WEBHOOK_NOT_SET,
  DESCRIPTION_NOT_STRING,
  KEYWORD_COMMA,
  KEYWORDS_INVALID,
  RULE_ASSIGNEE_REQUIRED,
  RULE_CONDITIONS_INVALID,
  ruleConditionInvalid,
  RULES_IF_MATCH_INVALID,
  ruleUnknownCategory,
} from './settings.limits';
import type {
  AutomationSettingsResponse,
  CategoriesResponse,
  CategoryResponse,
  ChatSettingsResponse,
  ChatTestResponse,
  RoutingRulesResponse,
} from './settings.schema';

/**
 * The console's settings (issue 18): thin translations of JSON bodies onto the services the operator
 * CLI runs (ticket-config.service for categories, rules and the chat URL; ticket-settings for the
 * lifecycle switches; user.service / shared/admin/users.ts for the team), so every rule has one copy.
 */

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => v !== null && typeof v === 'object' && !Array.isArray(v);
const objectBody = (body: unknown): Body => {
  if (!isObject(body)) throw new BadRequestError(BODY_OBJECT);
  return body;
};

// --- Categories ---

/** `keywords` as the console sends them (a list) → the CLI's comma form, which parseKeywords checks. */
function keywordsArg(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((k) => typeof k !== 'string')) throw new BadRequestError(KEYWORDS_INVALID);
  if ((value as string[]).some((k) => k.includes(','))) throw new BadRequestError(KEYWORD_COMMA);
  return (value as string[]).join(',');
}
function descriptionArg(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  // null clears the description, as an empty string does.
  if (value === null) return '';
  if (typeof value !== 'string') throw new BadRequestError(DESCRIPTION_NOT_STRING);
  return value;
}

export async function listCategories(organizationId: string): Promise<CategoriesResponse> {
  const { categories } = await configRepo.loadTicketConfig(organizationId);
  return { categories: categories.map(({ name, description, keywords }) => ({ name, description, keywords })) };
}

/** POST /settings/categories `{ name, description?, keywords? }`: `category add`. */
export async function addCategory(organizationId: string, rawBody: unknown): Promise<CategoryResponse> {
  const body = objectBody(rawBody);
  const name = body.name === undefined || typeof body.name === 'string' ? (body.name as string | undefined) : String(body.name);
  const { category } = await ticketConfig.addCategory(organizationId, { name, description: descriptionArg(body.description), keywords: keywordsArg(body.keywords) });
  return { category: { name: category.name, description: category.description, keywords: category.keywords ?? [] } };
}

/** PATCH /settings/categories/{name} `{ description?, keywords? }`: `category update` (an empty string or list clears). */
export async function updateCategory(organizationId: string, name: string, rawBody: unknown): Promise<CategoryResponse> {
  const body = objectBody(rawBody);
  const description = descriptionArg(body.description);
  const keywords = keywordsArg(body.keywords);
  if (description === undefined && keywords === undefined) throw new BadRequestError(CATEGORY_UPDATE_EMPTY);
  try {
    const { category } = await ticketConfig.updateCategory(organizationId, { name, description, keywords });
    return { category };
  } catch (error) {
    // The CLI's text names its own command; the console's is the page's.
    if (error instanceof NotFoundError) throw new NotFoundError(CATEGORY_NOT_FOUND);
    throw error;
  }
}

// --- Routing rules ---

export async function listRoutingRules(organizationId: string): Promise<RoutingRulesResponse> {
  return ticketConfig.ruleListView(await readRuleList(organizationId));
}

/** POST /settings/routing-rules `{ assignee, conditions: [{ field, value }] }`: `rule add` (appended; first match wins). */
export async function addRoutingRule(organizationId: string, rawBody: unknown): Promise<RoutingRulesResponse> {
  const body = objectBody(rawBody);
  const assignee = typeof body.assignee === 'string' ? body.assignee.trim() : '';
  if (assignee === '') throw new BadRequestError(RULE_ASSIGNEE_REQUIRED);
  if (assignee.length > ASSIGNEE_MAX) throw new BadRequestError(`assignee must be at most ${ASSIGNEE_MAX} characters`);
  const raw = body.conditions;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > RULE_CONDITIONS_MAX) throw new BadRequestError(RULE_CONDITIONS_INVALID);
  const conditions: RuleCondition[] = raw.map((c: unknown, i) => {
    if (!isObject(c) || typeof c.field !== 'string' || typeof c.value !== 'string') throw new BadRequestError(RULE_CONDITIONS_INVALID);
    const checked = checkCondition(c.field, c.value);
    if ('problem' in checked) throw new BadRequestError(ruleConditionInvalid(i, checked.problem));
    return checked;
  });
  await ticketConfig.appendRoutingRule(organizationId, assignee, conditions, ruleUnknownCategory);
  return listRoutingRules(organizationId);
}

/** The routing rules' `If-Match` → the version the admin saw; undefined when absent. */
export function expectedRulesVersion(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  if (!match) throw new BadRequestError(RULES_IF_MATCH_INVALID);
  return Number(match[1]);
}

/** DELETE /settings/routing-rules/{position}: the CLI's `rule remove`; the rules after it move up one. */
export function removeRoutingRule(organizationId: string, rawPosition: string | undefined, expectedVersion: number | undefined): Promise<RoutingRulesResponse> {
  return ticketConfig.removeRule(organizationId, rawPosition, expectedVersion);
}

/** POST /settings/routing-rules/{position}/move `{ direction: "up" | "down" }`: the CLI's `rule move`. */
export function moveRoutingRule(organizationId: string, rawPosition: string | undefined, rawBody: unknown, expectedVersion: number | undefined): Promise<RoutingRulesResponse> {
  return ticketConfig.moveRule(organizationId, rawPosition, objectBody(rawBody).direction, expectedVersion);
}

// --- Chat webhook and notifications ---

/** The local stack (and tests) may post to http://localhost receivers; the same switch as the webhooks feature. */
const localReceiversAllowed = () => optionalEnv(WEBHOOK_ALLOW_LOCAL_ENV) === 'true';
/** The webhook URL is a bearer secret (anyone holding it can post): the console shows its origin only, like the CLI. */
const maskedUrl = (url: string | null) => (url ? `${new URL(url).origin}/…` : null);

const chatView = (s: TicketLifecycleSettings): ChatSettingsResponse => ({
  chatWebhook: maskedUrl(s.chatWebhookUrl),
  notifyOnSolved: s.notifyOnSolved,
  notifyCustomerMessages: s.notifyCustomerMessages,
});

export async function getChatSettings(organizationId: string): Promise<ChatSettingsResponse> {
  return chatView(await readLifecycleSettings(organizationId));
}

/**
 * PUT /settings/chat/webhook `{ url }`: the chat URL rules of `org set-chat-webhook` (https, no
 * credentials, length), then the webhooks feature's SSRF guard: a host that is or resolves to a
 * private, loopback, link-local or metadata address is refused (localhost only on the local stack).
 */
export async function setChatWebhook(organizationId: string, rawBody: unknown): Promise<ChatSettingsResponse> {
  const body = objectBody(rawBody);
  if (body.url === undefined || body.url === null || body.url === '') throw new BadRequestError(CHAT_URL_REQUIRED);
  if (typeof body.url !== 'string') throw new BadRequestError(CHAT_URL_NOT_STRING);
  if (body.url.trim() === '') throw new BadRequestError(CHAT_URL_REQUIRED);
  let url: string;
  try {
    url = validateWebhookUrl(body.url, localReceiversAllowed());
  } catch (error) {
    throw new BadRequestError((error as Error).message);
  }
  url = await checkWebhookUrl(url);
  await configRepo.setChatWebhookUrl(organizationId, url);
  return getChatSettings(organizationId);
}

/** DELETE /settings/chat/webhook: no chat lines until a URL is set again. */
export async function clearChatWebhook(organizationId: string): Promise<ChatSettingsResponse> {
  await configRepo.clearChatWebhookUrl(organizationId);
  return getChatSettings(organizationId);
}

/** How long the test post may take (the chat notifier's default attempt timeout). */
export const CHAT_TEST_TIMEOUT_MS = 5000;

/**
 * POST /settings/chat/test: posts one Slack-compatible test line to the saved URL through the
 * webhooks feature's guarded POST (SSRF check in the connection, no redirects, a timeout) and
 * answers what happened; a receiver's failure is the outcome (200), never a 500.
 */
export async function sendChatTest(organizationId: string, actorEmail: string): Promise<ChatTestResponse> {
  const { chatWebhookUrl } = await readLifecycleSettings(organizationId);
  if (!chatWebhookUrl) throw new BadRequestError(CHAT_WEBHOOK_NOT_SET);
  const org = await getOrganization(organizationId);
  const text = `Fleetdesk test message from ${actorEmail}${org?.name ? ` (${org.name})` : ''}: ticket notifications will arrive in this channel.`;
  const result = await safePost(chatWebhookUrl, {}, JSON.stringify({ text }), CHAT_TEST_TIMEOUT_MS);
  return { delivered: result.error === null, statusCode: result.statusCode, error: result.error, durationMs: result.durationMs };
}

function booleanArg(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new BadRequestError(booleanField(name));
  return value;
}

/** PATCH /settings/chat `{ notifyOnSolved?, notifyCustomerMessages? }`: `org set-chat-notify`. */
export async function updateChatSettings(organizationId: string, rawBody: unknown): Promise<ChatSettingsResponse> {
  const body = objectBody(rawBody);
  const notifyOnSolved = booleanArg(body, 'notifyOnSolved');
  const notifyCustomerMessages = booleanArg(body, 'notifyCustomerMessages');
  if (notifyOnSolved === undefined && notifyCustomerMessages === undefined) throw new BadRequestError(CHAT_UPDATE_EMPTY);
  return chatView(await updateLifecycleSettings(organizationId, { notifyOnSolved, notifyCustomerMessages }));
}

// --- Auto-close and proactive ---

const automationView = (s: TicketLifecycleSettings): AutomationSettingsResponse => ({ autoCloseDays: s.autoCloseDays, proactiveAutoSolve: s.proactiveAutoSolve });

export async function getAutomationSettings(organizationId: string): Promise<AutomationSettingsResponse> {
  return automationView(await readLifecycleSettings(organizationId));
}

/** PATCH /settings/automation `{ autoCloseDays?, proactiveAutoSolve? }`: `org set-auto-close` and `org set-proactive`. */
export async function updateAutomationSettings(organizationId: string, rawBody: unknown): Promise<AutomationSettingsResponse> {
  const body = objectBody(rawBody);
  const autoCloseDays = body.autoCloseDays;
  if (autoCloseDays !== undefined && !isAutoCloseDays(autoCloseDays)) throw new BadRequestError(AUTO_CLOSE_DAYS_INVALID);
  const proactiveAutoSolve = booleanArg(body, 'proactiveAutoSolve');
  if (autoCloseDays === undefined && proactiveAutoSolve === undefined) throw new BadRequestError(AUTOMATION_UPDATE_EMPTY);
  return automationView(await updateLifecycleSettings(organizationId, { autoCloseDays: autoCloseDays as number | undefined, proactiveAutoSolve }));
}

// --- Team: shared/domain/console/team-fields.ts (without the other pages' services) ---
export { consoleUserError, userFields } from './team-fields';
