import { CONSOLE_GROUPS, PROXY_ROUTES, type RouteDefinition } from '../shared/routes';

/**
 * The nested stack (CDK `NestedStack`, its own CloudFormation stack with its own 500 resources) that holds
 * the console's feature groups (see `isRouteGroupFunction`), each with its role, policy, log group, error alarm, integration,
 * invoke permission and API routes. The HTTP API, its stage (route throttles, access logs), the JWT
 * authorizer's user pool, the table, keys and queues stay in the parent and are passed in by reference
 * (CloudFormation parameters CDK adds). One function per route put the single stack over CloudFormation's
 * limit; the console's split into feature groups (issue 21, bundle budgets) needed room for more
 * functions (docs/operations.md, "Stack size"; test/infra/stack-size.test.ts keeps both stacks under 450).
 */
export const ROUTE_GROUPS_STACK_ID = 'RouteGroups';

/**
 * Whether the function behind `route` lives in the route-groups nested stack: the console's feature
 * groups reached by their routes' own keys. The functions whose API routes a deployed stack already
 * has in the parent (the console's catch-all behind its greedy route, the webhooks API, MCP, the docs)
 * stay there with the same logical ids: an HTTP API refuses a second route with a key it already has,
 * and CloudFormation creates a nested stack's new routes before it deletes the parent's old ones, so
 * moving them would fail the upgrade of every existing deployment (and roll it back).
 */
export function isRouteGroupFunction(route: Pick<RouteDefinition, 'functionId'>): boolean {
  const id = route.functionId;
  return id !== undefined && id in CONSOLE_GROUPS && !(id in PROXY_ROUTES);
}
