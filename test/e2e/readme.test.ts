import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../shared/local/free-port';
import { freshClone } from '../support/fresh-clone';
import { hostileEnv } from '../support/hostile-aws-env';
import { ctrlC, startLocalStack, waitForBanner } from '../support/local-process';
import { exampleScript, expectationGlob, extractExamples, runWalkthrough } from '../support/readme-examples';

const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

describe('README examples: extraction conventions', () => {
  it('runs sh and bash blocks in order, skips `not-run` and other languages, and keeps README line numbers', () => {
    const text = ['# T', '```sh', 'echo one', '```', '```sh not-run', 'exit 1', '```', '```json', '{}', '```', '## S', '```bash', 'echo two', '```'].join('\n');
    const blocks = extractExamples(text);
    expect(blocks.map((b) => [b.line, b.heading, b.lines])).toEqual([
      [2, 'T', ['echo one']],
      [12, 'S', ['echo two']],
    ]);
  });

  it('an expectation holds only for output containing its text, … standing for anything', () => {
    const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
    const holds = (expected: string, output: string) =>
      spawnSync('bash', ['-c', `[[ $1 == ${expectationGlob(expected)} ]]`, '_', output]).status === 0;
    expect(holds('"a":1,…"b":"x*"', '{"a":1,"z":2,"b":"x*"}')).toBe(true);
    expect(holds('"a":1,…"b":"x*"', '{"a":1,"z":2,"b":"xy"}')).toBe(false); // * in the text is literal
    expect(holds("it's", "so it's here")).toBe(true);
    expect(holds('"accepted":2', '{"accepted":1}')).toBe(false);
  });

  it('a failing command or an unmet expectation fails the run and names the README line', () => {
    const text = ['# T', '```sh', 'X=1', 'echo "value $X"', '# -> value 2', '```'].join('\n');
    const { script, readmeLine } = exampleScript(extractExamples(text), { retrySeconds: 0 });
    const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
    const res = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(res.status).not.toBe(0);
    expect(res.stdout).toContain('@@EXPECTED README.md:5: value 2');
    expect(readmeLine(Number(/@@FAILED (\d+)/.exec(res.stdout)?.[1]))).toBe(4);
    const ok = spawnSync('bash', ['-c', exampleScript(extractExamples(text.replace('value 2', 'value 1')), { retrySeconds: 0 }).script], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
  });

  it('the README itself: the first block is the two commands, and no example uses a placeholder or a name the service reads', () => {
    expect(readme.split('\n').slice(0, 6).join('\n')).toMatch(/```sh not-run\nnpm install\nnpm start .*\nnpm test /);
    const run = extractExamples(readme);
    expect(run.length).toBeGreaterThan(8);
    for (const block of run) {
      for (const line of block.lines.filter((l) => !/^\s*#/.test(l))) {
        expect({ line, placeholder: /<[a-zA-Z]+>/.test(line) }).toEqual({ line, placeholder: false });
        expect({ line, setsServiceVariable: /(^|[;\s])(HOST|PORT|TABLE_NAME|DYNAMODB_ENDPOINT|DYNAMODB_PORT)=/.test(line) }).toEqual({ line, setsServiceVariable: false });
      }
    }
    expect(readme).not.toMatch(/\.\.\/shared/);
  });
});

describe('README walkthrough (fresh clone, npm start on non-default ports, clean shell with hostile AWS variables)', () => {
  const clone = freshClone();
  afterAll(() => clone.remove());

  it('every local example runs in order and shows what the README says', async () => {
    const ports = { PORT: await freePort(), DYNAMODB_PORT: await freePort(), MQTT_PORT: await freePort(), S3_PORT: await freePort() };
    const portEnv = Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)]));
    const env = hostileEnv();
    for (const name of ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'DYNAMODB_PORT', 'PORT', 'MQTT_PORT', 'S3_PORT', 'HOST']) delete env[name];
    const stack = startLocalStack(clone.dir, { ...env, ...portEnv });
    try {
      await waitForBanner(stack);
      // The paste shell knows the ports the README asks for (PORT, MQTT_PORT, S3_PORT), not DynamoDB's:
      // the CLI finds the running stack by itself.
      const shell = { ...env, PORT: portEnv.PORT, MQTT_PORT: portEnv.MQTT_PORT, S3_PORT: portEnv.S3_PORT };
      const result = runWalkthrough(readme, clone.dir, shell);
      // The closing note quotes this figure (a paste-through at machine speed, without typing).
      console.log(`README walkthrough: ${extractExamples(readme).length} blocks in ${(result.durationMs / 1000).toFixed(1)} s`);
      expect(result.failure ?? 'ok').toBe('ok');
      expect(result.status).toBe(0);
    } finally {
      ctrlC(stack.child);
      await stack.exited;
    }
  }, 1_200_000);
});
