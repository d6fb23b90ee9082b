import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler as consoleApi } from '../../../functions/http/groups/console-api';
import { fakeContext } from '../../../shared/http/local-router';
import { CONSOLE_PREFIX, PROXY_ROUTES, routes } from '../../../shared/routes';

/**
 * Every route the table gives the console's function is in the group's map (functions/http/groups/
 * console-api.ts): behind the greedy route a forgotten one would answer the group's 404 instead of
 * reaching its handler (which, without a session, answers 401).
 */
const PROXY_KEY = `ANY ${PROXY_ROUTES.ConsoleApi as string}`;

it.each(routes.filter((r) => r.functionId === 'ConsoleApi').map((r) => [r.id, r] as const))('%s reaches its handler through the greedy route', async (_id, route) => {
  const path = route.path.replace(/\{\w+\}/g, 'x');
  const now = Date.now();
  const event = {
    version: '2.0',
    routeKey: PROXY_KEY,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    pathParameters: { proxy: path.slice(CONSOLE_PREFIX.length + 1) },
    requestContext: { http: { method: route.method, path }, requestId: `r${now}`, routeKey: PROXY_KEY, timeEpoch: now },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const res = (await consoleApi(event, fakeContext({ id: 'ConsoleApi' }, `r${now}`) as Context)) as APIGatewayProxyStructuredResultV2;
  expect([res.statusCode, JSON.parse(res.body ?? '{}')]).toEqual([401, { error: 'Missing session' }]);
});
