import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler as consoleApi } from '../../../functions/http/groups/console-api';
import { handler as consoleSettingsApi } from '../../../functions/http/groups/console-settings-api';
import { fakeContext } from '../../../shared/http/local-router';
import { CONSOLE_PREFIX, PROXY_ROUTES, routes } from '../../../shared/routes';

/**
 * Every route the table gives a console function is in that group's map (functions/http/groups/
 * console-api.ts, console-settings-api.ts): behind the greedy route a forgotten one would answer the
 * group's 404 instead of reaching its handler (which, without a session, answers 401).
 */
const GROUPS = { ConsoleApi: consoleApi, ConsoleSettingsApi: consoleSettingsApi } as const;
const consoleRoutes = routes.filter((r) => r.path.startsWith(`${CONSOLE_PREFIX}/`));

/** The greedy route API Gateway picks for a path: the most specific (longest) prefix that matches. */
function gatewayProxyFor(path: string): string | undefined {
  const candidates = Object.entries(PROXY_ROUTES)
    .map(([functionId, proxy]) => ({ functionId, prefix: proxy.replace('/{proxy+}', '/') }))
    .filter((c) => path.startsWith(c.prefix) && path.length > c.prefix.length)
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return candidates[0]?.functionId;
}

it('every console route is served by a group, and API Gateway\'s most specific greedy route leads to that group', () => {
  expect(consoleRoutes.length).toBeGreaterThan(50);
  for (const route of consoleRoutes) {
    expect([route.id, route.functionId !== undefined && route.functionId in GROUPS]).toEqual([route.id, true]);
    expect([route.id, gatewayProxyFor(route.path.replace(/\{\w+\}/g, 'x'))]).toEqual([route.id, route.functionId]);
  }
  // Both groups carry part of the console: the settings pages are not in the main group.
  expect(consoleRoutes.filter((r) => r.functionId === 'ConsoleSettingsApi').length).toBeGreaterThan(20);
});

it.each(consoleRoutes.map((r) => [r.id, r] as const))('%s reaches its handler through its group\'s greedy route', async (_id, route) => {
  const functionId = route.functionId as keyof typeof GROUPS;
  const PROXY_KEY = `ANY ${PROXY_ROUTES[functionId] as string}`;
  const prefix = (PROXY_ROUTES[functionId] as string).replace('/{proxy+}', '');
  const path = route.path.replace(/\{\w+\}/g, 'x');
  const now = Date.now();
  const event = {
    version: '2.0',
    routeKey: PROXY_KEY,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    pathParameters: { proxy: path.slice(prefix.length + 1) },
    requestContext: { http: { method: route.method, path }, requestId: `r${now}`, routeKey: PROXY_KEY, timeEpoch: now },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const res = (await GROUPS[functionId](event, fakeContext({ id: functionId }, `r${now}`) as Context)) as APIGatewayProxyStructuredResultV2;
  expect([res.statusCode, JSON.parse(res.body ?? '{}')]).toEqual([401, { error: 'Missing session' }]);
});
