import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BACKFILL_RESUME_FILTER } from '../../lib/constructs/backfill-bucket';
import { TABLE_ACTIONS } from '../../lib/constructs/fleet-function';
import { BACKFILL_ENV, BACKFILL_MAX_RECEIVES } from '../../shared/domain/backfill/backfill.schema';
import { ingestion, type IngestionDefinition } from '../../shared/routes';
import { logicalId, resourcesOf, synth, type Synth } from './synth';

type Statement = { Action: string | string[]; Effect: string; Resource: unknown; Principal?: unknown; Condition?: unknown };
const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);
const def = ingestion.find((d) => d.source === 's3') as IngestionDefinition;

// Only the backfill wiring matters here; no routes keeps the synth fast and independent of them.
let s: Synth;
beforeAll(() => {
  s = synth({ alarmEmail: 'ops@example.com', stage: 'prod' }, { routes: [] });
});

const idOf = (construct: { node: { defaultChild?: unknown } } | undefined) => logicalId(s.stack, construct?.node.defaultChild);
const backfill = () => s.stack.backfillBuckets.get(def.id);
const fnId = () => idOf(s.stack.functions.get(def.id)?.fn);
const statements = (): Statement[] => {
  const roleId = idOf(s.stack.functions.get(def.id)?.role);
  return Object.values(resourcesOf(s.template, 'AWS::IAM::Policy'))
    .filter((p) => JSON.stringify((p.Properties as { Roles: unknown }).Roles).includes(`"${roleId}"`))
    .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement);
};

test('the route table declares one s3 ingestion: the backfill handler', () => {
  expect(ingestion.filter((d) => d.source === 's3').map((d) => d.entry)).toEqual(['functions/ingest/s3.ts']);
});

describe('backfill bucket', () => {
  const bucket = () => resourcesOf(s.template, 'AWS::S3::Bucket')[idOf(backfill()?.bucket)]?.Properties as Record<string, unknown>;

  test('encrypted, private, versioned, access-logged, with lifecycle rules, under a name unique to this stack instance', () => {
    expect(bucket()).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      VersioningConfiguration: { Status: 'Enabled' },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LoggingConfiguration: { DestinationBucketName: { Ref: idOf(backfill()?.accessLogs) } },
      LifecycleConfiguration: {
        Rules: expect.arrayContaining([
          expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
          expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 }, Status: 'Enabled' }),
        ]),
      },
    });
    // Issue 22 #3: a retained bucket under a fixed per-stage name made the next deploy after `cdk destroy` fail
    // ("already exists"). The name ends in the stack id's GUID, which every stack creation renews.
    expect(bucket()?.BucketName).toEqual({
      'Fn::Join': ['', ['fdk-backfill-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }]],
    });
    expect(JSON.stringify(bucket()?.BucketName)).not.toMatch(/prod|AWS::AccountId|AWS::Region/);
  });

  test('the bucket policy refuses every request without TLS (and below TLS 1.2)', () => {
    const policy = Object.values(resourcesOf(s.template, 'AWS::S3::BucketPolicy')).find(
      (p) => JSON.stringify(p.Properties?.Bucket) === JSON.stringify({ Ref: idOf(backfill()?.bucket) }),
    );
    const denies = (policy?.Properties?.PolicyDocument as { Statement: Statement[] }).Statement.filter((st) => st.Effect === 'Deny');
    expect(denies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Principal: { AWS: '*' } }),
        expect.objectContaining({ Action: 's3:*', Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } } }),
      ]),
    );
  });

  test('objects created under backfill/ notify the queue; S3 may send there only from this bucket and account, and the bucket waits for that', () => {
    const queueArn = { 'Fn::GetAtt': [idOf(backfill()?.queue), 'Arn'] };
    expect(bucket()?.NotificationConfiguration).toEqual({
      QueueConfigurations: [{ Event: 's3:ObjectCreated:*', Queue: queueArn, Filter: { S3Key: { Rules: [{ Name: 'prefix', Value: 'backfill/' }] } } }],
    });
    const [policyId, policy] = Object.entries(resourcesOf(s.template, 'AWS::SQS::QueuePolicy')).find(([, p]) =>
      JSON.stringify(p.Properties?.Queues).includes(idOf(backfill()?.queue)),
    ) as unknown as [string, { Properties: { PolicyDocument: { Statement: Statement[] } } }];
    const allow = policy.Properties.PolicyDocument.Statement.filter((st) => st.Effect === 'Allow');
    expect(allow).toEqual([
      {
        Effect: 'Allow',
        Principal: { Service: 's3.amazonaws.com' },
        Action: 'sqs:SendMessage',
        Resource: queueArn,
        Condition: { ArnEquals: { 'aws:SourceArn': expect.anything() }, StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
      },
    ]);
    expect(JSON.stringify(allow[0]?.Condition)).toContain('AWS::StackId');
    expect(resourcesOf(s.template, 'AWS::S3::Bucket')[idOf(backfill()?.bucket)]?.DependsOn).toContain(policyId);
    // No CDK notification custom resource (and its Lambda with s3:PutBucketNotification on *).
    s.template.resourceCountIs('Custom::S3BucketNotifications', 0);
  });

  test('the queue: encrypted, TLS-only, visibility six times the function timeout, dead-letter queue after the receives the code counts on', () => {
    const dlqArn = { 'Fn::GetAtt': [idOf(backfill()?.deadLetterQueue.queue), 'Arn'] };
    expect(resourcesOf(s.template, 'AWS::SQS::Queue')[idOf(backfill()?.queue)]?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 1800,
      RedrivePolicy: { deadLetterTargetArn: dlqArn, maxReceiveCount: BACKFILL_MAX_RECEIVES },
    });
  });
});

