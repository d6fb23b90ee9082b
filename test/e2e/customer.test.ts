import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

const EXISTS = 'Customer already exists with this email. Specify telemetronCustomerId to update fields.';

describe('POST /customer/createOrUpdateCustomer (spec 4.3)', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
  });

  it('creates a customer with the email prefix as default name and keeps a readable email', async () => {
    const res = await api.post('/customer/createOrUpdateCustomer', key, { email: '  Bob.Smith@Example.COM ' });
    expect(res).toEqual({
      status: 200,
      body: { success: true, serviceCustomerId: expect.stringMatching(/^[0-9a-f-]{36}$/), message: 'Customer created successfully' },
    });
    const read = await api.get(`/customer/getCustomer/${res.body.serviceCustomerId}`, key);
    expect(read.body).toEqual({
      id: res.body.serviceCustomerId,
      organizationId: expect.any(String),
      name: 'Bob.Smith',
      email: 'Bob.Smith@Example.COM',
      phone: null,
      address: null,
      devices: [],
      orders: [],
      metadata: {},
      createdAt: expect.any(String),
    });
  });

  it('409 with the existing id for the same email in any case', async () => {
    const first = await api.post('/customer/createOrUpdateCustomer', key, { email: 'carol@example.com', name: 'Carol' });
    const again = await api.post('/customer/createOrUpdateCustomer', key, { email: 'CAROL@example.com ' });
    expect(again).toEqual({ status: 409, body: { error: EXISTS, serviceCustomerId: first.body.serviceCustomerId } });
  });

  it('updates by serviceCustomerId, and by its telemetronCustomerId alias', async () => {
    const { body } = await api.post('/customer/createOrUpdateCustomer', key, { email: 'dave@example.com', name: 'Dave', phone: '1' });
    const id = body.serviceCustomerId as string;
    const upd = await api.post('/customer/createOrUpdateCustomer', key, { email: 'dave@example.com', serviceCustomerId: id, address: 'Main St 1' });
    expect(upd.body).toEqual({ success: true, serviceCustomerId: id, message: 'Customer updated successfully' });
    const alias = await api.post('/customer/createOrUpdateCustomer', key, { email: 'dave@example.com', telemetronCustomerId: id, name: 'David' });
    expect(alias.body.message).toBe('Customer updated successfully');
    const read = await api.get(`/customer/getCustomer/${id}`, key);
    expect(read.body).toMatchObject({ name: 'David', phone: '1', address: 'Main St 1', email: 'dave@example.com' });
  });

  it('moves the email on update: old email is free, new one finds the customer', async () => {
    const { body } = await api.post('/customer/createOrUpdateCustomer', key, { email: 'erin@example.com' });
    const id = body.serviceCustomerId as string;
    await api.post('/customer/createOrUpdateCustomer', key, { email: 'Erin.New@example.com', serviceCustomerId: id });
    expect((await api.post('/customer/queryCustomer', key, { email: 'erin.new@example.com' })).body.id).toBe(id);
    expect((await api.post('/customer/queryCustomer', key, { email: 'erin@example.com' })).status).toBe(404);
    const reuse = await api.post('/customer/createOrUpdateCustomer', key, { email: 'erin@example.com' });
    expect(reuse.status).toBe(200);
  });

  it("409 when an update would take another customer's email, nothing changed", async () => {
    const a = (await api.post('/customer/createOrUpdateCustomer', key, { email: 'frank@example.com' })).body.serviceCustomerId;
    const b = (await api.post('/customer/createOrUpdateCustomer', key, { email: 'grace@example.com' })).body.serviceCustomerId;
    const res = await api.post('/customer/createOrUpdateCustomer', key, { email: 'FRANK@example.com', serviceCustomerId: b });
    expect(res).toEqual({ status: 409, body: { error: 'Another customer already uses this email', serviceCustomerId: a } });
    expect((await api.get(`/customer/getCustomer/${b}`, key)).body.email).toBe('grace@example.com');
  });

  it.each([
    ['a random uuid', '3f2b8c1e-1111-4222-8333-444455556666'],
    ['a non-uuid', 'not-a-uuid'],
  ])('404 for an update of %s', async (_label, id) => {
    const res = await api.post('/customer/createOrUpdateCustomer', key, { email: 'nobody@example.com', serviceCustomerId: id });
    expect(res).toEqual({ status: 404, body: { error: 'Customer not found or does not belong to this organization' } });
    expect((await api.post('/customer/queryCustomer', key, { email: 'nobody@example.com' })).status).toBe(404);
  });

  it.each([
    [{}, 'email is required'],
    [{ email: '' }, 'email is required'],
    [{ email: 5 }, 'email is required'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ email: 'a b@example.com' }, 'Invalid email format'],
    [{ email: `${'x'.repeat(250)}@example.com` }, 'Invalid email format'],
    [{ email: 'ok@example.com', name: 5 }, 'name must be a string'],
    [{ email: 'ok@example.com', name: 'x'.repeat(201) }, 'name must be at most 200 characters'],
    [{ email: 'ok@example.com', phone: 'x'.repeat(51) }, 'phone must be at most 50 characters'],
    [{ email: 'ok@example.com', address: ['x'] }, 'address must be a string'],
    [{ email: 'ok@example.com', serviceCustomerId: 12 }, 'serviceCustomerId must be a string'],
  ])('400 for case %#', async (body, error) => {
    expect(await api.post('/customer/createOrUpdateCustomer', key, body)).toEqual({ status: 400, body: { error } });
    expect((await api.post('/customer/queryCustomer', key, { email: 'ok@example.com' })).status).toBe(404);
  });

  it.each(['{"email":', '[]', '"x"', 'true'])('400 Invalid JSON payload for %s', async (raw) => {
    expect(await api.post('/customer/createOrUpdateCustomer', key, raw)).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
  });

  it('20 concurrent creates of one email: one created, nineteen 409 carrying the same id', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.post('/customer/createOrUpdateCustomer', key, { email: i % 2 ? 'race@example.com' : 'RACE@example.com' })),
    );
    const created = responses.filter((r) => r.status === 200);
    const conflicts = responses.filter((r) => r.status === 409);
    expect(created).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    expect(new Set(conflicts.map((r) => r.body.serviceCustomerId))).toEqual(new Set([created[0]?.body.serviceCustomerId]));
  });
});

