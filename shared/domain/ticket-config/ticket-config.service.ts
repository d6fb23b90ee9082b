import { ENV, optionalEnv } from '../../config/env';
import { fitsKeyPart, isUuid } from '../common.schema';
import { BadRequestError, ConflictError, NotFoundError, PreconditionFailedError } from '../errors';
import { changeRuleList, type RuleList } from './routing-rules.repository';
import { getOrganization } from '../organization/organization.repository';
import * as repo from './ticket-config.repository';
import {
  ASSIGNEE_MAX,
  CATEGORIES_PER_ORG_MAX,
  CategoryInput,
  parseCondition,
  RULE_CONDITIONS_MAX,
  RULES_PER_ORG_MAX,
  normalizeCategoryName,
  parseKeywords,
  DIRECTION_INVALID,
  RULE_FIRST_UP,
  RULE_LAST_DOWN,
  RULE_NOT_FOUND,
  RULES_CHANGED,
  validateWebhookUrl,
  type RuleCondition,
} from './ticket-config.schema';

/**
 * Services behind the CLI's `category`, `rule` and `org set-chat-webhook` commands and the
 * console's settings pages (shared/domain/console/settings.service.ts). Errors are domain errors
 * (one line: the CLI prints the message and exits non-zero; HTTP maps them by class).
 */

async function requireOrg(organizationId: string): Promise<void> {
  if (!isUuid(organizationId) || !(await getOrganization(organizationId))) {
    throw new NotFoundError(`Organization not found: ${organizationId}`);
  }
}

// Keywords are shown only where a category has some, so the output of categories without them is unchanged.
const withKeywords = (keywords: string[]) => (keywords.length ? { keywords } : {});

export async function addCategory(organizationId: string, raw: { name?: string; description?: string; keywords?: string }) {
  const parsed = CategoryInput.safeParse(raw);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Invalid category');
  const keywords = raw.keywords === undefined ? [] : parseKeywords(raw.keywords);
  await requireOrg(organizationId);
  const result = await repo.addCategory(organizationId, { ...parsed.data, keywords }, CATEGORIES_PER_ORG_MAX);
  if (result === 'duplicate') throw new ConflictError(`Category "${parsed.data.name}" already exists (names are case-insensitive)`);
  if (result === 'limit') throw new ConflictError(`Too many categories. Maximum ${CATEGORIES_PER_ORG_MAX} per organization`);
  return { organizationId, category: { name: parsed.data.name, description: parsed.data.description || null, ...withKeywords(keywords) } };
}

/**
 * `category update`: replaces the description and/or the keywords of an existing category
 * (what the classifier reads; the name stays, it is the category's key).
 */
export async function updateCategory(organizationId: string, raw: { name?: string; description?: string; keywords?: string }) {
  if (raw.description === undefined && raw.keywords === undefined) throw new BadRequestError('Nothing to update: give --description and/or --keywords');
  const parsed = CategoryInput.safeParse({ name: raw.name, description: raw.description });
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Invalid category');
  const keywords = raw.keywords === undefined ? undefined : parseKeywords(raw.keywords);
  await requireOrg(organizationId);
  const updated = await repo.updateCategory(organizationId, parsed.data.name, { description: parsed.data.description, keywords });
  if (!updated) throw new NotFoundError(`Unknown category "${parsed.data.name}"; add it first with: category add --org ${organizationId} --name <name>`);
  return { organizationId, category: { name: updated.name, description: updated.description, keywords: updated.keywords } };
}

export async function listCategories(organizationId: string) {
  await requireOrg(organizationId);
  const { categories } = await repo.loadTicketConfig(organizationId);
  return { organizationId, categories: categories.map(({ name, description, keywords }) => ({ name, description, ...withKeywords(keywords) })) };
}

/**
 * Appends a routing rule (1-3 conditions, all must match; first matching rule wins). A category
 * condition must name an existing category; it is stored with the category's own spelling.
 */
export async function addRule(organizationId: string, rawAssignee: string | undefined, whens: string[]) {
  const assignee = rawAssignee?.trim() ?? '';
  if (assignee === '') throw new BadRequestError('Missing required option --assign');
  if (assignee.length > ASSIGNEE_MAX) throw new BadRequestError(`Assignee must be at most ${ASSIGNEE_MAX} characters`);
  if (whens.length === 0) throw new BadRequestError('At least one --when <field>=<value> is required');
  if (whens.length > RULE_CONDITIONS_MAX) throw new BadRequestError(`At most ${RULE_CONDITIONS_MAX} --when conditions per rule`);
  let parsed: RuleCondition[];
  try {
    parsed = whens.map(parseCondition);
  } catch (error) {
    throw new BadRequestError((error as Error).message);
  }
  const rule = await appendRoutingRule(organizationId, assignee, parsed, (name) => `Unknown category "${name}"; add it first with: category add --org ${organizationId} --name <name>`);
  return { organizationId, rule };
}

