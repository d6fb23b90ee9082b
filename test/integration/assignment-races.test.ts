import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import {
  AssignDevicesToOwnerBody,
  AssignDeviceToOwnersBody,
  UnassignDeviceFromOwnerBody,
  UnassignDevicesFromOwnerBody,
} from '../../shared/domain/assignment/assignment.schema';
import * as service from '../../shared/domain/assignment/assignment.service';
import { BadRequestError } from '../../shared/domain/errors';
import { linkDeviceToCustomers, linkedDevicesOfCustomer } from '../../shared/domain/assignment/assignment.repository';
import { createCustomer, getCustomerWithDevices } from '../../shared/domain/customer/customer.repository';
import { getDeviceWithOwnerIds, upsertDevice } from '../../shared/domain/device/device.repository';
import { queryCustomer } from '../../shared/domain/customer/customer.service';

useTestTable();
const api = useLocalApi();

const assignOne = (org: OrgContext, body: unknown) => service.assignDeviceToOwners(org, AssignDeviceToOwnersBody.parse(body));
const assignMany = (org: OrgContext, body: unknown) => service.assignDevicesToOwner(org, AssignDevicesToOwnerBody.parse(body));
const unassignOne = (org: OrgContext, body: unknown) => service.unassignDeviceFromOwner(org, UnassignDeviceFromOwnerBody.parse(body));
const unassignMany = (org: OrgContext, body: unknown) => service.unassignDevicesFromOwner(org, UnassignDevicesFromOwnerBody.parse(body));

async function makeDevices(org: OrgContext, prefix: string, n: number): Promise<string[]> {
  const identifiers = Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
  for (let i = 0; i < identifiers.length; i += 25) {
    await Promise.all(identifiers.slice(i, i + 25).map((identifier) => upsertDevice(org.organizationId, { identifier, type: 'sensor' })));
  }
  return identifiers;
}

