import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { fakeContext } from '../../../shared/http/local-router';
import { CONSOLE_PREFIX, routes } from '../../../shared/routes';
import { CONSOLE_GROUPS, consoleGroupFor } from '../../support/console-groups';

/**
 * Every route the table gives a console function is in that group's map (functions/http/groups/
 * console-api.ts, console-settings-api.ts): behind the greedy route a forgotten one would answer the
 * group's 404 instead of reaching its handler (which, without a session, answers 401).
 */
const consoleRoutes = routes.filter((r) => r.path.startsWith(`${CONSOLE_PREFIX}/`));

it('every console route is served by a group, and API Gateway\'s most specific greedy route leads to that group', () => {
  expect(consoleRoutes.length).toBeGreaterThan(50);
  for (const route of consoleRoutes) {
    expect([route.id, route.functionId !== undefined && route.functionId in CONSOLE_GROUPS]).toEqual([route.id, true]);
    expect([route.id, consoleGroupFor(route.path.replace(/\{\w+\}/g, 'x'))?.id]).toEqual([route.id, route.functionId]);
  }
  // Both groups carry part of the console: the settings pages are not in the main group.
  expect(consoleRoutes.filter((r) => r.functionId === 'ConsoleSettingsApi').length).toBeGreaterThan(20);
});

it.each(consoleRoutes.map((r) => [r.id, r] as const))('%s reaches its handler through its group\'s greedy route', async (_id, route) => {
  const path = route.path.replace(/\{\w+\}/g, 'x');
  const group = consoleGroupFor(path);
  if (!group) throw new Error(`no greedy route leads to ${route.path}`);
  const { key: PROXY_KEY, prefix } = group;
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
  const res = (await group.fn(event, fakeContext({ id: group.id }, `r${now}`) as Context)) as APIGatewayProxyStructuredResultV2;
  expect([res.statusCode, JSON.parse(res.body ?? '{}')]).toEqual([401, { error: 'Missing session' }]);
});
