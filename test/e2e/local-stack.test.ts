import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import mqtt from 'mqtt';
import { startDynamoDbLocal } from '../../shared/local/dynamodb-local';
import { freePort } from '../../shared/local/free-port';
import { hostileEnv } from '../support/hostile-aws-env';
import { startLocalStack, waitForBanner } from '../support/local-process';
import { LOCAL_STACK_NODE_ARGS } from '../../shared/local/stack-file';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

describe('npm start (bin/local.ts)', () => {
  it('is what the tests and benchmarks start: node with the arguments they use, no relaying parent', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${LOCAL_STACK_NODE_ARGS.join(' ')}`);
  });

  it('on an empty table: creates it, creates an organization, prints its key and a working curl line', async () => {
    // AWS variables in the shell that would fail against every stand-in (issue 17): nothing local reads them.
    const env = { ...hostileEnv(), PORT: '0', MQTT_PORT: '0', S3_PORT: '0', TABLE_NAME: `local-${randomUUID()}` };
    const child = spawn(process.execPath, [...LOCAL_STACK_NODE_ARGS], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner in time:\n${out}`)), 60000);
        const onData = (d: Buffer) => {
          out += d.toString();
          if (out.includes('Ctrl-C')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
      });
      expect(out).toContain('(created)');
      expect(out).toMatch(/S3:\s+http:\/\/127\.0\.0\.1:\d+\s+bucket "fleetdesk-backfill"/);
      const key = /API key \(shown once\): (fdk_\S+)/.exec(out)?.[1];
      const base = /API:\s+(http:\/\/\S+\/api\/ext-v1)/.exec(out)?.[1];
      expect(key).toBeDefined();
      expect(out).toContain(`curl -s -X POST ${base}/device`);
      const res = await fetch(`${base}/device`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key as string },
        body: JSON.stringify({ identifier: 'SN-0001', type: 'thermostat' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ message: 'Device created successfully' });

      // The banner's telemetry lines work too: REST, then MQTT with the printed topic, read back as latest.
      const host = base?.replace(/\/api\/ext-v1$/, '');
      expect(out).toContain(`curl -s -X POST ${host}/api/telemetry`);
      const posted = await fetch(`${host}/api/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key as string },
        body: JSON.stringify({ deviceIdentifier: 'SN-0001', temperature: 21.5 }),
      });
      expect(await posted.json()).toEqual({ success: true, accepted: 1, deviceKnown: true, owners: [] });
      const mqttUrl = /MQTT:\s+(mqtt:\/\/\S+)/.exec(out)?.[1] as string;
      const topic = / -t (\S+) -m /.exec(out)?.[1] as string;
      const client = await mqtt.connectAsync(mqttUrl, { username: 'device', password: key as string, reconnectPeriod: 0 });
      await client.publishAsync(topic, JSON.stringify({ temperature: 22 }), { qos: 1 });
      await client.endAsync();
      let latest: { measurements?: { temperature?: { value: number } } } = {};
      for (let i = 0; i < 50 && latest.measurements?.temperature?.value !== 22; i++) {
        await new Promise((r) => setTimeout(r, 100));
        latest = (await (await fetch(`${base}/device/SN-0001/telemetry/latest`, { headers: { 'x-api-key': key as string } })).json()) as typeof latest;
      }
      expect(latest.measurements?.temperature?.value).toBe(22);
    } finally {
      child.kill('SIGINT');
    }
  }, 90000);

  it('without Java 17+ it stops with a one-line message naming the prerequisite', () => {
    // node is started by absolute path; with no PATH there is no java to find.
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: '/nonexistent' };
    delete env.DYNAMODB_ENDPOINT;
    const res = spawnSync(process.execPath, [...LOCAL_STACK_NODE_ARGS], { cwd: root, env, encoding: 'utf8', timeout: 60000 });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringContaining('Java 17')]);
  }, 60000);

  it('with AWS credentials in the shell and a user-run DynamoDB Local without -sharedDb: starts, the CLI sees its table, a backfill upload imports', async () => {
    const dynamoPort = await freePort();
    const dynamo = await startDynamoDbLocal({ port: dynamoPort, sharedDb: false, timeoutMs: 120_000 });
    const endpoint = `http://127.0.0.1:${dynamoPort}`;
    const env = { ...hostileEnv(), DYNAMODB_ENDPOINT: endpoint, PORT: '0', MQTT_PORT: '0', S3_PORT: '0', TABLE_NAME: `local-${randomUUID()}` };
    const stack = startLocalStack(root, env);
    try {
      const banner = await waitForBanner(stack);
      const key = /API key \(shown once\): (fdk_\S+)/.exec(banner)?.[1] as string;
      const org = /Created organization (\S+)/.exec(banner)?.[1] as string;
      const base = /API:\s+(http:\/\/\S+\/api\/ext-v1)/.exec(banner)?.[1] as string;
      const s3Endpoint = /S3:\s+(http:\/\/\S+)/.exec(banner)?.[1] as string;

      // The operator CLI, in the same shell: same database (DynamoDB Local keeps one per key and region).
      const cli = spawnSync(process.execPath, [tsx, 'bin/admin.ts', 'mapping', 'add', '--org', org, '--prefix', 'thermostats/', '--path', '{deviceIdentifier}.csv.gz'], {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(cli.stderr.trim()).toBe('');
      expect(cli.status).toBe(0);

      // An upload with the real S3 client, read back over HTTP: the stack's own S3 client ignored the shell's keys.
      const s3 = new S3Client({ endpoint: s3Endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
      const stamp = new Date(Date.now() - 60_000).toISOString();
      await s3.send(new PutObjectCommand({ Bucket: 'fleetdesk-backfill', Key: `backfill/${org}/thermostats/SN-0009.csv.gz`, Body: gzipSync(`timestamp,temperature\n${stamp},19.5\n`) }));
      s3.destroy();
      let imports: { imports?: { status: string; rowsWritten: number }[] } = {};
      for (let i = 0; i < 300 && imports.imports?.[0]?.status !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        imports = (await (await fetch(`${base}/telemetry/imports`, { headers: { 'x-api-key': key } })).json()) as typeof imports;
      }
      expect(imports.imports?.[0]).toMatchObject({ status: 'completed', rowsWritten: 1 });
    } finally {
      stack.child.kill('SIGINT');
      await stack.exited;
      dynamo.kill();
    }
  }, 300_000);
});
