import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { AccountPrincipal, ArnPrincipal, Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY } from 'aws-cdk-lib/cx-api';
import { Construct } from 'constructs';
import { BACKFILL_ENV, BACKFILL_MAX_RECEIVES, BACKFILL_ROOT, IMPORT_ENTITY, RESUME_MARKER } from '../../shared/domain/backfill/backfill.schema';
import type { TableStreamFilter } from '../../shared/routes';
import type { BackfillUploader } from '../config';
import { ALARM_PERIOD, type Alarms } from './alarms';
import { DeadLetterQueue } from './dead-letter-queue';
import type { FleetFunction, FleetFunctionProps } from './fleet-function';

/** The backfill function's settings: an import streams for minutes, and gunzip + parsing want CPU. */
export const BACKFILL_FUNCTION: Partial<FleetFunctionProps> = { timeout: Duration.minutes(5), memorySize: 1024 };
/** Imports running side by side at most: each keeps a few BatchWriteItem requests in flight. */
export const BACKFILL_MAX_CONCURRENCY = 5;
/** Table-stream records that continue a paused import (the runner sets the marker when it checkpoints). */
export const BACKFILL_RESUME_FILTER: TableStreamFilter = {
  eventName: 'MODIFY',
  newImage: { entity: IMPORT_ENTITY, [RESUME_MARKER.attribute]: RESUME_MARKER.value },
};
/** Old versions of an uploaded file are kept this long (a re-upload replaces, a mistake can be undone). */
const NONCURRENT_VERSION_DAYS = 30;

export interface BackfillBucketProps {
  /** The S3 ingestion function (functions/ingest/s3.ts), created by the stack with {@link BACKFILL_FUNCTION}. */
  fn: FleetFunction;
  table: ITable;
  stage: string;
  alarms: Alarms;
  /** Makers' principals and the organization prefix each may upload to (`-c backfillUploaders`). */
  uploaders?: readonly BackfillUploader[];
}

/**
 * Where makers drop historical telemetry: a private, versioned, SSE-S3 encrypted bucket that only
 * takes TLS requests, with server access logs. Objects created under `backfill/` notify an SQS
 * queue (its dead-letter queue after 3 receives) that feeds the ingestion function one message at
 * a time; an import too long for one invocation checkpoints and is continued through the table
 * stream (its own dead-letter queue). The function may read objects under `backfill/` only.
 *
 * The notification is set on the bucket itself (CloudFormation's NotificationConfiguration) rather
 * than through CDK's custom resource, which would add a Lambda with `s3:PutBucketNotification` on
 * `*`. That needs the queue policy to name the bucket before it exists (a generated name would make
 * the policy and the bucket depend on each other), so the name is known in advance, yet unique to this
 * instance of the stack: `fdk-backfill-<stack id GUID>`. The bucket is retained on `cdk destroy`; a
 * fixed per-stage name would make the next deploy of the stage fail with "already exists", while a
 * re-created stack has a new GUID and so a new bucket (docs/operations.md, Teardown).
 */
export class BackfillBucket extends Construct {
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;
  readonly queue: Queue;
  /** Notifications that failed every receive. */
  readonly deadLetterQueue: DeadLetterQueue;
  /** Continuations (stream records) that failed every retry. */
  readonly resumeFailures: DeadLetterQueue;

