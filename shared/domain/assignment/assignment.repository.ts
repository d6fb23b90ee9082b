import { tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { batchGet, queryPartition, transactWriteEachWithShared } from '../../db/operations';
import { ownersUpdateItem } from '../telemetry/owner-snapshot';

/**
 * Assignment access patterns (docs/data-model.md). An assignment is TWO items written and
 * deleted in the same transaction: `OWNER#<customerId>` in the device partition (owners of a
 * device: one consistent query, which telemetry routing uses) and `DEVICE#<identifier>` in the
 * customer partition (devices of a customer: one consistent query). Both link Puts are
 * conditioned on the item not existing, so under any concurrency exactly one caller links a
 * pair; the others are told it was already linked. Each transaction also sets (or removes) the
 * owners on the devices' telemetry snapshots (`O#<customerId>`, telemetry/owner-snapshot.ts), one
 * update per device per transaction, so ingestion reads current owners without a query.
 */

/** One device–customer pair. */
export interface LinkPair {
  customerId: string;
  identifier: string;
  deviceId: string;
  /** The customer's email, denormalised onto the device's telemetry snapshot. */
  email: string;
}

/** One snapshot update per device among `pairs`: the owners they add or remove. */
function snapshotItems(organizationId: string, pairs: { customerId: string; identifier: string; email?: string }[], mode: 'set' | 'remove') {
  const byDevice = new Map<string, typeof pairs>();
  for (const pair of pairs) byDevice.set(pair.identifier, [...(byDevice.get(pair.identifier) ?? []), pair]);
  return [...byDevice].map(([identifier, list]) =>
    ownersUpdateItem(
      organizationId,
      identifier,
      mode === 'set' ? { set: list.map((p) => ({ customerId: p.customerId, email: p.email ?? '' })) } : { remove: list.map((p) => p.customerId) },
    ),
  );
}

/** The two items of a link, each Put only if absent; `createdBy` tags them for {@link unlinkCreatedBy}. */
function linkItems(organizationId: string, pair: LinkPair, now: string, createdBy?: string) {
  const attributes = { customerId: pair.customerId, identifier: pair.identifier, deviceId: pair.deviceId, createdAt: now, createdBy };
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.deviceOwner(organizationId, pair.identifier, pair.customerId), entity: 'deviceOwner', ...attributes },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.customerDevice(organizationId, pair.customerId, pair.identifier), entity: 'customerDevice', ...attributes },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** The two Deletes of a link. */
function unlinkItems(organizationId: string, customerId: string, identifier: string) {
  return [
    // The customer side decides whether the pair was linked; the device side goes with it.
    {
      Delete: {
        TableName: tableName(),
        Key: keys.customerDevice(organizationId, customerId, identifier),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName: tableName(), Key: keys.deviceOwner(organizationId, identifier, customerId) } },
  ];
}

async function linkPairs(organizationId: string, pairs: LinkPair[], createdBy?: string) {
  const now = new Date().toISOString();
  const { done, failed } = await transactWriteEachWithShared(
    pairs,
    (pair) => linkItems(organizationId, pair, now, createdBy),
    (chunk) => snapshotItems(organizationId, chunk, 'set'),
  );
  return { linked: done, alreadyLinked: failed.map((f) => f.entry) };
}

/**
 * Links one device to several customers. Returns the customer ids this call linked and those
 * already linked (or linked first by a concurrent call). 2 items a link, 50 links a transaction, side by side.
 */
export async function linkDeviceToCustomers(
  organizationId: string,
  device: { identifier: string; deviceId: string },
  customers: { customerId: string; email: string }[],
  createdBy?: string,
): Promise<{ linked: string[]; alreadyLinked: string[] }> {
  const { linked, alreadyLinked } = await linkPairs(organizationId, customers.map((customer) => ({ ...device, ...customer })), createdBy);
  return { linked: linked.map((p) => p.customerId), alreadyLinked: alreadyLinked.map((p) => p.customerId) };
}

/**
 * Links several devices to one customer. Returns the identifiers this call linked and those
 * already linked (or linked first by a concurrent call). 2 items a link, 50 links a transaction, side by side.
 */
export async function linkDevicesToCustomer(
  organizationId: string,
  customer: { customerId: string; email: string },
  devices: { identifier: string; deviceId: string }[],
  createdBy?: string,
): Promise<{ linked: string[]; alreadyLinked: string[] }> {
  const { linked, alreadyLinked } = await linkPairs(organizationId, devices.map((device) => ({ ...device, ...customer })), createdBy);
  return { linked: linked.map((p) => p.identifier), alreadyLinked: alreadyLinked.map((p) => p.identifier) };
}

/** Which of `identifiers` are linked to the customer (consistent BatchGetItem, 100 keys a request). */
export async function linkedAmongDevicesOfCustomer(organizationId: string, customerId: string, identifiers: string[]): Promise<Set<string>> {
  if (identifiers.length === 0) return new Set();
  const links = await batchGet<{ identifier: string }>(
    identifiers.map((identifier) => keys.customerDevice(organizationId, customerId, identifier)),
    ['identifier'],
  );
  return new Set(links.map((link) => link.identifier));
}

/** Identifiers of every device linked to the customer: one consistent query of the customer partition's links. */
export async function linkedDevicesOfCustomer(organizationId: string, customerId: string): Promise<string[]> {
  const links = await queryPartition(keys.customerPartition(organizationId, customerId), {
    skPrefix: SK.deviceLinkPrefix,
    projection: ['identifier'],
  });
  return links.map((link) => link.identifier as string);
}

/**
 * Removes the links between the customer and each identifier (both items, 50 links a transaction). `unlinked` are the links this call removed; `notLinked` were absent (or removed by
 * a concurrent call first). Devices and customers are never touched.
 */
export async function unlinkDevicesFromCustomer(
  organizationId: string,
  customerId: string,
  identifiers: string[],
): Promise<{ unlinked: string[]; notLinked: string[] }> {
  const { done, failed } = await transactWriteEachWithShared(
    identifiers,
    (identifier) => unlinkItems(organizationId, customerId, identifier),
    (chunk) => snapshotItems(organizationId, chunk.map((identifier) => ({ customerId, identifier })), 'remove'),
  );
  return { unlinked: done, notLinked: failed.map((f) => f.entry) };
}

/**
 * Compensation: removes the links among `pairs` that operation `createdBy` wrote (both items, each
 * Delete conditioned on the tag, so a link another request made is never touched).
 */
export async function unlinkCreatedBy(
  organizationId: string,
  pairs: { customerId: string; identifier: string }[],
  createdBy: string,
): Promise<void> {
  const tagged = { ConditionExpression: 'createdBy = :op', ExpressionAttributeValues: { ':op': createdBy } };
  await transactWriteEachWithShared(
    pairs,
    (pair) => [
      { Delete: { TableName: tableName(), Key: keys.customerDevice(organizationId, pair.customerId, pair.identifier), ...tagged } },
      { Delete: { TableName: tableName(), Key: keys.deviceOwner(organizationId, pair.identifier, pair.customerId), ...tagged } },
    ],
    (chunk) => snapshotItems(organizationId, chunk, 'remove'),
  );
}
