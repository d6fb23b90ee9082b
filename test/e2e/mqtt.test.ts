import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';
import { startMqttBroker, type MqttBroker } from '../../shared/local/mqtt-broker';
import { listRejectedMessages } from '../../shared/domain/telemetry/telemetry.repository';
import { basicIngestTopic, telemetryTopic } from '../../shared/domain/telemetry/mqtt';
import { DEFAULT_STAGE, telemetryRuleName } from '../../shared/config/iot';
import { regenerateApiKey } from '../../shared/domain/organization/organization.service';

useTestTable();
const api = useLocalApi();

/**
 * MQTT end to end: a real client (the `mqtt` package) against the local broker, which hands
 * messages to the same ingestion handler the IoT Core rule invokes; read back over HTTP.
 */
describe('local MQTT broker', () => {
  let broker: MqttBroker;
  const deadLetterFile = path.join(mkdtempSync(path.join(tmpdir(), 'fd-mqtt-')), 'iot.jsonl');
  beforeAll(async () => {
    broker = await startMqttBroker({ port: 0, rootDir: path.resolve(__dirname, '../..'), deadLetterFile });
  });
  afterAll(async () => broker.close());

  const connect = (apiKey: string) => mqtt.connectAsync(broker.url, { username: 'device', password: apiKey, reconnectPeriod: 0, connectTimeout: 5000 });

  it('stores a published record, read back through the API with source mqtt', async () => {
    const { org, apiKey } = await newOrg();
    await api.post('/device', apiKey, { identifier: 'M-1', type: 'sensor' });
    const client = await connect(apiKey);
    await client.publishAsync(telemetryTopic(org.organizationId, 'M-1'), JSON.stringify({ temperature: 21.5 }), { qos: 1 });
    await client.publishAsync(
      telemetryTopic(org.organizationId, 'M-1'),
      JSON.stringify({ records: [{ timestamp: Date.now() - 60_000, temperature: 20 }, { timestamp: Date.now() - 30_000, temperature: 21 }] }),
      { qos: 1 },
    );
    await client.endAsync();
    await broker.idle();
    const latest = await api.get('/device/M-1/telemetry/latest', apiKey);
    expect(latest.body).toMatchObject({ deviceKnown: true, measurements: { temperature: { value: 21.5 } } });
    const history = await api.get('/device/M-1/telemetry', apiKey);
    expect((history.body.records as { source: string; measurements: { temperature: number } }[]).map((r) => [r.source, r.measurements.temperature])).toEqual([
      ['mqtt', 20],
      ['mqtt', 21],
      ['mqtt', 21.5],
    ]);
  });

  it('accepts the Basic Ingest form of the same topic (the telemetry rule of iot provision); the rule sees the plain topic', async () => {
    const { org, apiKey } = await newOrg();
    const client = await connect(apiKey);
    await client.publishAsync(basicIngestTopic(telemetryRuleName(DEFAULT_STAGE), org.organizationId, 'M-BI'), '{"temperature":', { qos: 1 });
    await client.publishAsync(basicIngestTopic(telemetryRuleName(DEFAULT_STAGE), org.organizationId, 'M-BI'), JSON.stringify({ temperature: 7 }), { qos: 1 });
    await client.endAsync();
    await broker.idle();
    const latest = await api.get('/device/M-BI/telemetry/latest', apiKey);
    expect(latest.body).toMatchObject({ measurements: { temperature: { value: 7 } } });
    // The handler got the topic without the prefix, as IoT Core's rule would.
    expect((await listRejectedMessages(org.organizationId, 5))[0]).toMatchObject({ topic: telemetryTopic(org.organizationId, 'M-BI') });
  });

  it('refuses Basic Ingest to another rule or to another organization’s topic', async () => {
    const mine = await newOrg('bi-mine');
    const theirs = await newOrg('bi-theirs');
    for (const topic of [
      `$aws/rules/fleetdesk_connector_telemetry/${telemetryTopic(mine.org.organizationId, 'X-2')}`,
      basicIngestTopic(telemetryRuleName(DEFAULT_STAGE), theirs.org.organizationId, 'X-2'),
    ]) {
      const client = await connect(mine.apiKey);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(topic, JSON.stringify({ t: 1 }), { qos: 1 });
      await closed;
      client.end(true);
    }
    await broker.idle();
    expect((await api.get('/device/X-2/telemetry/latest', theirs.apiKey)).status).toBe(404);
    expect((await api.get('/device/X-2/telemetry/latest', mine.apiKey)).status).toBe(404);
  });

  it('refuses a wrong key at connect', async () => {
    await expect(connect('fdk_not-a-key')).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('refuses a publish to another organization’s topic; nothing reaches that organization', async () => {
    const mine = await newOrg('mine');
    const theirs = await newOrg('theirs');
    const client = await connect(mine.apiKey);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(telemetryTopic(theirs.org.organizationId, 'X-1'), JSON.stringify({ t: 1 }), { qos: 1 });
    // aedes answers an unauthorized publish by closing the connection (MQTT 3.1.1 has no negative PUBACK).
    await closed;
    client.end(true);
    await broker.idle();
    expect((await api.get('/device/X-1/telemetry/latest', theirs.apiKey)).status).toBe(404);
    expect((await api.get('/device/X-1/telemetry/latest', mine.apiKey)).status).toBe(404);
  });

  it('a regenerated key disconnects an open session at its next publish; nothing more is stored (issue 23 #9)', async () => {
    const { org, apiKey } = await newOrg();
    await api.post('/device', apiKey, { identifier: 'M-ROT', type: 'sensor' });
    const client = await connect(apiKey);
    await client.publishAsync(telemetryTopic(org.organizationId, 'M-ROT'), JSON.stringify({ temperature: 1 }), { qos: 1 });
    await broker.idle();
    const { apiKey: fresh } = await regenerateApiKey(org.organizationId);
    const closed = new Promise<string>((resolve) => client.once('close', () => resolve('closed')));
    const acked = client.publishAsync(telemetryTopic(org.organizationId, 'M-ROT'), JSON.stringify({ temperature: 2 }), { qos: 1 }).then(
      () => 'acked',
      () => 'failed',
    );
    expect(await Promise.race([closed, acked])).toBe('closed');
    client.end(true);
    await broker.idle();
    const latest = await api.get('/device/M-ROT/telemetry/latest', fresh);
    expect(latest.body).toMatchObject({ measurements: { temperature: { value: 1 } } });
    // The new key signs in and publishes.
    const again = await connect(fresh);
    await again.publishAsync(telemetryTopic(org.organizationId, 'M-ROT'), JSON.stringify({ temperature: 3 }), { qos: 1 });
    await again.endAsync();
    await broker.idle();
    expect((await api.get('/device/M-ROT/telemetry/latest', fresh)).body).toMatchObject({ measurements: { temperature: { value: 3 } } });
  });

  it('keeps a malformed message with its reason and stores nothing', async () => {
    const { org, apiKey } = await newOrg();
    const client = await connect(apiKey);
    await client.publishAsync(telemetryTopic(org.organizationId, 'M-BAD'), '{"temperature":', { qos: 1 });
    await client.publishAsync(telemetryTopic(org.organizationId, 'M-BAD'), JSON.stringify({ temperature: 'hot' }), { qos: 1 });
    await client.endAsync();
    await broker.idle();
    const rejected = await listRejectedMessages(org.organizationId, 10);
    expect(rejected.map((r) => r.reason).sort()).toEqual(['Invalid JSON payload', 'Measurement "temperature" must be a finite number']);
    expect(rejected[0]).toMatchObject({ topic: telemetryTopic(org.organizationId, 'M-BAD') });
    expect((await api.get('/device/M-BAD/telemetry/latest', apiKey)).status).toBe(404);
    // Refused messages are kept, not retried: the dead-letter file is only for handler failures.
    expect(existsSync(deadLetterFile) ? readFileSync(deadLetterFile, 'utf8') : '').not.toContain('M-BAD');
  });
});
