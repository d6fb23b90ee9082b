import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { authenticate, regenerateApiKey, setTelemetryRetention } from '../../shared/domain/organization/organization.service';
import { getLatestTelemetry, ingestTelemetry, queryTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { storeRecords } from '../../shared/domain/telemetry/telemetry.repository';
import { ingestMqttMessage } from '../../shared/domain/telemetry/mqtt-ingest';
import { assignDeviceToOwners } from '../../shared/domain/assignment/assignment.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';

useTestTable();

const recordItem = async (org: OrgContext, identifier: string, timestamp: string, source = 'rest') =>
  (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.telemetryRecord(org.organizationId, identifier, timestamp, source) }))).Item;

describe('telemetry: DynamoDB requests per call (goals: single ≤ 3, batch of 100 ≤ 10, auth included)', () => {
  let org: OrgContext;
  let apiKey: string;
  beforeAll(async () => {
    ({ org, apiKey } = await newOrg());
    await assignDeviceToOwners(org, { deviceIdentifier: 'RC-T', emails: ['a@example.com'], autoCreateDevice: true, deviceType: 'sensor' });
  });

  it('first record of a device whose snapshot does not vouch for its owners: the owner query, then the repair', async () => {
    const { result, byCommand } = await countDynamoRequests(async () => ingestTelemetry(await authenticate(apiKey), 'RC-T', { t: 0 }, 'rest'));
    expect(byCommand).toEqual({ GetItemCommand: 1, UpdateItemCommand: 2, PutItemCommand: 1, QueryCommand: 1, BatchGetItemCommand: 1 });
    expect(result.owners.map((o) => o.email)).toEqual(['a@example.com']);
  });

  it('single record to an owned device: auth + one UpdateItem (returns the owners) + one PutItem = 3', async () => {
    const { result, requests, byCommand } = await countDynamoRequests(async () => ingestTelemetry(await authenticate(apiKey), 'RC-T', { t: 1, u: 2 }, 'rest'));
    expect(byCommand).toEqual({ GetItemCommand: 1, UpdateItemCommand: 1, PutItemCommand: 1 });
    expect(requests).toBe(3);
    expect(result).toMatchObject({ deviceKnown: true, owners: [{ email: 'a@example.com' }] });
  });

  it('an older record (the snapshot condition fails) still answers the owners: 3 requests', async () => {
    const { result, requests } = await countDynamoRequests(async () => ingestTelemetry(await authenticate(apiKey), 'RC-T', { timestamp: Date.now() - 3_600_000, t: 9 }, 'rest'));
    expect(requests).toBe(3);
    expect(result).toMatchObject({ deviceKnown: true, owners: [{ email: 'a@example.com' }] });
  });

  it('batch of 100 records: 3 requests (the records in a few chunk items: one BatchWriteItem)', async () => {
    const records = Array.from({ length: 100 }, (_, i) => ({ timestamp: Date.now() - 100_000 + i * 1000, t: i, u: -i }));
    const { result, requests, byCommand } = await countDynamoRequests(async () => ingestTelemetry(await authenticate(apiKey), 'RC-T', { records }, 'rest'));
    expect(byCommand).toEqual({ GetItemCommand: 1, BatchWriteItemCommand: 1, UpdateItemCommand: 1 });
    expect(requests).toBeLessThanOrEqual(10);
    expect(result.owners.map((o) => o.email)).toEqual(['a@example.com']);
  });
});

describe('retention', () => {
  it('defaults to 90 days from the record’s own timestamp, and `org set-retention` survives a key regeneration', async () => {
    const { org, apiKey } = await newOrg();
    const ts = new Date(Date.now() - 1000).toISOString();
    await ingestTelemetry(await authenticate(apiKey), 'R-1', { timestamp: ts, t: 1 }, 'rest');
    expect((await recordItem(org, 'R-1', ts))?.expiresAt).toBe(Math.floor(Date.parse(ts) / 1000) + 90 * 86_400);

    expect(await setTelemetryRetention(org.organizationId, 7)).toEqual({ organizationId: org.organizationId, telemetryRetentionDays: 7 });
    expect(await authenticate(apiKey)).toEqual({ organizationId: org.organizationId, telemetryRetentionDays: 7 });
    const { apiKey: newKey } = await regenerateApiKey(org.organizationId);
    const ctx = await authenticate(newKey);
    expect(ctx.telemetryRetentionDays).toBe(7);
    const ts2 = new Date(Date.now() - 2000).toISOString();
    await ingestTelemetry(ctx, 'R-1', { timestamp: ts2, t: 2 }, 'rest');
    expect((await recordItem(org, 'R-1', ts2))?.expiresAt).toBe(Math.floor(Date.parse(ts2) / 1000) + 7 * 86_400);
    // A timestamp older than the retention would expire at once: refused instead of silently lost.
    await expect(ingestTelemetry(ctx, 'R-1', { timestamp: Date.now() - 8 * 86_400_000, t: 3 }, 'rest')).rejects.toThrow(
      "timestamp is older than the organization's telemetry retention (7 days)",
    );
  });

  it('refuses out-of-range days and unknown organizations', async () => {
    await expect(setTelemetryRetention('00000000-0000-0000-0000-000000000000', 0)).rejects.toThrow('--days must be an integer from 1 to 3650');
    await expect(setTelemetryRetention('00000000-0000-0000-0000-000000000000', 30)).rejects.toThrow('Organization not found');
  });
});

