import path from 'node:path';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, SQSEvent } from 'aws-lambda';
import { workers } from '../../shared/routes';
import { STREAM_WORKER, streamWorker } from '../../shared/workers/queued-stream';
import { dispatchStreamRecords, readDispatchTargets, DISPATCH_ENV, type DispatchTarget, type SendBatch } from '../../shared/workers/stream-dispatch';
import { matchesStreamFilter as localMatches } from '../../shared/local/table-stream';
import { matchesStreamFilter } from '../../shared/workers/stream-filter';

const record = (seq: number, item: Record<string, unknown>, eventName: DynamoDBRecord['eventName'] = 'INSERT'): DynamoDBRecord => ({
  eventID: String(seq),
  eventName,
  eventSource: 'aws:dynamodb',
  dynamodb: { SequenceNumber: String(seq), NewImage: marshall(item) as never, StreamViewType: 'NEW_IMAGE' },
});
const targets: DispatchTarget[] = workers.map((w) => ({ id: w.id, queueUrl: `https://sqs/${w.id}`, filter: w.filter }));
const ticket = { pk: 'ORG#o', sk: 'TICKET#t', entity: 'ticket', organizationId: 'o', ticketId: 't', notify: 'chat' };
const telemetry = { pk: 'ORG#o', sk: 'TEL#1', entity: 'telemetry', source: 'mqtt', organizationId: 'o', identifier: 'd' };
const backfilled = { ...telemetry, source: 's3' };

describe('the stream dispatcher', () => {
  test('the local stream and the dispatcher route with one function', () => {
    expect(localMatches).toBe(matchesStreamFilter);
  });

  test('copies each record to every worker whose filter matches, and to no other', async () => {
    const sent = new Map<string, string[]>();
    const send: SendBatch = async (url, entries) => {
      sent.set(url, [...(sent.get(url) ?? []), ...entries.map((e) => (JSON.parse(e.MessageBody) as DynamoDBRecord).dynamodb?.SequenceNumber ?? '')]);
      return [];
    };
    const event: DynamoDBStreamEvent = { Records: [record(1, ticket), record(2, telemetry), record(3, backfilled), record(4, ticket, 'MODIFY')] };
    expect(await dispatchStreamRecords(event, targets, send)).toEqual({ batchItemFailures: [] });
    expect(Object.fromEntries(sent)).toEqual({ 'https://sqs/ChatNotifier': ['1'], 'https://sqs/TicketDiagnosis': ['1'], 'https://sqs/AnomalyDetector': ['2'] });
  });

  test('the body is the stream record unchanged, so the worker sees what the stream carried', async () => {
    let body = '';
    await dispatchStreamRecords({ Records: [record(7, ticket)] }, targets.slice(0, 1), async (_u, e) => ((body = e[0]?.MessageBody ?? ''), []));
    expect(JSON.parse(body)).toEqual(record(7, ticket));
  });

  test('batches of at most 10 per SendMessageBatch', async () => {
    const sizes: number[] = [];
    const records = Array.from({ length: 25 }, (_, i) => record(i + 1, ticket));
    await dispatchStreamRecords({ Records: records }, targets.slice(0, 1), async (_u, e) => (sizes.push(e.length), []));
    expect(sizes.sort()).toEqual([10, 10, 5]);
  });

  test('a failed send is reported by the lowest failed record, so the stream retries from there and nothing is lost', async () => {
    const records = [record(1, ticket), record(2, ticket), record(3, ticket)];
    // SQS refuses entry "1" (the second record) for one queue; the other queue's call fails outright for all.
    const send: SendBatch = async (url) => {
      if (url.endsWith('TicketDiagnosis')) throw new Error('throttled');
      return ['1'];
    };
    expect(await dispatchStreamRecords({ Records: records }, targets, send)).toEqual({ batchItemFailures: [{ itemIdentifier: '1' }] });
    const onlySecond: SendBatch = async (url) => (url.endsWith('ChatNotifier') ? ['1'] : []);
    expect(await dispatchStreamRecords({ Records: records }, targets, onlySecond)).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
  });

  test('targets come from the environment, with a clear message when missing', () => {
    expect(readDispatchTargets({ [DISPATCH_ENV.targets]: JSON.stringify(targets) })).toEqual(targets);
    expect(() => readDispatchTargets({})).toThrow(DISPATCH_ENV.targets);
    expect(() => readDispatchTargets({ [DISPATCH_ENV.targets]: '[{"id":1}]' })).toThrow(/JSON array/);
  });
});

describe('streamWorker: a stream handler fed by its queue', () => {
  const sqsEvent = (records: (DynamoDBRecord | string)[]): SQSEvent =>
    ({ Records: records.map((r, i) => ({ messageId: `m${i}`, eventSource: 'aws:sqs', body: typeof r === 'string' ? r : JSON.stringify(r) })) }) as unknown as SQSEvent;

  test('a stream event passes through unchanged (the local stack, tests)', async () => {
    const inner = jest.fn(async () => ({ batchItemFailures: [{ itemIdentifier: '2' }] }));
    const event = { Records: [record(1, ticket), record(2, ticket)] };
    expect(await streamWorker(inner)(event)).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
    expect(inner).toHaveBeenCalledWith(event, undefined);
  });

  test('queue messages become the stream records; failures are retried from the lowest failed record on, as on the stream', async () => {
    const seen: string[] = [];
    const inner = async (e: DynamoDBStreamEvent) => {
      seen.push(...e.Records.map((r) => r.dynamodb?.SequenceNumber ?? ''));
      return { batchItemFailures: [{ itemIdentifier: '2' }] };
    };
    const out = await streamWorker(inner)(sqsEvent([record(1, telemetry), record(2, telemetry), record(3, telemetry)]));
    expect(seen).toEqual(['1', '2', '3']);
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
  });

  test('an unreadable message fails (to the DLQ after its receives); the others are handled', async () => {
    const inner = jest.fn(async () => ({ batchItemFailures: [] }));
    expect(await streamWorker(inner)(sqsEvent(['not json', record(1, ticket)]))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm0' }] });
    expect(inner).toHaveBeenCalledTimes(1);
  });

  test('every worker of the route table is wrapped (adding one without the adapter fails here, not in AWS)', () => {
    for (const w of workers) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(path.resolve(__dirname, '../..', w.entry)) as { handler: Record<symbol, unknown> };
      expect([w.id, mod.handler[STREAM_WORKER]]).toEqual([w.id, true]);
    }
  });
});