describe('backfill function', () => {
  test('fed one message at a time with partial batch responses, and by the table stream filtered to paused imports', () => {
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId() },
      EventSourceArn: { 'Fn::GetAtt': [idOf(backfill()?.queue), 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 5 },
    });
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId() },
      FilterCriteria: { Filters: [{ Pattern: Match.serializedJson(Match.objectLike({ eventName: [BACKFILL_RESUME_FILTER.eventName] })) }] },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [idOf(backfill()?.resumeFailures.queue), 'Arn'] } } },
    });
    const fn = resourcesOf(s.template, 'AWS::Lambda::Function')[fnId()]?.Properties as { Timeout: number; MemorySize: number; Environment: { Variables: Record<string, unknown> } };
    expect(fn).toMatchObject({ Timeout: 300, MemorySize: 1024 });
    expect(fn.Environment.Variables[BACKFILL_ENV.resume]).toBe('stream');
    expect(fn.Environment.Variables).not.toHaveProperty(BACKFILL_ENV.s3Endpoint);
  });

  test('least privilege: read objects under backfill/ only, the table as declared, its queue and stream, nothing else', () => {
    const all = statements();
    const s3 = all.filter((st) => asArray(st.Action).some((a) => a.startsWith('s3:')));
    expect(s3).toEqual([
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:GetObjectVersion'],
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [idOf(backfill()?.bucket), 'Arn'] }, '/backfill/*']] },
      },
    ]);
    const table = all.find((st) => JSON.stringify(st.Resource) === JSON.stringify({ 'Fn::GetAtt': [idOf(s.stack.tableConstruct.table), 'Arn'] }));
    expect(asArray(table?.Action as string[]).sort()).toEqual([...TABLE_ACTIONS[def.table]].sort());
    const actions = all.flatMap((st) => asArray(st.Action));
    expect([...new Set(actions.filter((a) => a.startsWith('sqs:')))].sort()).toEqual(
      ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage', 'sqs:SendMessage'].sort(),
    );
    // Never anything on the whole bucket, never a write to it, never a wildcard action.
    expect(actions.some((a) => /^s3:(Put|Delete|List)/.test(a) || a.endsWith('*'))).toBe(false);
  });

  test('dead-letter queues and alarms: notifications, continuations, queue age, function errors', () => {
    const alarms = Object.values(resourcesOf(s.template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties as { MetricName: string; Dimensions: { Value: unknown }[] });
    const onQueue = (queue: unknown, metric: string) =>
      alarms.some((a) => a.MetricName === metric && JSON.stringify(a.Dimensions).includes(JSON.stringify({ 'Fn::GetAtt': [idOf(queue as never), 'QueueName'] })));
    expect(onQueue(backfill()?.deadLetterQueue.queue, 'ApproximateNumberOfMessagesVisible')).toBe(true);
    expect(onQueue(backfill()?.resumeFailures.queue, 'ApproximateNumberOfMessagesVisible')).toBe(true);
    expect(onQueue(backfill()?.queue, 'ApproximateAgeOfOldestMessage')).toBe(true);
    expect(alarms.some((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(fnId()))).toBe(true);
  });

  test('cdk-nag AwsSolutions: no finding, and the acknowledgments are exactly the access-log bucket and the prefix-scoped read', () => {
    const report = new AwsSolutionsChecks().validateScope(s.app);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });

  test('a second s3 ingestion fails at synth (one bucket name per stage)', () => {
    const two: IngestionDefinition[] = [def, { ...def, id: 'Other' }];
    expect(() => synth({}, { routes: [], ingestion: two })).toThrow(/Only one s3 ingestion/);
  });
});

test('the stall sweep (issue 17) runs every 5 minutes with retries and a dead-letter queue, reading and writing the table', () => {
  const sweep = () => s.stack.functions.get('BackfillSweep');
  expect(sweep()).toBeDefined();
  s.template.hasResourceProperties('AWS::Events::Rule', {
    ScheduleExpression: 'rate(5 minutes)',
    Targets: [
      Match.objectLike({
        Arn: { 'Fn::GetAtt': [idOf(sweep()?.fn), 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [idOf(s.stack.deadLetterQueues.get('BackfillSweep')?.queue), 'Arn'] } },
      }),
    ],
  });
});
