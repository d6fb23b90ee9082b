import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../../db/client';
import * as keys from '../../../db/key-builders';
import { decodeExampleCounts, examplesAttribute, featureAttribute, type ExampleCounts } from './examples';
import { vocabularyVersion } from './vocabulary';

/**
 * The classifier model item (docs/data-model.md): one per organization at
 * `ORG#<org>#CLASSIFIER` / `MODEL`, top-level number attributes `n|<category>` (examples) and
 * `f|<category>|<feature>` (occurrences). Every change is one UpdateItem of ADDs: DynamoDB
 * applies it atomically, so concurrent learners never lose a count, and nothing ever scans tickets.
 */

/** The org's learned counts (one eventually consistent GetItem; empty when nothing was learned). */
export async function getExampleCounts(organizationId: string): Promise<ExampleCounts> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.classifierModel(organizationId) }));
  return decodeExampleCounts(out.Item);
}

/** One labelled example in or out of the counts: `delta` 1 adds, -1 removes exactly what was added. */
export interface ExampleChange {
  category: string;
  features: readonly string[];
  delta: 1 | -1;
}

/** Applies example changes in one atomic UpdateItem (a re-label is its removal and its addition together). */
export async function changeExamples(organizationId: string, changes: readonly ExampleChange[]): Promise<void> {
  const names: Record<string, string> = { '#entity': 'entity', '#version': 'vocabularyVersion', '#updatedAt': 'updatedAt' };
  const totals = new Map<string, number>();
  for (const change of changes) {
    const add = (attribute: string) => totals.set(attribute, (totals.get(attribute) ?? 0) + change.delta);
    add(examplesAttribute(change.category));
    for (const f of change.features) add(featureAttribute(change.category, f));
  }
  const adds: string[] = [];
  const values: Record<string, unknown> = { ':entity': 'classifierModel', ':version': vocabularyVersion(), ':now': new Date().toISOString() };
  let i = 0;
  for (const [attribute, delta] of totals) {
    if (delta === 0) continue;
    names[`#a${i}`] = attribute;
    values[`:d${i}`] = delta;
    adds.push(`#a${i} :d${i}`);
    i += 1;
  }
  if (adds.length === 0) return;
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.classifierModel(organizationId),
      UpdateExpression: `SET #entity = :entity, #version = :version, #updatedAt = :now ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
