import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { json, NOT_FOUND_ROUTE } from '../../shared/http/response';
import { routeKeyOf, servedRoutes } from '../../shared/http/route-flags';
import type { notFoundRoute } from '../../shared/routes';
import { handler as getCustomer } from './customer/get-customer';
import { handler as ingestTelemetry } from './telemetry/ingest-telemetry';

type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | unknown>;

/** The handler of each route in `notFoundRoute.slashForms` (test/integration/trailing-slash.test.ts checks they agree). */
export const SLASH_FORM_HANDLERS: Record<(typeof notFoundRoute.slashForms)[number], HttpHandler> = {
  IngestTelemetry: ingestTelemetry as HttpHandler,
  GetCustomerWithoutId: getCustomer as HttpHandler,
};

/** `METHOD /path` of each slash-form route, without the slash. */
const SLASH_FORMS = new Map<string, { routeKey: string; handler: HttpHandler }>(
  // The ids are notFoundRoute.slashForms (the Record type requires each); read from here, not the route table.
  (Object.keys(SLASH_FORM_HANDLERS) as (keyof typeof SLASH_FORM_HANDLERS)[]).map((id) => {
    // Its bundle carries only these routes' flags (lib/bundling.ts), not the route table.
    const route = servedRoutes.find((r) => r.id === id);
    if (!route) throw new Error(`notFoundRoute.slashForms names ${id}, which is not a route`);
    return [routeKeyOf(route), { routeKey: routeKeyOf(route), handler: SLASH_FORM_HANDLERS[id] }] as const;
  }),
);

/**
 * Answers every request no route matches (the HTTP API's `$default` route, and the local
 * router's fallback), so an unknown path gets Fleetdesk's JSON error shape rather than API
 * Gateway's own `{"message":"Not Found"}`. The exceptions are the trailing-slash forms of the routes
 * in `notFoundRoute.slashForms`, which an HTTP API also sends here: they run the route's own handler
 * under the route's key (so auth and logging are the route's). Anything else: no auth and no table.
 */
export const handler = async (event?: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2 | unknown> => {
  const method = event?.requestContext?.http?.method?.toUpperCase();
  const path = event?.rawPath ?? '';
  const form = path.length > 1 && path.endsWith('/') ? SLASH_FORMS.get(`${method} ${path.replace(/\/+$/, '')}`) : undefined;
  if (form && event && context) return form.handler({ ...event, routeKey: form.routeKey, pathParameters: {} }, context);
  return json(404, { error: NOT_FOUND_ROUTE });
};
