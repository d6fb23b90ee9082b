import path from 'node:path';
import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, type EventSourceMapping, FilterCriteria, FilterRule, Runtime, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, LogGroup, MetricFilter, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENV } from '../../shared/config/env';
import { TABLE } from '../../shared/db/table';
import { CLASSIFIER_ENV } from '../../shared/domain/ticket/classifier/classifier';
import { DIAGNOSIS_ENV } from '../../shared/domain/diagnosis/diagnosis.schema';
import type { TableAccess, TableStreamFilter } from '../../shared/routes';
import { cdkBundlingOptions, REPO_ROOT } from '../bundling';
import { DOCS_ENTRIES } from '../../shared/docs/swagger-ui-files';
import { LANGUAGE_PACK_ENTRIES } from '../../shared/domain/ticket/classifier/language-packs';
import { isInferenceProfileId } from '../config';

/** The warnings the classifier and the diagnosis summarizer log when their model call fails (shared/domain/...). */
export const BEDROCK_FAILURE_MESSAGES = ['classifier failed', 'diagnosis summarizer failed'] as const;

/** Failed Bedrock calls of every function of a stack, counted by metric filters on their logs. */
export function bedrockFailureMetric(stackName: string): Metric {
  return new Metric({ namespace: `Fleetdesk/${stackName}`, metricName: 'BedrockFailures', statistic: 'Sum', period: Duration.minutes(5) });
}

/** A table-stream filter as a Lambda event filter: a list of values is any-of, one value an equality. */
export function streamFilterCriteria(filter: TableStreamFilter): Record<string, unknown> {
  const newImage = Object.fromEntries(
    Object.entries(filter.newImage).map(([name, value]) => [name, { S: typeof value === 'string' ? FilterRule.isEqual(value) : FilterRule.or(...value) }]),
  );
  return FilterCriteria.filter({ eventName: FilterRule.isEqual(filter.eventName), dynamodb: { NewImage: newImage } });
}

/**
 * Least-privilege DynamoDB actions per access level. Named actions rather than CDK's
 * grantReadData/grantReadWriteData, which add Scan, DescribeTable and a `index/*` wildcard the
 * handlers never use. Transactions are authorised per item, hence ConditionCheckItem and the
 * per-item write actions instead of a `TransactWriteItems` action (which does not exist in IAM).
 */
export const TABLE_ACTIONS: Record<TableAccess, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  readwrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
    'dynamodb:BatchWriteItem',
  ],
};

export interface FleetFunctionProps {
  /** Handler file relative to the repository root; it exports `handler`. */
  entry: string;
  /** The single table and the access level the handler needs; unset for a handler that never touches it. */
  table?: { table: ITable; access: TableAccess };
  logRetention: RetentionDays;
  /** @default 512 — memory also buys CPU, which is what a cold start spends. */
  memorySize?: number;
  /** @default 10 seconds (API Gateway gives up after 30). */
  timeout?: Duration;
  /** @default false */
  sourceMaps?: boolean;
  /**
   * Where events end up after asynchronous invocations (IoT rules, S3 notifications) have
   * exhausted their retries. Leave unset for synchronous (API) and stream-fed functions:
   * their failures surface to the caller or go to the event source's own on-failure queue.
   */
  asyncFailureQueue?: IQueue;
  description?: string;
}

/**
 * One Lambda with the house defaults: Node 22 on arm64, bundled AWS SDK, minified ESM, its own
 * log group with retention, and a role that holds only what its env vars point at. Every
 * permission is added together with the env var that tells the code where to use it.
 */
