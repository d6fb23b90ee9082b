import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import {
  AssignDevicesToOwnerBody,
  AssignDeviceToOwnersBody,
  UnassignDeviceFromOwnerBody,
  UnassignDevicesFromOwnerBody,
} from '../../shared/domain/assignment/assignment.schema';
import * as assignment from '../../shared/domain/assignment/assignment.service';
import { createOrUpdateCustomer } from '../../shared/domain/customer/customer.service';
import { upsertDevice } from '../../shared/domain/device/device.repository';
import { ingestTelemetry, resolveOwners } from '../../shared/domain/telemetry/telemetry.service';
import { OWNERS_COMPLETE } from '../../shared/domain/telemetry/owner-snapshot';

/**
 * Issue 21: owners denormalised onto the telemetry snapshot. Whatever interleaving of assignments
 * and ingests, an ingest that starts after the assignments returned names exactly the owners a
 * fresh owner query finds; a crash between the snapshot update and the record's Put is repaired by
 * the retry; the snapshot never moves back.
 */

useTestTable();

const assignOne = (org: OrgContext, body: unknown) => assignment.assignDeviceToOwners(org, AssignDeviceToOwnersBody.parse(body));
const assignMany = (org: OrgContext, body: unknown) => assignment.assignDevicesToOwner(org, AssignDevicesToOwnerBody.parse(body));
const unassignOne = (org: OrgContext, body: unknown) => assignment.unassignDeviceFromOwner(org, UnassignDeviceFromOwnerBody.parse(body));
const unassignMany = (org: OrgContext, body: unknown) => assignment.unassignDevicesFromOwner(org, UnassignDevicesFromOwnerBody.parse(body));

const snapshotItem = async (org: OrgContext, identifier: string) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.telemetryLatest(org.organizationId, identifier), ConsistentRead: true }))).Item;
const recordItem = async (org: OrgContext, identifier: string, timestamp: string) =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.telemetryRecord(org.organizationId, identifier, timestamp, 'rest'), ConsistentRead: true }))).Item;

/** What an ingest answers right now, compared with a fresh owner query. */
async function ownersAgree(org: OrgContext, identifier: string) {
  const ingested = await ingestTelemetry(org, identifier, { probe: 1 }, 'rest');
  const fresh = await resolveOwners(org.organizationId, identifier);
  expect({ deviceKnown: ingested.deviceKnown, owners: ingested.owners }).toEqual(fresh);
  return ingested;
}

