import { synth } from './synth';
import { isRouteGroupFunction, ROUTE_GROUPS_STACK_ID } from '../../lib/route-groups';
import { routes } from '../../shared/routes';

/**
 * CloudFormation takes at most 500 resources per stack; a nested stack (lib/route-groups.ts) counts
 * apart from its parent. Each stack stays under 490 (the parent is at 469, 477 with every option on:
 * the functions whose routes deployed stacks already have stay there, lib/route-groups.ts; new
 * functions with routes of their own belong in the nested stack), so a failure names the stack before a
 * deploy does (docs/operations.md, "Stack size"). Counted with every optional part on: the Bedrock
 * classifier and diagnosis, IoT ingestion, an alarm e-mail.
 */
const LIMIT = 490;

const count = (t: { toJSON(): Record<string, unknown> }) => Object.keys((t.toJSON().Resources ?? {}) as object).length;

describe.each([
  ['defaults', {}],
  ['every option on', { classifier: 'bedrock', bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0', diagnosis: 'bedrock', alarmEmail: 'ops@example.com' }],
])('stack size (%s)', (_name, context) => {
  const s = synth(context);

  test(`the parent stack and each nested stack have fewer than ${LIMIT} resources`, () => {
    const sizes = { parent: count(s.parent), ...Object.fromEntries(Object.entries(s.nested).map(([id, t]) => [id, count(t)])) };
    for (const [stack, n] of Object.entries(sizes)) expect([stack, n < LIMIT, n]).toEqual([stack, true, n]);
    // What the split moved: without the nested stack the parent would be near the limit again.
    expect(Object.keys(s.nested)).toEqual([ROUTE_GROUPS_STACK_ID]);
    expect(count(s.parent) + count(s.nested[ROUTE_GROUPS_STACK_ID] as never)).toBeGreaterThan(LIMIT);
  });

  test('every console feature group and its routes are in the nested stack; every other function in the parent, where a deployed stack has it', () => {
    const nested = s.nested[ROUTE_GROUPS_STACK_ID];
    if (!nested) throw new Error('no route-groups stack');
    const nestedFunctions = Object.keys(nested.findResources('AWS::Lambda::Function'));
    const parentFunctions = Object.keys(s.parent.findResources('AWS::Lambda::Function'));
    const groups = new Set(routes.filter(isRouteGroupFunction).map((r) => r.functionId as string));
    for (const [id, f] of s.stack.functions) {
      const logicalId = s.stack.resolve((f.fn.node.defaultChild as unknown as { logicalId: string }).logicalId) as string;
      expect([id, (groups.has(id) ? nestedFunctions : parentFunctions).includes(logicalId)]).toEqual([id, true]);
    }
    expect(nestedFunctions).toHaveLength(groups.size);
    // Their routes, integrations and invoke permissions go with them; the API, its stage and the authorizer stay in the parent.
    expect(Object.keys(nested.findResources('AWS::ApiGatewayV2::Route')).length).toBeGreaterThan(40);
    expect(Object.keys(nested.findResources('AWS::ApiGatewayV2::Integration'))).toHaveLength(groups.size);
    for (const type of ['AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Stage', 'AWS::ApiGatewayV2::Authorizer']) {
      expect([type, Object.keys(nested.findResources(type)).length, Object.keys(s.parent.findResources(type)).length]).toEqual([type, 0, 1]);
    }
  });

  test("every function's Bedrock failures count into the parent's metric, the one the alarm reads, wherever the function is", () => {
    const filters = Object.values(s.template.findResources('AWS::Logs::MetricFilter')) as { Properties: { MetricTransformations: { MetricNamespace: unknown }[] } }[];
    const namespaces = new Set(filters.flatMap((f) => f.Properties.MetricTransformations.map((m) => JSON.stringify(m.MetricNamespace))));
    if (Object.keys(context).length === 0) return;
    // Every function that classifies with Bedrock (createTicket, MCP, ...) counts into one namespace, the
    // parent stack's name, wherever the function is (FleetFunction uses the top-level stack's name).
    expect(filters.length).toBeGreaterThan(0);
    expect([...namespaces]).toEqual([JSON.stringify('Fleetdesk/Test')]);
  });

  test('the stack outputs stay on the parent stack', () => {
    const outputs = Object.keys(s.parent.findOutputs('*'));
    for (const name of ['ApiUrl', 'ApiBaseUrl', 'TableName', 'AlarmTopicArn', 'ConsoleUrl']) expect(outputs).toContain(name);
  });
});
