import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { handler as detectorWorker } from '../../functions/workers/anomaly-detector';
import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import { upsertDevice } from '../../shared/domain/device/device.service';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { CHUNK_SK_PREFIX, recordsOfItem } from '../../shared/domain/telemetry/record-chunks';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';

/**
 * The detector's stream input with chunk items (issue 21): a batch's records arrive as a few chunk
 * images instead of one image each. Consuming them must open the same incidents as the same records
 * stored and delivered one per item, in the same deliveries.
 */

useTestTable();

const MIN = 60_000;
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

let sequence = 0;
const event = (item: Record<string, unknown>): DynamoDBRecord => ({
  eventName: 'INSERT',
  eventSource: 'aws:dynamodb',
  dynamodb: { SequenceNumber: String(++sequence), NewImage: marshall(item, { removeUndefinedValues: true }) as never },
});

async function items(org: OrgContext, identifier: string, low: string, high: string) {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':pk': keys.telemetryPartition(org.organizationId, identifier), ':low': low, ':high': high },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** 150 one-minute readings: noise around 21, a spike at 100, a level shift from 120. */
const readings = Array.from({ length: 150 }, (_, i) => ({
  timestamp: iso(NOW - (149 - i) * MIN),
  measurements: { temperature: i === 100 ? 85 : (i >= 120 ? 35 : 21) + 0.3 * Math.sin(i * 1.7) + 0.2 * Math.cos(i * 0.9), humidity: 40 + 0.5 * Math.cos(i) },
}));

const incidentsOf = async (org: OrgContext, identifier: string) =>
  (await anomaly.listDeviceIncidents(org, identifier, {})).incidents.map(({ kind, measurement, startedAt, anomalyCount, status }) => ({ kind, measurement, startedAt, anomalyCount, status })).sort((a, b) => (a.startedAt + a.kind < b.startedAt + b.kind ? -1 : 1));

test('chunk images from the stream open the same incidents as the same records one item each, delivered alike', async () => {
  const { org } = await newOrg();
  await upsertDevice(org, { identifier: 'CHUNKED', type: 'thermostat' });
  await upsertDevice(org, { identifier: 'SINGLE', type: 'thermostat' });
  // Uploads of 30 readings (a device buffering half an hour), stored as chunks; the same readings one call each on the other device.
  for (let i = 0; i < readings.length; i += 30) await storeTelemetry(org, { deviceIdentifier: 'CHUNKED', records: readings.slice(i, i + 30) }, 'rest', NOW);
  for (const r of readings) await storeTelemetry(org, { deviceIdentifier: 'SINGLE', records: [r] }, 'rest', NOW);

  const chunks = (await items(org, 'CHUNKED', `${CHUNK_SK_PREFIX}0`, `${CHUNK_SK_PREFIX}~`)).sort((a, b) => (String(a.timestamp) < String(b.timestamp) ? -1 : 1));
  expect(chunks.length).toBeGreaterThanOrEqual(10);
  expect(chunks.length).toBeLessThan(20);
  expect(chunks.reduce((n, c) => n + recordsOfItem(c).length, 0)).toBe(150);
  expect(await items(org, 'CHUNKED', '0', '9999')).toHaveLength(0);

  // Each chunk is one delivery; the single device gets the same records, one image each, in the same deliveries.
  const spy = jest.spyOn(anomaly, 'detectForDevice');
  try {
    for (const chunk of chunks) {
      const held = recordsOfItem(chunk).map((r) => r.timestamp);
      const singles = await items(org, 'SINGLE', held[0] as string, `${held.at(-1)}#~`);
      expect(singles.map((s) => s.timestamp)).toEqual(held);
      spy.mockClear();
      await detectorWorker({ Records: [event(chunk)] });
      // The chunk's records reach the detector as the delivery's values (no read of the table needed for them).
      expect(spy.mock.calls[0]?.[4]?.device?.map((p) => iso(p.t))).toEqual(held);
      await detectorWorker({ Records: singles.map(event) });
      expect(spy.mock.calls[1]?.[4]).toEqual(spy.mock.calls[0]?.[4]);
    }
  } finally {
    spy.mockRestore();
  }
  const chunked = await incidentsOf(org, 'CHUNKED');
  expect(chunked.length).toBeGreaterThanOrEqual(1);
  expect(chunked.some((i) => i.kind === 'spike' && i.measurement === 'temperature')).toBe(true);
  expect(chunked).toEqual(await incidentsOf(org, 'SINGLE'));

  // A chunk delivered again changes nothing (exactly once).
  await detectorWorker({ Records: chunks.slice(-3).map(event) });
  expect(await incidentsOf(org, 'CHUNKED')).toEqual(chunked);
});
