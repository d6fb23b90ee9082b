import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { SQSEvent } from 'aws-lambda';
import { addMapping, getImport, listImports } from '../../shared/domain/backfill/backfill.service';
import * as repo from '../../shared/domain/backfill/backfill.repository';
import { IMPORT_DEADLINE_MS, REASONS } from '../../shared/domain/backfill/backfill.schema';
import { failImport, importIdOf, importObject, retryImport, sweepStalledImports } from '../../shared/domain/backfill/import-runner';
import type { ObjectRef, ObjectStore } from '../../shared/domain/backfill/object-store';
import { handleBackfillEvent } from '../../shared/domain/backfill/s3-ingest';
import { setTelemetryRetention } from '../../shared/domain/organization/organization.service';
import { getLatestTelemetry, ingestTelemetry, queryTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { storedRecord } from '../support/stored-records';

useTestTable();

/**
 * Issue 17 #2 (imports always end; `import retry` continues from the checkpoint) and #3 (history
 * of any age, kept from the import), against DynamoDB Local with an in-memory object store.
 */

const DAY = 86_400_000;
const BUCKET = 'test-bucket';

/** A store holding gzipped bodies by key; `failAfterBytes` breaks the stream part-way (a network failure). */
function memoryStore(objects: Map<string, Buffer>, failAfterBytes?: number): ObjectStore {
  return {
    async open(ref) {
      const body = objects.get(ref.key);
      if (!body) return { missing: 'gone' };
      const chunks: Buffer[] = [];
      // Small chunks: the pipeline reads only a few KB ahead of the rows being written.
      for (let i = 0; i < body.length; i += 256) chunks.push(body.subarray(i, i + 256));
      async function* stream() {
        let sent = 0;
        for (const chunk of chunks) {
          if (failAfterBytes !== undefined && sent >= failAfterBytes) throw new Error('read ECONNRESET');
          sent += chunk.length;
          yield chunk;
        }
      }
      return { body: Readable.from(stream()), contentLength: body.length };
    },
  };
}

/** A clock that moves 11 s on every read, so the runner checkpoints after every batch. */
function steppingClock(startMs: number) {
  let t = startMs;
  return () => (t += 11_000);
}

const sqsEvent = (ref: ObjectRef, receiveCount: number): SQSEvent => ({
  Records: [
    {
      messageId: `m-${receiveCount}`,
      receiptHandle: 'r',
      body: JSON.stringify({ Records: [{ eventSource: 'aws:s3', eventName: 'ObjectCreated:Put', s3: { bucket: { name: ref.bucket }, object: { key: ref.key, eTag: ref.eTag } } }] }),
      attributes: { ApproximateReceiveCount: String(receiveCount) } as SQSEvent['Records'][number]['attributes'],
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:0:q',
      awsRegion: 'local',
    },
  ],
});

describe('imports always end (issue 17 #2)', () => {
  test('a stream that breaks on every receive ends failed with its reason; import retry continues from the checkpoint and counts each row once', async () => {
    const { org } = await newOrg();
    await addMapping(org.organizationId, { prefix: 'dump/', path: 'all.csv.gz', identifierColumn: 'serial' });
    const start = Date.now() - 3 * DAY;
    const lines = ['serial,timestamp,t,a,b'];
    // Values that compress poorly, so the broken stream stops well after the pipeline's read-ahead.
    for (let i = 0; i < 2000; i++) lines.push(`F-${i % 2},${new Date(start + i * 60_000).toISOString()},${i},${Math.random()},${Math.random()}`);
    const body = gzipSync(lines.join('\n'));
    const ref: ObjectRef = { bucket: BUCKET, key: `backfill/${org.organizationId}/dump/all.csv.gz`, eTag: 'e1' };
    const importId = importIdOf(ref);
    const broken = memoryStore(new Map([[ref.key, body]]), Math.floor(body.length * 0.6));
    const options = { store: broken, batchRows: 100, now: steppingClock(Date.now()) };

    for (let receive = 1; receive <= 3; receive++) {
      const res = await handleBackfillEvent(sqsEvent(ref, receive), () => 60_000, options);
      expect(res.batchItemFailures).toEqual([{ itemIdentifier: `m-${receive}` }]);
      if (receive < 3) expect((await getImport(org, importId)).status).toBe('running');
    }
    const failed = await getImport(org, importId);
    const stored = await repo.getImport(org.organizationId, importId);
    const line = stored?.checkpoint?.line ?? 0;
    expect(line).toBeGreaterThan(100);
    expect(line).toBeLessThan(2000);
    expect(failed).toMatchObject({ status: 'failed', rowsWritten: line - 1, reason: REASONS.attemptsFailed(line, 'read ECONNRESET') });
    expect(failed.reason).toContain(`rows up to line ${line} were imported`);
    expect((await listImports(org, { status: 'failed' })).imports.map((i) => i.importId)).toEqual([importId]);
    expect(await repo.listRunningImports()).not.toContainEqual({ organizationId: org.organizationId, importId });

    // The operator retries once the cause is fixed: the continuation starts at the checkpoint.
    const good = memoryStore(new Map([[ref.key, body]]));
    const retried = await retryImport(org.organizationId, importId, { continueHere: { store: good, remainingMs: () => 60_000, batchRows: 100 } });
    expect(retried).toMatchObject({ importId, continuedFrom: line, status: 'completed', rowsRead: 2000, rowsWritten: 2000, rowsRejected: 0 });
    const done = await getImport(org, importId);
    expect(done).toMatchObject({ status: 'completed', rowsRead: 2000, rowsWritten: 2000, reason: null });
    // The last rows, read only by the continuation, are there.
    const tail = await queryTelemetry(org, 'F-1', { order: 'desc', limit: '1' });
    expect(tail.records[0]).toMatchObject({ timestamp: new Date(start + 1999 * 60_000).toISOString(), measurements: { t: 1999 } });
    expect(body.length).toBeGreaterThan(40_000);
    expect((await listImports(org, { status: 'failed' })).imports).toEqual([]);

    // Only a failed import can be retried.
    await expect(retryImport(org.organizationId, importId)).rejects.toThrow(`Import ${importId} is completed; only a failed import can be retried`);
    await expect(retryImport(org.organizationId, 'f'.repeat(32))).rejects.toThrow('Import not found');
  }, 120_000);

  test('the sweep fails imports whose lease ran out without progress (with the last error), leaves live ones, and enforces the deadline', async () => {
    const { org } = await newOrg();
    const now = Date.now();
    const base = (importId: string, over: Partial<repo.ImportItem>): repo.ImportItem => ({
      organizationId: org.organizationId,
      importId,
      bucket: BUCKET,
      key: `backfill/${org.organizationId}/p/${importId}.csv.gz`,
      status: 'running',
      rowsRead: 0,
      rowsWritten: 0,
      rowsRejected: 0,
      startedAt: new Date(now - 20 * 60_000).toISOString(),
      updatedAt: new Date(now - 20 * 60_000).toISOString(),
      parts: 1,
      deadlineAt: now + IMPORT_DEADLINE_MS,
      ...over,
    });
    const crashed = 'a'.repeat(32);
    const released = 'b'.repeat(32);
    const live = 'c'.repeat(32);
    const recent = 'd'.repeat(32);
    const late = 'e'.repeat(32);
    await repo.createImport(base(crashed, { leaseOwner: 'x', leaseUntil: now - 60_000, rowsRead: 500, rowsWritten: 500, checkpoint: { line: 501 } }));
    await repo.createImport(base(released, { leaseUntil: 0, lastError: 'AccessDenied: Access Denied' }));
    await repo.createImport(base(live, { leaseOwner: 'y', leaseUntil: now + 60_000 }));
    await repo.createImport(base(recent, { leaseUntil: 0, updatedAt: new Date(now - 60_000).toISOString() }));
    await repo.createImport(base(late, { leaseUntil: 0, updatedAt: new Date(now - 60_000).toISOString(), deadlineAt: now - 1 }));

    const result = await sweepStalledImports(now);
    expect(result.failed).toBeGreaterThanOrEqual(3);
    expect(result.errors).toBe(0);
    expect(await getImport(org, crashed)).toMatchObject({ status: 'failed', rowsWritten: 500, reason: REASONS.stalled(501, 20) });
    expect(await getImport(org, released)).toMatchObject({ status: 'failed', reason: REASONS.stalled(0, 20, 'AccessDenied: Access Denied') });
    expect(await getImport(org, late)).toMatchObject({ status: 'failed', reason: REASONS.deadline(6, 0) });
    expect((await getImport(org, live)).status).toBe('running');
    expect((await getImport(org, recent)).status).toBe('running');
    // One sweep later (the lease long gone, no progress), nothing is left running.
    await sweepStalledImports(now + 6 * 60_000 + 120_000);
    expect((await getImport(org, recent)).status).toBe('failed');
    expect((await getImport(org, live)).status).toBe('failed');
    expect((await listImports(org, { status: 'running' })).imports).toEqual([]);
    expect((await repo.listRunningImports()).filter((r) => r.organizationId === org.organizationId)).toEqual([]);
  });

  test('races: a failure from outside never ends an import another invocation has just taken over; two retries at once, one wins', async () => {
    const { org } = await newOrg();
    const now = Date.now();
    const importId = '1'.repeat(32);
    await repo.createImport({
      organizationId: org.organizationId,
      importId,
      bucket: BUCKET,
      key: `backfill/${org.organizationId}/p/R.csv.gz`,
      status: 'running',
      rowsRead: 0,
      rowsWritten: 0,
      rowsRejected: 0,
      startedAt: new Date(now - 20 * 60_000).toISOString(),
      updatedAt: new Date(now - 20 * 60_000).toISOString(),
      parts: 1,
      leaseUntil: 0,
    });
    // The queue's redelivery takes it over between the sweep's read and its write.
    expect(await repo.takeOverImport(org.organizationId, importId, 'new-owner', now + 300_000, now)).toBeDefined();
    expect(await failImport(org.organizationId, importId, () => 'stalled', now)).toBe(false);
    expect((await sweepStalledImports(now)).errors).toBe(0);
    expect((await getImport(org, importId)).status).toBe('running');

    // Its lease runs out with no progress: the sweep ends it; then two operators retry at once.
    await sweepStalledImports(now + 11 * 60_000);
    expect((await getImport(org, importId)).status).toBe('failed');
    const results = await Promise.allSettled([retryImport(org.organizationId, importId), retryImport(org.organizationId, importId)]);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ status: string }>).value.status)).toEqual(['running']);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason.message))).toEqual([
      `Import ${importId} is running; only a failed import can be retried`,
    ]);
    expect(await repo.listRunningImports()).toContainEqual({ organizationId: org.organizationId, importId });
  });

  test('an import past its deadline stops at the next batch, failed and retryable', async () => {
    const { org } = await newOrg();
    await addMapping(org.organizationId, { prefix: 'p/', path: '{deviceIdentifier}.csv.gz' });
    const lines = ['timestamp,t'];
    for (let i = 0; i < 500; i++) lines.push(`${new Date(Date.now() - DAY + i * 1000).toISOString()},${i}`);
    const ref: ObjectRef = { bucket: BUCKET, key: `backfill/${org.organizationId}/p/DL-1.csv.gz`, eTag: 'e' };
    const store = memoryStore(new Map([[ref.key, gzipSync(lines.join('\n'))]]));
    // Each clock read moves an hour: the deadline (6 h) passes after a few batches.
    let t = Date.now();
    const outcome = await importObject(ref, { store, remainingMs: () => 60_000, canPause: false, batchRows: 50, now: () => (t += 3_600_000) });
    expect(outcome).toMatchObject({ outcome: 'finished', status: 'failed' });
    const detail = await getImport(org, importIdOf(ref));
    expect(detail.reason).toMatch(/^The import did not finish within 6 hours of its start; rows up to line \d+ were imported/);
    expect(detail.rowsRead).toBeLessThan(500);
    const retried = await retryImport(org.organizationId, importIdOf(ref), { continueHere: { store, remainingMs: () => 60_000 } });
    expect(retried).toMatchObject({ status: 'completed', rowsRead: 500, rowsWritten: 500 });
  });
});

