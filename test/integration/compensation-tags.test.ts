import { normalizeEmail } from '../../shared/domain/common.schema';
import * as customers from '../../shared/domain/customer/customer.repository';
import * as devices from '../../shared/domain/device/device.repository';
import { getDevice } from '../../shared/domain/device/device.service';
import { createTicket } from '../../shared/domain/ticket/ticket.service';
import { CreateTicketBody } from '../../shared/domain/ticket/ticket.schema';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/**
 * Issue 23 #6: a failed assignment's compensation deletes only what it created and nobody else
 * has used since. Each test replays the interleaving of the race deterministically: the failed
 * call's creation, the other request's write, then the compensation.
 */
describe('compensation after a failed assignment', () => {
  let org: OrgContext;
  beforeAll(async () => {
    ({ org } = await newOrg('Compensation'));
  });

  it('a device a concurrent POST /device updated survives the compensation', async () => {
    await devices.createDevicesIfMissing(org.organizationId, ['COMP-1'], 'sensor', 'op-1');
    const other = await devices.upsertDevice(org.organizationId, { identifier: 'COMP-1', type: 'sensor', properties: { kept: true } });
    expect(other?.created).toBe(false); // that request answered "updated"
    await devices.deleteDevicesCreatedBy(org.organizationId, ['COMP-1'], 'op-1');
    expect((await getDevice(org, 'COMP-1')).properties).toEqual({ kept: true });
  });

  it('a device a concurrent bulk-metadata call wrote survives; an untouched one is still taken back', async () => {
    await devices.createDevicesIfMissing(org.organizationId, ['COMP-2', 'COMP-3'], 'sensor', 'op-2');
    await devices.replaceMetadata(org.organizationId, [{ identifier: 'COMP-2', propertiesJson: '{"bulk":1}' }], new Date().toISOString());
    await devices.deleteDevicesCreatedBy(org.organizationId, ['COMP-2', 'COMP-3'], 'op-2');
    expect((await getDevice(org, 'COMP-2')).properties).toEqual({ bulk: 1 });
    await expect(getDevice(org, 'COMP-3')).rejects.toThrow();
  });

  it('a customer a concurrent update wrote survives the compensation', async () => {
    const email = normalizeEmail('comp-upd@example.com');
    const created = await customers.createCustomersIfMissing(org.organizationId, [email], 'op-3');
    const customerId = created.get(email)?.customerId as string;
    expect(await customers.updateCustomer(org.organizationId, customerId, email, { email, name: 'Renamed' })).toBe('updated');
    await customers.deleteCustomersCreatedBy(org.organizationId, [email], 'op-3');
    expect(await customers.findCustomerIdByEmail(org.organizationId, email)).toBe(customerId);
  });

  it('a customer a concurrent createTicket reused survives: the ticket never points at a deleted customer', async () => {
    const email = normalizeEmail('comp-ticket@example.com');
    const created = await customers.createCustomersIfMissing(org.organizationId, [email], 'op-4');
    const customerId = created.get(email)?.customerId as string;
    await createTicket(org, CreateTicketBody.parse({ title: 'Reuses the new customer', customerEmail: email }));
    await customers.deleteCustomersCreatedBy(org.organizationId, [email], 'op-4');
    expect(await customers.findCustomerIdByEmail(org.organizationId, email)).toBe(customerId);
    expect(await customers.getCustomerWithDevices(org.organizationId, customerId)).toBeDefined();
  });

  it('a customer nobody used is still taken back', async () => {
    const email = normalizeEmail('comp-unused@example.com');
    await customers.createCustomersIfMissing(org.organizationId, [email], 'op-5');
    await customers.deleteCustomersCreatedBy(org.organizationId, [email], 'op-5');
    expect(await customers.findCustomerIdByEmail(org.organizationId, email)).toBeUndefined();
  });
});
