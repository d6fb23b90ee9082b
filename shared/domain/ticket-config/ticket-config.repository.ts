import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { queryPartition, TransactionConditionFailed, transactWrite } from '../../db/operations';
import { appendRuleVersioned } from './routing-rules.repository';
import { normalizeCategoryName } from './category-names';
import { proactiveAutoSolveOf } from '../ticket/lifecycle-settings';
import type { Category, CategoryInput, RoutingRule, RuleCondition, TicketConfig } from './ticket-config.schema';

/**
 * Ticket-configuration access patterns (docs/data-model.md). Settings, categories and rules of
 * an organization share the partition `ORG#<org>#CONFIG`, so createTicket loads all of it
 * with one query; category uniqueness is the key itself (normalised name), rule order is the
 * zero-padded position in the sort key, rewritten under the list's version on the settings item
 * (routing-rules.repository.ts).
 */

/** Whole configuration of an org: one strongly consistent query (paginated to the end). */
export async function loadTicketConfig(organizationId: string): Promise<TicketConfig> {
  const config: TicketConfig = { categories: [], rules: [], chatWebhookUrl: null };
  for (const item of await queryPartition(keys.orgConfigPartition(organizationId))) {
    const sk = item.sk as string;
    if (sk === SK.orgSettings) {
      config.chatWebhookUrl = (item.chatWebhookUrl as string | undefined) ?? null;
      if (item.proactiveRegimeTickets === false) config.proactiveRegimeTickets = false;
      if (typeof item.proactiveDropoutHoldMinutes === 'number') config.dropoutHoldMinutes = item.proactiveDropoutHoldMinutes;
      if (proactiveAutoSolveOf(item)) config.proactiveAutoSolve = true;
    }
    else if (sk.startsWith(SK.categoryPrefix)) {
      config.categories.push({ name: item.name, description: item.description ?? null, keywords: item.keywords ?? [], createdAt: item.createdAt });
    } else if (sk.startsWith(SK.rulePrefix)) {
      config.rules.push({ position: item.position, assignee: item.assignee, conditions: item.conditions, createdAt: item.createdAt });
    }
  }
  // Sort-key order already is rule order; categories are listed in creation order for operators.
  config.categories.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
  return config;
}

export type AddCategoryResult = 'created' | 'duplicate' | 'limit';

/**
 * Adds a category in one transaction: the settings item's `categoryCount` goes up only while
 * under `max`, and the category is put only if its normalised name is free. Either both
 * happen or neither, so concurrent adds can neither duplicate a name nor overshoot the limit.
 */
export async function addCategory(organizationId: string, input: CategoryInput & { keywords?: string[] }, max: number): Promise<AddCategoryResult> {
  const now = new Date().toISOString();
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.category(organizationId, normalizeCategoryName(input.name)),
            entity: 'category',
            name: input.name,
            ...(input.description ? { description: input.description } : {}),
            ...(input.keywords?.length ? { keywords: input.keywords } : {}),
            createdAt: now,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.orgSettings(organizationId),
          UpdateExpression: 'SET categoryCount = if_not_exists(categoryCount, :zero) + :one, entity = :entity, updatedAt = :now',
          ConditionExpression: 'attribute_not_exists(categoryCount) OR categoryCount < :max',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': max, ':entity': 'orgSettings', ':now': now },
        },
      },
    ]);
    return 'created';
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    return error.failedAt(0) ? 'duplicate' : 'limit';
  }
}

/** Category by name, case-insensitively (consistent GetItem on the normalised key). */
export async function getCategory(organizationId: string, name: string): Promise<Category | undefined> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.category(organizationId, normalizeCategoryName(name)), ConsistentRead: true }),
  );
  return out.Item
    ? { name: out.Item.name, description: out.Item.description ?? null, keywords: out.Item.keywords ?? [], createdAt: out.Item.createdAt }
    : undefined;
}

/**
 * Replaces a category's description and/or keywords (a blank description or an empty keyword
 * list removes it). Conditional on the category existing; returns the updated category, or
 * undefined when there is no such category.
 */
export async function updateCategory(
  organizationId: string,
  name: string,
  change: { description?: string; keywords?: string[] },
): Promise<Category | undefined> {
  const sets: string[] = ['updatedAt = :now'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  if (change.description !== undefined) {
    if (change.description) (sets.push('description = :description'), (values[':description'] = change.description));
    else removes.push('description');
  }
  if (change.keywords !== undefined) {
    if (change.keywords.length) (sets.push('keywords = :keywords'), (values[':keywords'] = change.keywords));
    else removes.push('keywords');
  }
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.category(organizationId, normalizeCategoryName(name)),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const item = out.Attributes ?? {};
    return { name: item.name, description: item.description ?? null, keywords: item.keywords ?? [], createdAt: item.createdAt };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Appends a rule at the end of the list: one transaction under the list's version
 * (routing-rules.repository.ts), so appends racing each other, a removal or a reorder all land in
 * some order and never interleave. Returns undefined when the list already holds `max`.
 */
export async function appendRule(
  organizationId: string,
  rule: { assignee: string; conditions: RuleCondition[] },
  max: number,
): Promise<RoutingRule | undefined> {
  return appendRuleVersioned(organizationId, rule, max);
}

/** Sets the org's team-chat webhook URL (UpdateItem, so counters on the settings item survive). */
export async function setChatWebhookUrl(organizationId: string, url: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.orgSettings(organizationId),
      UpdateExpression: 'SET chatWebhookUrl = :url, entity = :entity, updatedAt = :now',
      ExpressionAttributeValues: { ':url': url, ':entity': 'orgSettings', ':now': new Date().toISOString() },
    }),
  );
}

/** The org's webhook URL (consistent GetItem on the settings item); the chat worker's one read. */
export async function getChatWebhookUrl(organizationId: string): Promise<string | undefined> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.orgSettings(organizationId),
      ConsistentRead: true,
      ProjectionExpression: 'chatWebhookUrl',
    }),
  );
  return out.Item?.chatWebhookUrl as string | undefined;
}

/** Clears the org's team-chat webhook URL (no more chat lines until one is set again). */
export async function clearChatWebhookUrl(organizationId: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.orgSettings(organizationId),
      UpdateExpression: 'REMOVE chatWebhookUrl SET entity = :entity, updatedAt = :now',
      ExpressionAttributeValues: { ':entity': 'orgSettings', ':now': new Date().toISOString() },
    }),
  );
}
