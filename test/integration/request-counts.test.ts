import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { authenticate } from '../../shared/domain/organization/organization.service';
import { bulkReplaceMetadata, getDevice, upsertDevice } from '../../shared/domain/device/device.service';
import { createOrUpdateCustomer, getCustomer, queryCustomer } from '../../shared/domain/customer/customer.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { ConflictError } from '../../shared/domain/errors';

useTestTable();

/**
 * DynamoDB requests per operation, counted on the wire (retries included). The bounds are the
 * design: a change that adds a round trip to a hot path fails here.
 */
describe('DynamoDB requests per endpoint', () => {
  let org: OrgContext;
  let apiKey: string;
  beforeAll(async () => {
    ({ org, apiKey } = await newOrg());
  });

  it('auth is one consistent GetItem', async () => {
    const { requests, byCommand } = await countDynamoRequests(() => authenticate(apiKey));
    expect({ requests, byCommand }).toEqual({ requests: 1, byCommand: { GetItemCommand: 1 } });
  });

  it('POST /device is one UpdateItem whether it creates or updates', async () => {
    expect((await countDynamoRequests(() => upsertDevice(org, { identifier: 'RC-1', type: 'sensor' }))).requests).toBe(1);
    expect((await countDynamoRequests(() => upsertDevice(org, { identifier: 'RC-1', properties: { a: 1 } }))).requests).toBe(1);
  });

  it('GET /device/{identifier} is one query (+1 BatchGet when it has owners)', async () => {
    expect((await countDynamoRequests(() => getDevice(org, 'RC-1'))).requests).toBe(1);
  });

  it('customer create is one transaction, update two requests, lookups one or two', async () => {
    const created = await countDynamoRequests(() => createOrUpdateCustomer(org, { email: 'rc@example.com' }));
    expect(created.requests).toBe(1);
    const id = created.result.serviceCustomerId;
    const conflict = await countDynamoRequests(() => createOrUpdateCustomer(org, { email: 'rc@example.com' }).then(() => undefined, (e: unknown) => e));
    // The counted call must be the 409 (an existing email without an id), not a success.
    expect(conflict.result).toBeInstanceOf(ConflictError);
    expect((conflict.result as ConflictError).message).toBe('Customer already exists with this email. Specify telemetronCustomerId to update fields.');
    expect(conflict.requests).toBeLessThanOrEqual(2);
    expect((await countDynamoRequests(() => createOrUpdateCustomer(org, { email: 'rc@example.com', serviceCustomerId: id, name: 'R' }))).requests).toBe(2);
    expect((await countDynamoRequests(() => getCustomer(org, id))).requests).toBe(1);
    expect((await countDynamoRequests(() => queryCustomer(org, 'RC@example.com'))).requests).toBe(2);
  });

  it('bulk metadata for 1000 existing devices stays within 60 requests (goal) and replaces every one', async () => {
    const identifiers = Array.from({ length: 1000 }, (_, i) => `BULK-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < identifiers.length; i += 50) {
      await Promise.all(identifiers.slice(i, i + 50).map((identifier) => upsertDevice(org, { identifier, type: 'sensor', properties: { old: true } })));
    }
    const devices = Object.fromEntries(identifiers.map((id, i) => [id, { firmware: `v${i}` }]));
    const { result, requests, byCommand } = await countDynamoRequests(() => bulkReplaceMetadata(org, { devices }));
    // 10 BatchGetItem (100 keys each) + 10 TransactWriteItems (100 updates each).
    expect(requests).toBeLessThanOrEqual(60);
    expect(byCommand).toEqual({ BatchGetItemCommand: 10, TransactWriteItemsCommand: 10 });
    expect(result.updated).toBe(1000);
    expect(result.results.map((r) => r.identifier)).toEqual(identifiers);
    expect((await getDevice(org, 'BULK-0999')).properties).toEqual({ firmware: 'v999' });
  }, 120000);
});
