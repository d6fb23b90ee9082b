import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { utf8Bytes } from '../../db/key-limits';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { batchGet, chunkForTransactions, queryPartition, transactWrite, transactWriteEach } from '../../db/operations';
import { ownersForgetItem } from '../telemetry/owner-snapshot';
import type { Device } from './device.schema';

/**
 * Device access patterns (docs/data-model.md). A device lives in its own partition
 * `ORG#<org>#DEVICE#<identifier>`, which also holds its owner links, so the device and its
 * owners come back from one query. Metadata is stored as a JSON string: it is opaque to us,
 * round-trips exactly, and is not subject to DynamoDB's map/number limits.
 */

interface DeviceItem {
  deviceId: string;
  identifier: string;
  type?: string | null;
  propertiesJson?: string;
  createdAt: string;
  updatedAt: string;
}

/** Item → API shape. */
export function deviceFromItem(item: Record<string, unknown>): Device {
  const d = item as unknown as DeviceItem;
  return {
    deviceId: d.deviceId,
    identifier: d.identifier,
    type: d.type ?? null,
    properties: d.propertiesJson ? (JSON.parse(d.propertiesJson) as Record<string, unknown>) : {},
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/**
 * Create-or-update by identifier in ONE conditional UpdateItem. A fresh deviceId is offered
 * with `if_not_exists`, so the caller created the device exactly when the stored id is the
 * one it offered, which holds under any number of concurrent calls. Without `type` the
 * update is conditioned on the device existing. Returns undefined when it does not.
 */
export async function upsertDevice(
  organizationId: string,
  input: { identifier: string; type?: string; properties?: Record<string, unknown> },
): Promise<{ device: Device; created: boolean } | undefined> {
  const offeredId = randomUUID();
  const now = new Date().toISOString();
  const sets = [
    'deviceId = if_not_exists(deviceId, :id)',
    'createdAt = if_not_exists(createdAt, :now)',
    'updatedAt = :now',
    'identifier = :identifier',
    'entity = :entity',
    input.properties !== undefined ? 'propertiesJson = :props' : 'propertiesJson = if_not_exists(propertiesJson, :props)',
  ];
  const values: Record<string, unknown> = {
    ':id': offeredId,
    ':now': now,
    ':identifier': input.identifier,
    ':entity': 'device',
    ':props': JSON.stringify(input.properties ?? {}),
  };
  if (input.type !== undefined) {
    sets.push('#type = :type');
    values[':type'] = input.type;
  }
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.device(organizationId, input.identifier),
        // Any later write clears the creation tag: a device another request answered "updated" for
        // is no longer one a failed assignment may take back (its compensation is conditioned on the tag).
        UpdateExpression: `SET ${sets.join(', ')} REMOVE createdBy`,
        ConditionExpression: input.type === undefined ? 'attribute_exists(pk)' : undefined,
        ExpressionAttributeNames: input.type !== undefined ? { '#type': 'type' } : undefined,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const device = deviceFromItem(out.Attributes ?? {});
    return { device, created: device.deviceId === offeredId };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Device by identifier together with its owner links and, when it has one, its crash-reporting
 * connection item (raw; shared/domain/connector reads it): one strongly consistent query.
 */
export async function getDeviceWithOwnerIds(
  organizationId: string,
  identifier: string,
): Promise<{ device: Device; ownerIds: string[]; connectionItem?: Record<string, unknown> } | undefined> {
  let device: Device | undefined;
  let connectionItem: Record<string, unknown> | undefined;
  const ownerIds: string[] = [];
  for (const item of await queryPartition(keys.devicePartition(organizationId, identifier))) {
    if (item.sk === SK.device) device = deviceFromItem(item);
    else if (item.sk === SK.deviceConnection) connectionItem = item;
    else if (typeof item.sk === 'string' && item.sk.startsWith(SK.ownerPrefix)) ownerIds.push(item.customerId as string);
  }
  return device ? { device, ownerIds, ...(connectionItem ? { connectionItem } : {}) } : undefined;
}

/** Existing devices among `identifiers` → their deviceId (consistent BatchGetItem, 100 keys a request). */
export async function findDeviceIds(organizationId: string, identifiers: string[]): Promise<Map<string, string>> {
  const items = await batchGet<{ identifier: string; deviceId: string }>(
    identifiers.map((identifier) => keys.device(organizationId, identifier)),
    ['identifier', 'deviceId'],
  );
  return new Map(items.map((item) => [item.identifier, item.deviceId]));
}

/**
 * Replaces the metadata of existing devices, up to 100 per TransactWriteItems (and under the
 * 4 MB transaction budget). Each update is conditioned on the device existing, so a device
 * can never be created by this path.
 */
export async function replaceMetadata(
  organizationId: string,
  updates: { identifier: string; propertiesJson: string }[],
  now: string,
): Promise<void> {
  // Sized in UTF-8 bytes, as DynamoDB counts the 4 MB: string length undercounts non-ASCII text
  // threefold (75 x 64 KB of CJK formed one 4.9 MB transaction).
  const chunks = chunkForTransactions(updates, (u) => utf8Bytes(u.propertiesJson) + utf8Bytes(u.identifier) * 3 + 200);
  // Chunks touch disjoint devices, so they can commit side by side; a retry of the whole call is safe.
  await Promise.all(
    chunks.map((chunk) =>
      transactWrite(
      chunk.map((u) => ({
        Update: {
          TableName: tableName(),
          Key: keys.device(organizationId, u.identifier),
          UpdateExpression: 'SET propertiesJson = :props, updatedAt = :now REMOVE createdBy',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':props': u.propertiesJson, ':now': now },
        },
      })),
      ),
    ),
  );
}

/**
 * Creates the devices among `identifiers` that do not exist, with `type` and empty metadata;
 * existing devices are left untouched. Conditional Puts, 100 a TransactWriteItems, chunks side
 * by side. A Put whose condition fails lost to an earlier or concurrent creator: that device is
 * reported `created: false` with its stored deviceId (one BatchGetItem, only then), so of any
 * number of concurrent callers exactly one sees `created: true` for each device.
 */
export async function createDevicesIfMissing(
  organizationId: string,
  identifiers: string[],
  type: string,
  createdBy?: string,
): Promise<Map<string, { deviceId: string; created: boolean }>> {
  const now = new Date().toISOString();
  const offers = identifiers.map((identifier) => ({ identifier, deviceId: randomUUID() }));
  const { done, failed } = await transactWriteEach(offers, ({ identifier, deviceId }) => [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.device(organizationId, identifier), entity: 'device', deviceId, identifier, type, propertiesJson: '{}', createdAt: now, updatedAt: now, createdBy },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  const result = new Map<string, { deviceId: string; created: boolean }>(
    done.map(({ identifier, deviceId }) => [identifier, { deviceId, created: true }]),
  );
  if (failed.length > 0) {
    const existing = await findDeviceIds(organizationId, failed.map((f) => f.entry.identifier));
    for (const { entry } of failed) {
      const deviceId = existing.get(entry.identifier);
      if (!deviceId) throw new Error(`Device ${entry.identifier} neither created nor found`);
      result.set(entry.identifier, { deviceId, created: false });
    }
  }
  return result;
}

/** Devices checked side by side during compensation (one query each). */
const COMPENSATION_CONCURRENCY = 25;

/**
 * Compensation: deletes the devices among `identifiers` that operation `createdBy` created
 * (`createdBy` tag `createDevicesIfMissing` wrote, checked in the Delete's condition), unless
 * another request linked an owner to one meanwhile, or wrote it (every later write of the device
 * item removes the tag, atomically with that write): that device is in use and stays.
 */
export async function deleteDevicesCreatedBy(organizationId: string, identifiers: string[], createdBy: string): Promise<void> {
  if (identifiers.length === 0) return;
  const items = await batchGet<{ identifier: string; createdBy?: string }>(
    identifiers.map((identifier) => keys.device(organizationId, identifier)),
    ['identifier', 'createdBy'],
  );
  const ours = items.filter((item) => item.createdBy === createdBy).map((item) => item.identifier);
  const unused: string[] = [];
  for (let i = 0; i < ours.length; i += COMPENSATION_CONCURRENCY) {
    await Promise.all(
      ours.slice(i, i + COMPENSATION_CONCURRENCY).map(async (identifier) => {
        const owners = await queryPartition(keys.devicePartition(organizationId, identifier), { skPrefix: SK.ownerPrefix, projection: ['sk'] });
        if (owners.length === 0) unused.push(identifier);
      }),
    );
  }
  await transactWriteEach(unused, (identifier) => [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.device(organizationId, identifier),
        ConditionExpression: 'createdBy = :op',
        ExpressionAttributeValues: { ':op': createdBy },
      },
    },
    // The snapshot no longer speaks for a known device: ingestion falls back to the owner query.
    ownersForgetItem(organizationId, identifier),
  ]);
}
