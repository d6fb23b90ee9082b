import { QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { batchGet } from '../../db/operations';
import type { IncidentStatus, IncidentView } from './anomaly.limits';

/**
 * Reading a device's incidents: no detector, no detector state or its codec, so the request paths
 * that list incidents (the incident route, the console's pages, MCP, the diagnosis context, the
 * webhook fan-out) do not carry the detection code. anomaly.repository.ts re-exports these.
 */

/** Item → the API's incident. */
export function incidentView(item: Record<string, NativeAttributeValue>): IncidentView {
  return {
    incidentId: item.incidentId,
    kind: item.kind,
    measurement: item.measurement ?? null,
    status: item.status,
    startedAt: item.startedAt,
    detectedAt: item.detectedAt,
    resolvedAt: item.resolvedAt ?? null,
    anomalyCount: item.anomalyCount,
    ticketId: item.ticketId ?? null,
    evidence: item.evidence,
  };
}

/**
 * A device's incidents, newest first (descending Query on `INCIDENT#`), optionally one status (a
 * filter inside the device's own partition: a device has few incidents). Reads one more than
 * `limit` to know whether another page exists.
 */
export async function listIncidents(
  organizationId: string,
  identifier: string,
  options: { status?: IncidentStatus; limit: number; afterSk?: string },
): Promise<{ incidents: (IncidentView & { sk: string })[]; hasMore: boolean }> {
  const incidents: (IncidentView & { sk: string })[] = [];
  const pk = keys.anomalyPartition(organizationId, identifier);
  let startKey: Record<string, unknown> | undefined = options.afterSk ? { pk, sk: options.afterSk } : undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: options.status ? '#status = :status' : undefined,
        ExpressionAttributeNames: options.status ? { '#status': 'status' } : undefined,
        ExpressionAttributeValues: { ':pk': pk, ':prefix': SK.incidentPrefix, ...(options.status ? { ':status': options.status } : {}) },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: options.limit + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) incidents.push({ ...incidentView(item), sk: item.sk as string });
    startKey = out.LastEvaluatedKey;
  } while (startKey && incidents.length <= options.limit);
  return { incidents: incidents.slice(0, options.limit), hasMore: incidents.length > options.limit };
}

/** Whether the org has anything for this device: a device item or a detector state (tells 404 from an empty list). */
export async function deviceOrStateExists(organizationId: string, identifier: string): Promise<boolean> {
  const items = await batchGet([keys.device(organizationId, identifier), keys.anomalyState(organizationId, identifier)], ['pk']);
  return items.length > 0;
}
