import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { batchGet } from '../../db/operations';
import { BadRequestError, NotFoundError } from '../errors';
import type { ThresholdRule } from './detectors';
import { MONITOR_RULE_NOT_FOUND, parseRuleOptions, RULES_PER_ORG_MAX } from './anomaly.limits';

/**
 * An organization's threshold (monitor) rules: storage and the operator/console operations. Apart from
 * anomaly.repository.ts and anomaly.service.ts (which re-export these) so that the console's rule
 * routes do not bundle the detectors (round 8: the console's backfill/monitor route group had grown
 * past its 1.25x budget with them).
 */

// --- threshold rules (storage) -------------------------------------------------------------------------------

/** Appends a rule (atomic list_append, at most {@link RULES_PER_ORG_MAX}); returns it, or undefined at the limit. */
export async function addRule(organizationId: string, rule: Omit<ThresholdRule, 'ruleId'>): Promise<ThresholdRule | undefined> {
  const stored: ThresholdRule = { ruleId: randomUUID(), ...rule };
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.monitorRules(organizationId),
        UpdateExpression: 'SET #rules = list_append(if_not_exists(#rules, :empty), :rule), entity = :entity',
        ConditionExpression: 'attribute_not_exists(#rules) OR size(#rules) < :max',
        ExpressionAttributeNames: { '#rules': 'rules' },
        ExpressionAttributeValues: { ':empty': [], ':rule': [stored], ':entity': 'monitorRules', ':max': RULES_PER_ORG_MAX },
      }),
    );
    return stored;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Removes one rule by id: `REMOVE rules[i]` conditioned on that slot still holding the rule, so a
 * concurrent add or remove shifting the list makes this re-read instead of removing the wrong rule.
 * Returns false when the rule is not there.
 */
export async function removeRule(organizationId: string, ruleId: string): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const index = (await listRules(organizationId)).findIndex((r) => r.ruleId === ruleId);
    if (index < 0) return false;
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.monitorRules(organizationId),
          UpdateExpression: `REMOVE #rules[${index}]`,
          ConditionExpression: `#rules[${index}].ruleId = :id`,
          ExpressionAttributeNames: { '#rules': 'rules' },
          ExpressionAttributeValues: { ':id': ruleId },
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return false;
}

export async function listRules(organizationId: string): Promise<ThresholdRule[]> {
  const [item] = await batchGet<{ rules?: ThresholdRule[] }>([keys.monitorRules(organizationId)]);
  return item?.rules ?? [];
}

// --- operator rules (service) ---------------------------------------------------------------------------------

/** `admin monitor rule add`. */
export async function addThresholdRule(organizationId: string, options: Parameters<typeof parseRuleOptions>[0]) {
  const rule = await addRule(organizationId, parseRuleOptions(options));
  if (!rule) throw new BadRequestError(`An organization has at most ${RULES_PER_ORG_MAX} monitor rules`);
  return { organizationId, rule };
}

/** `admin monitor rule remove` and the console's Settings > Monitor rules: 404 when the rule is not the organization's. */
export async function removeThresholdRule(organizationId: string, ruleId: string) {
  if (!(await removeRule(organizationId, ruleId.trim()))) throw new NotFoundError(MONITOR_RULE_NOT_FOUND);
  return { organizationId, removed: ruleId.trim() };
}

/** `admin monitor rule list`. */
export async function listThresholdRules(organizationId: string) {
  return { organizationId, rules: await listRules(organizationId) };
}