describe('history of any age (issue 17 #3)', () => {
  test('rows 400 days old are imported and kept for the retention counted from the import; the latest value never moves back', async () => {
    const { org } = await newOrg();
    await setTelemetryRetention(org.organizationId, 30);
    await addMapping(org.organizationId, { prefix: 'old/', path: '{deviceIdentifier}.csv.gz' });
    await ingestTelemetry({ ...org, telemetryRetentionDays: 30 }, 'H-1', { temperature: 21 }, 'rest');
    const old = Date.now() - 400 * DAY;
    const text = `timestamp,temperature\n${new Date(old).toISOString()},5\n${new Date(old + 60_000).toISOString()},6\n`;
    const ref: ObjectRef = { bucket: BUCKET, key: `backfill/${org.organizationId}/old/H-1.csv.gz`, eTag: 'h' };
    const started = Date.now();
    const outcome = await importObject(ref, { store: memoryStore(new Map([[ref.key, gzipSync(text)]])), remainingMs: () => 60_000, canPause: false });
    expect(outcome).toMatchObject({ outcome: 'finished', status: 'completed', rowsWritten: 2 });

    const history = await queryTelemetry(org, 'H-1', { from: String(old - 1000), to: String(old + 120_000) });
    expect(history.records).toEqual([
      { timestamp: new Date(old).toISOString(), source: 's3', measurements: { temperature: 5 } },
      { timestamp: new Date(old + 60_000).toISOString(), source: 's3', measurements: { temperature: 6 } },
    ]);
    // The import's records are stored in a chunk item; each keeps its own expiry.
    const Item = await storedRecord(org.organizationId, 'H-1', new Date(old).toISOString(), 's3');
    const expected = Math.floor(started / 1000) + 30 * 86_400;
    expect(Item?.expiresAt).toBeGreaterThanOrEqual(expected - 5);
    expect(Item?.expiresAt).toBeLessThanOrEqual(expected + 60);
    expect((await getLatestTelemetry(org, 'H-1')).measurements.temperature).toMatchObject({ value: 21 });
  });
});
