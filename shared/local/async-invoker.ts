import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { fakeContext } from '../http/local-router';

/** Lambda's asynchronous invocation retries a failed event twice before its on-failure destination. */
const RETRIES = 2;

export interface AsyncInvoker<E> {
  /** Hands an event to the handler without waiting, as an asynchronous invocation does. */
  invoke: (event: E) => void;
  /** Resolves when every event handed over so far has been handled or dead-lettered (tests). */
  idle: () => Promise<void>;
}

/**
 * The local stand-in for an asynchronous Lambda invocation (IoT rule, S3 notification): loads the
 * ingestion handler from the route table's entry, retries a throwing handler twice, then appends
 * the event and the error to `deadLetterFile` (JSON lines), where AWS would use the function's
 * on-failure queue.
 */
export function createAsyncInvoker<E>(options: {
  definition: { id: string; entry: string };
  rootDir: string;
  deadLetterFile: string;
  /** What the dead-letter log line names (e.g. the topic or the key). */
  describe: (event: E) => Record<string, unknown>;
  /** Called once the retries gave up, before the dead-letter line (e.g. to mark the work failed); its own failure is only logged. */
  onGiveUp?: (event: E, error: unknown) => Promise<void>;
}): AsyncInvoker<E> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const handler = (require(path.join(options.rootDir, options.definition.entry)) as { handler: (event: E, context: Context) => Promise<unknown> }).handler;
  const inFlight = new Set<Promise<void>>();

  const deliver = async (event: E) => {
    let lastError: unknown;
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      try {
        await handler(event, fakeContext(options.definition, randomUUID()));
        return;
      } catch (error) {
        lastError = error;
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    await options.onGiveUp?.(event, lastError).catch((error: unknown) => console.error(JSON.stringify({ level: 'ERROR', message: `${options.definition.id} give-up hook failed`, reason: String(error) })));
    await mkdir(path.dirname(options.deadLetterFile), { recursive: true });
    await appendFile(options.deadLetterFile, `${JSON.stringify({ failedAt: new Date().toISOString(), reason, event })}\n`);
    console.error(JSON.stringify({ level: 'ERROR', message: `${options.definition.id} event dead-lettered`, reason, ...options.describe(event) }));
  };

  return {
    invoke: (event) => {
      const job = deliver(event).finally(() => inFlight.delete(job));
      inFlight.add(job);
    },
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
