import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAsyncInvoker } from '../../shared/local/async-invoker';

/** The local stand-in for Lambda's asynchronous invocation (local MQTT broker and local S3 use it). */
describe('local asynchronous invocation', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-invoker-'));
  // A handler that fails its first `failures` calls for an event, counting calls per event id.
  writeFileSync(
    path.join(dir, 'flaky.js'),
    `const calls = {}; exports.calls = calls; exports.handler = async (e) => { calls[e.id] = (calls[e.id] || 0) + 1; if (calls[e.id] <= e.failures) throw new Error('boom ' + e.id); };`,
  );
  const deadLetterFile = path.join(dir, 'dead', 'letters.jsonl');
  const invoker = createAsyncInvoker<{ id: string; failures: number }>({
    definition: { id: 'Flaky', entry: 'flaky.js' },
    rootDir: dir,
    deadLetterFile,
    describe: (e) => ({ id: e.id }),
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const calls = (require(path.join(dir, 'flaky.js')) as { calls: Record<string, number> }).calls;

  it('retries a failing event twice; one that still fails goes to the dead-letter file with its reason', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    invoker.invoke({ id: 'recovers', failures: 2 });
    invoker.invoke({ id: 'fails', failures: 3 });
    await invoker.idle();
    error.mockRestore();
    expect(calls).toEqual({ recovers: 3, fails: 3 });
    const lines = readFileSync(deadLetterFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { reason: string; event: { id: string } });
    expect(lines.map((l) => [l.event.id, l.reason])).toEqual([['fails', 'boom fails']]);
  });
});
