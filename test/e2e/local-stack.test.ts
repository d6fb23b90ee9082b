import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');

describe('npm start (bin/local.ts)', () => {
  it('on an empty table: creates it, creates an organization, prints its key and a working curl line', async () => {
    const env = { ...process.env, PORT: '0', TABLE_NAME: `local-${randomUUID()}` };
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
