import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import mqtt from 'mqtt';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

describe('npm start (bin/local.ts)', () => {
  it('on an empty table: creates it, creates an organization, prints its key and a working curl line', async () => {
    const env = { ...process.env, PORT: '0', MQTT_PORT: '0', S3_PORT: '0', TABLE_NAME: `local-${randomUUID()}` };
    const child = spawn(process.execPath, [tsx, 'bin/local.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
    const res = spawnSync(process.execPath, [tsx, 'bin/local.ts'], { cwd: root, env, encoding: 'utf8', timeout: 60000 });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringContaining('Java 17')]);
  }, 60000);
});