describe('owners on the snapshot', () => {
  it('after racing assigns, unassigns, auto-creates and ingests, every device’s ingest names what a fresh query finds', async () => {
    const { org } = await newOrg();
    const devices = ['R-0', 'R-1', 'R-2', 'R-3'];
    await upsertDevice(org.organizationId, { identifier: 'R-0', type: 'sensor' });
    await upsertDevice(org.organizationId, { identifier: 'R-1', type: 'sensor' });
    // R-0 gets its snapshot (and the repair that marks it complete) before the race.
    await ingestTelemetry(org, 'R-0', { t: 1 }, 'rest');
    const emails = ['a@example.com', 'b@example.com', 'c@example.com'];
    const ops: (() => Promise<unknown>)[] = [];
    for (let round = 0; round < 4; round++) {
      for (const email of emails) {
        ops.push(() => assignMany(org, { customerEmail: email, deviceIdentifiers: devices, autoCreateDevices: true, deviceType: 'sensor' }));
        ops.push(() => unassignOne(org, { deviceIdentifier: devices[round % devices.length], customerEmail: email }).catch(() => undefined));
      }
      ops.push(() => assignOne(org, { deviceIdentifier: 'R-2', customerEmails: emails.slice(round % 2), autoCreateDevice: true, deviceType: 'sensor' }));
      ops.push(() => unassignMany(org, { customerEmail: emails[round % 3], deviceIdentifiers: devices }).catch(() => undefined));
      for (const identifier of devices) ops.push(() => ingestTelemetry(org, identifier, { t: round }, 'rest'));
    }
    // Deterministic shuffle, then everything at once.
    const order = ops.map((op, i) => ({ op, k: (i * 7919) % ops.length })).sort((x, y) => x.k - y.k);
    const outcomes = await Promise.allSettled(order.map(({ op }) => op()));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    for (const identifier of devices) await ownersAgree(org, identifier);
    // Every snapshot now vouches for its owners (no fallback hides a stale one): race again.
    await assignMany(org, { customerEmail: 'a@example.com', deviceIdentifiers: devices });
    const second = await Promise.allSettled([
      unassignMany(org, { customerEmail: 'a@example.com', deviceIdentifiers: devices }),
      assignMany(org, { customerEmail: 'd@example.com', deviceIdentifiers: devices }),
      ...devices.map((identifier) => ingestTelemetry(org, identifier, { t: 9 }, 'rest')),
      unassignOne(org, { deviceIdentifier: 'R-2', customerEmail: 'b@example.com' }).catch(() => undefined),
    ]);
    expect(second.filter((o) => o.status === 'rejected')).toEqual([]);
    for (const identifier of devices) {
      const { owners } = await ownersAgree(org, identifier);
      expect(owners.map((o) => o.email)).toContain('d@example.com');
      expect(owners.map((o) => o.email)).not.toContain('a@example.com');
    }
    // Each snapshot still vouches for its owners: the next ingest is 3 requests and still agrees.
    for (const identifier of devices) {
      const { byCommand } = await countDynamoRequests(() => ownersAgree(org, identifier));
      // The ingest: one UpdateItem + one PutItem; the Query (and BatchGetItem) are the fresh query's.
      expect(byCommand).toMatchObject({ UpdateItemCommand: 1, PutItemCommand: 1, QueryCommand: 1 });
    }
  });

  it('an assign or unassign that returned is seen by the next ingest (no stale owners)', async () => {
    const { org } = await newOrg();
    await upsertDevice(org.organizationId, { identifier: 'S-1', type: 'sensor' });
    await ingestTelemetry(org, 'S-1', { t: 1 }, 'rest'); // repairs: snapshot complete, no owners
    expect((await snapshotItem(org, 'S-1'))?.[OWNERS_COMPLETE]).toBe(true);
    await assignOne(org, { deviceIdentifier: 'S-1', customerEmails: ['x@example.com', 'y@example.com'] });
    expect((await ownersAgree(org, 'S-1')).owners.map((o) => o.email).sort()).toEqual(['x@example.com', 'y@example.com']);
    await unassignOne(org, { deviceIdentifier: 'S-1', customerEmail: 'x@example.com' });
    expect((await ownersAgree(org, 'S-1')).owners.map((o) => o.email)).toEqual(['y@example.com']);
  });

  it('an email change reaches the snapshots of the customer’s devices', async () => {
    const { org } = await newOrg();
    await assignOne(org, { deviceIdentifier: 'E-1', customerEmails: ['old@example.com'], autoCreateDevice: true, deviceType: 'sensor' });
    await ownersAgree(org, 'E-1');
    const customerId = (await resolveOwners(org.organizationId, 'E-1')).owners[0]?.customerId as string;
    await createOrUpdateCustomer(org, { email: 'New@Example.com', serviceCustomerId: customerId });
    expect((await ownersAgree(org, 'E-1')).owners).toEqual([{ customerId, email: 'New@Example.com' }]);
  });

  it('a snapshot written before owners were denormalised falls back to the query, then repairs; a repair that raced an assignment is dropped', async () => {
    const { org } = await newOrg();
    await assignOne(org, { deviceIdentifier: 'L-1', customerEmails: ['l@example.com'], autoCreateDevice: true, deviceType: 'sensor' });
    // A legacy snapshot: values, no owner attributes, no `oc`/`ov`.
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.telemetryLatest(org.organizationId, 'L-1'),
        UpdateExpression: 'REMOVE #o, #ov, #oc',
        ExpressionAttributeNames: { '#o': `O#${(await resolveOwners(org.organizationId, 'L-1')).owners[0]?.customerId}`, '#ov': 'ov', '#oc': 'oc' },
      }),
    );
    const legacy = await countDynamoRequests(() => ingestTelemetry(org, 'L-1', { t: 1 }, 'rest'));
    expect(legacy.result.owners.map((o) => o.email)).toEqual(['l@example.com']);
    expect(legacy.byCommand).toEqual({ UpdateItemCommand: 2, PutItemCommand: 1, QueryCommand: 1, BatchGetItemCommand: 1 });
    expect((await snapshotItem(org, 'L-1'))?.[OWNERS_COMPLETE]).toBe(true);
    expect((await countDynamoRequests(() => ownersAgree(org, 'L-1'))).byCommand).toEqual({ UpdateItemCommand: 1, PutItemCommand: 1, QueryCommand: 1, BatchGetItemCommand: 1 });
  });

  it('an unknown device is answered deviceKnown false and never marked complete; once created and assigned, it is', async () => {
    const { org } = await newOrg();
    expect(await ownersAgree(org, 'U-1')).toMatchObject({ deviceKnown: false, owners: [] });
    expect((await snapshotItem(org, 'U-1'))?.[OWNERS_COMPLETE]).toBeUndefined();
    await assignOne(org, { deviceIdentifier: 'U-1', customerEmails: ['u@example.com'], autoCreateDevice: true, deviceType: 'sensor' });
    expect(await ownersAgree(org, 'U-1')).toMatchObject({ deviceKnown: true, owners: [{ email: 'u@example.com' }] });
  });
});

