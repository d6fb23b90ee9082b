import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { json, NOT_FOUND_ROUTE } from './response';
import { routes } from '../routes';

type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | unknown>;

/**
 * One Lambda for a group of routes (the console's API, the webhook endpoints API): each route keeps
 * its own handler, its own route-table entry and so its own auth, admin and idempotency flags
 * (the handler factory reads them by `routeKey`); the group only picks the handler by the route key
 * API Gateway (or the local router) sets. Why groups exist: one function per route put the stack
 * over CloudFormation's 500 resources per stack (docs/operations.md, "Stack size").
 */
export function routeGroup(handlers: Record<string, HttpHandler>): HttpHandler {
  const byRouteKey = new Map<string, HttpHandler>();
  for (const [id, handler] of Object.entries(handlers)) {
    const route = routes.find((r) => r.id === id);
    if (!route) throw new Error(`route group names ${id}, which is not a route`);
    byRouteKey.set(`${route.method} ${route.path}`, handler);
  }
  return async (event, context) => {
    const handler = byRouteKey.get(event.routeKey);
    return handler ? handler(event, context) : json(404, { error: NOT_FOUND_ROUTE });
  };
}
