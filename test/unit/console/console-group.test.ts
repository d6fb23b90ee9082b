import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { fakeContext } from '../../../shared/http/local-router';
import { CONSOLE_GROUPS, CONSOLE_PREFIX, type ConsoleGroupId, PROXY_ROUTES, routes } from '../../../shared/routes';
import { CONSOLE_GROUP_HANDLERS, consoleGroupFor } from '../../support/console-groups';

/**
 * Every route the table gives a console function is in that group's map (functions/http/groups/
 * console-*.ts): a forgotten one would answer the group's 404 instead of reaching its handler (which,
 * without a session, answers 401). And API Gateway's choice among the stack's route keys (explicit
 * routes first, then the longest greedy prefix; test/support/console-groups.ts) leads every console
 * route to the function the table names: no group shadows another.
 */
const consoleRoutes = routes.filter((r) => r.path.startsWith(`${CONSOLE_PREFIX}/`));
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x');

it('every console route is served by a group, and API Gateway\'s route selection leads to that group', () => {
  expect(consoleRoutes.length).toBeGreaterThan(50);
  for (const route of consoleRoutes) {
    expect([route.id, route.functionId !== undefined && route.functionId in CONSOLE_GROUP_HANDLERS]).toEqual([route.id, true]);
    expect([route.id, route.entry]).toEqual([route.id, CONSOLE_GROUPS[route.functionId as ConsoleGroupId].entry]);
    expect([route.id, consoleGroupFor(route.method, concrete(route.path))?.id]).toEqual([route.id, route.functionId]);
  }
  // Every group serves some of the console, and only the catch-all is a greedy route.
  for (const id of Object.keys(CONSOLE_GROUPS)) expect([id, consoleRoutes.some((r) => r.functionId === id)]).toEqual([id, true]);
  expect(Object.keys(PROXY_ROUTES)).toEqual(['ConsoleApi']);
});

it('a console path or method no route declares reaches the catch-all group, which answers 404 (behind the authorizer in AWS)', () => {
  for (const [method, path] of [['GET', '/nothing-here'], ['DELETE', '/settings/developer'], ['GET', '/tickets/a/b/c'], ['PUT', '/webhooks/x'], ['GET', '/settings/other']]) {
    expect([method, path, consoleGroupFor(method as string, `${CONSOLE_PREFIX}${path}`)?.id]).toEqual([method, path, 'ConsoleApi']);
  }
});

it.each(consoleRoutes.map((r) => [r.id, r] as const))('%s reaches its handler through the route API Gateway picks', async (_id, route) => {
  const path = concrete(route.path);
  const group = consoleGroupFor(route.method, path);
  if (!group) throw new Error(`no API Gateway route leads to ${route.path}`);
  const now = Date.now();
  const event = {
    version: '2.0',
    routeKey: group.key,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    pathParameters: group.pathParameters,
    requestContext: { http: { method: route.method, path }, requestId: `r${now}`, routeKey: group.key, timeEpoch: now },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const res = (await group.fn(event, fakeContext({ id: group.id }, `r${now}`) as Context)) as APIGatewayProxyStructuredResultV2;
  expect([res.statusCode, JSON.parse(res.body ?? '{}')]).toEqual([401, { error: 'Missing session' }]);
});