describe('a crash between the snapshot update and the record write', () => {
  it('leaves nothing the retry (or the next write) cannot repair', async () => {
    const { org } = await newOrg();
    await assignOne(org, { deviceIdentifier: 'C-1', customerEmails: ['c@example.com'], autoCreateDevice: true, deviceType: 'sensor' });
    const at = new Date(Date.now() - 60_000).toISOString();
    const client = documentClient();
    const realSend = client.send.bind(client);
    // The record's PutItem fails once (the process dies after the snapshot moved).
    let failed = false;
    const spy = jest.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
      if (!failed && command.constructor.name === 'PutCommand') {
        failed = true;
        return Promise.reject(new Error('crash'));
      }
      return realSend(command as never);
    }) as never);
    try {
      await expect(ingestTelemetry(org, 'C-1', { timestamp: at, t: 5 }, 'rest')).rejects.toThrow('crash');
    } finally {
      spy.mockRestore();
    }
    expect(await recordItem(org, 'C-1', at)).toBeUndefined();
    // The retry of the same record: the snapshot condition admits the equal timestamp, the Put is idempotent.
    const retried = await ingestTelemetry(org, 'C-1', { timestamp: at, t: 5 }, 'rest');
    expect(retried.owners.map((o) => o.email)).toEqual(['c@example.com']);
    expect((await recordItem(org, 'C-1', at))?.m).toEqual({ t: 5 });
    expect((await snapshotItem(org, 'C-1'))?.['M#t']).toMatchObject({ v: 5, t: at });
    // A newer record afterwards moves on as usual; a replay of the older one does not move it back.
    const later = new Date(Date.now() - 30_000).toISOString();
    await ingestTelemetry(org, 'C-1', { timestamp: later, t: 6 }, 'rest');
    await ingestTelemetry(org, 'C-1', { timestamp: at, t: 5 }, 'rest');
    expect((await snapshotItem(org, 'C-1'))?.['M#t']).toMatchObject({ v: 6, t: later });
  });
});

describe('the snapshot never moves back (property, concurrent single records)', () => {
  /**
   * Generated single records for one device per run, sent all at once; afterwards each name's
   * snapshot value is the newest record's. `first` runs before the burst (for the parallel path).
   */
  async function neverMovesBack(prefix: string, seed: number, first?: (org: OrgContext, device: string, base: number) => Promise<void>) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fc = require('fast-check') as typeof import('fast-check');
    const { org } = await newOrg();
    const base = Date.now() - 30 * 60_000;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 300 }), a: fc.integer({ min: -1000, max: 1000 }), b: fc.option(fc.integer(), { nil: undefined }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (records) => {
          const device = `${prefix}-${run++}`;
          await first?.(org, device, base);
          await Promise.all(
            records.map((r) => ingestTelemetry(org, device, { timestamp: base + r.at * 1000, a: r.a, ...(r.b === undefined ? {} : { b: r.b }) }, 'rest')),
          );
          const snapshot = (await snapshotItem(org, device)) ?? {};
          for (const name of ['a', 'b'] as const) {
            const withName = records.filter((r) => r[name] !== undefined);
            if (withName.length === 0) continue;
            const newest = Math.max(...withName.map((r) => r.at));
            const stored = snapshot[`M#${name}`] as { v: number; t: string } | undefined;
            if (stored?.t !== new Date(base + newest * 1000).toISOString()) return false;
            if (!withName.some((r) => r.at === newest && r[name] === stored.v)) return false;
          }
          return true;
        },
      ),
      { numRuns: 25, seed },
    );
  }

  it('holds for generated single records sent all at once', async () => {
    await neverMovesBack('P', 21);
  });

  it('holds with the device’s names already known, so the records are written beside the snapshot update (issue 21, round 4)', async () => {
    // An older reading first: this process then knows the device's names, and the burst takes the parallel path.
    await neverMovesBack('PW', 2104, async (org, device, base) => {
      await ingestTelemetry(org, device, { timestamp: base - 1000, a: 0, b: 0 }, 'rest');
    });
  });
});
