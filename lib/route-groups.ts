import type { RouteDefinition } from '../shared/routes';

/**
 * The nested stack (CDK `NestedStack`, its own CloudFormation stack with its own 500 resources) that holds
 * every route-group function: a function a route names by `functionId` (the console's groups, the
 * webhooks API, MCP, the docs page), with its role, policy, log group, error alarm, integration,
 * invoke permission and API routes. The HTTP API, its stage (route throttles, access logs), the JWT
 * authorizer's user pool, the table, keys and queues stay in the parent and are passed in by reference
 * (CloudFormation parameters CDK adds). One function per route put the single stack over CloudFormation's
 * limit; the console's split into feature groups (issue 21, bundle budgets) needed room for more
 * functions (docs/operations.md, "Stack size"; test/infra/stack-size.test.ts keeps both stacks under 450).
 */
export const ROUTE_GROUPS_STACK_ID = 'RouteGroups';

/** Whether the function behind `route` lives in the route-groups nested stack. */
export function isRouteGroupFunction(route: Pick<RouteDefinition, 'functionId'>): boolean {
  return route.functionId !== undefined;
}
