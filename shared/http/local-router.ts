import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { notFoundRoute, routes as defaultRoutes, type RouteDefinition } from '../routes';
import { json } from './response';
import { compile, matchRoute } from './route-match';

/**
 * Serves the route table over plain HTTP by turning each request into the API Gateway HTTP API
 * (payload v2) event Lambda would receive and calling the very same `handler` export.
 * Deliberately free of aws-cdk-lib: it reads only the route table.
 */
type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;


/** The Lambda context a local invocation gets (the local router's, the MQTT broker's and the S3 trigger's). */
export function fakeContext(route: { id: string }, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${route.id}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${route.id}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/local/${route.id}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Returns a Node `http` request listener that dispatches through the route table.
 * `rootDir` is where route `entry` paths are resolved from.
 */
export function createLocalRouter(options: { rootDir: string; routes?: readonly RouteDefinition[] }) {
  const compiled = (options.routes ?? defaultRoutes).map(compile);
  const modules = new Map<string, LambdaHandler>();
  const load = (entry: string): LambdaHandler => {
    let handler = modules.get(entry);
    if (!handler) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      handler = (require(path.join(options.rootDir, entry)) as { handler: LambdaHandler }).handler;
      modules.set(entry, handler);
    }
    return handler;
  };

  return async (req: IncomingMessage, res: ServerResponse) => {
    const send = (result: APIGatewayProxyStructuredResultV2) => {
      res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
      res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
    };
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = (req.method ?? 'GET').toUpperCase();
      // Unmatched requests go to the same handler the HTTP API's `$default` route runs in AWS.
      const found = matchRoute(compiled, method, url.pathname);
      const target = found
        ? { id: found.route.id, entry: found.route.entry, routeKey: `${found.route.method} ${found.route.path}`, pathParameters: found.pathParameters }
        : { id: notFoundRoute.id, entry: notFoundRoute.entry, routeKey: '$default', pathParameters: {} };

      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
      }
      const requestId = randomUUID();
      const now = Date.now();
      const event: APIGatewayProxyEventV2 = {
        version: '2.0',
        routeKey: target.routeKey,
        rawPath: url.pathname,
        rawQueryString: url.search.replace(/^\?/, ''),
        headers,
        queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
        pathParameters: Object.keys(target.pathParameters).length ? target.pathParameters : undefined,
        requestContext: {
          accountId: '000000000000',
          apiId: 'local',
          domainName: headers.host ?? 'localhost',
          domainPrefix: 'local',
          http: {
            method,
            path: url.pathname,
            protocol: `HTTP/${req.httpVersion}`,
            sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
            userAgent: headers['user-agent'] ?? '',
          },
          requestId,
          routeKey: target.routeKey,
          stage: '$default',
          time: new Date(now).toISOString(),
          timeEpoch: now,
        },
        body: body.length > 0 ? body.toString('utf8') : undefined,
        isBase64Encoded: false,
      };
      send(await load(target.entry)(event, fakeContext(target, requestId)));
    } catch (error) {
      // The handler factory already maps its own errors; this only guards the adapter itself.
      console.error(JSON.stringify({ level: 'ERROR', message: 'local router failure', error: String(error) }));
      send(json(500, { error: 'Internal server error' }));
    }
  };
}
