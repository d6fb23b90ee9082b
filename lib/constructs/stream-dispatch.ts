import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { TableStreamFilter, WorkerDefinition } from '../../shared/routes';
import { DISPATCH_ENV } from '../../shared/workers/stream-dispatch';
export { STREAM_DISPATCHER } from '../../shared/workers/stream-dispatch';
import { DeadLetterQueue } from './dead-letter-queue';
import type { FleetFunction } from './fleet-function';

/** Lambda's limit of filters per event source mapping; beyond it the dispatcher reads every record and filters itself. */
export const MAX_EVENT_FILTERS = 5;
/** Stream records the dispatcher takes per invocation: copying is cheap, so large batches mean fewer invocations. */
export const DISPATCH_BATCH_SIZE = 100;
/** Receives of a worker's queue message before it goes to the worker's DLQ (the stream event source retried 5 times). */
export const WORKER_MAX_RECEIVES = 5;

export interface StreamWorker {
  def: WorkerDefinition;
  fn: FleetFunction;
}

export interface StreamDispatchProps {
  table: ITable;
  /** The StreamDispatcher function (functions/workers/stream-dispatcher.ts); no table access. */
  dispatcher: FleetFunction;
  workers: readonly StreamWorker[];
}

/** One worker's queue and the dead-letter queue behind it. */
export interface WorkerQueues {
  queue: Queue;
  deadLetterQueue: DeadLetterQueue;
}

/**
 * The table stream's single reader for all workers (AWS: at most two readers per shard; the
 * backfill continuation is the other). The dispatcher's event source passes the union of the
 * workers' filters, so writes no worker wants (bulk backfill telemetry, ...) never invoke it; it
 * copies each record to the queue of each worker whose filter matches (the local stack's routing
 * function, shared/workers/stream-filter.ts), and its failures (stream positions) go to its own
 * DLQ. Each worker keeps its own retries (its queue, {@link WORKER_MAX_RECEIVES} receives), its
 * own dead-letter queue, which now holds the records themselves, and its own alarm (set by the
 * stack). Adding a worker stays one entry of `workers` in shared/routes.ts.
 */
export class StreamDispatch extends Construct {
  readonly workerQueues = new Map<string, WorkerQueues>();
  /** Stream positions the dispatcher could not copy after its retries. */
  readonly deadLetterQueue: DeadLetterQueue;

  constructor(scope: Construct, id: string, props: StreamDispatchProps) {
    super(scope, id);
    for (const { def, fn } of props.workers) {
      const deadLetterQueue = new DeadLetterQueue(this, `${def.id}Dlq`);
      const timeout = fn.fn.timeout ?? Duration.seconds(30);
      const queue = new Queue(this, `${def.id}Queue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // Six times the worker's timeout (AWS's guidance for Lambda consumers).
        visibilityTimeout: Duration.seconds(timeout.toSeconds() * 6),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: deadLetterQueue.queue, maxReceiveCount: WORKER_MAX_RECEIVES },
        removalPolicy: RemovalPolicy.DESTROY,
      });
      fn.fn.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
      queue.grantSendMessages(props.dispatcher.role);
      this.workerQueues.set(def.id, { queue, deadLetterQueue });
    }
    const targets = props.workers.map(({ def }) => ({ id: def.id, queueUrl: this.workerQueues.get(def.id)?.queue.queueUrl, filter: def.filter }));
    props.dispatcher.fn.addEnvironment(DISPATCH_ENV.targets, Stack.of(this).toJsonString(targets));

    this.deadLetterQueue = new DeadLetterQueue(this, 'Dlq');
    props.dispatcher.consumeTableStream(props.table, dispatcherFilters(props.workers.map((w) => w.def.filter)), this.deadLetterQueue.queue, {
      batchSize: DISPATCH_BATCH_SIZE,
    });
  }
}

/** The distinct worker filters for the dispatcher's event source, or none (every record) past Lambda's limit. */
export function dispatcherFilters(filters: readonly TableStreamFilter[]): TableStreamFilter[] {
  const distinct = [...new Map(filters.map((f) => [JSON.stringify(f), f])).values()];
  return distinct.length <= MAX_EVENT_FILTERS ? distinct : [];
}
