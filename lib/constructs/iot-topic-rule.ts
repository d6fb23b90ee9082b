import { Aws, Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** IoT topic rule names allow letters, digits and underscores only (max 128). */
export function topicRuleName(...parts: string[]): string {
  const name = parts.join('_').replace(/[^A-Za-z0-9_]/g, '_');
  if (name.length === 0 || name.length > 128) throw new Error(`IoT topic rule name "${name}" must be 1-128 characters`);
  return name;
}

/**
 * The rule's ARN from its name. Built by hand rather than read from the rule: the roles the rule
 * passes to IoT name it in their trust policy, and the rule names those roles, so reading the
 * attribute would be a dependency cycle.
 */
export function topicRuleArn(scope: Construct, ruleName: string): string {
  return Stack.of(scope).formatArn({ service: 'iot', resource: 'rule', resourceName: ruleName });
}

/**
 * A role only IoT Core may assume, and only on behalf of one rule of this account (the
 * confused-deputy conditions AWS recommends for rule roles). It starts with no permissions.
 */
export function iotRuleRole(scope: Construct, id: string, ruleName: string, description: string): Role {
  return new Role(scope, id, {
    description,
    assumedBy: new ServicePrincipal('iot.amazonaws.com', {
      conditions: {
        StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
        ArnLike: { 'aws:SourceArn': topicRuleArn(scope, ruleName) },
      },
    }),
  });
}

export interface SqsErrorActionProps {
  ruleName: string;
  queue: IQueue;
}

/**
 * A rule's error action that sends IoT's error message (rule name, topic, client id, the original
 * payload in base64 and each failed action with its error text) to `queue`, through a role that
 * may only send to that queue.
 */
export class SqsErrorAction extends Construct {
  readonly role: Role;
  readonly action: CfnTopicRule.ActionProperty;

  constructor(scope: Construct, id: string, props: SqsErrorActionProps) {
    super(scope, id);
    this.role = iotRuleRole(this, 'Role', props.ruleName, `IoT rule ${props.ruleName}: sends failed messages to its error queue`);
    this.role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['sqs:SendMessage'], resources: [props.queue.queueArn] }));
    // The error message is JSON already (the original payload is inside, base64), so no second encoding.
    this.action = { sqs: { queueUrl: props.queue.queueUrl, roleArn: this.role.roleArn, useBase64: false } };
  }
}
