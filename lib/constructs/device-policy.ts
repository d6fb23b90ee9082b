import { Stack } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iot';
import { Construct } from 'constructs';
import { DEVICE_POLICY_NAME, THING_ATTRIBUTES } from '../../shared/config/iot';
import { basicIngestTopic, telemetryTopic } from '../../shared/domain/telemetry/mqtt';

/** IoT policy variables, resolved per connection from the certificate's (exclusively) attached thing. */
export const POLICY_VARIABLES = {
  thingName: '${iot:Connection.Thing.ThingName}',
  organizationId: `\${iot:Connection.Thing.Attributes[${THING_ATTRIBUTES.organizationId}]}`,
  deviceIdentifier: `\${iot:Connection.Thing.Attributes[${THING_ATTRIBUTES.deviceIdentifier}]}`,
} as const;

/**
 * The one IoT policy every device certificate gets (`iot provision` attaches it by name). A
 * certificate may connect only with its thing's name as client id, and publish only to the
 * telemetry topic of its thing's organization and identifier, so the organization and device in a
 * topic the rule receives are the ones the operator provisioned; the same topic may be published
 * through Basic Ingest (`$aws/rules/<telemetry rule>/<topic>`, no messaging charge), for the
 * telemetry rule only. Nothing else: no subscribe, no receive, no shadow, no retained messages.
 */
export class DevicePolicy extends Construct {
  readonly policy: CfnPolicy;

  constructor(scope: Construct, id: string, props: { telemetryRuleName: string }) {
    super(scope, id);
    const own = [POLICY_VARIABLES.organizationId, POLICY_VARIABLES.deviceIdentifier] as const;
    const arn = (resource: string, resourceName: string) => Stack.of(this).formatArn({ service: 'iot', resource, resourceName });
    this.policy = new CfnPolicy(this, 'Policy', {
      policyName: DEVICE_POLICY_NAME,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            Sid: 'ConnectAsItsThing',
            Effect: 'Allow',
            Action: 'iot:Connect',
            Resource: arn('client', POLICY_VARIABLES.thingName),
            // Without an attached thing the variables above do not resolve; say so explicitly.
            Condition: { Bool: { 'iot:Connection.Thing.IsAttached': 'true' } },
          },
          {
            Sid: 'PublishItsTelemetry',
            Effect: 'Allow',
            Action: 'iot:Publish',
            // The same topic builders the rule's filter and the local broker use: the device's own
            // topic, straight or through the telemetry rule's Basic Ingest prefix.
            Resource: [arn('topic', telemetryTopic(...own)), arn('topic', basicIngestTopic(props.telemetryRuleName, ...own))],
          },
        ],
      },
    });
  }
}