describe('assignment under concurrency', () => {
  it('20 concurrent identical assignDeviceToOwners (new email, new device): all 200, one creation of each, one link', async () => {
    const { org, apiKey } = await newOrg();
    const body = { deviceIdentifier: 'RACE-1', customerEmails: ['Racer@Example.com'], autoCreateDevice: true, deviceType: 'sensor' };
    const responses = await Promise.all(Array.from({ length: 20 }, () => api.post('/deviceAssignment/assignDeviceToOwners', apiKey, body)));

    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const customers = responses.map((r) => (r.body.assignedCustomers as { customerId: string; wasCreated: boolean }[])[0]);
    expect(customers.filter((c) => c?.wasCreated)).toHaveLength(1);
    expect(new Set(customers.map((c) => c?.customerId)).size).toBe(1);
    expect(responses.filter((r) => r.body.deviceWasCreated === true)).toHaveLength(1);
    expect(new Set(responses.map((r) => r.body.deviceId)).size).toBe(1);

    const customer = await queryCustomer(org, 'racer@example.com');
    expect(customer.id).toBe(customers[0]?.customerId);
    expect(customer.devices).toEqual(['RACE-1']);
    const device = await getDeviceWithOwnerIds(org.organizationId, 'RACE-1');
    expect(device?.ownerIds).toEqual([customer.id]);
  });

  it('20 concurrent assignDeviceToOwners with overlapping email lists: one creation per email, one link per pair', async () => {
    const { org } = await newOrg();
    await upsertDevice(org.organizationId, { identifier: 'OVERLAP-1', type: 'sensor' });
    const pool = Array.from({ length: 8 }, (_, i) => `pool-${i}@example.com`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => assignOne(org, { deviceIdentifier: 'OVERLAP-1', customerEmails: [pool[n % 8], pool[(n + 3) % 8], pool[(n + 5) % 8]] })),
    );
    const all = results.flatMap((r) => r.assignedCustomers);
    for (const email of pool) {
      const rows = all.filter((c) => c.email === email);
      expect([email, rows.filter((c) => c.wasCreated).length, new Set(rows.map((c) => c.customerId)).size]).toEqual([email, 1, 1]);
    }
    const device = await getDeviceWithOwnerIds(org.organizationId, 'OVERLAP-1');
    expect(device?.ownerIds).toHaveLength(8);
    expect(new Set(device?.ownerIds).size).toBe(8);
  });

  it('20 concurrent links of one pair: exactly one caller links it, the others see it already linked', async () => {
    const { org } = await newOrg();
    const made = await upsertDevice(org.organizationId, { identifier: 'PAIR-1', type: 'sensor' });
    const created = await createCustomer(org.organizationId, { email: 'pair@example.com' });
    if (!made || !created.created) throw new Error('setup failed');
    const device = { identifier: 'PAIR-1', deviceId: made.device.deviceId };
    const results = await Promise.all(Array.from({ length: 20 }, () => linkDeviceToCustomers(org.organizationId, device, [{ customerId: created.customerId, email: 'pair@example.com' }])));
    expect(results.filter((r) => r.linked.length === 1)).toHaveLength(1);
    expect(results.filter((r) => r.alreadyLinked.length === 1)).toHaveLength(19);
    expect(await linkedDevicesOfCustomer(org.organizationId, created.customerId)).toEqual(['PAIR-1']);
  });

  it('20 concurrent identical assignDevicesToOwner with auto-created devices: each device created and assigned once', async () => {
    const { org } = await newOrg();
    const existing = await makeDevices(org, 'OLD', 5);
    const fresh = Array.from({ length: 5 }, (_, i) => `FRESH-${i}`);
    const body = { customerEmail: 'bulk-racer@example.com', deviceIdentifiers: [...existing, ...fresh], autoCreateDevices: true, deviceType: 'gateway' };
    const results = await Promise.all(Array.from({ length: 20 }, () => assignMany(org, body)));

    expect(results.filter((r) => r.customerWasCreated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.customerId)).size).toBe(1);
    for (const identifier of [...existing, ...fresh]) {
      const assigned = results.filter((r) => r.assignedDevices.some((d) => d.identifier === identifier));
      const already = results.filter((r) => r.alreadyAssigned.some((d) => d.identifier === identifier));
      expect([identifier, assigned.length, already.length]).toEqual([identifier, 1, 19]);
      const creations = results.flatMap((r) => [...r.assignedDevices, ...r.alreadyAssigned]).filter((d) => d.identifier === identifier && d.wasCreated);
      expect([identifier, creations.length]).toEqual([identifier, fresh.includes(identifier) ? 1 : 0]);
    }
    expect(results.every((r) => r.message === 'Successfully assigned 10 device(s) to customer')).toBe(true);
    const customer = await getCustomerWithDevices(org.organizationId, results[0]?.customerId as string);
    expect(customer?.devices.slice().sort()).toEqual([...existing, ...fresh].sort());
  });

  it('10 concurrent unassigns of one pair: exactly one succeeds, the others get the 400 with currentDevices', async () => {
    const { org } = await newOrg();
    await makeDevices(org, 'UN', 2);
    await assignMany(org, { customerEmail: 'un-racer@example.com', deviceIdentifiers: ['UN-000', 'UN-001'] });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => unassignOne(org, { deviceIdentifier: 'UN-000', customerEmail: 'un-racer@example.com' })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(o.reason.message).toBe('Device is not assigned to this customer');
      expect(o.reason.details.currentDevices).toEqual(['UN-001']);
    }
    expect((await getDeviceWithOwnerIds(org.organizationId, 'UN-000'))?.ownerIds).toEqual([]);
  });
});

