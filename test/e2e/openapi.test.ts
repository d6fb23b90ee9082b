import { execFileSync } from 'node:child_process';
import { resetEnvCache } from '../../shared/config/env';
import { settleWebhookDeliveries } from '../../shared/domain/webhook/delivery';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { addCategory } from '../../shared/domain/ticket-config/ticket-config.service';
import { DOCS_ASSET_NAMES, SWAGGER_UI_FILES, SWAGGER_UI_PACKAGE } from '../../shared/docs/swagger-ui-files';
import { buildOpenApiDocument, undescribedRoutes, type OpenApiDocument } from '../../shared/openapi/document';
import { API_PREFIX, MCP_PATH, integratorRoutes as routes, type RouteDefinition } from '../../shared/routes';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();
const REPO_ROOT = path.resolve(__dirname, '../..');

describe('the OpenAPI document is generated for every route', () => {
  it('describes every route of the route table (a new route without a description fails here)', () => {
    expect(undescribedRoutes(routes)).toEqual([]);
    const doc = buildOpenApiDocument();
    for (const r of routes) expect(doc.paths[r.path]?.[r.method.toLowerCase()]?.operationId).toBe(r.id);
  });

  it('refuses to build when a route has no description', () => {
    const extra: RouteDefinition = { id: 'NewUndescribed', method: 'GET', path: `${API_PREFIX}/new`, entry: 'functions/http/not-found.ts' };
    expect(() => buildOpenApiDocument({ routes: [...routes, extra] })).toThrow(/No OpenAPI description for route\(s\) NewUndescribed/);
  });

  it('passes the Redocly linter (recommended rules) with zero errors', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fd-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(buildOpenApiDocument({ serverUrl: 'https://api.fleetdesk.test' })));
    const out = execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/openapi-lint.mjs'), file], { encoding: 'utf8', cwd: REPO_ROOT });
    const problems = JSON.parse(out) as { severity: string; ruleId: string; message: string; pointer?: string }[];
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  }, 60_000);

  it('gives every error response its exact texts as examples, and the x-api-key scheme', () => {
    const doc = buildOpenApiDocument();
    const op = doc.paths[`${API_PREFIX}/deviceAssignment/unassignDeviceFromOwner`]?.post as { responses: Record<string, { content: Record<string, { examples: Record<string, { value: unknown }> }> }> };
    const texts = (status: string) => Object.values(op.responses[status]?.content['application/json']?.examples ?? {}).map((e) => e.value);
    expect(texts('400')).toContainEqual({ error: 'Invalid JSON in request body' });
    expect(texts('401')).toEqual([{ error: 'Missing API key' }, { error: 'Invalid API key' }]);
    expect(texts('404')).toEqual([{ error: 'Customer not found for this organization' }]);
    expect(texts('500')).toEqual([{ error: 'Internal server error' }]);
    expect((doc.components as { securitySchemes: unknown }).securitySchemes).toMatchObject({ ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } });
  });
});

