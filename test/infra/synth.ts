import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readDeploymentConfig } from '../../lib/config';
import { FleetdeskStack, type FleetdeskStackProps } from '../../lib/fleetdesk-stack';
import { CONNECTOR_STACK_NAME, FleetdeskIotConnectorStack, readConnectorConfig } from '../../lib/iot-connector-stack';

/**
 * Test apps skip esbuild (bundling-stacks: []) and CDK's built-in CloudFormation validation:
 * the assertions read the template, not the bundles (test/infra/bundle-size.test.ts bundles
 * for real), and cdk-nag runs explicitly in nag.test.ts. Together that keeps synth to seconds.
 */
export const FAST_SYNTH_CONTEXT = {
  'aws:cdk:bundling-stacks': [],
  '@aws-cdk/core:validateAgainstDefaultRules': false,
} as const;

export interface Synth {
  app: App;
  stack: FleetdeskStack;
  template: Template;
}

/** Builds the stack as bin/app.ts does (context decides the config), plus optional overrides. */
export function synth(
  context: Record<string, unknown> = {},
  overrides: Omit<Partial<FleetdeskStackProps>, 'config'> = {},
): Synth {
  const app = new App({ context: { ...FAST_SYNTH_CONTEXT, ...context } });
  const stack = new FleetdeskStack(app, 'Test', { config: readDeploymentConfig(app.node), ...overrides });
  return { app, stack, template: Template.fromStack(stack) };
}

/** Logical id of a construct's CloudFormation resource, to find it in the template. */
export function logicalId(stack: Stack, cfn: unknown): string {
  return stack.getLogicalId(cfn as Parameters<Stack['getLogicalId']>[0]);
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; [k: string]: unknown }>;

/** Every resource of a type, keyed by logical id. */
export function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** The IoT connector stack as bin/app.ts builds it with `-c fleetdeskUrl=… -c topicFilter=… -c identifierSegment=…`. */
export function synthConnector(context: Record<string, unknown> = {}): { app: App; stack: FleetdeskIotConnectorStack; template: Template } {
  const app = new App({
    context: {
      ...FAST_SYNTH_CONTEXT,
      fleetdeskUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com/',
      topicFilter: 'things/+/telemetry',
      identifierSegment: '2',
      ...context,
    },
  });
  const config = readConnectorConfig(app.node);
  if (!config) throw new Error('connector context missing');
  const stack = new FleetdeskIotConnectorStack(app, CONNECTOR_STACK_NAME, { config, alarmEmail: 'ops@example.com' });
  return { app, stack, template: Template.fromStack(stack) };
}
