import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { regenerateApiKey } from '../../shared/domain/organization/organization.service';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

const CREATE_TICKET = '/api/ext-v1/ticket/createTicket';

async function countTickets(title: string): Promise<number> {
  const out = await documentClient().send(
    new ScanCommand({ TableName: tableName(), ConsistentRead: true, FilterExpression: 'entity = :t AND title = :title', ExpressionAttributeValues: { ':t': 'ticket', ':title': title } }),
  );
  return out.Items?.length ?? 0;
}

describe('Idempotency-Key on the creating POST routes', () => {
  let a: { org: { organizationId: string }; apiKey: string };
  let b: { org: { organizationId: string }; apiKey: string };
  beforeAll(async () => {
    a = await newOrg('Idem A');
    b = await newOrg('Idem B');
  });

  const post = (apiKey: string, route: string, body: unknown, idempotencyKey?: string) =>
    api.call('POST', route, { apiKey, body, headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey } });

  it('the same key and body replays the first response (status and body) with no second ticket', async () => {
    const body = { title: 'idem-replay', customerEmail: 'replay@example.com' };
    const first = await post(a.apiKey, CREATE_TICKET, body, 'key-1');
    const second = await post(a.apiKey, CREATE_TICKET, body, 'key-1');
    expect(first).toMatchObject({ status: 200, body: { success: true } });
    expect(second).toEqual(first);
    // Only the replay says it is one.
    expect(first.headers.get('idempotent-replayed')).not.toBe('true');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await countTickets('idem-replay')).toBe(1);
  });

  it('a key survives API-key regeneration: the retry with the new key replays, no second ticket', async () => {
    const org = await newOrg('Idem rotate');
    const body = { title: 'idem-rotate', customerEmail: 'rotate@example.com' };
    const first = await post(org.apiKey, CREATE_TICKET, body, 'key-rotate');
    expect(first.status).toBe(200);
    const { apiKey: newKey } = await regenerateApiKey(org.org.organizationId);
    expect((await post(org.apiKey, CREATE_TICKET, body, 'key-rotate')).status).toBe(401);
    const retried = await post(newKey, CREATE_TICKET, body, 'key-rotate');
    expect(retried).toEqual(first);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await countTickets('idem-rotate')).toBe(1);
  });

  it('the same key with a different body is 422', async () => {
    await post(a.apiKey, CREATE_TICKET, { title: 'idem-422', customerEmail: 'x@example.com' }, 'key-2');
    expect(await post(a.apiKey, CREATE_TICKET, { title: 'idem-422 changed', customerEmail: 'x@example.com' }, 'key-2')).toEqual({
      status: 422,
      body: { error: 'Idempotency-Key was already used with a different request' },
    });
    // The route is part of the request: the key on another endpoint is a different request.
    expect(await post(a.apiKey, '/api/ext-v1/deviceAssignment/assignDevicesToOwner', { customerEmail: 'x@example.com', deviceIdentifiers: ['X'] }, 'key-2')).toMatchObject({ status: 422 });
  });

  it('concurrent requests with one key: one effect; the others replay it or get 409', async () => {
    const body = { title: 'idem-concurrent', customerEmail: 'conc@example.com' };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(a.apiKey, CREATE_TICKET, body, 'key-3')));
    const ok = results.filter((r) => r.status === 200);
    const busy = results.filter((r) => r.status === 409);
    expect(ok.length + busy.length).toBe(10);
    expect(new Set(ok.map((r) => r.body.ticketId)).size).toBe(1);
    for (const r of busy) expect(r.body).toEqual({ error: 'A request with this Idempotency-Key is in progress' });
    expect(await countTickets('idem-concurrent')).toBe(1);
  });

  it('keys are per organization: the same key in another org is its own request', async () => {
    const body = { title: 'idem-org', customerEmail: 'org@example.com' };
    const inA = await post(a.apiKey, CREATE_TICKET, body, 'shared-key');
    const inB = await post(b.apiKey, CREATE_TICKET, body, 'shared-key');
    expect(inA.status).toBe(200);
    expect(inB.status).toBe(200);
    expect(inB.body.ticketId).not.toBe(inA.body.ticketId);
  });

  it('a failed request stores nothing: the retry with the same key runs again', async () => {
    const body = { title: 'idem-fail', customerId: '00000000-0000-4000-8000-000000000000' };
    expect((await post(a.apiKey, CREATE_TICKET, body, 'key-4')).status).toBe(404);
    expect((await post(a.apiKey, CREATE_TICKET, body, 'key-4')).status).toBe(404);
    const items = await documentClient().send(new ScanCommand({ TableName: tableName(), FilterExpression: 'entity = :e', ExpressionAttributeValues: { ':e': 'idempotency' } }));
    expect(items.Items?.some((i) => (i.pk as string).endsWith('key-4'))).toBe(false);
  });

  it('a record past its 24 hours counts as absent (DynamoDB Local never runs TTL)', async () => {
    const body = { title: 'idem-expired', customerEmail: 'exp@example.com' };
    const first = await post(a.apiKey, CREATE_TICKET, body, 'key-5');
    await documentClient().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.idempotency(a.org.organizationId, 'key-5'), UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }),
    );
    const again = await post(a.apiKey, CREATE_TICKET, body, 'key-5');
    expect(again.status).toBe(200);
    expect(again.body.ticketId).not.toBe(first.body.ticketId);
  });

  it('assignment calls: a retried auto-create replays, including wasCreated flags', async () => {
    const body = { deviceIdentifier: 'IDEM-DEV', customerEmails: ['idem-owner@example.com'], autoCreateDevice: true, deviceType: 't' };
    const first = await post(a.apiKey, '/api/ext-v1/deviceAssignment/assignDeviceToOwners', body, 'assign-1');
    const second = await post(a.apiKey, '/api/ext-v1/deviceAssignment/assignDeviceToOwners', body, 'assign-1');
    expect(first).toMatchObject({ status: 200, body: { deviceWasCreated: true } });
    expect(second).toEqual(first);
    const many = { customerEmail: 'idem-many@example.com', deviceIdentifiers: ['IDEM-M1'], autoCreateDevices: true, deviceType: 't' };
    const m1 = await post(a.apiKey, '/api/ext-v1/deviceAssignment/assignDevicesToOwner', many, 'assign-2');
    expect(await post(a.apiKey, '/api/ext-v1/deviceAssignment/assignDevicesToOwner', many, 'assign-2')).toEqual(m1);
    expect(m1.body.customerWasCreated).toBe(true);
  });

  it('an invalid key is 400; without the header nothing changes; routes not marked idempotent ignore it', async () => {
    expect(await post(a.apiKey, CREATE_TICKET, { title: 't', customerEmail: 'k@example.com' }, 'bad key with spaces')).toEqual({
      status: 400,
      body: { error: 'Idempotency-Key must be 1 to 255 visible ASCII characters' },
    });
    expect(await post(a.apiKey, CREATE_TICKET, { title: 't', customerEmail: 'k@example.com' }, 'x'.repeat(256))).toMatchObject({ status: 400 });
    const plain = { title: 'idem-none', customerEmail: 'none@example.com' };
    await post(a.apiKey, CREATE_TICKET, plain);
    await post(a.apiKey, CREATE_TICKET, plain);
    expect(await countTickets('idem-none')).toBe(2);
    const device = await post(a.apiKey, '/api/ext-v1/device', { identifier: 'IDEM-UP', type: 't' }, 'key-device');
    expect((await post(a.apiKey, '/api/ext-v1/device', { identifier: 'IDEM-UP', type: 'u' }, 'key-device')).body.message).toBe('Device updated successfully');
    expect(device.body.message).toBe('Device created successfully');
  });

  it('auth and validation come first: a rejected request claims no key', async () => {
    expect((await post('fdk_wrong', CREATE_TICKET, { title: 'x' }, 'key-6')).status).toBe(401);
    expect(await post(a.apiKey, CREATE_TICKET, { customerEmail: 'v@example.com' }, 'key-6')).toEqual({ status: 400, body: { error: 'title is required' } });
    expect((await post(a.apiKey, CREATE_TICKET, { title: 'idem-after-400', customerEmail: 'v@example.com' }, 'key-6')).status).toBe(200);
  });
});
