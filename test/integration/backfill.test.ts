import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent, SQSEvent } from 'aws-lambda';
import * as keys from '../../shared/db/key-builders';
import { documentClient, tableName } from '../../shared/db/client';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { addMapping, getImport, listImports, listMappings, removeMapping } from '../../shared/domain/backfill/backfill.service';
import { importIdOf, importObject } from '../../shared/domain/backfill/import-runner';
import { s3ObjectStore } from '../../shared/domain/backfill/object-store';
import { handleBackfillEvent } from '../../shared/domain/backfill/s3-ingest';
import { runAdminCommand } from '../../shared/admin/commands';
import { queryTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { startLocalS3, type LocalS3 } from '../../shared/local/s3';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/**
 * S3 backfill against DynamoDB Local and a real local S3 (s3rver): objects uploaded with the real
 * SDK, events delivered by the local S3 to the ingestion handler as in `npm start`.
 */
let s3: LocalS3;
let client: S3Client;
const tmp = mkdtempSync(path.join(tmpdir(), 'fd-backfill-'));
const deadLetterFile = path.join(tmp, 'dlq.jsonl');

beforeAll(async () => {
  s3 = await startLocalS3({ port: 0, rootDir: path.resolve(__dirname, '../..'), dataDir: path.join(tmp, 's3'), deadLetterFile });
  process.env.S3_ENDPOINT = s3.endpoint;
  client = new S3Client({
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

const MIN = 60_000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

async function upload(key: string, body: string | Buffer): Promise<string> {
  const out = await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: typeof body === 'string' ? gzipSync(body) : body }));
  await s3.idle();
  return importIdOf({ bucket: s3.bucket, key, eTag: out.ETag });
}

async function rows(org: OrgContext, identifier: string) {
  const page = await queryTelemetry(org, identifier, { limit: '1000' });
  return page.records;
}

async function mapping(org: OrgContext, prefix: string, options: Record<string, string> = {}) {
  await runAdminCommand(['mapping', 'add'], { org: org.organizationId, prefix, path: '{deviceIdentifier}.csv.gz', ...options });
}

describe('prefix mappings (operator CLI)', () => {
  test('add, list (longest first), refuse a second mapping for a prefix, remove', async () => {
    const { org } = await newOrg();
    const id = org.organizationId;
    expect(await runAdminCommand(['mapping', 'add'], { org: id, prefix: 'a/', path: '{deviceIdentifier}.csv.gz' })).toEqual({
      organizationId: id,
      mapping: { prefix: 'a/', pathTemplate: '{deviceIdentifier}.csv.gz' },
    });
    await runAdminCommand(['mapping', 'add'], { org: id, prefix: 'a/b/', path: '{yyyy}/{mm}/{dd}.csv.gz', 'identifier-column': 'serial', 'timestamp-column': 'time', columns: 'temp' });
    await expect(runAdminCommand(['mapping', 'add'], { org: id, prefix: 'a/', path: '{deviceIdentifier}' })).rejects.toThrow('A mapping for prefix "a/" already exists; remove it first');
    const listed = (await runAdminCommand(['mapping', 'list'], { org: id })) as Awaited<ReturnType<typeof listMappings>>;
    expect(listed.mappings.map((m) => m.prefix)).toEqual(['a/b/', 'a/']);
    expect(listed.mappings[0]).toMatchObject({ identifierColumn: 'serial', timestampColumn: 'time', columns: ['temp'] });
    expect(await runAdminCommand(['mapping', 'remove'], { org: id, prefix: 'a/' })).toEqual({ organizationId: id, removed: 'a/' });
    await expect(removeMapping(id, 'a/')).rejects.toThrow('No mapping for prefix "a/"');
    await expect(runAdminCommand(['mapping', 'list'], { org: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow('Organization not found');
    await expect(runAdminCommand(['mapping', 'add'], { org: id, prefix: 'x/' })).rejects.toThrow('Missing required option --path');
  });
});

describe('importing gzipped CSV', () => {
  test('path template: device from the key, ISO timestamps kept, source s3; the import is listed', async () => {
    const { org } = await newOrg();
    await mapping(org, 'thermo/');
    const text = `timestamp,temperature,humidity\n${iso(30 * MIN)},20.5,40\n${iso(20 * MIN)},21,41\n${iso(10 * MIN)},21.5,42\n`;
    const importId = await upload(`backfill/${org.organizationId}/thermo/SN-1.csv.gz`, text);
    expect((await rows(org, 'SN-1')).map((r) => [r.source, r.measurements.temperature])).toEqual([
      ['s3', 20.5],
      ['s3', 21],
      ['s3', 21.5],
    ]);
    const detail = await getImport(org, importId);
    expect(detail).toMatchObject({ importId, status: 'completed', rowsRead: 3, rowsWritten: 3, rowsRejected: 0, mappingPrefix: 'thermo/', reason: null, rejections: [] });
    expect(detail.finishedAt).not.toBeNull();
    expect((await listImports(org, {})).imports).toEqual([expect.objectContaining({ importId, key: `backfill/${org.organizationId}/thermo/SN-1.csv.gz`, status: 'completed' })]);
  });

  test('identifier column with epoch seconds; explicit epoch_ms; date in the path with a time of day', async () => {
    const { org } = await newOrg();
    const id = org.organizationId;
    await runAdminCommand(['mapping', 'add'], { org: id, prefix: 'fleet/', path: 'export-{yyyy}-{mm}-{dd}.csv.gz', 'identifier-column': 'serial', 'timestamp-column': 'ts' });
    await runAdminCommand(['mapping', 'add'], { org: id, prefix: 'ms/', path: '{deviceIdentifier}.csv.gz', 'timestamp-format': 'epoch_ms', columns: 'v' });
    await runAdminCommand(['mapping', 'add'], { org: id, prefix: 'daily/', path: '{deviceIdentifier}/{yyyy}/{mm}/{dd}.csv.gz', 'timestamp-column': 'time' });
    const s = Math.floor((Date.now() - 60 * MIN) / 1000);
    await upload(`backfill/${id}/fleet/export-2026-01-01.csv.gz`, `serial,ts,v\nA-1,${s},1\nB-1,${s + 1},2\nA-1,${s + 2},3\n`);
    expect((await rows(org, 'A-1')).map((r) => [r.timestamp, r.measurements.v])).toEqual([
      [new Date(s * 1000).toISOString(), 1],
      [new Date((s + 2) * 1000).toISOString(), 3],
    ]);
    expect((await rows(org, 'B-1')).map((r) => r.measurements.v)).toEqual([2]);

    const ms = Date.now() - 5 * MIN;
    await upload(`backfill/${id}/ms/M-1.csv.gz`, `timestamp,v,ignored\n${ms},7,8\n`);
    expect((await rows(org, 'M-1')).map((r) => [r.timestamp, r.measurements])).toEqual([[new Date(ms).toISOString(), { v: 7 }]]);

    const day = new Date(Date.now() - 2 * 86_400_000);
    const [y, m, d] = [day.getUTCFullYear(), String(day.getUTCMonth() + 1).padStart(2, '0'), String(day.getUTCDate()).padStart(2, '0')];
    await upload(`backfill/${id}/daily/D-1/${y}/${m}/${d}.csv.gz`, 'time,t\n00:00,1\n12:30:15,2\n23:59:59.5,3\n');
    expect((await rows(org, 'D-1')).map((r) => r.timestamp)).toEqual([
      `${y}-${m}-${d}T00:00:00.000Z`,
      `${y}-${m}-${d}T12:30:15.000Z`,
      `${y}-${m}-${d}T23:59:59.500Z`,
    ]);
  });

  test('bad rows are reported with line numbers while the rest is imported', async () => {
    const { org } = await newOrg();
    await mapping(org, 'p/');
    const text = [
      'timestamp,t,h',
      `${iso(9 * MIN)},1,1`,
      `${iso(8 * MIN)},2`,
      `${iso(7 * MIN)},x,1`,
      `${new Date(Date.now() + 3600_000).toISOString()},1,1`,
      '1999-12-31T23:59:00Z,1,1',
      `${iso(6 * MIN)},3,3`,
    ].join('\n');
    const importId = await upload(`backfill/${org.organizationId}/p/BAD-1.csv.gz`, text);
    const detail = await getImport(org, importId);
    expect(detail).toMatchObject({ status: 'completed_with_errors', rowsRead: 6, rowsWritten: 2, rowsRejected: 4 });
    expect(detail.rejections).toEqual([
      { line: 3, reason: 'Row has 2 columns; the header has 3' },
      { line: 4, reason: 'Measurement "t" must be a finite number (got "x")' },
      { line: 5, reason: 'timestamp must not be more than 5 minutes in the future' },
      { line: 6, reason: 'timestamp must not be before 2000-01-01T00:00:00Z' },
    ]);
    expect((await rows(org, 'BAD-1')).map((r) => r.measurements.t)).toEqual([1, 3]);
    expect((await listImports(org, { status: 'completed_with_errors' })).imports.map((i) => i.importId)).toEqual([importId]);
    expect((await listImports(org, { status: 'completed' })).imports).toEqual([]);
  });

  test.each([
    ['not gzip', Buffer.from('timestamp,t\n2026-01-01T00:00:00Z,1\n'), 'The file is not gzip-compressed'],
    ['empty', Buffer.alloc(0), 'The file is empty'],
    ['no header', gzipSync(''), 'The file has no header row'],
    ['an unknown measurement column', gzipSync('timestamp,bad name\n2026-01-01T00:00:00Z,1\n'), /Measurement name "bad name" is invalid/],
  ])('%s: the file is recorded as rejected, nothing is stored', async (_case, body, reason) => {
    const { org } = await newOrg();
    await mapping(org, 'p/');
    const importId = await upload(`backfill/${org.organizationId}/p/F-1.csv.gz`, body);
    const detail = await getImport(org, importId);
    expect(detail).toMatchObject({ status: 'rejected', rowsWritten: 0 });
    expect(detail.reason).toEqual(typeof reason === 'string' ? reason : expect.stringMatching(reason));
    await expect(rows(org, 'F-1')).rejects.toThrow('Device not found');
  });

  test('the longest prefix wins; a key no mapping matches is recorded as rejected with that reason', async () => {
    const { org } = await newOrg();
    const id = org.organizationId;
    await runAdminCommand(['mapping', 'add'], { org: id, prefix: 'x/', path: '{deviceIdentifier}.csv.gz', columns: 'a' });
    await runAdminCommand(['mapping', 'add'], { org: id, prefix: 'x/y/', path: '{deviceIdentifier}.csv.gz', columns: 'b' });
    await upload(`backfill/${id}/x/y/L-1.csv.gz`, `timestamp,a,b\n${iso(MIN)},1,2\n`);
    expect((await rows(org, 'L-1'))[0]?.measurements).toEqual({ b: 2 });
    const importId = await upload(`backfill/${id}/elsewhere/L-2.csv.gz`, `timestamp,a\n${iso(MIN)},1\n`);
    expect(await getImport(org, importId)).toMatchObject({ status: 'rejected', reason: 'No prefix mapping matches "elsewhere/L-2.csv.gz"', mappingPrefix: null });
    const mismatch = await upload(`backfill/${id}/x/deeper/L-3.csv.gz`, `timestamp,a\n${iso(MIN)},1\n`);
    expect((await getImport(org, mismatch)).reason).toBe('The key does not match the path template "{deviceIdentifier}.csv.gz" of its prefix mapping');
  });

  test('another organization’s prefix is never used: the organization is the key’s first segment, and must exist', async () => {
    const a = await newOrg('A');
    const b = await newOrg('B');
    await mapping(a.org, 'shared/');
    const importId = await upload(`backfill/${b.org.organizationId}/shared/X-1.csv.gz`, `timestamp,t\n${iso(MIN)},1\n`);
    expect(await getImport(b.org, importId)).toMatchObject({ status: 'rejected', reason: 'No prefix mapping matches "shared/X-1.csv.gz"' });
    await expect(rows(a.org, 'X-1')).rejects.toThrow('Device not found');
    await expect(getImport(a.org, importId)).rejects.toThrow('Import not found');

    const ghost = '00000000-0000-4000-8000-000000000000';
    await upload(`backfill/${ghost}/shared/X-2.csv.gz`, `timestamp,t\n${iso(MIN)},1\n`);
    expect(existsSync(deadLetterFile) ? readFileSync(deadLetterFile, 'utf8') : '').toContain(`Unknown organization in backfill key: ${ghost}`);
  });
});

describe('one import per object version', () => {
  test('a replayed event and concurrent duplicates give one import and one set of rows', async () => {
    const { org } = await newOrg();
    await mapping(org, 'p/');
    const key = `backfill/${org.organizationId}/p/DUP-1.csv.gz`;
    const text = ['timestamp,t', ...Array.from({ length: 300 }, (_, i) => `${iso((400 - i) * MIN)},${i}`)].join('\n');
    const out = await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: gzipSync(text) }));
    await s3.idle();
    const ref = { bucket: s3.bucket, key, eTag: out.ETag };
    const options = { store: s3ObjectStore, remainingMs: () => 30_000, canPause: false };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => importObject(ref, options)));
    expect(outcomes.every((o) => o.outcome === 'duplicate')).toBe(true);
    expect((await listImports(org, {})).imports).toHaveLength(1);
    expect(await getImport(org, importIdOf(ref))).toMatchObject({ status: 'completed', rowsRead: 300, rowsWritten: 300 });
    expect(await rows(org, 'DUP-1')).toHaveLength(300);

    // Concurrent first deliveries of an event never seen (another version; s3rver ignores If-Match): exactly one runs it.
    const fresh = { ...ref, eTag: 'concurrent-version' };
    const again = await Promise.all(Array.from({ length: 8 }, () => importObject(fresh, options)));
    expect(again.filter((o) => o.outcome === 'finished')).toHaveLength(1);
    expect(again.filter((o) => o.outcome === 'duplicate')).toHaveLength(7);
    expect((await listImports(org, {})).imports).toHaveLength(2);
    expect(await rows(org, 'DUP-1')).toHaveLength(300);
  });
});