describe('served without a key', () => {
  it('GET /openapi.json is the generated document, pointing at the host it was asked on', async () => {
    const res = await api.call('GET', `${API_PREFIX}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(buildOpenApiDocument({ serverUrl: api.url() }));
  });

  it('GET /docs is a Swagger UI page whose every asset is served from the API itself (works offline)', async () => {
    const page = await api.raw('GET', `${API_PREFIX}/docs`);
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/^text\/html/);
    const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      expect(ref.startsWith(`${API_PREFIX}/docs/`)).toBe(true);
      expect((await api.raw('GET', ref)).status).toBe(200);
    }
    const init = await api.raw('GET', `${API_PREFIX}/docs/init.js`);
    expect(init.text).toContain(`${API_PREFIX}/openapi.json`);
  });

  it('serves the package files byte for byte (gzipped when asked), and 404 JSON for anything else', async () => {
    const dir = path.dirname(require.resolve(`${SWAGGER_UI_PACKAGE}/package.json`));
    for (const [name, type] of Object.entries(SWAGGER_UI_FILES)) {
      const res = await fetch(`${api.url()}${API_PREFIX}/docs/${name}`, { headers: { 'accept-encoding': 'identity' } });
      expect(res.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(path.join(dir, name)))).toBe(true);
    }
    // Asked for gzip, the same bytes arrive compressed.
    for (const name of Object.keys(SWAGGER_UI_FILES)) {
      const res = await api.raw('GET', `${API_PREFIX}/docs/${name}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers.get('content-encoding')).toBe('gzip');
    }
    const zipped = await new Promise<Buffer>((resolve, reject) =>
      request(`${api.url()}${API_PREFIX}/docs/swagger-ui.css`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
        .on('error', reject)
        .end(),
    );
    expect(gunzipSync(zipped).equals(readFileSync(path.join(dir, 'swagger-ui.css')))).toBe(true);
    expect(DOCS_ASSET_NAMES).toContain('init.js');
    expect(await api.call('GET', `${API_PREFIX}/docs/..%2Fpackage.json`)).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(await api.call('GET', `${API_PREFIX}/docs/index.html`)).toEqual({ status: 404, body: { error: 'Not found' } });
  });
});

/**
 * The proof: real responses of every route, through the local stack, validated against the
 * generated document. A status the route's description does not list, a media type it does not
 * list, or a body its schema rejects fails the test.
 */
