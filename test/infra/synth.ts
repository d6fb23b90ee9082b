import { App, NestedStack, type Stack } from 'aws-cdk-lib';
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
  /**
   * The deployment as one template: the parent stack with each nested stack's resources merged in, their
   * parameters replaced by what the parent passes and the parent's reads of their outputs by the outputs'
   * values (see {@link flatten}). Assertions about what is deployed read this; where something is
   * matters only to the resource limit and to `parent`/`nested` below.
   */
  template: Template;
  /** The parent stack's own template (what `cdk deploy` sends as the stack's template). */
  parent: Template;
  /** Each nested stack's own template, by construct id (lib/route-groups.ts: `RouteGroups`). */
  nested: Record<string, Template>;
}

type Json = Record<string, unknown>;

/**
 * The parent template with its nested stacks' resources in it: `{ Ref: <parameter> }` in a nested
 * resource becomes the value the parent's `AWS::CloudFormation::Stack` resource passes for it, and the
 * parent's `Fn::GetAtt [<nested stack>, Outputs.<name>]` the output's value. Logical ids are each
 * stack's own (CDK's `getLogicalId` gives a nested resource's); a collision fails.
 */
export function flatten(parent: Json, nested: Record<string, Json>): Json {
  const resources = { ...(parent.Resources as Json) };
  const outputsOf = new Map<string, Json>();
  for (const [logicalId, resource] of Object.entries(parent.Resources as Record<string, Json>)) {
    if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
    const key = Object.keys(nested).find((k) => logicalId.startsWith(k));
    if (!key) throw new Error(`no nested template for ${logicalId}`);
    const template = nested[key] as Json;
    const parameters = ((resource.Properties as Json | undefined)?.Parameters ?? {}) as Json;
    const substitute = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(substitute);
      if (value && typeof value === 'object') {
        const ref = (value as Json).Ref;
        if (typeof ref === 'string' && Object.keys(value).length === 1 && ref in parameters) return parameters[ref];
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v)]));
      }
      return value;
    };
    for (const [id, r] of Object.entries((template.Resources ?? {}) as Json)) {
      if (id in resources) throw new Error(`logical id ${id} is in both the parent and ${key}`);
      resources[id] = substitute(r);
    }
    outputsOf.set(logicalId, Object.fromEntries(Object.entries((template.Outputs ?? {}) as Record<string, Json>).map(([name, o]) => [name, substitute(o.Value)])));
  }
  const readOutputs = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(readOutputs);
    if (value && typeof value === 'object') {
      const att = (value as Json)['Fn::GetAtt'];
      if (Array.isArray(att) && outputsOf.has(att[0]) && String(att[1]).startsWith('Outputs.')) return outputsOf.get(att[0])?.[String(att[1]).slice('Outputs.'.length)];
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readOutputs(v)]));
    }
    return value;
  };
  return { ...parent, Resources: readOutputs(resources), Outputs: readOutputs(parent.Outputs) };
}

/** The synthesized parent and nested templates of `stack`, and their flattened view. */
export function templatesOf(stack: Stack): Pick<Synth, 'template' | 'parent' | 'nested'> {
  const parent = Template.fromStack(stack);
  const nested = Object.fromEntries(stack.node.children.filter((c): c is NestedStack => c instanceof NestedStack).map((n) => [n.node.id, Template.fromStack(n)]));
  const flat = flatten(parent.toJSON(), Object.fromEntries(Object.entries(nested).map(([id, t]) => [id, t.toJSON()])));
  return { parent, nested, template: Template.fromJSON(flat) };
}

/** Builds the stack as bin/app.ts does (context decides the config), plus optional overrides. */
export function synth(
  context: Record<string, unknown> = {},
  overrides: Omit<Partial<FleetdeskStackProps>, 'config'> = {},
): Synth {
  const app = new App({ context: { ...FAST_SYNTH_CONTEXT, ...context } });
  const stack = new FleetdeskStack(app, 'Test', { config: readDeploymentConfig(app.node), ...overrides });
  return { app, stack, ...templatesOf(stack) };
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
