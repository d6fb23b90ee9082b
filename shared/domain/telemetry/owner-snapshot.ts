import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { queryPartition } from '../../db/operations';

/**
 * The device's owners, denormalised onto its latest-telemetry snapshot (issue 21), so the one
 * conditional UpdateItem that moves the latest values also returns who owns the device: single-record
 * ingest is auth + that UpdateItem + the record's PutItem, with no owner query.
 *
 * On the snapshot item (`ORG#<org>#TELEMETRY#<identifier>` / `LATEST`):
 * - `O#<customerId>` = the customer's email, one top-level attribute per owner. Every assignment
 *   write sets or removes it inside its own transaction (link, unlink, compensation), and an email
 *   change rewrites it, so after an assign or unassign returns the snapshot names the owners.
 * - `ov`: a counter every such write increments. The repair below is conditioned on it.
 * - `oc` (owners complete): set only by {@link ownersRepair}, after a consistent read of the device
 *   partition found the device; removed when the device item is deleted. Without it (a snapshot
 *   written before owners were denormalised, an unknown device, a device no ingest has seen since
 *   its creation) ingestion falls back to the owner query and repairs: the repair writes the full
 *   owner set and `oc` only if `ov` is still what the ingest's UpdateItem returned, so an
 *   assignment that committed meanwhile makes the repair a no-op (the next ingest repairs).
 */

export const OWNER_PREFIX = 'O#';
export const OWNERS_VERSION = 'ov';
export const OWNERS_COMPLETE = 'oc';

export interface SnapshotOwner {
  customerId: string;
  email: string;
}

/** The owners the snapshot names, when it is marked complete; undefined when ingestion must fall back. */
export function ownersOfSnapshot(item: Record<string, unknown> | undefined): SnapshotOwner[] | undefined {
  if (!item || item[OWNERS_COMPLETE] !== true) return undefined;
  const owners: SnapshotOwner[] = [];
  for (const [attribute, value] of Object.entries(item)) {
    if (attribute.startsWith(OWNER_PREFIX) && typeof value === 'string') owners.push({ customerId: attribute.slice(OWNER_PREFIX.length), email: value });
  }
  // The owner query returns owner links in sort-key order (`OWNER#<customerId>`): same order here.
  return owners.sort((a, b) => (a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : 0));
}

/** Every owner attribute's customer id on a snapshot item, complete or not. */
function ownerIdsOn(item: Record<string, unknown>): string[] {
  return Object.keys(item)
    .filter((attribute) => attribute.startsWith(OWNER_PREFIX))
    .map((attribute) => attribute.slice(OWNER_PREFIX.length));
}

/**
 * The transaction item of an assignment write on one device: set the owners linked, remove the
 * owners unlinked, bump `ov`. Creates the snapshot item when the device has none yet.
 */
