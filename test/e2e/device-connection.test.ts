import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.CONNECTOR_LOCAL_KEY_FILE = path.join(mkdtempSync(path.join(tmpdir(), 'fleetdesk-conn-')), 'key');

import { runAdminCommand } from '../../shared/admin/commands';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

const put = (route: string, apiKey: string, body: unknown) => api.call('PUT', `/api/ext-v1${route}`, { apiKey, body });
const del = (route: string, apiKey: string) => api.call('DELETE', `/api/ext-v1${route}`, { apiKey });

describe('PUT/DELETE /device/{identifier}/connection', () => {
  let keyA: string;
  let keyB: string;
  beforeAll(async () => {
    const a = await newOrg('Conn A');
    const b = await newOrg('Conn B');
    keyA = a.apiKey;
    keyB = b.apiKey;
    await runAdminCommand(['connector', 'set'], { org: a.org.organizationId, provider: 'memfault', 'api-base': 'https://api.memfault.com', organization: 'acme', project: 'p1', token: 'oat_secret_e2e' });
    await api.post('/device', keyA, { identifier: 'CN-1', type: 'sensor' });
    await api.post('/device', keyB, { identifier: 'CN-B', type: 'sensor' });
  });

  it('connects with the identifier as default externalId, shows it on GET /device, and disconnects', async () => {
    const res = await put('/device/CN-1/connection', keyA, { provider: 'memfault' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, identifier: 'CN-1', connection: { provider: 'memfault', externalId: 'CN-1', lastSyncAt: null, lastSyncError: null, crashes: { last24h: 0 } } });
    const again = await put('/device/CN-1/connection', keyA, { provider: 'memfault', externalId: ' serial-77 ' });
    expect(again.body).toMatchObject({ connection: { externalId: 'serial-77' } });
    const read = await api.get('/device/CN-1', keyA);
    expect(read.body.connection).toMatchObject({ provider: 'memfault', externalId: 'serial-77', firmware: { softwareVersion: null, hardwareVersion: null }, attributes: {} });
    expect(JSON.stringify(read.body)).not.toContain('oat_secret_e2e');
    expect(await del('/device/CN-1/connection', keyA)).toEqual({ status: 200, body: { success: true } });
    expect((await api.get('/device/CN-1', keyA)).body.connection).toBeNull();
    expect(await del('/device/CN-1/connection', keyA)).toEqual({ status: 200, body: { success: true } });
  });

  it('errors: unknown device 404, bad provider 400, no connector 400 naming it, bad externalId 400', async () => {
    expect(await put('/device/NOPE/connection', keyA, { provider: 'memfault' })).toEqual({ status: 404, body: { error: 'Device not found' } });
    expect(await del('/device/NOPE/connection', keyA)).toEqual({ status: 404, body: { error: 'Device not found' } });
    expect(await put('/device/CN-1/connection', keyA, { provider: 'sentry' })).toEqual({ status: 400, body: { error: 'provider must be one of: memfault' } });
    expect(await put('/device/CN-1/connection', keyA, {})).toEqual({ status: 400, body: { error: 'provider must be one of: memfault' } });
    expect((await put('/device/CN-1/connection', keyA, { provider: 'memfault', externalId: '' })).status).toBe(400);
    expect((await put('/device/CN-1/connection', keyA, { provider: 'memfault', externalId: 'x'.repeat(300) })).status).toBe(400);
    const noConnector = await put('/device/CN-B/connection', keyB, { provider: 'memfault' });
    expect(noConnector.status).toBe(400);
    expect(noConnector.body.error).toMatch(/connector/);
    expect((await put('/device/CN-1/connection', keyA, '{bad')).status).toBe(400);
    expect((await api.call('PUT', '/api/ext-v1/device/CN-1/connection', { body: { provider: 'memfault' } })).status).toBe(401);
  });

  it("tenant-scoped: another organization's device is unknown, whatever its connector", async () => {
    expect(await put('/device/CN-B/connection', keyA, { provider: 'memfault' })).toEqual({ status: 404, body: { error: 'Device not found' } });
    expect(await del('/device/CN-B/connection', keyA)).toEqual({ status: 404, body: { error: 'Device not found' } });
    await put('/device/CN-1/connection', keyA, { provider: 'memfault' });
    expect((await api.get('/device/CN-1', keyB)).status).toBe(404);
  });
});