export class FleetFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;
  /** Failed Bedrock calls of this function (a metric filter on its log), when it calls Bedrock. */
  bedrockFailures?: Metric;

  constructor(scope: Construct, id: string, props: FleetFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      // Logs are diagnostics, not records; keeping them after a teardown only costs money.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // An explicit role instead of the default one, which carries the AWS managed
    // AWSLambdaBasicExecutionRole (logs:CreateLogGroup and writes to any log group).
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Fleetdesk ${id}: writes its own log group and nothing else unless granted below`,
    });
    this.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.fn = new NodejsFunction(this, 'Fn', {
      entry: path.resolve(REPO_ROOT, props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      bundling: cdkBundlingOptions({
        sourceMap: props.sourceMaps,
        entry: props.entry,
        languagePacks: LANGUAGE_PACK_ENTRIES.includes(props.entry),
        docsAssets: DOCS_ENTRIES.includes(props.entry),
      }),
      environment: {
        ...(props.sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
        POWERTOOLS_SERVICE_NAME: 'fleetdesk',
      },
      ...(props.asyncFailureQueue
        ? { onFailure: new SqsDestination(props.asyncFailureQueue), retryAttempts: 2, maxEventAge: Duration.hours(6) }
        : {}),
    });

    if (props.table) this.bindTable(props.table.table, props.table.access);

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to nodejs22.x on purpose: the code, its tests and the esbuild target are Node 22; moving to a newer runtime is a deliberate upgrade, not a default.',
    });
  }

  /** Sets TABLE_NAME and allows exactly the actions of `access` on the table (and gsi1 for Query). */
  private bindTable(table: ITable, access: TableAccess): void {
    this.fn.addEnvironment(ENV.tableName, table.tableName);
    const actions = TABLE_ACTIONS[access];
    this.role.addToPolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: [...actions], resources: [table.tableArn] }),
    );
    // Indexes only serve reads, and only Query reads them here.
    this.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/${TABLE.gsi1.indexName}`],
      }),
    );
  }

  /**
   * Invokes the function with the table's stream records that match `filter` (one filter, or any of
   * several; all records when empty), in batches with partial failure reports; a batch that still
   * fails after the retries is recorded (its shard and sequence numbers, not the records) in
   * `deadLetterQueue`. Every reader of the stream counts against the two readers per shard AWS
   * documents: workers do not call this, the stream dispatcher does (lib/constructs/stream-dispatch.ts).
   *
   * Built on EventSourceMapping rather than DynamoEventSource: the latter grants
   * `dynamodb:ListStreams` on Resource "*". Lambda reads the stream by its ARN and needs no
   * ListStreams (an action that only takes "*", so scoping it to the stream had no effect).
   */
  consumeTableStream(
    table: ITable,
    filter: TableStreamFilter | readonly TableStreamFilter[],
    deadLetterQueue: IQueue,
    options: { batchSize?: number } = {},
  ): EventSourceMapping {
    const streamArn = table.tableStreamArn;
    if (!streamArn) throw new Error(`${this.node.path}: the table has no stream to consume`);
    this.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
        resources: [streamArn],
      }),
    );
    const filters = (Array.isArray(filter) ? filter : [filter]) as readonly TableStreamFilter[];
    return this.fn.addEventSourceMapping('TableStream', {
      eventSourceArn: streamArn,
      // Only what is written from now on: a replaced mapping must not replay up to 24 h of history.
      startingPosition: StartingPosition.LATEST,
      batchSize: options.batchSize ?? 10,
      reportBatchItemFailures: true,
      // Halving a failing batch isolates the bad record instead of retrying its neighbours with it.
      bisectBatchOnError: true,
      retryAttempts: 5,
      // Well inside the stream's 24 h retention, so the records a DLQ entry points at can still be read.
      maxRecordAge: Duration.hours(1),
      onFailure: new SqsDlq(deadLetterQueue),
      ...(filters.length > 0 ? { filters: filters.map(streamFilterCriteria) } : {}),
    });
  }

  /**
   * Selects the Bedrock or hybrid classifier (CLASSIFIER, BEDROCK_MODEL_ID) and allows bedrock:InvokeModel
   * (which the Converse API is authorised by) on that model only. For a cross-Region inference
   * profile id also on the profile, and on the profile's foundation model in the Regions it
   * routes to, but only when called through that profile.
   */
  useBedrockClassifier(modelId: string, kind: 'bedrock' | 'hybrid' = 'bedrock'): void {
    this.fn.addEnvironment(CLASSIFIER_ENV.classifier, kind);
    this.fn.addEnvironment(CLASSIFIER_ENV.bedrockModelId, modelId);
    this.allowConverse(modelId);
    this.countBedrockFailures();
  }

  /** Selects the Bedrock diagnosis summary (DIAGNOSIS, DIAGNOSIS_MODEL_ID) with the same model-scoped grants as the classifier. */
  useBedrockDiagnosis(modelId: string): void {
    this.fn.addEnvironment(DIAGNOSIS_ENV.generator, 'bedrock');
    this.fn.addEnvironment(DIAGNOSIS_ENV.modelId, modelId);
    this.allowConverse(modelId);
    this.countBedrockFailures();
  }

  /**
   * Counts the calls to Bedrock that failed (denied, throttled, timed out): the classifier and the
   * summarizer log them as warnings and carry on, so without this an AccessDenied (a model whose
   * access was never enabled) would leave every ticket uncategorised in silence. One metric for the
   * stack ({@link bedrockFailureMetric}); the stack alarms on it.
   */
  private countBedrockFailures(): void {
    if (this.bedrockFailures) return;
    // The top-level stack's name: a function in a nested stack (lib/route-groups.ts) counts into the same metric.
    let stack = Stack.of(this);
    while (stack.nestedStackParent) stack = stack.nestedStackParent;
    const metric = bedrockFailureMetric(stack.stackName);
    new MetricFilter(this, 'BedrockFailures', {
      logGroup: this.logGroup,
      filterPattern: FilterPattern.any(...BEDROCK_FAILURE_MESSAGES.map((m) => FilterPattern.stringValue('$.message', '=', `${m}*`))),
      metricNamespace: metric.namespace,
      metricName: metric.metricName,
      metricValue: '1',
    });
    this.bedrockFailures = metric;
  }

  /** bedrock:InvokeModel (what Converse is authorised by) on one model or inference profile only. */
  private allowConverse(modelId: string): void {
    const foundationModel = (region: string, id: string) => `arn:${Aws.PARTITION}:bedrock:${region}::foundation-model/${id}`;
    if (!isInferenceProfileId(modelId)) {
      this.role.addToPolicy(
        new PolicyStatement({ effect: Effect.ALLOW, actions: ['bedrock:InvokeModel'], resources: [foundationModel(Aws.REGION, modelId)] }),
      );
      return;
    }
    const profileArn = `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${modelId}`;
    const baseModel = modelId.slice(modelId.indexOf('.') + 1);
    this.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['bedrock:InvokeModel'],
        resources: [profileArn, foundationModel(Aws.REGION, baseModel)],
      }),
    );
    // A cross-Region profile serves the request in whichever of its Regions has capacity; the
    // condition limits this Region-wildcard statement to calls made through this profile.
    this.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['bedrock:InvokeModel'],
        resources: [foundationModel('*', baseModel)],
        conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
      }),
    );
  }
}
