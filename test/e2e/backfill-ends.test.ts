import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { runAdminCommand } from '../../shared/admin/commands';
import { resetEnvCache } from '../../shared/config/env';
import { startLocalS3, type LocalS3 } from '../../shared/local/s3';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

/**
 * Issue 17 #2-#4 through the local stack, as a maker and an operator meet them: uploads with the
 * real S3 client to the local S3 (whose events reach the same handler as `npm start`), the
 * operator CLI, and everything read back over HTTP.
 */
describe('backfill through the local stack: imports end, history, wildcards', () => {
  let s3: LocalS3;
  let client: S3Client;
  const tmp = mkdtempSync(path.join(tmpdir(), 'fd-e2e-s3-ends-'));
  const deadLetterFile = path.join(tmp, 'dlq.jsonl');
  beforeAll(async () => {
    s3 = await startLocalS3({ port: 0, rootDir: path.resolve(__dirname, '../..'), dataDir: path.join(tmp, 's3'), deadLetterFile });
    process.env.S3_ENDPOINT = s3.endpoint;
    client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
  });

  async function upload(key: string, csv: string) {
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: gzipSync(csv) }));
    await s3.idle();
  }

  it('a permanent failure ends failed with its reason (listed by ?status=failed); import retry completes it', async () => {
    const { org, apiKey } = await newOrg();
    const orgId = org.organizationId;
    await runAdminCommand(['mapping', 'add'], { org: orgId, prefix: 'fail/', path: '{deviceIdentifier}.csv.gz' });
    const ts = new Date(Date.now() - 3_600_000).toISOString();
    const key = `backfill/${orgId}/fail/PF-1.csv.gz`;
    // Forced: the backfill handler cannot reach S3 on any attempt (nothing listens on port 1).
    process.env.S3_ENDPOINT = 'http://127.0.0.1:1';
    resetEnvCache();
    try {
      await upload(key, `timestamp,temp\n${ts},20.5\n`);
    } finally {
      process.env.S3_ENDPOINT = s3.endpoint;
      resetEnvCache();
    }

    const failed = await api.get('/telemetry/imports?status=failed', apiKey);
    expect(failed.status).toBe(200);
    expect(failed.body.imports).toEqual([expect.objectContaining({ key, status: 'failed', rowsRead: 0, finishedAt: expect.any(String) })]);
    const importId = (failed.body.imports as { importId: string }[])[0]?.importId as string;
    const detail = await api.get(`/telemetry/imports/${importId}`, apiKey);
    expect(detail.body.reason).toMatch(/^The import failed on every attempt \(.*ECONNREFUSED.*\); no rows were imported\. Once the cause is fixed, an operator can retry it/);
    expect((await api.get('/telemetry/imports?status=running', apiKey)).body.imports).toEqual([]);
    expect(readFileSync(deadLetterFile, 'utf8')).toContain('PF-1.csv.gz');

    const retried = await runAdminCommand(['import', 'retry'], { org: orgId, import: importId });
    expect(retried).toMatchObject({ organizationId: orgId, importId, continuedFrom: 0, status: 'completed', rowsRead: 1, rowsWritten: 1 });
    expect((await api.get(`/telemetry/imports/${importId}`, apiKey)).body).toMatchObject({ status: 'completed', reason: null });
    expect((await api.get('/device/PF-1/telemetry', apiKey)).body.records).toEqual([{ timestamp: ts, source: 's3', measurements: { temp: 20.5 } }]);
    await expect(runAdminCommand(['import', 'retry'], { org: orgId, import: importId })).rejects.toThrow(`Import ${importId} is completed; only a failed import can be retried`);
  });

  it('rows 400 days old are imported and read back by GET /device/{identifier}/telemetry?from=&to=', async () => {
    const { org, apiKey } = await newOrg();
    await runAdminCommand(['mapping', 'add'], { org: org.organizationId, prefix: 'history/', path: '{deviceIdentifier}-last-year.csv.gz' });
    const day = 86_400_000;
    const t0 = Date.now() - 400 * day;
    const rows = [0, 1, 2].map((i) => new Date(t0 + i * 3_600_000).toISOString());
    await upload(`backfill/${org.organizationId}/history/OLD-1-last-year.csv.gz`, `timestamp,temp\n${rows.map((t, i) => `${t},${10 + i}`).join('\n')}\n`);

    const from = new Date(t0 - day).toISOString();
    const to = new Date(t0 + day).toISOString();
    const history = await api.get(`/device/OLD-1/telemetry?from=${from}&to=${to}`, apiKey);
    expect(history.status).toBe(200);
    expect(history.body.records).toEqual(rows.map((timestamp, i) => ({ timestamp, source: 's3', measurements: { temp: 10 + i } })));
    expect((await api.get('/telemetry/imports', apiKey)).body.imports).toEqual([expect.objectContaining({ status: 'completed', rowsWritten: 3 })]);
  });

  it('two files under a "*" template and one under a "**" template, identifiers from a column', async () => {
    const { org, apiKey } = await newOrg();
    const orgId = org.organizationId;
    await runAdminCommand(['mapping', 'add'], { org: orgId, prefix: 'exports/', path: 'part-*.csv.gz', 'identifier-column': 'serial' });
    await runAdminCommand(['mapping', 'add'], { org: orgId, prefix: 'archive/', path: '**/part-*.csv.gz', 'identifier-column': 'serial' });
    expect(await runAdminCommand(['mapping', 'list'], { org: orgId })).toEqual({
      organizationId: orgId,
      mappings: [
        { prefix: 'archive/', pathTemplate: '**/part-*.csv.gz', identifierColumn: 'serial', createdAt: expect.any(String) },
        { prefix: 'exports/', pathTemplate: 'part-*.csv.gz', identifierColumn: 'serial', createdAt: expect.any(String) },
      ],
    });
    await expect(runAdminCommand(['mapping', 'add'], { org: orgId, prefix: 'bad/', path: 'part**.csv.gz', 'identifier-column': 'serial' })).rejects.toThrow(
      '--path: "**" must be a whole path segment, as in "exports/**/part-*.csv.gz" (got "part**.csv.gz")',
    );

    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await upload(`backfill/${orgId}/exports/part-0001.csv.gz`, `serial,timestamp,temp\nW-1,${at(30)},1\nW-2,${at(30)},2\n`);
    await upload(`backfill/${orgId}/exports/part-0002.csv.gz`, `serial,timestamp,temp\nW-1,${at(20)},3\n`);
    await upload(`backfill/${orgId}/archive/2026-03-01/deep/part-0007.csv.gz`, `serial,timestamp,temp\nW-2,${at(10)},4\n`);
    // Not matched: outside the "*" segment, and not a part file.
    await upload(`backfill/${orgId}/exports/sub/part-0003.csv.gz`, `serial,timestamp,temp\nW-3,${at(5)},5\n`);

    const temps = async (id: string) => ((await api.get(`/device/${id}/telemetry`, apiKey)).body.records as { measurements: { temp: number } }[]).map((r) => r.measurements.temp);
    expect(await temps('W-1')).toEqual([1, 3]);
    expect(await temps('W-2')).toEqual([2, 4]);
    expect((await api.get('/device/W-3/telemetry', apiKey)).status).toBe(404);
    const imports = (await api.get('/telemetry/imports', apiKey)).body.imports as { key: string; status: string }[];
    expect(Object.fromEntries(imports.map((i) => [i.key.split('/').slice(2).join('/'), i.status]))).toEqual({
      'exports/part-0001.csv.gz': 'completed',
      'exports/part-0002.csv.gz': 'completed',
      'archive/2026-03-01/deep/part-0007.csv.gz': 'completed',
      'exports/sub/part-0003.csv.gz': 'rejected',
    });
  });
});