export function ownersUpdateItem(organizationId: string, identifier: string, change: { set?: SnapshotOwner[]; remove?: string[] }) {
  const names: Record<string, string> = { '#ov': OWNERS_VERSION };
  const values: Record<string, unknown> = { ':one': 1 };
  const sets: string[] = [];
  const removes: string[] = [];
  (change.set ?? []).forEach((owner, i) => {
    names[`#s${i}`] = `${OWNER_PREFIX}${owner.customerId}`;
    values[`:s${i}`] = owner.email;
    sets.push(`#s${i} = :s${i}`);
  });
  (change.remove ?? []).forEach((customerId, i) => {
    names[`#r${i}`] = `${OWNER_PREFIX}${customerId}`;
    removes.push(`#r${i}`);
  });
  const expression = [sets.length > 0 ? `SET ${sets.join(', ')}` : '', removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '', 'ADD #ov :one']
    .filter(Boolean)
    .join(' ');
  return {
    Update: {
      TableName: tableName(),
      Key: keys.telemetryLatest(organizationId, identifier),
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The transaction item that withdraws `oc` when the device item is deleted (the device is unknown again). */
export function ownersForgetItem(organizationId: string, identifier: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.telemetryLatest(organizationId, identifier),
      UpdateExpression: 'REMOVE #oc ADD #ov :one',
      ExpressionAttributeNames: { '#oc': OWNERS_COMPLETE, '#ov': OWNERS_VERSION },
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/** An owner's new email on one device's snapshot, only while that owner is still linked there. */
export function ownerEmailUpdate(organizationId: string, identifier: string, owner: SnapshotOwner) {
  return {
    TableName: tableName(),
    Key: keys.telemetryLatest(organizationId, identifier),
    UpdateExpression: 'SET #o = :email ADD #ov :one',
    ConditionExpression: 'attribute_exists(#o)',
    ExpressionAttributeNames: { '#o': `${OWNER_PREFIX}${owner.customerId}`, '#ov': OWNERS_VERSION },
    ExpressionAttributeValues: { ':email': owner.email, ':one': 1 },
  };
}

/**
 * The repair after a fallback owner query: the full owner set, stale owner attributes removed,
 * `oc` set, conditioned on `ov` being what the snapshot held before the query.
 */
export function ownersRepair(organizationId: string, identifier: string, snapshot: Record<string, unknown>, owners: SnapshotOwner[]) {
  const fresh = new Set(owners.map((o) => o.customerId));
  const names: Record<string, string> = { '#ov': OWNERS_VERSION, '#oc': OWNERS_COMPLETE };
  const values: Record<string, unknown> = { ':true': true };
  const sets = ['#oc = :true'];
  const removes: string[] = [];
  owners.forEach((owner, i) => {
    names[`#s${i}`] = `${OWNER_PREFIX}${owner.customerId}`;
    values[`:s${i}`] = owner.email;
    sets.push(`#s${i} = :s${i}`);
  });
  ownerIdsOn(snapshot)
    .filter((id) => !fresh.has(id))
    .forEach((customerId, i) => {
      names[`#r${i}`] = `${OWNER_PREFIX}${customerId}`;
      removes.push(`#r${i}`);
    });
  const version = snapshot[OWNERS_VERSION];
  let condition = 'attribute_not_exists(#ov)';
  if (typeof version === 'number') {
    values[':ov'] = version;
    condition = '#ov = :ov';
  }
  return {
    TableName: tableName(),
    Key: keys.telemetryLatest(organizationId, identifier),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * Compensation's cleanup: a failed assignment must leave nothing behind, but its link wrote (and
 * its undo emptied) the snapshot item of a device that had none. Deletes the snapshot of each
 * device only while it holds no telemetry (`names`) and does not vouch for owners (`oc`): such an
 * item carries nothing ingestion trusts (without `oc` it falls back to the owner query), so a
 * concurrent link's `O#…` on it is not lost information. Best effort: a condition failure is fine.
 */
export async function deleteEmptySnapshots(organizationId: string, identifiers: string[]): Promise<void> {
  await Promise.all(
    [...new Set(identifiers)].map(async (identifier) => {
      try {
        await documentClient().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.telemetryLatest(organizationId, identifier),
            ConditionExpression: 'attribute_not_exists(#names) AND attribute_not_exists(#oc)',
            ExpressionAttributeNames: { '#names': 'names', '#oc': OWNERS_COMPLETE },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }),
  );
}

/** Snapshot updates of one email change in flight at once. */
const EMAIL_FAN_OUT_CONCURRENCY = 25;

/**
 * After a customer's email changed: the new email onto the snapshot of every device linked to it
 * (one query of the customer's links, one conditional UpdateItem per device). A device unlinked
 * meanwhile is skipped by the condition. Run before the update call returns, so a later ingest
 * names the new email.
 */
export async function refreshOwnerEmail(organizationId: string, customerId: string, email: string): Promise<void> {
  const links = await queryPartition(keys.customerPartition(organizationId, customerId), { skPrefix: SK.deviceLinkPrefix, projection: ['identifier'] });
  const identifiers = links.map((link) => link.identifier as string);
  for (let i = 0; i < identifiers.length; i += EMAIL_FAN_OUT_CONCURRENCY) {
    await Promise.all(
      identifiers.slice(i, i + EMAIL_FAN_OUT_CONCURRENCY).map(async (identifier) => {
        try {
          await documentClient().send(new UpdateCommand(ownerEmailUpdate(organizationId, identifier, { customerId, email })));
        } catch (error) {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      }),
    );
  }
}
