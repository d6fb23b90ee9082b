import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { regenerateApiKey } from '../../shared/domain/organization/organization.service';
import { tools } from '../../shared/mcp/tools';
import { MCP_PATH } from '../../shared/routes';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

/** The official SDK client over Streamable HTTP, authenticated the way a desktop assistant or an agent framework would be. */
async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'fleetdesk-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${api.url()}${MCP_PATH}`), { requestInit: { headers } }));
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe('MCP tool server at /api/mcp', () => {
  let keyA: string;
  let keyB: string;
  let client: Client;
  let customerId: string;
  let ticketId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    keyA = (await newOrg('MCP A')).apiKey;
    keyB = (await newOrg('MCP B')).apiKey;
    await api.post('/device', keyA, { identifier: 'M-1', type: 'thermostat', properties: { firmware: '2.1' } });
    const link = await api.post('/deviceAssignment/assignDeviceToOwners', keyA, { deviceIdentifier: 'M-1', customerEmails: ['ada@example.com'] });
    customerId = (link.body.assignedCustomers as { customerId: string }[])[0]?.customerId as string;
    await api.call('POST', '/api/telemetry', { apiKey: keyA, body: { deviceIdentifier: 'M-1', temperature: 21.5 } });
    const ticket = await api.post('/ticket/createTicket', keyA, { title: 'Too cold', customerEmail: 'ada@example.com' });
    ticketId = ticket.body.ticketId as string;
    // The other organization has a device, customer and ticket of the same names.
    await api.post('/device', keyB, { identifier: 'M-1', type: 'secret-b' });
    await api.post('/deviceAssignment/assignDeviceToOwners', keyB, { deviceIdentifier: 'M-1', customerEmails: ['b-only@example.com'] });
    client = await connect({ 'x-api-key': keyA });
    clients.push(client);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  it('lists every tool with an input schema, an output schema and the read-only hint on reads', async () => {
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
    for (const tool of listed) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      const readOnly = tools.find((t) => t.name === tool.name)?.readOnly;
      expect(tool.annotations?.readOnlyHint).toBe(readOnly);
    }
    expect(listed.find((t) => t.name === 'create_ticket')?.inputSchema.required).toEqual(['title']);
  });

  it('find_customer and get_customer answer the customer with their devices', async () => {
    const found = await call(client, 'find_customer', { email: ' ADA@example.com ' });
    expect(found.isError).toBeUndefined();
    expect(found.structuredContent).toMatchObject({ id: customerId, email: 'ada@example.com', devices: ['M-1'] });
    expect(text(found)).toContain('ada@example.com');
    const byId = await call(client, 'get_customer', { serviceCustomerId: customerId });
    expect(byId.structuredContent).toEqual(found.structuredContent);
  });

  it('get_device answers owners and latest telemetry; query_telemetry the history', async () => {
    const device = await call(client, 'get_device', { identifier: 'M-1' });
    expect(device.structuredContent).toMatchObject({
      device: { identifier: 'M-1', type: 'thermostat', properties: { firmware: '2.1' }, owners: [{ customerId, email: 'ada@example.com' }] },
      latestTelemetry: { measurements: { temperature: { value: 21.5 } } },
    });
    expect(text(device)).toContain('temperature=21.5');
    const history = await call(client, 'query_telemetry', { identifier: 'M-1', limit: '10', order: 'desc' });
    expect(history.structuredContent).toMatchObject({ identifier: 'M-1', records: [{ source: 'rest', measurements: { temperature: 21.5 } }], nextCursor: null });
  });

  it('list_incidents, list_tickets and get_device answer from seeded data: one page, no cursor; no incident yet', async () => {
    const incidents = await call(client, 'list_incidents', { identifier: 'M-1' });
    expect(incidents.structuredContent).toEqual({ incidents: [], nextCursor: null });
    expect((await call(client, 'get_device', { identifier: 'M-1' })).structuredContent).toMatchObject({ openIncidents: [] });
    const tickets = await call(client, 'list_tickets', { customerId });
    expect(tickets.structuredContent).toMatchObject({ tickets: [{ ticketId, title: 'Too cold' }], nextCursor: null });
    expect(text(tickets)).toContain(ticketId);
  });

  it('get_ticket, create_ticket, assign_device_to_owners and unassign_device_from_owner work on seeded data', async () => {
    const ticket = await call(client, 'get_ticket', { ticketId });
    // The diagnosis comes with the ticket (pending here: this test server runs no table stream).
    expect(ticket.structuredContent).toMatchObject({ ticketId, title: 'Too cold', customerId, status: 'new', diagnosis: { status: 'pending' } });
    expect(JSON.stringify(ticket.content)).toContain('diagnosis pending');
    const created = await call(client, 'create_ticket', { title: 'Display flickers', customerId, priority: 'HIGH', messages: [{ role: 'customer', content: 'It flickers' }] });
    expect(created.structuredContent).toMatchObject({ success: true, message: 'Ticket created successfully' });
    const newId = (created.structuredContent as { ticketId: string }).ticketId;
    expect((await api.get(`/ticket/${newId}`, keyA)).body).toMatchObject({ priority: 'high', customerId });

    const assigned = await call(client, 'assign_device_to_owners', { deviceIdentifier: 'M-1', customerEmails: ['grace@example.com'] });
    expect(assigned.structuredContent).toMatchObject({ success: true, deviceWasCreated: false, assignedCustomers: [{ email: 'grace@example.com', wasCreated: true }] });
    const unassigned = await call(client, 'unassign_device_from_owner', { deviceIdentifier: 'M-1', customerEmail: 'grace@example.com' });
    expect(unassigned.structuredContent).toMatchObject({ message: 'Device successfully unassigned from customer', devicesRemaining: [] });
  });

  it.each([
    ['find_customer', {}, 'Email is required'],
    ['find_customer', { email: 'nobody@example.com' }, 'Customer not found'],
    ['get_customer', { serviceCustomerId: 'not-a-uuid' }, 'Customer ID must be a valid UUID'],
    ['get_customer', {}, 'Customer ID is required'],
    ['get_device', { identifier: 'NOPE' }, 'Device not found'],
    ['query_telemetry', { identifier: 'M-1', limit: '0' }, 'limit must be an integer from 1 to 1000'],
    ['query_telemetry', { identifier: 'M-1', order: 'sideways' }, 'order must be asc or desc'],
    ['get_ticket', { ticketId: 'x' }, 'Ticket not found'],
    ['list_incidents', { identifier: 'M-1', status: 'maybe' }, 'status must be open, resolved or withdrawn'],
    ['list_incidents', { identifier: 'NOPE' }, 'Device not found'],
    ['list_tickets', { limit: '0' }, 'limit must be an integer from 1 to 100'],
    ['list_tickets', { source: 'fax' }, 'source must be one of: api, anomaly'],
    ['create_ticket', { customerEmail: 'a@example.com' }, 'title is required'],
    ['create_ticket', { title: 'x' }, 'Either customerEmail or customerId is required'],
    ['create_ticket', { title: 'x', customerEmail: 'a@example.com', priority: 'asap' }, 'priority must be one of: low, medium, high, urgent'],
    ['create_ticket', { title: 'x'.repeat(256), customerEmail: 'a@example.com' }, 'title must be at most 255 characters'],
    ['create_ticket', { title: 'x', customerId: '3f2b8c1e-1111-4222-8333-444455556666' }, 'Customer not found'],
    ['create_ticket', { title: 'bad \ud800 text', customerEmail: 'a@example.com' }, 'title must be valid Unicode text'],
    ['assign_device_to_owners', { deviceIdentifier: 'NEW-1', customerEmails: ['a@example.com'] }, 'Device not found with the provided identifier. Set autoCreateDevice to true to create it automatically.'],
    ['assign_device_to_owners', { deviceIdentifier: 'M-1', customerEmails: ['not-an-email'] }, 'No valid customer emails provided'],
    ['assign_device_to_owners', { deviceIdentifier: 'NEW-1', customerEmails: ['a@example.com'], autoCreateDevice: true }, 'deviceType is required when creating a new device'],
    ['unassign_device_from_owner', { deviceIdentifier: 'M-1' }, 'Both deviceIdentifier and customerEmail are required'],
    ['unassign_device_from_owner', { deviceIdentifier: 'M-1', customerEmail: 'bad' }, 'Invalid email format'],
    ['unassign_device_from_owner', { deviceIdentifier: 'M-1', customerEmail: 'nobody@example.com' }, 'Customer not found for this organization'],
  ])('%s %j: isError with the exact API text', async (name, args, message) => {
    const result = await call(client, name, args);
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(message);
    expect(result.structuredContent).toBeUndefined();
  });

  it('an error with extra fields carries them as JSON beside the text', async () => {
    const result = await call(client, 'unassign_device_from_owner', { deviceIdentifier: 'OTHER', customerEmail: 'ada@example.com' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Device is not assigned to this customer');
    expect(JSON.parse((result.content[1] as { text: string }).text)).toEqual({
      error: 'Device is not assigned to this customer',
      customerId,
      deviceIdentifier: 'OTHER',
      currentDevices: ['M-1'],
    });
  });

  it('an unknown tool is a protocol error, not a result', async () => {
    await expect(client.callTool({ name: 'drop_tables', arguments: {} })).rejects.toThrow(/Unknown tool: drop_tables/);
  });

  it('never sees another organization’s data', async () => {
    const b = await connect({ authorization: `Bearer ${keyB}` });
    clients.push(b);
    expect(text(await call(b, 'find_customer', { email: 'ada@example.com' }))).toBe('Customer not found');
    expect(text(await call(b, 'get_customer', { serviceCustomerId: customerId }))).toBe('Customer not found');
    expect(text(await call(b, 'get_ticket', { ticketId }))).toBe('Ticket not found');
    const device = await call(b, 'get_device', { identifier: 'M-1' });
    expect(device.structuredContent).toMatchObject({ device: { type: 'secret-b', owners: [{ email: 'b-only@example.com' }] }, latestTelemetry: null });
    expect(JSON.stringify(device)).not.toContain('ada@example.com');
    expect((await call(b, 'query_telemetry', { identifier: 'M-1' })).structuredContent).toMatchObject({ records: [] });
  });

  describe('authentication before any MCP processing', () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const post = (headers: Record<string, string>, body: unknown = initialize) =>
      api.call('POST', MCP_PATH, { headers: { accept: 'application/json, text/event-stream', ...headers }, body });

    it.each([
      ['no key', {}, 'Missing API key'],
      ['an empty key', { 'x-api-key': '' }, 'Missing API key'],
      ['a wrong key', { 'x-api-key': 'fdk_wrong' }, 'Invalid API key'],
      ['a wrong bearer key', { authorization: 'Bearer fdk_wrong' }, 'Invalid API key'],
      ['an empty bearer', { authorization: 'Bearer ' }, 'Missing API key'],
    ])('%s: 401 with the API text', async (_name, headers, error) => {
      expect(await post(headers)).toEqual({ status: 401, body: { error } });
      // Even an unparsable body never reaches the transport.
      expect(await post(headers, '{not json')).toEqual({ status: 401, body: { error } });
    });

    it('the SDK client fails to connect without a key or with a wrong one', async () => {
      await expect(connect({})).rejects.toThrow(/Missing API key/);
      await expect(connect({ 'x-api-key': 'fdk_wrong' })).rejects.toThrow(/Invalid API key/);
    });

    it('a regenerated key stops working on the next request', async () => {
      const { org, apiKey } = await newOrg('MCP rotate');
      const c = await connect({ authorization: `Bearer ${apiKey}` });
      clients.push(c);
      expect((await c.listTools()).tools.length).toBe(tools.length);
      await regenerateApiKey(org.organizationId);
      await expect(c.listTools()).rejects.toThrow(/401|Invalid API key/);
    });

    it('GET and DELETE answer 405 in stateless mode (after auth)', async () => {
      const get = await api.call('GET', MCP_PATH, { apiKey: keyA, headers: { accept: 'text/event-stream' } });
      expect(get.status).toBe(405);
      expect(get.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' } });
      expect((await api.call('DELETE', MCP_PATH, { apiKey: keyA })).status).toBe(405);
      expect((await api.call('DELETE', MCP_PATH, {})).status).toBe(401);
    });
  });
});

describe('MCP ticket lifecycle tools (issue 16)', () => {
  it('update_ticket, reply_to_ticket, add_internal_note, list_tickets filters and get_ticket_activity, end to end with the SDK client', async () => {
    const key = (await newOrg('MCP lifecycle')).apiKey;
    const otherKey = (await newOrg('MCP lifecycle other')).apiKey;
    const created = await api.post('/ticket/createTicket', key, { title: 'Fan noisy', customerEmail: 'fan@example.com' });
    const id = created.body.ticketId as string;
    const client = await connect({ 'x-api-key': key });
    const other = await connect({ 'x-api-key': otherKey });
    try {
      const { tools: listed } = await client.listTools();
      for (const name of ['update_ticket', 'reply_to_ticket', 'add_internal_note']) {
        const tool = listed.find((t) => t.name === name);
        expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
        expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['ticketId', 'expectedVersion']));
      }
      expect(listed.find((t) => t.name === 'get_ticket_activity')?.annotations?.readOnlyHint).toBe(true);

      const updated = await call(client, 'update_ticket', { ticketId: id, status: 'open', assignee: 'ana', expectedVersion: 1 });
      expect(updated.structuredContent).toMatchObject({ status: 'open', assignee: 'ana', version: 2 });
      const stale = await call(client, 'update_ticket', { ticketId: id, priority: 'high', expectedVersion: 1 });
      expect(stale.isError).toBe(true);
      expect(text(stale)).toBe('Ticket was changed by someone else');
      expect(JSON.parse((stale.content[1] as { text: string }).text)).toMatchObject({ ticket: { ticketId: id, version: 2 } });
      expect(text(await call(client, 'update_ticket', { ticketId: id, status: 'done' }))).toBe('status must be one of: new, open, pending, on_hold, solved, closed');
      expect(text(await call(client, 'update_ticket', { ticketId: id, status: 'closed' }))).toBe('Cannot change status from open to closed');

      const reply = await call(client, 'reply_to_ticket', { ticketId: id, content: 'Please clean the filter.', author: 'ana' });
      expect(reply.structuredContent).toMatchObject({ firstResponseAt: expect.any(String), version: 3 });
      const note = await call(client, 'add_internal_note', { ticketId: id, content: 'Probably the bearing.', expectedVersion: 3 });
      expect((note.structuredContent as { messages: unknown[] }).messages.at(-1)).toMatchObject({ role: 'agent', internal: true, content: 'Probably the bearing.' });
      expect(text(await call(client, 'add_internal_note', { ticketId: id, content: '' }))).toBe('content is required');

      const listedTickets = await call(client, 'list_tickets', { status: 'open,pending', assignee: 'ana' });
      expect(listedTickets.structuredContent).toMatchObject({ tickets: [{ ticketId: id }], nextCursor: null });
      const activity = await call(client, 'get_ticket_activity', { ticketId: id });
      expect((activity.structuredContent as { events: { type: string; actor: string }[] }).events.map((e) => [e.type, e.actor])).toEqual([
        ['created', 'api'],
        ['status_changed', 'mcp'],
        ['message_added', 'ana'],
        ['note_added', 'mcp'],
      ]);
      // Another organization's key finds nothing.
      expect(text(await call(other, 'update_ticket', { ticketId: id, priority: 'low' }))).toBe('Ticket not found');
      expect(text(await call(other, 'get_ticket_activity', { ticketId: id }))).toBe('Ticket not found');
      expect(text(await call(other, 'reply_to_ticket', { ticketId: id, content: 'x' }))).toBe('Ticket not found');
    } finally {
      await Promise.all([client.close(), other.close()]);
    }
  }, 60000);
});
