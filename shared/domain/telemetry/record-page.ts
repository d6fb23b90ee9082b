import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';

/**
 * One page of a device's telemetry record items between two sort keys (inclusive), expired ones
 * filtered out: the Query loop the history API (telemetry.repository.ts `queryRecords`) and the
 * anomaly detector's replay (anomaly.repository.ts `telemetryPage`) share. Asks for one more item than
 * `limit`, which tells whether another page exists without handing out a cursor to nothing; a filtered
 * page that comes back short is followed by the next until enough items or the end.
 */
export async function recordItemsPage(
  organizationId: string,
  identifier: string,
  range: { lowSk: string; highSk: string; ascending: boolean; limit: number; afterSk?: string; nowEpochSeconds: number; consistent: boolean; withReceivedAt?: boolean },
): Promise<{ items: Record<string, unknown>[]; hasMore: boolean }> {
  const pk = keys.telemetryPartition(organizationId, identifier);
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined = range.afterSk ? { pk, sk: range.afterSk } : undefined;
  const wanted = range.limit + 1;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
        // TTL deletion lags by up to days; an expired record must not be served meanwhile.
        FilterExpression: 'expiresAt > :now',
        ExpressionAttributeValues: { ':pk': pk, ':low': range.lowSk, ':high': range.highSk, ':now': range.nowEpochSeconds },
        ProjectionExpression: range.withReceivedAt ? 'sk, #ts, #source, m, receivedAt' : 'sk, #ts, #source, m',
        ExpressionAttributeNames: { '#ts': 'timestamp', '#source': 'source' },
        ScanIndexForward: range.ascending,
        ConsistentRead: range.consistent,
        Limit: wanted - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < wanted);
  return { items: items.slice(0, range.limit), hasMore: items.length > range.limit };
}
