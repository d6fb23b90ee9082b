import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import { startLocalTableStream } from '../../shared/local/table-stream';
import { asBackgroundWork, startLocalWriteOrder, type WriteClass } from '../../shared/local/write-order';
import { useTestTable } from '../support/dynamo';

/**
 * Issue 21, load test round 6: the local stack's writes pass the write order (shared/local/write-order.ts)
 * on the one document client, classed by command and by who sends them; every write still lands.
 */

useTestTable();
const root = path.resolve(__dirname, '../..');

describe('local write order on the document client', () => {
  it('classes each write command (reads pass untouched) and sends every write as issued', async () => {
    const seen: [WriteClass, string][] = [];
    const order = startLocalWriteOrder({ onWrite: (writeClass, commandName) => void seen.push([writeClass, commandName]) });
    const TableName = tableName();
    try {
      await documentClient().send(new PutCommand({ TableName, Item: { pk: 'ORG#wo', sk: 'A', v: 1 } }));
      await documentClient().send(new UpdateCommand({ TableName, Key: { pk: 'ORG#wo', sk: 'A' }, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': 2 } }));
      await documentClient().send(new BatchWriteCommand({ RequestItems: { [TableName]: [{ PutRequest: { Item: { pk: 'ORG#wo', sk: 'B' } } }, { PutRequest: { Item: { pk: 'ORG#wo', sk: 'C' } } }] } }));
      await documentClient().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: { pk: 'ORG#wo', sk: 'D' } } }] }));
      await documentClient().send(new DeleteCommand({ TableName, Key: { pk: 'ORG#wo', sk: 'D' } }));
      await asBackgroundWork(() => documentClient().send(new PutCommand({ TableName, Item: { pk: 'ORG#wo', sk: 'E' } })));
      expect((await documentClient().send(new GetCommand({ TableName, Key: { pk: 'ORG#wo', sk: 'A' } }))).Item).toEqual({ pk: 'ORG#wo', sk: 'A', v: 2 });
      const all = await documentClient().send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'ORG#wo' } }));
      expect(all.Items?.map((i) => i.sk)).toEqual(['A', 'B', 'C', 'E']);
      expect(order.stats()).toEqual({ waiting: 0, active: 0 });
    } finally {
      order.stop();
    }
    expect(seen).toEqual([
      ['request', 'PutItemCommand'],
      ['request', 'UpdateItemCommand'],
      ['bulk', 'BatchWriteItemCommand'],
      ['request', 'TransactWriteItemsCommand'],
      ['request', 'DeleteItemCommand'],
      ['background', 'PutItemCommand'],
    ]);
  });

  it("a stream worker's writes are background, although the write that fed it was an API caller's", async () => {
    const seen: [WriteClass, string][] = [];
    const order = startLocalWriteOrder({ onWrite: (writeClass, commandName) => void seen.push([writeClass, commandName]) });
    const stream = startLocalTableStream({
      rootDir: root,
      tableName: tableName(),
      deadLetterDir: mkdtempSync(path.join(os.tmpdir(), 'dead-letter-')),
      workers: [{ id: 'WritingWorker', entry: 'test/support/fixtures/writing-worker.ts', source: 'tableStream', filter: { eventName: 'INSERT', newImage: { entity: 'ticket' } }, table: 'write' }],
    });
    try {
      await documentClient().send(new PutCommand({ TableName: tableName(), Item: { pk: 'ORG#o1', sk: 'TICKET#t-1', entity: 'ticket' } }));
      await stream.settle();
      const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk: 'ORG#o1', sk: 'SEEN#TICKET#t-1' } }));
      expect(out.Item).toEqual({ pk: 'ORG#o1', sk: 'SEEN#TICKET#t-1', entity: 'seen' });
    } finally {
      stream.stop();
      order.stop();
    }
    expect(seen).toEqual([
      ['request', 'PutItemCommand'],
      ['background', 'PutItemCommand'],
    ]);
  }, 30000);
});
