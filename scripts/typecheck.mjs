#!/usr/bin/env node
/**
 * `npm run typecheck` (and the first step of `npm test`): type-checks the service (tsconfig.json) and
 * the console (console/tsconfig.json) in two tsc processes at once, which takes the time of the
 * slower one instead of both, and prints each one's diagnostics as a block under its own name.
 * Exits non-zero when either fails.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['.', 'console'];

const check = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ project, code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ project, code: code ?? 1, output }));
  });

const results = await Promise.all(projects.map(check));
for (const { project, code, output } of results) {
  if (code !== 0 || output.trim()) process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'}\n${output}`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
