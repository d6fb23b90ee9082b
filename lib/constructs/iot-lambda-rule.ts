import { Aws } from 'aws-cdk-lib';
import { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import { CfnPermission, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SqsErrorAction, topicRuleArn } from './iot-topic-rule';

export interface IotLambdaRuleProps {
  /** Unique per account and Region; letters, digits, underscores (see `topicRuleName`). */
  ruleName: string;
  sql: string;
  sqlVersion: string;
  /** Invoked asynchronously with the SQL's result; give it an `asyncFailureQueue` for its own failures. */
  fn: IFunction;
  /** Where IoT puts a message it could not hand to the function (throttling, missing permission...). */
  errorQueue: IQueue;
  description?: string;
}

/**
 * An IoT Core topic rule that invokes one function, with an SQS error action and the invoke
 * permission limited to this rule of this account. Failures split in two places: IoT's error queue
 * when the invoke itself fails, the function's asynchronous on-failure queue when the function
 * failed on every retry.
 */
export class IotLambdaRule extends Construct {
  readonly rule: CfnTopicRule;
  readonly ruleName: string;
  readonly errorAction: SqsErrorAction;

  constructor(scope: Construct, id: string, props: IotLambdaRuleProps) {
    super(scope, id);
    this.ruleName = props.ruleName;
    this.errorAction = new SqsErrorAction(this, 'ErrorAction', { ruleName: props.ruleName, queue: props.errorQueue });

    // A CfnPermission of our own rather than fn.addPermission, so the rule can depend on it: a
    // message arriving between the two resources' creation would otherwise fail the invoke.
    const permission = new CfnPermission(this, 'InvokePermission', {
      action: 'lambda:InvokeFunction',
      functionName: props.fn.functionArn,
      principal: 'iot.amazonaws.com',
      sourceArn: topicRuleArn(this, props.ruleName),
      sourceAccount: Aws.ACCOUNT_ID,
    });

    this.rule = new CfnTopicRule(this, 'Rule', {
      ruleName: props.ruleName,
      topicRulePayload: {
        sql: props.sql,
        awsIotSqlVersion: props.sqlVersion,
        description: props.description,
        ruleDisabled: false,
        actions: [{ lambda: { functionArn: props.fn.functionArn } }],
        errorAction: this.errorAction.action,
      },
    });
    this.rule.node.addDependency(permission);
  }
}