/**
 * The one way a rule is added (the CLI's `rule add`, the console's add): category conditions are
 * resolved to the organization's own spelling (400 `unknownCategory` when there is none), then the
 * rule goes to the end of the list, under the list's version and its limit (409 past it).
 */
export async function appendRoutingRule(organizationId: string, assignee: string, parsed: RuleCondition[], unknownCategory: (name: string) => string) {
  await requireOrg(organizationId);
  const conditions: RuleCondition[] = [];
  for (const condition of parsed) {
    if (condition.field !== 'category') {
      conditions.push(condition);
      continue;
    }
    // A name past the category key's budget cannot exist, and its key could not be built.
    const category = fitsKeyPart('categoryName', condition.value, normalizeCategoryName)
      ? await repo.getCategory(organizationId, condition.value)
      : undefined;
    if (!category) throw new BadRequestError(unknownCategory(condition.value));
    conditions.push({ field: 'category', value: category.name });
  }
  const rule = await repo.appendRule(organizationId, { assignee, conditions }, RULES_PER_ORG_MAX);
  if (!rule) throw new ConflictError(`Too many routing rules. Maximum ${RULES_PER_ORG_MAX} per organization`);
  return { position: rule.position, assignee: rule.assignee, conditions: rule.conditions };
}

/** The list as the console and the CLI show it: rules in evaluation order (positions 1..n) and the list's version. */
export const ruleListView = (list: RuleList) => ({
  rules: list.rules.map(({ position, assignee, conditions }) => ({ position, assignee, conditions })),
  version: list.version,
});

/**
 * One edit of the list's order: `edit` gets the current rules and returns the new order (or throws
 * its 400/404). With `expectedVersion` (the console sends the version it showed), a list changed since
 * is 412 with the current list, so a position never names a rule the caller did not see; without it
 * the edit applies to the current list. Either way the write is conditioned on the version read
 * (routing-rules.repository.ts), so concurrent edits never interleave.
 */
async function editRules(organizationId: string, expectedVersion: number | undefined, edit: (rules: RuleList['rules']) => RuleList['rules']) {
  await requireOrg(organizationId);
  const result = await changeRuleList<RuleList>(organizationId, (current) => {
    if (expectedVersion !== undefined && current.version !== expectedVersion) return { refused: current };
    return edit(current.rules);
  });
  if ('refused' in result) throw new PreconditionFailedError(RULES_CHANGED, ruleListView(result.refused));
  return ruleListView(result.list);
}

const ruleIndex = (rawPosition: string | undefined, rules: RuleList['rules']): number => {
  const position = rawPosition !== undefined && /^\d{1,6}$/.test(rawPosition.trim()) ? Number(rawPosition.trim()) : NaN;
  const index = rules.findIndex((r) => r.position === position);
  if (index < 0) throw new NotFoundError(RULE_NOT_FOUND);
  return index;
};

/** `rule remove` / the console's Remove: the rules after it move up one. */
export function removeRule(organizationId: string, rawPosition: string | undefined, expectedVersion?: number) {
  return editRules(organizationId, expectedVersion, (rules) => {
    const index = ruleIndex(rawPosition, rules);
    return rules.filter((_, i) => i !== index);
  });
}

/** `rule move` / the console's Up and Down: swaps the rule with its neighbour. */
export function moveRule(organizationId: string, rawPosition: string | undefined, direction: unknown, expectedVersion?: number) {
  if (direction !== 'up' && direction !== 'down') throw new BadRequestError(DIRECTION_INVALID);
  return editRules(organizationId, expectedVersion, (rules) => {
    const index = ruleIndex(rawPosition, rules);
    const other = direction === 'up' ? index - 1 : index + 1;
    if (other < 0) throw new BadRequestError(RULE_FIRST_UP);
    if (other >= rules.length) throw new BadRequestError(RULE_LAST_DOWN);
    const next = [...rules];
    [next[index], next[other]] = [next[other] as (typeof rules)[number], next[index] as (typeof rules)[number]];
    return next;
  });
}

export async function listRules(organizationId: string) {
  await requireOrg(organizationId);
  const { rules } = await repo.loadTicketConfig(organizationId);
  return { organizationId, rules: rules.map(({ position, assignee, conditions }) => ({ position, assignee, conditions })) };
}

/** http webhooks are accepted only for localhost while the CLI targets a local DynamoDB (local/dev stack). */
const isLocalStack = () => {
  const endpoint = optionalEnv(ENV.dynamodbEndpoint);
  return endpoint !== undefined && endpoint !== 'aws';
};

export async function setChatWebhook(organizationId: string, rawUrl: string) {
  let url: string;
  try {
    url = validateWebhookUrl(rawUrl, isLocalStack());
  } catch (error) {
    throw new BadRequestError((error as Error).message);
  }
  await requireOrg(organizationId);
  await repo.setChatWebhookUrl(organizationId, url);
  // The URL is a bearer secret (anyone holding it can post): echo only its origin.
  return { organizationId, chatWebhook: `${new URL(url).origin}/…`, updated: true };
}
