import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { CHUNK_SK_PREFIX, recordsOfItem, writtenAfter, type StoredRecord } from '../../shared/domain/telemetry/record-chunks';

/**
 * A stored record as the table holds it, whichever item holds it (its own item, or a chunk of a
 * call's several records: shared/domain/telemetry/record-chunks.ts), for tests that look at storage
 * rather than the history API: `m`, `expiresAt` (the record's own), `receivedAt`, `source`; the
 * copy written last when several items hold it; undefined when none does.
 */
export async function storedRecord(organizationId: string, identifier: string, timestamp: string, source = 'rest'): Promise<StoredRecord | undefined> {
  const copies: StoredRecord[] = [];
  const single = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.telemetryRecord(organizationId, identifier, timestamp, source), ConsistentRead: true }));
  if (single.Item) copies.push(...recordsOfItem(single.Item));
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
        ExpressionAttributeValues: { ':pk': keys.telemetryPartition(organizationId, identifier), ':c': CHUNK_SK_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) copies.push(...recordsOfItem(item).filter((r) => r.timestamp === timestamp && r.source === source));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  // The readers' own rule for which copy was written last (receivedAt, then the write stamp, then the item key).
  return copies.reduce<StoredRecord | undefined>((best, copy) => (!best || writtenAfter(copy, best) ? copy : best), undefined);
}
