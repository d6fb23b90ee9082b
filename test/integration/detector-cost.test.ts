import { marshall } from '@aws-sdk/util-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { documentClient, tableName } from '../../shared/db/client';
import { keys } from '../../shared/db/keys';
import { handler as detectorWorker } from '../../functions/workers/anomaly-detector';
import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';

/**
 * Issue 21 item 5: the detector's DynamoDB requests per live record, through the stream worker with
 * the values the stream records carry: ≤ 2 one record at a time (BatchGetItem of state, rules and
 * watch; one conditional write), ≤ 0.3 per record in batches; exactly once under redelivery.
 */

useTestTable();

const MIN = 60_000;
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

let sequence = 0;
/** The stream records of `records` as the table stream would deliver them (new images, read back from the table). */
async function streamRecordsOf(org: OrgContext, identifier: string, timestamps: string[]): Promise<DynamoDBRecord[]> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':pk': keys.telemetryPartition(org.organizationId, identifier), ':low': timestamps[0], ':high': `${timestamps.at(-1)}#~` },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((item) => ({
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: { SequenceNumber: String(++sequence), NewImage: marshall(item, { removeUndefinedValues: true }) as never },
  }));
}

const reading = (i: number, value?: number) => ({ timestamp: iso(NOW - (200 - i) * MIN), measurements: { temperature: value ?? 21 + 0.3 * Math.sin(i * 1.7), humidity: 40 + 0.5 * Math.cos(i) } });

describe('detector requests per live record (stream values, no Query)', () => {
  let org: OrgContext;
  beforeAll(async () => {
    ({ org } = await newOrg());
  });

  test('one record at a time: 2 requests (BatchGetItem + one conditional PutItem of the compressed state)', async () => {
    const counts: number[] = [];
    for (let i = 0; i < 30; i++) {
      const record = reading(i);
      await storeTelemetry(org, { deviceIdentifier: 'ONE', records: [record] }, 'rest', NOW);
      const events = await streamRecordsOf(org, 'ONE', [record.timestamp]);
      const { requests, byCommand } = await countDynamoRequests(() => detectorWorker({ Records: events }));
      counts.push(requests);
      // Until three gaps teach the cadence, the detector cannot tell a hole in the delivery from the
      // device's rhythm, so it reads the table (deliveryIsContiguous); from then on, no Query.
      if (i >= 4) expect(byCommand).not.toHaveProperty('QueryCommand');
    }
    // The first evaluation also writes the watch entry (a transaction); the usual one is the state alone.
    expect(Math.max(...counts.slice(4))).toBeLessThanOrEqual(2);
  });

  test('batches of 100 records: ≤ 0.3 requests per record (SQS delivers 10 at a time: 10 evaluations)', async () => {
    const records = Array.from({ length: 100 }, (_, i) => reading(i));
    await storeTelemetry(org, { deviceIdentifier: 'BATCH', records }, 'rest', NOW);
    const events = await streamRecordsOf(org, 'BATCH', [records[0]!.timestamp, records[99]!.timestamp]);
    expect(events).toHaveLength(100);
    let total = 0;
    for (let i = 0; i < 100; i += 10) total += (await countDynamoRequests(() => detectorWorker({ Records: events.slice(i, i + 10) }))).requests;
    expect(total / 100).toBeLessThanOrEqual(0.3);
  });

  test('deliveries out of write order (a batch written 25 at a time in parallel, a standard queue) lose no record: a hole makes the detector read the table', async () => {
    const steady = Array.from({ length: 20 }, (_, i) => reading(i));
    await storeTelemetry(org, { deviceIdentifier: 'ORDER', records: steady }, 'rest', NOW);
    await detectorWorker({ Records: await streamRecordsOf(org, 'ORDER', [steady[0]!.timestamp, steady[19]!.timestamp]) });
    // The next 40 records, a spike among the older half; the newer half reaches the detector first.
    const next = Array.from({ length: 40 }, (_, k) => reading(20 + k, k === 10 ? 85 : undefined));
    await storeTelemetry(org, { deviceIdentifier: 'ORDER', records: next }, 'rest', NOW);
    const events = await streamRecordsOf(org, 'ORDER', [next[0]!.timestamp, next[39]!.timestamp]);
    const newerFirst = await countDynamoRequests(() => detectorWorker({ Records: events.slice(20) }));
    expect(newerFirst.byCommand).toHaveProperty('QueryCommand');
    await detectorWorker({ Records: events.slice(0, 20) });
    const { incidents } = await anomaly.listDeviceIncidents(org, 'ORDER', {});
    expect(incidents.filter((i) => i.kind === 'spike' && i.measurement === 'temperature')).toHaveLength(1);
  });

  test('a spike delivered by the stream opens one incident and one ticket, also when the batch is delivered twice at once', async () => {
    const records = Array.from({ length: 62 }, (_, i) => reading(i, i === 60 ? 85 : undefined));
    await storeTelemetry(org, { deviceIdentifier: 'SPIKE', records }, 'rest', NOW);
    const events = await streamRecordsOf(org, 'SPIKE', [records[0]!.timestamp, records[61]!.timestamp]);
    await Promise.all([detectorWorker({ Records: events }), detectorWorker({ Records: events })]);
    await detectorWorker({ Records: events.slice(50) });
    const { incidents } = await anomaly.listDeviceIncidents(org, 'SPIKE', {});
    expect(incidents.filter((i) => i.kind === 'spike' && i.measurement === 'temperature')).toHaveLength(1);
    const tickets = (await listTickets(org, { source: 'anomaly' })).tickets.filter((t) => t.deviceIdentifier === 'SPIKE');
    expect(tickets).toHaveLength(incidents.length);
  });
});
