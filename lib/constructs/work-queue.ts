import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface WorkQueueProps {
  /**
   * How long a received message stays invisible. AWS advises at least six times the consumer
   * function's timeout so a batch that is still being retried is not handed out twice.
   */
  visibilityTimeout: Duration;
  /** Receives before a message is moved to the dead-letter queue. @default 5 */
  maxReceiveCount?: number;
}

/**
 * An SQS queue with its dead-letter queue: SSE-SQS encryption (free, and consumers need no KMS
 * grants) and a policy that refuses non-TLS requests, on both.
 */
export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'Dlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // The longest SQS allows, so an operator back from a weekend still finds the failed messages.
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: props.visibilityTimeout,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount ?? 5 },
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }
}
