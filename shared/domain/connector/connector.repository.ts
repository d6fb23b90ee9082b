import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { TABLE } from '../../db/table';
import { queryIndexPartition, transactWrite, TransactionConditionFailed } from '../../db/operations';
import type { ConnectionView, CrashProviderName } from './connector.schema';
import type { SealedToken } from './token-sealer';

/**
 * Connector access patterns (docs/data-model.md):
 * - the org's connector: one item `ORG#<org>#CONNECTOR` / `CONNECTOR`, listed in the sparse gsi1
 *   partition `CONNECTORS` (the scheduled sync's fan-out reads it);
 * - a device's connection: `CONNECTION` in the device partition (GET /device's one query brings it),
 *   listed in the sparse gsi1 partition `ORG#<org>#CONNECTIONS` (the sync pages through it).
 */

/** The connector as stored: settings and the sealed token (never the token itself). */
export interface StoredConnector {
  organizationId: string;
  provider: CrashProviderName;
  apiBase: string;
  organization: string;
  project: string;
  sealedToken: SealedToken;
  createdAt: string;
  updatedAt: string;
}

export async function putConnector(connector: StoredConnector): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.connector(connector.organizationId), ...keys.connectorListing(connector.organizationId), entity: 'connector', ...connector },
    }),
  );
}

export async function getConnector(organizationId: string): Promise<StoredConnector | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.connector(organizationId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { organizationId: id, provider, apiBase, organization, project, sealedToken, createdAt, updatedAt } = out.Item;
  return { organizationId: id, provider, apiBase, organization, project, sealedToken, createdAt, updatedAt };
}

/** Deletes the connector; returns whether there was one. Connections stay (they read as not syncing). */
export async function deleteConnector(organizationId: string): Promise<boolean> {
  const out = await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.connector(organizationId), ReturnValues: 'ALL_OLD' }));
  return out.Attributes !== undefined;
}

/** Organizations with a connector (gsi1 `CONNECTORS`, paginated to the end). */
export async function listConnectorOrganizations(): Promise<string[]> {
  const items = await queryIndexPartition(keys.connectorListingPartition, { projection: ['organizationId'] });
  return items.map((item) => item.organizationId as string);
}

// --- device connections -----------------------------------------------------------------------------

const identifierHash = (identifier: string) => createHash('sha256').update(identifier, 'utf8').digest('hex');

/** A connection with nothing synced yet. */
export function freshConnection(provider: CrashProviderName, externalId: string, connectedAt: string): ConnectionView {
  return {
    provider,
    externalId,
    connectedAt,
    lastSyncAt: null,
    lastSyncError: null,
    firmware: { softwareVersion: null, hardwareVersion: null },
    firmwareSince: null,
    previousSoftwareVersion: null,
    lastSeenAt: null,
    crashes: { last24h: 0, lastAt: null, lastReason: null },
    reboots: { last24h: 0 },
    attributes: {},
  };
}

/** A stored connection item → the view (keys and bookkeeping dropped; missing fields read as never synced). */
export function connectionFromItem(item: Record<string, unknown>): ConnectionView {
  const base = freshConnection(item.provider as CrashProviderName, item.externalId as string, item.connectedAt as string);
  const pick = <K extends keyof ConnectionView>(k: K) => (item[k] ?? base[k]) as ConnectionView[K];
  return {
    provider: base.provider,
    externalId: base.externalId,
    connectedAt: base.connectedAt,
    lastSyncAt: pick('lastSyncAt'),
    lastSyncError: pick('lastSyncError'),
    firmware: pick('firmware'),
    firmwareSince: pick('firmwareSince'),
    previousSoftwareVersion: pick('previousSoftwareVersion'),
    lastSeenAt: pick('lastSeenAt'),
    crashes: pick('crashes'),
    reboots: pick('reboots'),
    attributes: pick('attributes'),
  };
}

/**
 * Stores a connection, conditioned on the device existing (one transaction: ConditionCheck +
 * Put). Returns false when the device does not exist.
 */
export async function putConnection(organizationId: string, identifier: string, connection: ConnectionView): Promise<boolean> {
  try {
    await transactWrite([
      { ConditionCheck: { TableName: tableName(), Key: keys.device(organizationId, identifier), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.deviceConnection(organizationId, identifier),
            ...keys.deviceConnectionListing(organizationId, identifierHash(identifier)),
            entity: 'deviceConnection',
            organizationId,
            identifier,
            ...connection,
          },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}

/** Removes a connection (none is fine), conditioned on the device existing; false when it does not. */
export async function deleteConnection(organizationId: string, identifier: string): Promise<boolean> {
  try {
    await transactWrite([
      { ConditionCheck: { TableName: tableName(), Key: keys.device(organizationId, identifier), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: tableName(), Key: keys.deviceConnection(organizationId, identifier) } },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}

/** A device's connection (consistent GetItem), or undefined. */
export async function getConnection(organizationId: string, identifier: string): Promise<ConnectionView | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.deviceConnection(organizationId, identifier), ConsistentRead: true }));
  return out.Item ? connectionFromItem(out.Item) : undefined;
}

/** A page of the org's connections (gsi1, eventually consistent: a device connected a moment ago joins the next sync). */
export async function listConnections(
  organizationId: string,
  options: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ connections: (ConnectionView & { identifier: string })[]; nextKey?: Record<string, unknown> }> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.deviceConnectionListingPartition(organizationId) },
      Limit: options.limit,
      ExclusiveStartKey: options.startKey,
    }),
  );
  return {
    connections: (out.Items ?? []).map((item) => ({ identifier: item.identifier as string, ...connectionFromItem(item) })),
    nextKey: out.LastEvaluatedKey,
  };
}

/**
 * Writes what a sync learned, only while the connection still points at the same external id
 * (a connection removed or re-pointed meanwhile is left alone). Returns false in that case.
 */
export async function updateConnectionSync(
  organizationId: string,
  identifier: string,
  externalId: string,
  fields: Partial<Omit<ConnectionView, 'provider' | 'externalId' | 'connectedAt'>>,
  /** A webhook outbox Put written in the same transaction (a failed sync's `connector.sync_failed`). */
  outbox?: NonNullable<Parameters<typeof transactWrite>[0]>[number],
): Promise<boolean> {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return true;
  const update = {
    TableName: tableName(),
    Key: keys.deviceConnection(organizationId, identifier),
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ConditionExpression: 'externalId = :externalId',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])), ':externalId': externalId },
  };
  try {
    if (outbox) await transactWrite([{ Update: update }, outbox]);
    else await documentClient().send(new UpdateCommand(update));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}
