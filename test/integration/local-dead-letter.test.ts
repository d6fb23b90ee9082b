import { readFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import { fakeContext } from '../../shared/http/local-router';
import { startLocalSchedules, startLocalTableStream } from '../../shared/local/table-stream';
import { addContext, logger, setLogLevel } from '../../shared/logging/logger';
import { useTestTable } from '../support/dynamo';

useTestTable();
const root = path.resolve(__dirname, '../..');

describe('local stack: dead-letter lines and log names (issue 24)', () => {
  it('a record that fails every attempt leaves a dead-letter line naming the worker, the item and the reason', async () => {
    const deadLetterDir = mkdtempSync(path.join(os.tmpdir(), 'dead-letter-'));
    const stream = startLocalTableStream({
      rootDir: root,
      tableName: tableName(),
      deadLetterDir,
      workers: [{ id: 'FailingWorker', entry: 'test/support/fixtures/failing-worker.ts', source: 'tableStream', filter: { eventName: 'INSERT', newImage: { entity: 'ticket' } }, table: 'read' }],
    });
    const errors: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      await documentClient().send(new PutCommand({ TableName: tableName(), Item: { pk: 'ORG#o1', sk: 'TICKET#t-42', entity: 'ticket', organizationId: 'o1', ticketId: 't-42' } }));
      await stream.settle();
    } finally {
      stream.stop();
      spy.mockRestore();
    }
    const lines = readFileSync(path.join(deadLetterDir, 'FailingWorker.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        worker: 'FailingWorker',
        at: expect.any(String),
        attempts: 4,
        error: 'Error: webhook answered 503 for ticket t-42',
        records: [
          {
            sequenceNumber: expect.any(String),
            item: { entity: 'ticket', organizationId: 'o1', ticketId: 't-42', pk: 'ORG#o1', sk: 'TICKET#t-42' },
            reason: 'Error: webhook answered 503 for ticket t-42',
          },
        ],
      },
    ]);
    expect(errors).toEqual([expect.stringMatching(/^FailingWorker: 1 stream record\(s\) failed all 4 attempts \(first: entity ticket, organizationId o1, ticketId t-42, .*\): Error: webhook answered 503 for ticket t-42; see /)]);
  }, 30000);

  it('a local schedule logs under its own function name, not the last HTTP handler\'s', async () => {
    // As after an HTTP request: the shared logger carries that handler's context.
    addContext(logger, fakeContext({ id: 'GetTicket' }, 'req-1'));
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const previous = process.env.POWERTOOLS_LOG_LEVEL;
    setLogLevel(logger, 'INFO');
    const schedules = startLocalSchedules({ rootDir: root, everyMs: 20, schedules: [{ id: 'FixtureSweep', entry: 'test/support/fixtures/logging-schedule.ts', everyMinutes: 1, table: 'read' }] });
    try {
      for (let i = 0; i < 250 && !lines.some((l) => l.includes('fixture sweep')); i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      schedules.stop();
      write.mockRestore();
      setLogLevel(logger, (previous as 'SILENT') ?? 'SILENT');
    }
    const line = lines.find((l) => l.includes('fixture sweep'));
    expect(line).toBeDefined();
    expect(JSON.parse(line as string)).toMatchObject({ message: 'fixture sweep', function_name: 'local-FixtureSweep' });
  }, 30000);
});
