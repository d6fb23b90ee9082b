import os from 'node:os';
import path from 'node:path';
import { startLocalTableStream } from '../../shared/local/table-stream';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

// The local stack's in-process table stream: telemetry writes reach the AnomalyDetector worker as in AWS.
let stream: ReturnType<typeof startLocalTableStream>;
beforeAll(() => {
  const rootDir = path.resolve(__dirname, '../..');
  stream = startLocalTableStream({ rootDir, tableName: process.env.TABLE_NAME as string, deadLetterDir: path.join(os.tmpdir(), 'fleetdesk-test-dead-letter') });
});
afterAll(() => stream.stop());

const MIN = 60_000;

test('a newcomer POSTs a spike and sees the incident and its proactive ticket', async () => {
  const { apiKey } = await newOrg();
  expect((await api.post('/device', apiKey, { identifier: 'SN-1', type: 'thermostat' })).status).toBe(200);
  const end = Date.now() - MIN;
  const records = Array.from({ length: 62 }, (_, i) => ({
    timestamp: new Date(end - (61 - i) * MIN).toISOString(),
    temperature: i === 60 ? 85 : 21 + 0.3 * Math.sin(i),
  }));
  const ingest = await api.call('POST', '/api/telemetry', { apiKey, body: { deviceIdentifier: 'SN-1', records } });
  expect(ingest.status).toBe(200);
  await stream.settle();

  const incidents = await api.get('/device/SN-1/incidents?status=open', apiKey);
  expect(incidents.status).toBe(200);
  const [incident] = incidents.body.incidents as Record<string, unknown>[];
  expect(incident).toMatchObject({ kind: 'spike', measurement: 'temperature', status: 'open', anomalyCount: 1, resolvedAt: null });
  expect(Object.keys(incident ?? {}).sort()).toEqual(
    ['anomalyCount', 'detectedAt', 'evidence', 'incidentId', 'kind', 'measurement', 'resolvedAt', 'startedAt', 'status', 'ticketId'].sort(),
  );
  expect(incidents.body.nextCursor).toBeNull();

  const ticket = await api.get(`/ticket/${String(incident?.ticketId)}`, apiKey);
  expect(ticket.body).toMatchObject({ source: 'anomaly', title: 'Temperature spike on SN-1', deviceIdentifier: 'SN-1', incidentId: incident?.incidentId, owners: [] });
  const list = await api.get('/ticket?source=anomaly&deviceIdentifier=SN-1', apiKey);
  expect((list.body.tickets as { ticketId: string }[]).map((t) => t.ticketId)).toEqual([incident?.ticketId]);

  // Replaying the same batch (a retrying client) changes nothing.
  await api.call('POST', '/api/telemetry', { apiKey, body: { deviceIdentifier: 'SN-1', records } });
  await stream.settle();
  expect(((await api.get('/ticket', apiKey)).body.tickets as unknown[]).length).toBe(1);
});

test('clear 4xx for bad list inputs, 404 for an unknown device, 401 without a key', async () => {
  const { apiKey } = await newOrg();
  expect((await api.get('/device/nope/incidents', apiKey)).status).toBe(404);
  expect((await api.get('/device/nope/incidents?status=x', apiKey)).body).toEqual({ error: 'status must be open, resolved or withdrawn' });
  expect((await api.get('/ticket?limit=abc', apiKey)).body).toEqual({ error: 'limit must be an integer from 1 to 100' });
  expect((await api.get('/ticket?cursor=zzz', apiKey)).status).toBe(400);
  expect((await api.call('GET', '/api/ext-v1/ticket')).status).toBe(401);
});