describe('POST /customer/queryCustomer (spec 4.4)', () => {
  let key: string;
  let id: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
    id = (await api.post('/customer/createOrUpdateCustomer', key, { email: 'Heidi@Example.com', name: 'Heidi' })).body.serviceCustomerId as string;
  });

  it('finds the customer case-insensitively', async () => {
    const res = await api.post('/customer/queryCustomer', key, { email: ' HEIDI@example.COM ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'Heidi', email: 'Heidi@Example.com', devices: [] });
  });

  it('404 Customer not found', async () => {
    expect(await api.post('/customer/queryCustomer', key, { email: 'ivan@example.com' })).toEqual({ status: 404, body: { error: 'Customer not found' } });
  });

  it.each([{}, { email: '' }, { email: '   ' }, { email: 7 }, { email: null }])('400 Email is required for %j', async (body) => {
    expect(await api.post('/customer/queryCustomer', key, body)).toEqual({ status: 400, body: { error: 'Email is required' } });
  });

  it('400 Email is required for invalid JSON too', async () => {
    for (const raw of ['{', '[]', '']) {
      expect(await api.post('/customer/queryCustomer', key, raw)).toEqual({ status: 400, body: { error: 'Email is required' } });
    }
  });
});

describe('GET /customer/getCustomer/{serviceCustomerId} (spec 4.5)', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
  });

  it('400 Customer ID is required for the empty id, with or without the slash, or blank', async () => {
    for (const path of ['/customer/getCustomer/', '/customer/getCustomer', '/customer/getCustomer/%20%20']) {
      expect(await api.get(path, key)).toEqual({ status: 400, body: { error: 'Customer ID is required' } });
    }
  });

  it('400 for an id that is not a UUID', async () => {
    expect(await api.get('/customer/getCustomer/bob@example.com', key)).toEqual({ status: 400, body: { error: 'Customer ID must be a valid UUID' } });
  });

  it('404 Customer not found for an unknown id, and accepts an upper-case id', async () => {
    expect(await api.get('/customer/getCustomer/3f2b8c1e-1111-4222-8333-444455556666', key)).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
    });
    const id = (await api.post('/customer/createOrUpdateCustomer', key, { email: 'judy@example.com' })).body.serviceCustomerId as string;
    expect((await api.get(`/customer/getCustomer/${id.toUpperCase()}`, key)).body.id).toBe(id);
  });
});
