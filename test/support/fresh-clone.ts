import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/**
 * A fresh copy of this working tree (tracked and new files, as `git ls-files` lists them, without
 * `.data/`) in a temporary directory, with `node_modules` linked: what a newcomer has after a
 * clone and `npm install`, with its own empty `.data/`. Tests that run `npm start` with DynamoDB
 * Local use it so they never touch the repository's own data.
 */
export function freshClone(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-clone-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(from, path.join(dir, file));
  }
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
