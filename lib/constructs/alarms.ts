import { Aws, Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmsProps {
  /** Subscribed to the topic when set; otherwise operators subscribe themselves (docs/operations.md). */
  email?: string;
}

/**
 * The alarm topic and a factory for "anything above zero is a problem" alarms. Every alarm
 * notifies on ALARM and on OK, so a recovered incident closes itself in the inbox.
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Fleetdesk alarms', enforceSSL: true });
    // `enforceSSL` gives the topic an explicit policy, which replaces SNS's default owner policy: without
    // this statement CloudWatch is "not authorized to perform SNS:Publish" and no alarm ever arrives.
    // Only alarms of this account (and Region) may publish.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:*` },
        },
      }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    this.action = new SnsAction(this.topic);
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names and metric values, no customer data. CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key, and a customer managed key would cost more than the rest of an idle stack.',
    });
  }

  /**
   * An alarm that fires when `metric` is at or above `threshold` for one period. `scope` places it
   * elsewhere than under this construct (a nested stack's function's alarm, in that nested stack).
   */
  add(id: string, metric: IMetric, description: string, threshold = 1, scope?: Construct): Alarm {
    const alarm = new Alarm(scope ?? this, scope ? `Alarm${id}` : id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No datapoints means no traffic, which is not an incident.
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}

/** Default alarm period: short enough to page quickly, long enough to cost one datapoint per 5 minutes. */
export const ALARM_PERIOD = Duration.minutes(5);
