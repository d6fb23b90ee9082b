import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * Where events land once Lambda has given up on them (a stream event source's on-failure
 * destination, or an asynchronous function's), or what an IoT topic rule could not deliver: SSE-SQS encryption (free, and senders need no
 * KMS grants), a policy that refuses non-TLS requests, and the longest retention SQS allows, so
 * an operator back from a weekend still finds the failures.
 */
export class DeadLetterQueue extends Construct {
  readonly queue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the dead-letter destination (Lambda on-failure destination of a stream event source or of asynchronous invocations, or an IoT topic rule error action); a DLQ behind it would only move the same messages one hop further. Its depth has an alarm.',
    });
  }
}