describe('real responses of every route match the document', () => {
  const doc: OpenApiDocument = buildOpenApiDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'fleetdesk-openapi', components: doc.components });
  /** Routes whose success needs setup beyond this file (an S3 import, a configured crash-reporting connector): their own e2e suites cover them. */
  const NO_SUCCESS_HERE = new Set(['GetTelemetryImport', 'PutDeviceConnection', 'GetCustomerWithoutId', 'McpGet', 'McpDelete']);
  const seen = new Map<string, Set<number>>();

  function check(route: RouteDefinition, status: number, contentType: string, text: string) {
    const op = doc.paths[route.path]?.[route.method.toLowerCase()] as { responses: Record<string, { content?: Record<string, { schema: object }> }> };
    const described = op.responses[String(status)];
    if (!described) throw new Error(`${route.id}: status ${status} is not described (body ${text.slice(0, 200)})`);
    seen.set(route.id, (seen.get(route.id) ?? new Set()).add(status));
    if (!described.content) {
      expect(text).toBe('');
      return;
    }
    const media = contentType.split(';')[0]?.trim() as string;
    const entry = described.content[media];
    if (!entry) throw new Error(`${route.id} ${status}: media type ${media} is not described`);
    if (media !== 'application/json') return;
    const schema = JSON.parse(JSON.stringify(entry.schema).replaceAll('"#/components/', '"fleetdesk-openapi#/components/')) as object;
    const validate = ajv.compile(schema);
    if (!validate(JSON.parse(text))) throw new Error(`${route.id} ${status}: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`);
  }

  const byId = (id: string) => routes.find((r) => r.id === id) as RouteDefinition;
  const fill = (route: RouteDefinition, params: Record<string, string>) => route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));

  /** Sends one request to a route and checks the response against the document. */
  async function send(id: string, options: { params?: Record<string, string>; query?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const route = byId(id);
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key !== undefined) headers['x-api-key'] = options.key;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await api.raw(route.method, `${fill(route, options.params ?? {})}${options.query ? `?${options.query}` : ''}`, { headers, body });
    check(route, res.status, res.contentType, res.text);
    return { status: res.status, json: res.contentType.startsWith('application/json') && res.text ? (JSON.parse(res.text) as Record<string, unknown>) : undefined };
  }

  it('every route, its successes and its errors', async () => {
    const { org, apiKey: key } = await newOrg('OpenAPI pass');
    await addCategory(org.organizationId, { name: 'Billing', description: 'invoices' });
    const mcpHeaders = { accept: 'application/json, text/event-stream', 'x-api-key': key };

    // Devices
    await send('UpsertDevice', { key, body: { identifier: 'OA-1', type: 'sensor', properties: { fw: '1' } } });
    await send('UpsertDevice', { key, body: { identifier: 'OA-1' } });
    await send('UpsertDevice', { key, body: {} });
    await send('UpsertDevice', { key, body: '{oops' });
    await send('UpsertDevice', { body: {} });
    await send('BulkDeviceMetadata', { key, body: { devices: { 'OA-1': { fw: '2' }, missing: {} } } });
    await send('BulkDeviceMetadata', { key, body: { devices: {} } });
    await send('IngestTelemetry', { key, body: { deviceIdentifier: 'OA-1', temperature: 20 } });
    await send('IngestTelemetry', { key, body: { deviceIdentifier: 'OA-1' } });
    await send('IngestTelemetry', { body: { deviceIdentifier: 'OA-1', temperature: 20 } });
    const link = await send('AssignDeviceToOwners', { key, body: { deviceIdentifier: 'OA-1', customerEmails: ['ada@example.com'] }, headers: { 'idempotency-key': 'oa-1' } });
    await send('AssignDeviceToOwners', { key, body: { deviceIdentifier: 'OA-1', customerEmails: ['ada@example.com'] }, headers: { 'idempotency-key': 'oa-1' } });
    await send('AssignDeviceToOwners', { key, body: { deviceIdentifier: 'OA-1', customerEmails: ['bob@example.com'] }, headers: { 'idempotency-key': 'oa-1' } });
    await send('AssignDeviceToOwners', { key, body: { deviceIdentifier: 'NOPE', customerEmails: ['ada@example.com'] } });
    const customerId = (link.json?.assignedCustomers as { customerId: string }[])[0]?.customerId as string;
    await send('GetDevice', { key, params: { identifier: 'OA-1' } });
    await send('GetDevice', { key, params: { identifier: 'NOPE' } });
    await send('PutDeviceConnection', { key, params: { identifier: 'OA-1' }, body: { provider: 'memfault' } });
    await send('PutDeviceConnection', { key, params: { identifier: 'OA-1' }, body: { provider: 'nope' } });
    await send('DeleteDeviceConnection', { key, params: { identifier: 'OA-1' } });
    await send('DeleteDeviceConnection', { key, params: { identifier: 'NOPE' } });
    await send('ListDeviceIncidents', { key, params: { identifier: 'OA-1' } });
    await send('ListDeviceIncidents', { key, params: { identifier: 'OA-1' }, query: 'status=maybe' });
    await send('ListDeviceIncidents', { key, params: { identifier: 'NOPE' } });
    await send('GetLatestTelemetry', { key, params: { identifier: 'OA-1' } });
    await send('GetLatestTelemetry', { key, params: { identifier: 'NOPE' } });
    await send('QueryTelemetry', { key, params: { identifier: 'OA-1' }, query: 'limit=1&order=desc' });
    await send('QueryTelemetry', { key, params: { identifier: 'OA-1' }, query: 'limit=0' });
    await send('QueryTelemetry', { key, params: { identifier: 'NOPE' } });
    await send('ListTelemetryImports', { key });
    await send('ListTelemetryImports', { key, query: 'status=bogus' });
    await send('GetTelemetryImport', { key, params: { importId: '0'.repeat(32) } });

    // Customers and assignment
    await send('CreateOrUpdateCustomer', { key, body: { email: 'cleo@example.com', name: 'Cleo' } });
    await send('CreateOrUpdateCustomer', { key, body: { email: 'cleo@example.com' } });
    await send('CreateOrUpdateCustomer', { key, body: { email: 'x@example.com', serviceCustomerId: '3f2b8c1e-1111-4222-8333-444455556666' } });
    await send('CreateOrUpdateCustomer', { key, body: { name: 'no email' } });
    await send('QueryCustomer', { key, body: { email: 'ADA@example.com' } });
    await send('QueryCustomer', { key, body: { email: 'nobody@example.com' } });
    await send('QueryCustomer', { key, body: '[]' });
    await send('GetCustomer', { key, params: { serviceCustomerId: customerId } });
    await send('GetCustomer', { key, params: { serviceCustomerId: 'nope' } });
    await send('GetCustomer', { key, params: { serviceCustomerId: '3f2b8c1e-1111-4222-8333-444455556666' } });
    await send('GetCustomerWithoutId', { key });
    await send('AssignDevicesToOwner', { key, body: { customerEmail: 'ada@example.com', deviceIdentifiers: ['OA-1', 'OA-2'], autoCreateDevices: true, deviceType: 'sensor' } });
    await send('AssignDevicesToOwner', { key, body: { customerEmail: 'ada@example.com', deviceIdentifiers: [] } });
    await send('UnassignDeviceFromOwner', { key, body: { deviceIdentifier: 'OA-2', customerEmail: 'ada@example.com' } });
    await send('UnassignDeviceFromOwner', { key, body: { deviceIdentifier: 'OA-2', customerEmail: 'ada@example.com' } });
    await send('UnassignDeviceFromOwner', { key, body: { deviceIdentifier: 'OA-2', customerEmail: 'nobody@example.com' } });
    await send('UnassignDevicesFromOwner', { key, body: { customerEmail: 'ada@example.com', deviceIdentifiers: ['OA-9'] } });
    await send('UnassignDevicesFromOwner', { key, body: { customerEmail: 'nobody@example.com', deviceIdentifiers: ['OA-1'] } });

    // Tickets
    const ticket = await send('CreateTicket', { key, body: { title: 'Invoice wrong', customerEmail: 'ada@example.com', category: 'Billing' } });
    await send('CreateTicket', { key, body: { title: 'x', customerId: '3f2b8c1e-1111-4222-8333-444455556666' } });
    await send('CreateTicket', { key, body: { customerEmail: 'ada@example.com' } });
    const ticketId = ticket.json?.ticketId as string;
    await send('GetTicket', { key, params: { ticketId } });
    await send('GetTicket', { key, params: { ticketId: 'nope' } });
    await send('ListTickets', { key });
    await send('ListTickets', { key, query: `customerId=${customerId}` });
    await send('ListTickets', { key, query: 'limit=0' });
    await send('SetTicketCategory', { key, params: { ticketId }, body: { category: 'billing' } });
    await send('SetTicketCategory', { key, params: { ticketId }, body: { category: 'Nope' } });
    await send('SetTicketCategory', { key, params: { ticketId: 'nope' }, body: { category: 'Billing' } });
    // Issue 16: the lifecycle routes, with their 400, 404, 409 and 412.
    await send('UpdateTicket', { key, params: { ticketId }, body: { status: 'open', assignee: 'ana' } });
    await send('UpdateTicket', { key, params: { ticketId }, body: { status: 'done' } });
    await send('UpdateTicket', { key, params: { ticketId }, body: { status: 'closed' } });
    await send('UpdateTicket', { key, params: { ticketId }, body: { priority: 'high' }, headers: { 'if-match': '"1"' } });
    await send('UpdateTicket', { key, params: { ticketId: 'nope' }, body: { priority: 'high' } });
    await send('AddTicketMessage', { key, params: { ticketId }, body: { role: 'agent', content: 'Note', internal: true, author: 'ana' } });
    await send('AddTicketMessage', { key, params: { ticketId }, body: { role: 'agent' } });
    await send('AddTicketMessage', { key, params: { ticketId }, body: { role: 'agent', content: 'x' }, headers: { 'if-match': '"1"' } });
    await send('ListTicketEvents', { key, params: { ticketId } });
    await send('ListTicketEvents', { key, params: { ticketId }, query: 'limit=0' });
    await send('ListTicketEvents', { key, params: { ticketId: 'nope' } });

    // Webhooks (a local receiver that refuses connections: attempts fail at once, with no wait between retries)
    Object.assign(process.env, { WEBHOOK_ALLOW_LOCAL_HTTP: 'true', WEBHOOK_RETRY_SCALE: '0' });
    resetEnvCache();
    const hook = await send('CreateWebhook', { key, body: { url: 'http://127.0.0.1:9/hook', events: ['ticket.created', 'incident.opened'] } });
    await send('CreateWebhook', { key, body: { url: 'https://10.0.0.1/hook', events: ['*'] } });
    await send('CreateWebhook', { key, body: { url: 'http://127.0.0.1:9/hook', events: ['ticket.deleted'] } });
    const webhookId = hook.json?.webhookId as string;
    await send('ListWebhooks', { key });
    await send('GetWebhook', { key, params: { webhookId } });
    await send('GetWebhook', { key, params: { webhookId: 'nope' } });
    await send('UpdateWebhook', { key, params: { webhookId }, body: { description: 'pager' } });
    await send('UpdateWebhook', { key, params: { webhookId }, body: {} });
    await send('RotateWebhookSecret', { key, params: { webhookId } });
    await send('RotateWebhookSecret', { key, params: { webhookId: 'nope' } });
    const sent = await send('TestWebhook', { key, params: { webhookId } });
    await send('TestWebhook', { key, params: { webhookId: 'nope' } });
    await settleWebhookDeliveries();
    await send('ListWebhookDeliveries', { key, params: { webhookId } });
    await send('ListWebhookDeliveries', { key, params: { webhookId }, query: 'limit=0' });
    await send('RedeliverWebhook', { key, params: { webhookId, deliveryId: sent.json?.deliveryId as string } });
    await send('RedeliverWebhook', { key, params: { webhookId, deliveryId: 'nope' } });
    await settleWebhookDeliveries();
    await send('DeleteWebhook', { key, params: { webhookId } });
    await send('DeleteWebhook', { key, params: { webhookId } });

    // MCP
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pass', version: '1' } } };
    await send('McpPost', { headers: mcpHeaders, body: initialize });
    await send('McpPost', { headers: mcpHeaders, body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
    await send('McpPost', { headers: mcpHeaders, body: { jsonrpc: '2.0', id: 2, method: 'tools/list' } });
    await send('McpPost', { headers: mcpHeaders, body: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_device', arguments: { identifier: 'OA-1' } } } });
    await send('McpPost', { headers: mcpHeaders, body: '{not json' });
    await send('McpPost', { headers: { ...mcpHeaders, accept: 'application/json' }, body: initialize });
    await send('McpPost', { headers: { ...mcpHeaders, 'content-type': 'text/plain' }, body: JSON.stringify(initialize) });
    await send('McpPost', { headers: { accept: mcpHeaders.accept }, body: initialize });
    await send('McpGet', { headers: mcpHeaders });
    await send('McpDelete', { headers: mcpHeaders });

    // Documentation
    await send('OpenApiDocument');
    await send('DocsPage');
    for (const asset of DOCS_ASSET_NAMES) await send('DocsAsset', { params: { asset } });
    await send('DocsAsset', { params: { asset: 'nope.js' } });

    const unseen = routes.filter((r) => !seen.has(r.id)).map((r) => r.id);
    expect(unseen).toEqual([]);
    const withoutSuccess = routes.filter((r) => !NO_SUCCESS_HERE.has(r.id) && ![...(seen.get(r.id) ?? [])].some((s) => s >= 200 && s < 300)).map((r) => r.id);
    expect(withoutSuccess).toEqual([]);
    expect(MCP_PATH).toBe('/api/mcp');
  }, 120_000);

  it('the check itself rejects what the document does not describe', () => {
    const device = { deviceId: 'd', identifier: 'i', type: null, properties: {}, createdAt: 't', updatedAt: 't', owners: [], connection: null };
    expect(() => check(byId('GetDevice'), 200, 'application/json', JSON.stringify(device))).not.toThrow();
    expect(() => check(byId('GetDevice'), 200, 'application/json', JSON.stringify({ ...device, internal: 'leak' }))).toThrow(/additional properties/);
    expect(() => check(byId('GetDevice'), 418, 'application/json', '{}')).toThrow(/status 418 is not described/);
    expect(() => check(byId('GetDevice'), 404, 'application/json', JSON.stringify({ message: 'x' }))).toThrow(/required property 'error'/);
    expect(() => check(byId('DocsPage'), 200, 'text/plain', 'x')).toThrow(/media type text\/plain/);
  });
});