describe('resumption', () => {
  const sqsEvent = (bucket: string, key: string, eTag: string): SQSEvent => ({
    Records: [
      {
        messageId: 'm-1',
        receiptHandle: 'r',
        body: JSON.stringify({ Records: [{ eventSource: 'aws:s3', eventName: 'ObjectCreated:Put', s3: { bucket: { name: bucket }, object: { key: encodeURIComponent(key).replace(/%2F/g, '/'), eTag } } }] }),
        attributes: { ApproximateReceiveCount: '1' } as SQSEvent['Records'][number]['attributes'],
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:0:q',
        awsRegion: 'local',
      },
    ],
  });
  /** What the filtered table stream would deliver for the import item as it is now. */
  async function streamEventFor(org: OrgContext, importId: string): Promise<DynamoDBStreamEvent> {
    const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.backfillImport(org.organizationId, importId), ConsistentRead: true }));
    return { Records: [{ eventSource: 'aws:dynamodb', eventName: 'MODIFY', dynamodb: { SequenceNumber: '1', NewImage: marshall(Item as object, { removeUndefinedValues: true }) as never } }] };
  }

  test('a forced small time budget: the file finishes over several invocations with exactly the result of one pass', async () => {
    const single = await newOrg('single');
    const parts = await newOrg('parts');
    const lines = ['serial,timestamp,t,h'];
    for (let i = 0; i < 1500; i++) {
      const serial = `R-${i % 3}`;
      if (i % 9 === 4) lines.push(`${serial},${iso((2000 - i) * MIN)},oops,1`);
      else if (i % 50 === 7) lines.push(`${serial},${iso((2000 - i) * MIN)}`);
      else lines.push(`${serial},${iso((2000 - i) * MIN)},${i},${i % 10}`);
    }
    const body = gzipSync(lines.join('\n'));
    for (const o of [single, parts]) await runAdminCommand(['mapping', 'add'], { org: o.org.organizationId, prefix: 'bulk/', path: 'dump.csv.gz', 'identifier-column': 'serial' });

    const singleId = await upload(`backfill/${single.org.organizationId}/bulk/dump.csv.gz`, body);

    // Store the object without a local event (outside backfill/ the local S3 stays silent), then drive the
    // function as AWS would: the SQS-wrapped S3 event, then one stream continuation per pause.
    const key = `backfill/${parts.org.organizationId}/bulk/dump.csv.gz`;
    const staged = await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key.replace(/^backfill\//, 'staging/'), Body: body }));
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    await s3.idle(); // the local S3 imported it in one go; a made-up ETag (s3rver ignores If-Match) makes a second, distinct import
    const small = { canPause: true, batchRows: 100, reserveMs: 1_000, remainingMs: () => 0 };
    let invocations = 0;
    let event: SQSEvent | DynamoDBStreamEvent = sqsEvent(s3.bucket, key, `parts-${staged.ETag}`);
    const versionedId = importIdOf({ bucket: s3.bucket, key, eTag: `parts-${staged.ETag}` });
    for (;;) {
      invocations++;
      const res = await handleBackfillEvent(event, () => 0, small);
      expect(res.batchItemFailures).toEqual([]);
      const item = await getImport(parts.org, versionedId);
      if (item.status !== 'running') break;
      event = await streamEventFor(parts.org, versionedId);
      expect(invocations).toBeLessThan(100);
    }
    expect(invocations).toBeGreaterThan(5);

    const a = await getImport(single.org, singleId);
    const b = await getImport(parts.org, versionedId);
    const strip = ({ importId: _i, key: _k, startedAt: _s, finishedAt: _f, versionId: _v, ...rest }: typeof a) => rest;
    expect(strip(b)).toEqual(strip(a));
    expect(b.rejections).toHaveLength(100);
    expect(a.rowsRejected).toBeGreaterThan(100);
    for (const serial of ['R-0', 'R-1', 'R-2']) expect(await rows(parts.org, serial)).toEqual(await rows(single.org, serial));
  }, 60_000);
});

