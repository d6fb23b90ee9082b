import { tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { queryPartition, TransactionConditionFailed, transactWrite } from '../../db/operations';
import { ConflictError } from '../errors';
import type { RoutingRule, RuleCondition } from './ticket-config.schema';

/**
 * The routing rules' order (issue 18: add, remove, reorder). Rules are items `RULE#<position>` of
 * the configuration partition (so createTicket reads them in its one config query, in evaluation
 * order); the list as a whole carries a version, `rulesVersion` on the settings item. Every change
 * of the list (append, remove, move) is ONE transaction that rewrites the positions that change
 * and moves the version on, conditioned on the version it read: two admins reordering at the same
 * moment cannot interleave into a list neither of them made (one wins, the other re-reads or,
 * with the version the console sent, gets 412).
 */

export interface RuleList {
  /** In evaluation order; positions are 1..n. */
  rules: RoutingRule[];
  /** The list's version (0 before the first versioned change). */
  version: number;
}

/** The rules and their version: one consistent Query of the configuration partition. */
export async function readRuleList(organizationId: string): Promise<RuleList> {
  const rules: RoutingRule[] = [];
  let version = 0;
  for (const item of await queryPartition(keys.orgConfigPartition(organizationId))) {
    const sk = item.sk as string;
    if (sk === SK.orgSettings) version = (item.rulesVersion as number | undefined) ?? 0;
    else if (sk.startsWith(SK.rulePrefix)) {
      rules.push({ position: item.position, assignee: item.assignee, conditions: item.conditions, createdAt: item.createdAt });
    }
  }
  return { rules, version };
}

type RuleBody = Omit<RoutingRule, 'position'>;
const sameRule = (a: RuleBody | undefined, b: RuleBody) =>
  a !== undefined && a.createdAt === b.createdAt && a.assignee === b.assignee && JSON.stringify(a.conditions) === JSON.stringify(b.conditions);

/**
 * Replaces the list `before` (as read) by `after` (positions 1..n in that order): puts only the
 * positions whose rule changes, deletes positions past the end, and moves the version on, all in
 * one transaction conditioned on `before.version`. Returns false when the list changed since it
 * was read (nothing written).
 */
export async function writeRuleList(organizationId: string, before: RuleList, after: RuleBody[]): Promise<RuleList | false> {
  const now = new Date().toISOString();
  const byPosition = new Map(before.rules.map((r) => [r.position, r]));
  const items: Parameters<typeof transactWrite>[0] = [];
  const written: RoutingRule[] = after.map((rule, i) => ({ position: i + 1, assignee: rule.assignee, conditions: rule.conditions, createdAt: rule.createdAt }));
  for (const rule of written) {
    if (sameRule(byPosition.get(rule.position), rule)) continue;
    items.push({ Put: { TableName: tableName(), Item: { ...keys.routingRule(organizationId, rule.position), entity: 'routingRule', ...rule, updatedAt: now } } });
  }
  for (const position of byPosition.keys()) {
    if (position > written.length) items.push({ Delete: { TableName: tableName(), Key: keys.routingRule(organizationId, position) } });
  }
  const version = before.version + 1;
  items.push({
    Update: {
      TableName: tableName(),
      Key: keys.orgSettings(organizationId),
      // ruleSeq: the position counter earlier releases appended with; kept equal to the last position.
      UpdateExpression: 'SET rulesVersion = :next, ruleSeq = :count, entity = :entity, updatedAt = :now',
      ConditionExpression: before.version === 0 ? 'attribute_not_exists(rulesVersion) OR rulesVersion = :read' : 'rulesVersion = :read',
      ExpressionAttributeValues: { ':next': version, ':read': before.version, ':count': written.length, ':entity': 'orgSettings', ':now': now },
    },
  });
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
  return { rules: written, version };
}

const MAX_ATTEMPTS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Read, change, write under the version, re-reading when another change got in between (only for
 * changes that stay meaningful on the newer list: appends, and edits addressed to a version the
 * caller pinned are refused instead, see the service). `change` returns the new list, or a value
 * to return as is (a refusal).
 */
export async function changeRuleList<R>(
  organizationId: string,
  change: (current: RuleList) => RuleBody[] | { refused: R },
): Promise<{ list: RuleList; before: RuleList } | { refused: R }> {
  for (let attempt = 0; ; attempt++) {
    const before = await readRuleList(organizationId);
    const next = change(before);
    if (!Array.isArray(next)) return next;
    const list = await writeRuleList(organizationId, before, next);
    if (list) return { list, before };
    if (attempt >= MAX_ATTEMPTS) throw new ConflictError('Routing rules kept changing; try again');
    await sleep(Math.random() * 10 * Math.min(8, attempt + 1));
  }
}

/** Appends a rule at the end, unless the list already holds `max`; undefined then. */
export async function appendRuleVersioned(organizationId: string, rule: { assignee: string; conditions: RuleCondition[] }, max: number): Promise<RoutingRule | undefined> {
  const createdAt = new Date().toISOString();
  const result = await changeRuleList<'limit'>(organizationId, (current) =>
    current.rules.length >= max ? { refused: 'limit' } : [...current.rules, { assignee: rule.assignee, conditions: rule.conditions, createdAt }],
  );
  if ('refused' in result) return undefined;
  return result.list.rules[result.list.rules.length - 1];
}
