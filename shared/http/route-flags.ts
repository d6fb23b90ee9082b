import type { RouteDefinition } from '../routes';

/**
 * What the handler factory (and a route group) needs to know about a route at run time: its key
 * and its flags. Nothing else of the route table (entries, table access, capabilities) is read by
 * a running handler.
 */
export type RouteFlags = Pick<RouteDefinition, 'id' | 'method' | 'path' | 'auth' | 'adminOnly' | 'idempotent'>;

/**
 * Build-time constants, injected by lib/bundling.ts (`bundleDefines`, esbuild `define`) into each
 * function's bundle from the route table: the flags of the routes that function serves, and
 * whether any of them takes a person's session or honours Idempotency-Key. esbuild folds the
 * comparisons below to constants, so a bundle carries neither the route table nor the code of a
 * flag none of its routes has (user sessions, idempotency). Unbundled (the local stack, tests,
 * scripts) they are undefined and everything comes from the route table itself.
 */
declare global {
  var __FLEETDESK_ROUTE_FLAGS__: string | undefined;
  var __FLEETDESK_USER_ROUTES__: boolean | undefined;
  var __FLEETDESK_IDEMPOTENT_ROUTES__: boolean | undefined;
}

/** The flags of one route as the bundle carries them (no undefined fields, so the JSON stays short). */
export function routeFlagsOf(route: RouteDefinition): RouteFlags {
  const { id, method, path, auth, adminOnly, idempotent } = route;
  return { id, method, path, ...(auth ? { auth } : {}), ...(adminOnly ? { adminOnly } : {}), ...(idempotent ? { idempotent } : {}) };
}

/** Unbundled: every route of the table. A `require` in a branch esbuild removes, so a bundle never includes the table. */
function tableRouteFlags(): readonly RouteFlags[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../routes') as typeof import('../routes')).routes.map(routeFlagsOf);
}

/**
 * The routes this function serves (in a bundle) or every route (unbundled). A request whose route
 * key is not here is treated like an unknown key always was: API-key auth, no flags.
 */
export const servedRoutes: readonly RouteFlags[] =
  globalThis.__FLEETDESK_ROUTE_FLAGS__ !== undefined ? (JSON.parse(globalThis.__FLEETDESK_ROUTE_FLAGS__) as RouteFlags[]) : tableRouteFlags();

/** `METHOD /path`: the route key API Gateway (and the local router) set on the event. */
export const routeKeyOf = (route: Pick<RouteFlags, 'method' | 'path'>): string => `${route.method} ${route.path}`;