describe('MQTT ingestion (the IoT rule event)', () => {
  const event = (organizationId: string, payload: string, deviceIdentifier = 'MQ-1') => ({
    payload: Buffer.from(payload).toString('base64'),
    topic: `fleetdesk/${organizationId}/devices/${deviceIdentifier}/telemetry`,
    organizationId,
    deviceIdentifier,
    receivedAt: Date.now(),
  });

  it('stores with source mqtt and the broker receive time as default timestamp', async () => {
    const { org } = await newOrg();
    const e = event(org.organizationId, '{"t":1}');
    expect(await ingestMqttMessage(e)).toMatchObject({ status: 'stored', accepted: 1, deviceKnown: false });
    expect(await recordItem(org, 'MQ-1', new Date(e.receivedAt).toISOString(), 'mqtt')).toMatchObject({ source: 'mqtt', m: { t: 1 } });
  });

  it('refuses (without throwing) a payload naming another device than its topic', async () => {
    const { org } = await newOrg();
    expect(await ingestMqttMessage(event(org.organizationId, '{"deviceIdentifier":"OTHER","t":1}'))).toEqual({
      status: 'rejected',
      reason: 'deviceIdentifier in the payload does not match the topic',
    });
  });

  it('throws for an organization that does not exist, so the platform dead-letters it', async () => {
    await expect(ingestMqttMessage(event('00000000-0000-0000-0000-000000000000', '{"t":1}'))).rejects.toThrow('Unknown organization in topic');
  });
});

describe('latest snapshot limits', () => {
  it('a value is served only as long as the record it came from', async () => {
    const { org } = await newOrg();
    const now = Date.now();
    const record = (ms: number, m: Record<string, number>) => ({ timestamp: new Date(ms).toISOString(), measurements: m });
    // One value whose record has already expired (TTL deletion lags), one still live.
    await storeRecords(org.organizationId, 'EXP-1', [record(now - 5000, { old: 1 })], 'rest', { receivedAt: new Date(now).toISOString(), expiresAt: () => Math.floor(now / 1000) - 1 });
    await expect(getLatestTelemetry(org, 'EXP-1')).rejects.toThrow('Device not found');
    await storeRecords(org.organizationId, 'EXP-1', [record(now - 1000, { fresh: 2 })], 'rest', { receivedAt: new Date(now).toISOString(), expiresAt: () => Math.floor(now / 1000) + 3600 });
    expect(await getLatestTelemetry(org, 'EXP-1')).toMatchObject({ deviceKnown: false, measurements: { fresh: { value: 2 } } });
    expect(Object.keys((await getLatestTelemetry(org, 'EXP-1')).measurements)).toEqual(['fresh']);
  });

  it('a snapshot that would pass 400 KB refuses the call with a 400 before any record is written', async () => {
    const { org } = await newOrg();
    const now = Date.now();
    // 100 records × 100 new 60-character names: about 1 MB of snapshot.
    const records = Array.from({ length: 100 }, (_, r) => ({
      timestamp: new Date(now - 100_000 + r * 1000).toISOString(),
      measurements: Object.fromEntries(Array.from({ length: 100 }, (_, m) => [`${'n'.repeat(52)}_${String(r).padStart(3, '0')}_${String(m).padStart(3, '0')}`, m])),
    }));
    await expect(
      storeRecords(org.organizationId, 'FULL-1', records, 'rest', { receivedAt: new Date(now).toISOString(), expiresAt: () => Math.floor(now / 1000) + 3600 }),
    ).rejects.toThrow('Too many distinct measurement names for device "FULL-1"');
    const history = await queryTelemetry(org, 'FULL-1', {}).catch(() => ({ records: [] }));
    expect(history.records).toEqual([]);
  }, 60_000);
});
