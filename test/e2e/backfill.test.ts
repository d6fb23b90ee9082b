import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { runAdminCommand } from '../../shared/admin/commands';
import { startLocalS3, type LocalS3 } from '../../shared/local/s3';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

/**
 * Backfill end to end, as a newcomer does it on `npm start`: a mapping from the operator CLI, an
 * upload with the real S3 client to the local S3, then the rows and the import read back over HTTP.
 */
describe('S3 backfill through the local stack', () => {
  let s3: LocalS3;
  let client: S3Client;
  beforeAll(async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'fd-e2e-s3-'));
    s3 = await startLocalS3({ port: 0, rootDir: path.resolve(__dirname, '../..'), dataDir: path.join(tmp, 's3'), deadLetterFile: path.join(tmp, 'dlq.jsonl') });
    process.env.S3_ENDPOINT = s3.endpoint;
    // The SDK's default request checksums are for AWS; the local S3 gets them only when required.
    client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
  });

  it('uploads a gzipped CSV, then reads its rows and its import back over the API', async () => {
    const { org, apiKey } = await newOrg();
    await runAdminCommand(['mapping', 'add'], { org: org.organizationId, prefix: 'thermostats/', path: '{deviceIdentifier}/{yyyy}/{mm}/{dd}.csv.gz', 'timestamp-column': 'time' });
    const day = new Date(Date.now() - 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const csv = 'time,temperature,setpoint\n08:00,19.5,20\n08:15,20.1,20\n08:30,,21\nbroken,1,1\n';
    const key = `backfill/${org.organizationId}/thermostats/SN-0001/${date.replace(/-/g, '/')}.csv.gz`;
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: gzipSync(csv) }));
    await s3.idle();

    const history = await api.get('/device/SN-0001/telemetry', apiKey);
    expect(history.status).toBe(200);
    expect(history.body.records).toEqual([
      { timestamp: `${date}T08:00:00.000Z`, source: 's3', measurements: { temperature: 19.5, setpoint: 20 } },
      { timestamp: `${date}T08:15:00.000Z`, source: 's3', measurements: { temperature: 20.1, setpoint: 20 } },
      { timestamp: `${date}T08:30:00.000Z`, source: 's3', measurements: { setpoint: 21 } },
    ]);

    const list = await api.get('/telemetry/imports', apiKey);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      imports: [
        {
          importId: expect.stringMatching(/^[0-9a-f]{32}$/),
          key,
          status: 'completed_with_errors',
          rowsRead: 4,
          rowsWritten: 3,
          rowsRejected: 1,
          startedAt: expect.any(String),
          finishedAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
    const importId = (list.body.imports as { importId: string }[])[0]?.importId as string;
    const detail = await api.get(`/telemetry/imports/${importId}`, apiKey);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ importId, status: 'completed_with_errors', mappingPrefix: 'thermostats/', rejections: [{ line: 5, reason: 'timestamp must be a time of day HH:MM[:SS[.fff]] (got "broken")' }] });

    // Another organization sees none of it.
    const other = await newOrg('other');
    expect((await api.get(`/telemetry/imports/${importId}`, other.apiKey))).toEqual({ status: 404, body: { error: 'Import not found' } });
    expect((await api.get('/telemetry/imports', other.apiKey)).body).toEqual({ imports: [], nextCursor: null });
  });

  it.each([
    ['?status=finished', 'status must be one of running, completed, completed_with_errors, rejected, failed'],
    ['?limit=abc', 'limit must be an integer from 1 to 100'],
    ['?limit=1000', 'limit must be an integer from 1 to 100'],
    ['?cursor=%FF%FE', 'cursor is invalid'],
  ])('GET /telemetry/imports%s → 400 naming the parameter', async (query, error) => {
    const { apiKey } = await newOrg();
    expect(await api.get(`/telemetry/imports${query}`, apiKey)).toEqual({ status: 400, body: { error } });
  });

  it('404 for an unknown or malformed import id; 401 without a key', async () => {
    const { apiKey } = await newOrg();
    expect(await api.get(`/telemetry/imports/${'0'.repeat(32)}`, apiKey)).toEqual({ status: 404, body: { error: 'Import not found' } });
    expect(await api.get('/telemetry/imports/not-an-id', apiKey)).toEqual({ status: 404, body: { error: 'Import not found' } });
    expect(await api.call('GET', '/api/ext-v1/telemetry/imports')).toEqual({ status: 401, body: { error: 'Missing API key' } });
  });
});
