import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { json, NOT_FOUND_ROUTE } from './response';
import { compile, matchRoute } from './route-match';
import { routeKeyOf, servedRoutes, type RouteFlags } from './route-flags';

type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | unknown>;

/**
 * One Lambda for a group of routes (the console's API, the webhook endpoints API): each route keeps
 * its own handler, its own route-table entry and so its own auth, admin and idempotency flags
 * (the handler factory reads them by `routeKey`); the group only picks the handler. Why groups exist:
 * one function per route put the stack over CloudFormation's 500 resources per stack
 * (docs/operations.md, "Stack size").
 *
 * The handler is picked by the route key API Gateway (or the local router) sets. Behind a greedy
 * route (`ANY /api/console/v1/{proxy+}`, routes.ts PROXY_ROUTES) the key is the proxy's, so the group
 * matches method and path against its members itself and hands the member the event it would have
 * had behind its own route: that member's route key and its path parameters.
 */
export function routeGroup(handlers: Record<string, HttpHandler>): HttpHandler {
  const byRouteKey = new Map<string, HttpHandler>();
  const members: RouteFlags[] = [];
  for (const [id, handler] of Object.entries(handlers)) {
    // The bundle's own routes (lib/bundling.ts injects every member's flags), or the table unbundled.
    const route = servedRoutes.find((r) => r.id === id);
    if (!route) throw new Error(`route group names ${id}, which is not a route`);
    byRouteKey.set(routeKeyOf(route), handler);
    members.push(route);
  }
  const compiled = members.map(compile);
  return async (event, context) => {
    const direct = byRouteKey.get(event.routeKey);
    if (direct) return direct(event, context);
    const found = matchRoute(compiled, event.requestContext?.http?.method ?? '', event.rawPath ?? '');
    if (!found) return json(404, { error: NOT_FOUND_ROUTE });
    const routeKey = routeKeyOf(found.route);
    const requestContext = event.requestContext ? { ...event.requestContext, routeKey } : event.requestContext;
    return (byRouteKey.get(routeKey) as HttpHandler)({ ...event, routeKey, requestContext, pathParameters: found.pathParameters }, context);
  };
}