describe('import status reads', () => {
  test('paging with a cursor, status filter, the 400 texts naming the parameter, 404 for unknown ids', async () => {
    const { org } = await newOrg();
    await mapping(org, 'p/');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await upload(`backfill/${org.organizationId}/p/PG-${i}.csv.gz`, `timestamp,t\n${iso(MIN)},${i}\n`));
    const first = await listImports(org, { limit: '2' });
    expect(first.imports).toHaveLength(2);
    const second = await listImports(org, { limit: '2', cursor: first.nextCursor as string });
    const third = await listImports(org, { limit: '2', cursor: second.nextCursor as string });
    expect(third.nextCursor).toBeNull();
    expect([...first.imports, ...second.imports, ...third.imports].map((i) => i.importId).sort()).toEqual([...ids].sort());

    await expect(listImports(org, { status: 'done' })).rejects.toThrow('status must be one of running, completed, completed_with_errors, rejected, failed');
    await expect(listImports(org, { limit: '0' })).rejects.toThrow('limit must be an integer from 1 to 100');
    await expect(listImports(org, { limit: '101' })).rejects.toThrow('limit must be an integer from 1 to 100');
    await expect(listImports(org, { cursor: 'garbage' })).rejects.toThrow('cursor is invalid');
    await expect(getImport(org, 'f'.repeat(32))).rejects.toThrow('Import not found');
    await expect(getImport(org, '../x')).rejects.toThrow('Import not found');
    await expect(addMapping(org.organizationId, { prefix: 'q/', path: '{nope}' })).rejects.toThrow('--path: unknown placeholder {nope}');
  });
});
