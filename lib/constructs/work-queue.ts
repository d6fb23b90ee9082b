import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueWorkerDefinition } from '../../shared/routes';
import { DeadLetterQueue } from './dead-letter-queue';
import type { FleetFunction } from './fleet-function';

export interface WorkQueueProps {
  def: QueueWorkerDefinition;
  /** The worker the queue feeds (its timeout sets the visibility timeout). */
  worker: FleetFunction;
}

/**
 * A queue-fed worker's queue (shared/routes.ts `queueWorkers`): SSE-SQS, TLS only, a dead-letter
 * queue after `maxReceiveCount` receives, and the event source (one message per invocation, partial
 * batch responses). Functions that feed it get the URL in the definition's `queueUrlEnv` and
 * sqs:SendMessage on this queue only ({@link WorkQueue.allowSend}).
 */
export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: DeadLetterQueue;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: WorkQueueProps,
  ) {
    super(scope, id);
    const { def, worker } = props;
    this.deadLetterQueue = new DeadLetterQueue(this, 'Dlq');
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's guidance for Lambda event sources: six times the function timeout, so a message is
      // not handed to a second invocation while the first is still working on it.
      visibilityTimeout: Duration.seconds(def.timeoutSeconds * 6),
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue.queue, maxReceiveCount: def.maxReceiveCount },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    worker.fn.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
    this.allowSend(worker);
  }

  /** Tells `f` the queue URL and lets it send to this queue (a schedule fanning out, the worker continuing itself). */
  allowSend(f: FleetFunction): void {
    f.fn.addEnvironment(this.props.def.queueUrlEnv, this.queue.queueUrl);
    this.queue.grantSendMessages(f.role);
  }
}
