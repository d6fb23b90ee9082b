import { AsyncLocalStorage } from 'node:async_hooks';
import { documentClient } from '../db/client';

/**
 * The order in which the local stack's writes reach DynamoDB Local (issue 21, load test round 6).
 *
 * DynamoDB Local serialises every write to a table behind one lock (its SQLite database), each item
 * of a BatchWriteItem in turn, while reads go on beside them. So locally, unlike in AWS (where a
 * write to one partition does not wait for writes to others, and a batch's items are written in
 * parallel), a single-record telemetry call waits for every write sent before it: the chunk items of
 * other callers' batches and the stream workers' state writes (measured: `npm run bench:load --
 * --probe`, docs/performance.md). This module holds the stack's writes in the process and hands
 * DynamoDB Local at most {@link DEFAULT_IN_FLIGHT} at a time, earliest deadline first, the deadline
 * being the write's arrival plus its class's slack:
 *
 * - `request` (0 ms): a write an API caller is waiting for (a PutItem, UpdateItem, DeleteItem or
 *   TransactWriteItems sent while answering a request);
 * - `bulk` (250 ms): a BatchWriteItem sent while answering a request (a batch's chunk items);
 * - `background` (1,000 ms): anything the table stream's workers or the schedules write (detector
 *   state, incidents, notifications): nobody waits on the answer.
 *
 * A write is never held back by more than its slack beyond what first-come-first-served would do:
 * once its deadline is the earliest, it goes next, so bulk and background writes always progress
 * (background work catches up as soon as requests pause). Nothing is dropped or merged: every write
 * is sent exactly as issued, its answer or error returned to its caller. Reads are not held: they
 * do not queue behind writes in DynamoDB Local. Local stack only (`npm start`); Lambda never loads it.
 */

export type WriteClass = 'request' | 'bulk' | 'background';

/** How much later than first-come-first-served each class may go, in ms. */
export const SLACK_MS: Readonly<Record<WriteClass, number>> = { request: 0, bulk: 250, background: 1_000 };
/** Writes at DynamoDB Local at once: one being written, one arriving (keeps its lock busy). */
export const DEFAULT_IN_FLIGHT = 2;

const WRITE_COMMANDS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand']);
const BULK_COMMANDS = new Set(['BatchWriteItemCommand']);

/** Set while a stream worker or a schedule runs (shared/local/table-stream.ts): its writes are background. */
const background = new AsyncLocalStorage<true>();

/** Runs `fn` (a worker's or a schedule's handler) with its writes in the background class. */
export function asBackgroundWork<T>(fn: () => T): T {
  return background.run(true, fn);
}

/** The class of a command sent from the current async context; undefined for reads (not ordered). */
export function writeClassOf(commandName: string): WriteClass | undefined {
  const bulk = BULK_COMMANDS.has(commandName);
  if (!bulk && !WRITE_COMMANDS.has(commandName)) return undefined;
  if (background.getStore()) return 'background';
  return bulk ? 'bulk' : 'request';
}

interface Waiting {
  deadline: number;
  /** Arrival order: ties go first-come-first-served. */
  seq: number;
  release: () => void;
}

/**
 * The ordering itself, without the SDK: `acquire(class)` resolves when the write may be sent, and the
 * caller calls the returned `done` once DynamoDB Local answered. `now` is injectable for tests.
 */
export function createWriteOrder(options: { inFlight?: number; slackMs?: Readonly<Record<WriteClass, number>>; now?: () => number } = {}) {
  const limit = options.inFlight ?? DEFAULT_IN_FLIGHT;
  const slack = options.slackMs ?? SLACK_MS;
  const now = options.now ?? Date.now;
  const waiting: Waiting[] = [];
  let active = 0;
  let seq = 0;

  const next = () => {
    while (active < limit && waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < waiting.length; i++) {
        const w = waiting[i] as Waiting;
        const b = waiting[best] as Waiting;
        if (w.deadline < b.deadline || (w.deadline === b.deadline && w.seq < b.seq)) best = i;
      }
      const [chosen] = waiting.splice(best, 1);
      active++;
      chosen?.release();
    }
  };

  return {
    acquire: (writeClass: WriteClass): Promise<() => void> =>
      new Promise((resolve) => {
        let released = false;
        const done = () => {
          if (released) return;
          released = true;
          active--;
          next();
        };
        waiting.push({ deadline: now() + slack[writeClass], seq: seq++, release: () => resolve(done) });
        next();
      }),
    /** Writes waiting and at DynamoDB Local (tests, diagnostics). */
    stats: () => ({ waiting: waiting.length, active }),
  };
}

/**
 * Orders the writes of this process's document client (the one every handler, worker and schedule
 * of the local stack uses). Returns `stop()`, which detaches it.
 */
export function startLocalWriteOrder(options: { inFlight?: number; onWrite?: (writeClass: WriteClass, commandName: string) => void } = {}) {
  const order = createWriteOrder(options);
  const name = `local-write-order-${Math.random()}`;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const commandName = String((context as { commandName?: string }).commandName ?? '');
      const writeClass = writeClassOf(commandName);
      if (!writeClass) return next(args);
      options.onWrite?.(writeClass, commandName);
      const done = await order.acquire(writeClass);
      try {
        return await next(args);
      } finally {
        done();
      }
    },
    // Around everything else of a send, its retries included: a retried write keeps its turn.
    { step: 'initialize', name, priority: 'high' },
  );
  return { stop: () => documentClient().middlewareStack.remove(name), stats: order.stats };
}