describe('DynamoDB request counts (service level; the HTTP path adds one GetItem for the API key)', () => {
  let org: OrgContext;
  let hundred: string[];
  const counts: Record<string, unknown> = {};
  beforeAll(async () => {
    org = (await newOrg()).org;
    hundred = await makeDevices(org, 'C', 100);
  });
  afterAll(() => {
    console.log(`DynamoDB requests per call:\n${JSON.stringify(counts, null, 2)}`);
  });

  async function measure<T>(label: string, fn: () => Promise<T>, max: number) {
    const { result, requests, byCommand } = await countDynamoRequests(fn);
    counts[label] = { requests, byCommand };
    expect(requests).toBeLessThanOrEqual(max);
    return result;
  }

  it('assignDeviceToOwners', async () => {
    await assignOne(org, { deviceIdentifier: 'C-000', customerEmails: ['known@example.com'] }); // creates the customer
    // Device + owners (1 Query) and email guards (1 BatchGet) side by side, the stored email of the
    // existing customer (1 BatchGet: it goes onto the device's telemetry snapshot), then 1 link transaction.
    await measure('assignDeviceToOwners, 1 existing customer, new link', () => assignOne(org, { deviceIdentifier: 'C-001', customerEmails: ['known@example.com'] }), 4);
    await measure('assignDeviceToOwners, 1 existing customer, already linked', () => assignOne(org, { deviceIdentifier: 'C-001', customerEmails: ['known@example.com'] }), 2);
    await measure('assignDeviceToOwners, 1 new customer', () => assignOne(org, { deviceIdentifier: 'C-002', customerEmails: ['one-new@example.com'] }), 4);
    const emails = Array.from({ length: 10 }, (_, i) => `ten-${i}@example.com`);
    // 1 Query + 1 BatchGet, 1 transaction creating the 10 customers (guard + customer each), 1 link transaction.
    await measure('assignDeviceToOwners, 10 new customers', () => assignOne(org, { deviceIdentifier: 'C-003', customerEmails: emails }), 4);
    const hundredEmails = Array.from({ length: 100 }, (_, i) => `hundred-${i}@example.com`);
    // 1 Query + 1 BatchGet, 2 customer transactions of 50, 3 link transactions (49 links + the device's snapshot update each).
    const wide = await measure('assignDeviceToOwners, 100 new customers', () => assignOne(org, { deviceIdentifier: 'C-004', customerEmails: hundredEmails }), 7);
    expect(wide.assignedCustomers.filter((c) => c.wasCreated)).toHaveLength(100);
    await measure('assignDeviceToOwners, 10 existing customers, new device (auto-create)', () =>
      assignOne(org, { deviceIdentifier: 'C-NEW', customerEmails: emails, autoCreateDevice: true, deviceType: 'sensor' }), 5);
  });

  it('assignDevicesToOwner with 100 devices', async () => {
    // 1 BatchGet (devices) + 1 GetItem (email guard), 1 customer transaction, 4 link transactions
    // (33 links a transaction: each link also updates its device's telemetry snapshot).
    const first = await measure('assignDevicesToOwner, 100 existing devices, new customer', () =>
      assignMany(org, { customerEmail: 'hundred@example.com', deviceIdentifiers: hundred }), 7);
    expect(first.assignedDevices).toHaveLength(100);
    // Same again: + 1 BatchGet of the links, no writes.
    const again = await measure('assignDevicesToOwner, 100 devices all already assigned', () =>
      assignMany(org, { customerEmail: 'hundred@example.com', deviceIdentifiers: hundred }), 3);
    expect(again.alreadyAssigned).toHaveLength(100);
    const fresh = Array.from({ length: 100 }, (_, i) => `AUTO-${i}`);
    // 1 BatchGet + 1 GetItem, 1 device transaction of 100, 1 BatchGet of links, 1 BatchGet of the customer's email, 4 link transactions.
    const auto = await measure('assignDevicesToOwner, 100 new devices (auto-create), existing customer', () =>
      assignMany(org, { customerEmail: 'hundred@example.com', deviceIdentifiers: fresh, autoCreateDevices: true, deviceType: 'sensor' }), 9);
    expect(auto.assignedDevices.filter((d) => d.wasCreated)).toHaveLength(100);
    const fiveHundred = [...hundred, ...fresh, ...(await makeDevices(org, 'D', 300))];
    await measure('assignDevicesToOwner, 500 existing devices, new customer', () =>
      assignMany(org, { customerEmail: 'five-hundred@example.com', deviceIdentifiers: fiveHundred }), 23);
  });

  it('unassigns', async () => {
    // 1 GetItem (guard) + 1 Query (links) + 1 transaction.
    await measure('unassignDeviceFromOwner', () => unassignOne(org, { deviceIdentifier: 'C-000', customerEmail: 'hundred@example.com' }), 3);
    const refused = await measure('unassignDeviceFromOwner, not assigned (400)', () =>
      unassignOne(org, { deviceIdentifier: 'C-000', customerEmail: 'hundred@example.com' }).then(
        () => undefined,
        (e: unknown) => e,
      ), 2);
    // The second unassign must be the 400, not a success that happened to be cheap.
    expect(refused).toBeInstanceOf(BadRequestError);
    // 1 GetItem + 1 Query + 3 transactions of 33 links (+ each device's snapshot update).
    const result = await measure('unassignDevicesFromOwner, 100 devices', () =>
      unassignMany(org, { customerEmail: 'hundred@example.com', deviceIdentifiers: hundred }), 5);
    expect(result.unassignedDevices).toHaveLength(99);
    expect(result.skipped).toEqual(['C-000']);
    expect(result.devicesRemaining).toHaveLength(100);
  });
});
