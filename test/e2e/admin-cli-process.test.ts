import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { useTestTable } from '../support/dynamo';

useTestTable();

const root = path.resolve(__dirname, '../..');
/** Runs the operator CLI the way an operator does (tsx bin/admin.ts), against this file's table. */
function admin(...args: string[]) {
  const out = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'bin/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env },
    encoding: 'utf8',
    timeout: 60000,
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe('operator CLI process contract', () => {
  it('success: exactly one JSON line on stdout, exit 0', () => {
    const res = admin('org', 'create', '--name', 'CLI Co');
    expect(res.status).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toEqual({ organizationId: expect.any(String), apiKey: expect.stringMatching(/^fdk_/) });
  }, 60000);

  it('failure: non-zero exit, one line on stderr, nothing on stdout', () => {
    for (const args of [['org', 'create'], ['nope'], ['org', 'create', '--bogus', 'x']]) {
      const res = admin(...args);
      expect(res.status).not.toBe(0);
      expect(res.stdout).toBe('');
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
    }
  }, 120000);
});
