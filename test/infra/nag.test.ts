import { Validations } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { synth, synthConnector } from './synth';

/** Every acknowledgment in the tree: rule, construct path and reason. */
function acknowledgments(root: IConstruct): { id: string; path: string; reason: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
          // aws-cdk-lib stores acknowledged ids with an `Annotation::` prefix.
          id: id.replace(/^annotation::/i, ''),
          path: c.node.path,
          reason,
        })),
      ),
  );
}

describe('cdk-nag AwsSolutions', () => {
  const { app } = synth({ alarmEmail: 'ops@example.com' });
  const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(app);

  test('no unacknowledged findings (errors or warnings)', () => {
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });

  test('every acknowledgment names a rule and gives a real reason', () => {
    // aws-cdk-lib itself acknowledges cfn-lint's W3045 on a bucket that receives logs through ACLs (the console's log bucket: CloudFront logging needs them).
    const acks = acknowledgments(app).filter((a) => !a.id.startsWith('CloudFormation-Validate::'));
    expect(acks.length).toBeGreaterThan(0);
    for (const a of acks) {
      expect(a.id).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(a.reason.length).toBeGreaterThan(60);
    }
    // The list is deliberate: a new kind of acknowledgment must be reviewed, not slip in.
    // S1: the backfill bucket's access-log bucket; IAM5 only for the backfill function's read of objects under backfill/.
    const ids = [...new Set(acks.map((a) => a.id))].sort();
    // The console (issue 18): CFR1/CFR2/CFR4 on its distribution, COG2/COG8 on its user pool, and IAM4/IAM5/L1 on
    // aws-cdk-lib's BucketDeployment provider (lib/constructs/console-site.ts, console-auth.ts).
    expect(ids.filter((id) => !id.startsWith('AwsSolutions-IAM5['))).toEqual([
      'AwsSolutions-APIG4',
      'AwsSolutions-CFR1',
      'AwsSolutions-CFR2',
      'AwsSolutions-CFR4',
      'AwsSolutions-COG2',
      'AwsSolutions-COG8',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AwsSolutions-L1',
      'AwsSolutions-S1',
      'AwsSolutions-SNS2',
      'AwsSolutions-SQS3',
    ]);
    // IAM5: the backfill function's read of objects under backfill/, and the console's BucketDeployment provider.
    const iam5 = ids.filter((id) => id.startsWith('AwsSolutions-IAM5['));
    expect(iam5.filter((id) => !acks.some((a) => a.id === id && a.path.includes('CDKBucketDeployment')))).toEqual([expect.stringMatching(/^AwsSolutions-IAM5\[Resource::<\w+\.Arn>\/backfill\/\*\]$/)]);
  });

  test('the pack does check this tree (guards against a silently disabled check)', () => {
    const { app: other, stack } = synth();
    const unsafe = new Queue(stack, 'UnsafeQueue');
    const r = new AwsSolutionsChecks().validateScope(other);
    const hits = r.violations.filter((v) => v.violatingResources.some((res) => (res.constructPath ?? '').startsWith(unsafe.node.path)));
    expect(hits.map((v) => v.ruleName).sort()).toEqual(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']);
  });
});

describe('cdk-nag AwsSolutions on the IoT connector stack', () => {
  const { app } = synthConnector();
  const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(app);

  test('no unacknowledged findings (errors or warnings)', () => {
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
  });

  test('acknowledgments: the same reviewed kinds, plus the API key secret that Fleetdesk, not a rotation function, issues', () => {
    const acks = acknowledgments(app);
    for (const a of acks) expect(a.reason.length).toBeGreaterThan(60);
    expect([...new Set(acks.map((a) => a.id))].sort()).toEqual(['AwsSolutions-SMG4', 'AwsSolutions-SNS2', 'AwsSolutions-SQS3']);
  });

  test('with an imported secret there is nothing to rotate here, and still no finding', () => {
    const imported = synthConnector({ apiKeySecretName: 'fleetdesk/acme-key' });
    const r = new AwsSolutionsChecks().validateScope(imported.app);
    expect(r.violations).toEqual([]);
    expect(acknowledgments(imported.app).map((a) => a.id)).not.toContain('AwsSolutions-SMG4');
  });
});
