import { routes } from '../../shared/routes';
import { regenerateApiKey } from '../../shared/domain/organization/organization.service';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

/** A concrete URL for a route-table path: every `{param}` filled with a plausible value. */
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => (name.toLowerCase().includes('id') ? '3f2b8c1e-1111-4222-8333-444455556666' : 'x'));

describe('authentication on every route of the route table', () => {
  // Public routes (the API description and its docs page) are covered by test/e2e/openapi.test.ts.
  // Person routes (the console) are covered below.
  it.each(routes.filter((r) => r.auth !== 'none' && r.auth !== 'user').map((r) => [r.method, r.path] as const))('%s %s: 401 Missing API key / Invalid API key', async (method, path) => {
    const url = concrete(path);
    // A body that would otherwise be invalid proves auth runs before parsing.
    const body = method === 'POST' ? '{not json' : undefined;
    expect(await api.call(method, url, { body })).toEqual({ status: 401, body: { error: 'Missing API key' } });
    expect(await api.call(method, url, { body, apiKey: '' })).toEqual({ status: 401, body: { error: 'Missing API key' } });
    expect(await api.call(method, url, { body, apiKey: 'fdk_wrong' })).toEqual({ status: 401, body: { error: 'Invalid API key' } });
    expect(await api.call(method, url, { body, apiKey: 'something-else' })).toEqual({ status: 401, body: { error: 'Invalid API key' } });
    expect(await api.call(method, url, { body, apiKey: `fdk_${'x'.repeat(500)}` })).toEqual({ status: 401, body: { error: 'Invalid API key' } });
  });

  it.each(routes.filter((r) => r.auth === 'user').map((r) => [r.method, r.path] as const))('%s %s (console): 401 without a session, with the organization key or a forged session', async (method, path) => {
    const { apiKey } = await newOrg();
    const url = concrete(path);
    const body = method === 'POST' ? '{not json' : undefined;
    expect(await api.call(method, url, { body })).toEqual({ status: 401, body: { error: 'Missing session' } });
    expect(await api.call(method, url, { body, apiKey })).toEqual({ status: 401, body: { error: 'Missing session' } });
    for (const token of [apiKey, 'e30.forged', 'x'.repeat(3000)]) {
      expect(await api.call(method, url, { body, headers: { authorization: `Bearer ${token}` } })).toEqual({ status: 401, body: { error: 'Invalid or expired session' } });
    }
  });

  it('accepts the key header in any case', async () => {
    const { apiKey } = await newOrg();
    const res = await api.call('GET', '/api/ext-v1/device/none', { headers: { 'X-API-KEY': apiKey } });
    expect(res.status).toBe(404);
  });

  it('a regenerated key cuts the old one off on the very next request', async () => {
    const { org, apiKey: oldKey } = await newOrg();
    expect((await api.post('/device', oldKey, { identifier: 'K-1', type: 'sensor' })).status).toBe(200);
    const { apiKey: newKey } = await regenerateApiKey(org.organizationId);
    expect(newKey).not.toBe(oldKey);
    expect(await api.get('/device/K-1', oldKey)).toEqual({ status: 401, body: { error: 'Invalid API key' } });
    expect((await api.get('/device/K-1', newKey)).status).toBe(200);
  });

  it('unknown routes and methods answer 404 JSON', async () => {
    const { apiKey } = await newOrg();
    expect(await api.call('GET', '/api/ext-v1/nope', { apiKey })).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(await api.call('GET', '/api/ext-v1/device', { apiKey })).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(await api.call('GET', '/', {})).toEqual({ status: 404, body: { error: 'Not found' } });
  });
});

describe('tenant isolation on the device and customer routes', () => {
  let a: string;
  let b: string;
  let customerA: string;
  let deviceA: string;
  beforeAll(async () => {
    a = (await newOrg('A')).apiKey;
    b = (await newOrg('B')).apiKey;
    deviceA = (await api.post('/device', a, { identifier: 'SHARED-SN', type: 'sensor', properties: { owner: 'A' } })).body.deviceId as string;
    customerA = (await api.post('/customer/createOrUpdateCustomer', a, { email: 'same@example.com', name: 'A person' })).body.serviceCustomerId as string;
  });

  it("B cannot read A's device, and the same identifier in B is B's own device", async () => {
    expect(await api.get('/device/SHARED-SN', b)).toEqual({ status: 404, body: { error: 'Device not found' } });
    const created = await api.post('/device', b, { identifier: 'SHARED-SN', type: 'gateway' });
    expect(created.body.message).toBe('Device created successfully');
    expect(created.body.deviceId).not.toBe(deviceA);
    expect((await api.get('/device/SHARED-SN', a)).body).toMatchObject({ deviceId: deviceA, type: 'sensor', properties: { owner: 'A' } });
  });

  it("B's bulk metadata never touches A's devices", async () => {
    const own = await newOrg('C');
    const res = await api.post('/device/bulk-metadata', own.apiKey, { devices: { 'SHARED-SN': { owner: 'C' } } });
    expect(res.body).toMatchObject({ updated: 0, notFound: 1, results: [{ identifier: 'SHARED-SN', deviceId: '', status: 'not_found' }] });
    expect((await api.get('/device/SHARED-SN', a)).body.properties).toEqual({ owner: 'A' });
  });

  it("B cannot read or update A's customer, and may create its own with the same email", async () => {
    expect(await api.get(`/customer/getCustomer/${customerA}`, b)).toEqual({ status: 404, body: { error: 'Customer not found' } });
    expect(await api.post('/customer/queryCustomer', b, { email: 'same@example.com' })).toEqual({ status: 404, body: { error: 'Customer not found' } });
    expect(await api.post('/customer/createOrUpdateCustomer', b, { email: 'same@example.com', serviceCustomerId: customerA, name: 'hijack' })).toEqual({
      status: 404,
      body: { error: 'Customer not found or does not belong to this organization' },
    });
    const own = await api.post('/customer/createOrUpdateCustomer', b, { email: 'same@example.com' });
    expect(own.status).toBe(200);
    expect(own.body.serviceCustomerId).not.toBe(customerA);
    expect((await api.get(`/customer/getCustomer/${customerA}`, a)).body).toMatchObject({ name: 'A person', organizationId: expect.any(String) });
  });
});
