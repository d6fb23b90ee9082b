/**
 * The console's API behind API Gateway (routes.ts CONSOLE_GROUPS, PROXY_ROUTES): ten route-group functions,
 * nine reached by their routes' own keys and one (`ConsoleApi`) behind the catch-all greedy route
 * `ANY /api/console/v1/{proxy+}`, which also takes every console path no route declares. Each group
 * function picks its member and each member keeps its own flags. Events here are shaped as API Gateway
 * sends them (test/support/console-groups.ts: the route key API Gateway picks, its path parameters, or
 * `pathParameters.proxy` behind the greedy route), which the local router never produces.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { signSession, SESSION_TTL_MS } from '../../shared/domain/user/session';
import { addUser, SESSION_SECRET_ENV } from '../../shared/domain/user/user.service';
import { CONSOLE_PREFIX } from '../../shared/routes';
import { consoleGroupFor } from '../support/console-groups';
import { fakeContext } from '../../shared/http/local-router';
import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

let key: string;
let agent: string;
let admin: string;

async function bearer(organizationId: string, email: string, role: 'agent' | 'admin') {
  const user = await addUser(organizationId, email, role);
  return `Bearer ${signSession(process.env[SESSION_SECRET_ENV] as string, { o: organizationId, u: user.userId, iat: Date.now(), exp: Date.now() + SESSION_TTL_MS })}`;
}

beforeAll(async () => {
  const mine = await newOrg();
  key = mine.apiKey;
  agent = await bearer(mine.org.organizationId, 'agent@example.com', 'agent');
  admin = await bearer(mine.org.organizationId, 'admin@example.com', 'admin');
});

async function viaProxy(method: string, path: string, authorization: string, body?: unknown) {
  const now = Date.now();
  const group = consoleGroupFor(method, path);
  if (!group) throw new Error(`no API Gateway route leads to ${method} ${path}`);
  const PROXY_KEY = group.key;
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: PROXY_KEY,
    rawPath: path,
    rawQueryString: '',
    headers: { authorization, 'content-type': 'application/json' },
    pathParameters: group.pathParameters,
    requestContext: {
      accountId: '000000000000', apiId: 'test', domainName: 'example.com', domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: `r${now}`, routeKey: PROXY_KEY, stage: '$default', time: new Date(now).toISOString(), timeEpoch: now,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  };
  const res = (await group.fn(event, fakeContext({ id: group.id }, event.requestContext.requestId) as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') as Record<string, unknown> };
}

it('a member route with a path parameter gets its own route key and the decoded parameter', async () => {
  const created = await api.post('/ticket/createTicket', key, { title: 'Fan rattles', customerEmail: 'fan@example.com', messages: [{ role: 'customer', content: 'Rattle.' }] });
  const id = created.body.ticketId as string;
  const page = await viaProxy('GET', `${CONSOLE_PREFIX}/tickets/${encodeURIComponent(id)}`, agent);
  expect(page.status).toBe(200);
  expect(JSON.stringify(page.body)).toContain(id);
  const patched = await viaProxy('PATCH', `${CONSOLE_PREFIX}/tickets/${id}`, agent, { status: 'pending' });
  expect(patched.status).toBe(200);
  expect(patched.body.status).toBe('pending');
});

it('each member keeps its flags: an agent on an admin route gets 403 Admins only, an admin 200', async () => {
  expect(await viaProxy('GET', `${CONSOLE_PREFIX}/settings/developer`, agent)).toEqual({ status: 403, body: { error: 'Admins only' } });
  expect((await viaProxy('GET', `${CONSOLE_PREFIX}/settings/developer`, admin)).status).toBe(200);
});

it('a path or method no member declares is 404 Not found, never another member', async () => {
  expect((await viaProxy('GET', `${CONSOLE_PREFIX}/nothing-here`, admin)).status).toBe(404);
  expect((await viaProxy('DELETE', `${CONSOLE_PREFIX}/settings/developer`, admin)).status).toBe(404);
  expect((await viaProxy('GET', `${CONSOLE_PREFIX}/tickets/a/b/c`, admin)).status).toBe(404);
});

it('without a session the proxied routes answer 401 as on their own routes', async () => {
  const res = await viaProxy('GET', `${CONSOLE_PREFIX}/tickets`, '');
  expect(res.status).toBe(401);
});
