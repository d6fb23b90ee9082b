import type { HttpRoute, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { MCP_PATH, type RouteDefinition } from '../../shared/routes';

/** Requests per second (steady) and burst of one route, per stage (API Gateway throttles per route key, for all callers together). */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * Route-level throttles by kind of route. A stage-wide limit let one maker's connector (one
 * request per MQTT message) or one busy integrator starve every other route; each route now has
 * its own bucket, sized for its traffic. The account's API Gateway quota (10,000 req/s per Region)
 * and the Lambda concurrency quota sit above all of them. Raise one here and redeploy
 * (docs/operations.md, "Throttling"). These limits are per route, not per organization: one
 * organization can still use a whole route's budget (next step: per-organization rate limits).
 */
export const ROUTE_THROTTLES = {
  /** `POST /api/telemetry`: devices, connectors and backfills of every organization. */
  telemetry: { rateLimit: 1000, burstLimit: 2000 },
  /** The MCP endpoint: agents, a few tool calls per conversation turn. */
  mcp: { rateLimit: 50, burstLimit: 100 },
  /** The External API v1 routes (CRUD, assignment, tickets, read-back). */
  api: { rateLimit: 100, burstLimit: 200 },
  /** Public pages (API description, docs): no key, so the smallest budget. */
  public: { rateLimit: 10, burstLimit: 20 },
} as const satisfies Record<string, Throttle>;

/** Which budget a route gets. */
export function throttleOf(route: RouteDefinition): Throttle {
  if (route.method === 'POST' && route.path === '/api/telemetry') return ROUTE_THROTTLES.telemetry;
  if (route.path === MCP_PATH) return ROUTE_THROTTLES.mcp;
  if (route.auth === 'none') return ROUTE_THROTTLES.public;
  return ROUTE_THROTTLES.api;
}

/**
 * Sets each route's throttle on the stage (CloudFormation `RouteSettings`, keyed by route key). The
 * stage waits for the routes: route settings naming a route that does not exist yet fail the deploy.
 */
export function applyRouteThrottles(stage: HttpStage, routes: readonly { routeKey: string; def: RouteDefinition; resources: readonly HttpRoute[] }[]): void {
  const cfn = stage.node.defaultChild as CfnStage;
  cfn.routeSettings = Object.fromEntries(
    routes.map(({ routeKey, def }) => {
      const t = throttleOf(def);
      // RouteSettings is a free-form map in CDK's types: the keys must be CloudFormation's own (capitalised).
      return [routeKey, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }];
    }),
  );
  for (const { resources } of routes) for (const r of resources) stage.node.addDependency(r);
}