  constructor(scope: Construct, id: string, props: BackfillBucketProps) {
    super(scope, id);
    // Log delivery through a bucket policy instead of the legacy log-delivery ACL, so the log bucket
    // can disable ACLs too (scoped to this construct; the app's other buckets are unaffected).
    this.node.setContext(S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY, true);
    // arn:aws:cloudformation:<region>:<account>:stack/<name>/<guid>: the GUID is new for every stack creation.
    const bucketName = `fdk-backfill-${Fn.select(2, Fn.split('/', Aws.STACK_ID))}`;
    const bucketArn = `arn:${Aws.PARTITION}:s3:::${bucketName}`;

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket receives the backfill bucket\'s server access logs; logging it in turn would need yet another bucket, or log into itself and grow on every delivery. It is private, TLS-only and expires logs after 90 days.',
    });

    this.bucket = new Bucket(this, 'Bucket', {
      bucketName,
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: true,
      // Objects makers upload from their own accounts belong to this account, so the function can read them.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'backfill-bucket/',
      lifecycleRules: [
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
      // Makers' historical data: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Makers' upload grants, generated from context so every deploy keeps them (a statement added by hand
    // to this CDK-managed policy is dropped by the next deploy that touches it). Each principal may write
    // under its own organization's prefix only; the TLS rules above still apply.
    for (const { organizationId, principal } of props.uploaders ?? []) {
      this.bucket.addToResourcePolicy(
        new PolicyStatement({
          sid: `Uploads${organizationId.replace(/-/g, '')}${/^\d{12}$/.test(principal) ? principal : principal.replace(/\W/g, '').slice(-24)}`,
          effect: Effect.ALLOW,
          principals: [/^\d{12}$/.test(principal) ? new AccountPrincipal(principal) : new ArnPrincipal(principal)],
          actions: ['s3:PutObject', 's3:AbortMultipartUpload'],
          resources: [this.bucket.arnForObjects(`${BACKFILL_ROOT}${organizationId}/*`)],
        }),
      );
    }

    this.deadLetterQueue = new DeadLetterQueue(this, 'Dlq');
    const fnTimeout = props.fn.fn.timeout ?? Duration.minutes(5);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's guidance for Lambda consumers: at least six times the function timeout.
      visibilityTimeout: Duration.seconds(fnTimeout.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue.queue, maxReceiveCount: BACKFILL_MAX_RECEIVES },
    });
    const queuePolicy = this.queue.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('s3.amazonaws.com')],
        actions: ['sqs:SendMessage'],
        resources: [this.queue.queueArn],
        conditions: { ArnEquals: { 'aws:SourceArn': bucketArn }, StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
    const cfnBucket = this.bucket.node.defaultChild as CfnBucket;
    cfnBucket.notificationConfiguration = {
      queueConfigurations: [
        {
          event: 's3:ObjectCreated:*',
          queue: this.queue.queueArn,
          filter: { s3Key: { rules: [{ name: 'prefix', value: BACKFILL_ROOT }] } },
        },
      ],
    };
    // S3 checks it may send to the queue when the notification is created.
    if (queuePolicy.policyDependable) cfnBucket.node.addDependency(queuePolicy.policyDependable);

    // --- The function: messages one at a time, continuations from the stream, read access under backfill/ only.
    props.fn.fn.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: BACKFILL_MAX_CONCURRENCY }),
    );
    this.resumeFailures = new DeadLetterQueue(this, 'ResumeFailures');
    props.fn.consumeTableStream(props.table, BACKFILL_RESUME_FILTER, this.resumeFailures.queue);
    props.fn.fn.addEnvironment(BACKFILL_ENV.resume, 'stream');
    const objects = this.bucket.arnForObjects(`${BACKFILL_ROOT}*`);
    props.fn.role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:GetObject', 's3:GetObjectVersion'], resources: [objects] }));
    const bucketLogicalId = Stack.of(this).getLogicalId(cfnBucket);
    Validations.of(props.fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${BACKFILL_ROOT}*]`,
      reason:
        'The backfill function reads whichever object a notification names; the keys are chosen by makers, so the grant is every object under the backfill/ prefix of this one bucket, read actions only (GetObject, GetObjectVersion).',
    });

    const alarm = (name: string, queue: Queue, what: string) =>
      props.alarms.add(name, queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }), what);
    alarm(`${id}DlqDepth`, this.deadLetterQueue.queue, 'Backfill notifications failed every receive; the S3 events wait in the backfill dead-letter queue');
    alarm(`${id}ResumeFailuresDepth`, this.resumeFailures.queue, 'A paused backfill import could not be continued; its stream position waits in the resume failure queue');
    props.alarms.add(
      `${id}QueueAge`,
      this.queue.metricApproximateAgeOfOldestMessage({ period: ALARM_PERIOD, statistic: 'Maximum' }),
      'Backfill files have waited more than an hour to be imported',
      3600,
    );

    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName, description: 'Makers upload gzipped CSV to s3://<bucket>/backfill/<organizationId>/<prefix>/…' });
    new CfnOutput(this, 'DlqName', { value: this.deadLetterQueue.queue.queueName });
    new CfnOutput(this, 'ResumeFailuresName', { value: this.resumeFailures.queue.queueName });
  }
}
