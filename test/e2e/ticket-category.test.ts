import { addCategory } from '../../shared/domain/ticket-config/ticket-config.service';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

let key: string;
let ticketId: string;
let other: { key: string; ticketId: string };
beforeAll(async () => {
  const mine = await newOrg();
  key = mine.apiKey;
  await addCategory(mine.org.organizationId, { name: 'Power', description: 'battery, charging, device does not turn on' });
  await addCategory(mine.org.organizationId, { name: 'Billing', description: 'invoices, payments, refunds' });
  const created = await api.post('/ticket/createTicket', key, {
    title: 'Battery dead',
    customerEmail: 'someone@example.com',
    messages: [{ role: 'customer', content: 'The battery drains overnight and the charger does nothing.' }],
  });
  ticketId = created.body.ticketId as string;

  const theirs = await newOrg('Other org');
  await addCategory(theirs.org.organizationId, { name: 'Power', description: 'battery' });
  await addCategory(theirs.org.organizationId, { name: 'Only theirs', description: 'a category this organization alone has' });
  const t = await api.post('/ticket/createTicket', theirs.apiKey, { title: 'Theirs', customerEmail: 'them@other.example' });
  other = { key: theirs.apiKey, ticketId: t.body.ticketId as string };
});

describe('GET /ticket/{ticketId} shows the classifier confidence', () => {
  it('an automatic category carries its confidence', async () => {
    const read = await api.get(`/ticket/${ticketId}`, key);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ category: 'Power', categorySource: 'auto' });
    expect(read.body.categoryConfidence).toBeGreaterThanOrEqual(0.7);
    expect(read.body.categoryConfidence).toBeLessThanOrEqual(1);
  });
});

describe('POST /ticket/{ticketId}/category', () => {
  it('sets the category as an agent (case-insensitive name, own spelling kept) and GET shows it', async () => {
    const res = await api.post(`/ticket/${ticketId}/category`, key, { category: '  billing ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ticketId, category: 'Billing', categorySource: 'agent', categoryConfidence: null, title: 'Battery dead' });
    expect((await api.get(`/ticket/${ticketId}`, key)).body).toMatchObject({ category: 'Billing', categorySource: 'agent', categoryConfidence: null });
  });

  it('400 for an unknown category, a missing or non-string one, and invalid JSON', async () => {
    expect(await api.post(`/ticket/${ticketId}/category`, key, { category: 'Shipping' })).toEqual({ status: 400, body: { error: 'Unknown category "Shipping"' } });
    expect(await api.post(`/ticket/${ticketId}/category`, key, {})).toEqual({ status: 400, body: { error: 'category is required' } });
    expect(await api.post(`/ticket/${ticketId}/category`, key, { category: '   ' })).toEqual({ status: 400, body: { error: 'category is required' } });
    expect(await api.post(`/ticket/${ticketId}/category`, key, { category: 7 })).toEqual({ status: 400, body: { error: 'category must be a string' } });
    expect((await api.post(`/ticket/${ticketId}/category`, key, { category: 'x'.repeat(101) })).status).toBe(400);
    expect(await api.post(`/ticket/${ticketId}/category`, key, '{not json')).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
  });

  it('404 Ticket not found for an unknown or malformed id', async () => {
    const missing = { status: 404, body: { error: 'Ticket not found' } };
    expect(await api.post('/ticket/00000000-0000-4000-8000-000000000000/category', key, { category: 'Power' })).toEqual(missing);
    expect(await api.post('/ticket/not-a-uuid/category', key, { category: 'Power' })).toEqual(missing);
  });

  it("is tenant-scoped: another organization's ticket is not found and stays untouched", async () => {
    expect(await api.post(`/ticket/${other.ticketId}/category`, key, { category: 'Power' })).toEqual({ status: 404, body: { error: 'Ticket not found' } });
    expect((await api.get(`/ticket/${other.ticketId}`, other.key)).body).toMatchObject({ categorySource: expect.not.stringMatching('agent') });
    // Our ticket id means nothing with their key.
    expect((await api.post(`/ticket/${ticketId}/category`, other.key, { category: 'Power' })).status).toBe(404);
    // And their category names are theirs: a name only the other org has is unknown here.
    expect(await api.post(`/ticket/${ticketId}/category`, key, { category: 'Only theirs' })).toEqual({ status: 400, body: { error: 'Unknown category "Only theirs"' } });
  });

  it('401 without or with a wrong API key, before the body is read', async () => {
    expect(await api.call('POST', `/api/ext-v1/ticket/${ticketId}/category`, { body: '{not json' })).toEqual({ status: 401, body: { error: 'Missing API key' } });
    expect(await api.post(`/ticket/${ticketId}/category`, 'wrong-key', { category: 'Power' })).toEqual({ status: 401, body: { error: 'Invalid API key' } });
  });
});
