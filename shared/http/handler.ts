import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { findMalformedTextField, invalidUnicode } from '../domain/common.schema';
import { BadRequestError, ForbiddenError, PayloadTooLargeError } from '../domain/errors';
import { parseIdempotencyKey, requestFingerprint, runIdempotent } from '../domain/idempotency/idempotency.service';
import { authenticate } from '../domain/organization/organization-auth';
import type { OrgContext } from '../domain/organization/organization.schema';
import { authenticateUser } from '../domain/user/user-auth';
import { ADMINS_ONLY, type UserContext } from '../domain/user/user.limits';
import { appendKeys, injectLambdaContext, logger } from '../logging/logger';
import { pure } from '../pure';
import { errorResponse } from './error-mapper';
import { json, RawResponse } from './response';
import type { RouteAuth } from '../routes';
import { routeKeyOf, servedRoutes } from './route-flags';

/** What a handler function receives: the caller's organization and the validated input. */
export interface ApiRequest<Body = undefined> {
  org: OrgContext;
  /** The signed-in person on `auth: 'user'` routes (the console); undefined on API-key routes. */
  user?: UserContext;
  body: Body;
  pathParameters: Record<string, string | undefined>;
  /** Query string parameters (URL-decoded; a repeated name keeps API Gateway's comma-joined form). */
  query: Record<string, string | undefined>;
  requestId: string;
  /** The raw event (headers lower-cased), for adapters of another protocol over HTTP (MCP). */
  event: APIGatewayProxyEventV2;
}

export interface HandlerOptions<S extends z.ZodMiniType | undefined> {
  /** zod schema of the JSON body; its first issue's message is the 400 text. Omit for GET. */
  body?: S;
  /** The endpoint's text for an unparsable or non-object body (spec differs per endpoint). */
  invalidJson?: string;
  /**
   * Answers a request that legitimately carries no API key before auth runs (the IoT rule
   * destination's confirmation on /api/telemetry): made by {@link answerBeforeAuth} from a function
   * whose returned object is the 200 body; undefined lets the request continue to auth like any other.
   */
  preAuth?: PreAuth;
}

/** A step that may answer before auth ({@link answerBeforeAuth}); opaque to callers. */
export type PreAuth = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

/** Returns the 200 JSON body, or a {@link RawResponse} the handler shaped itself (pages, assets, MCP). */
export type HandlerFn<Body> = (request: ApiRequest<Body>) => Promise<object>;
type BodyOf<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** Largest body accepted (Lambda's synchronous payload limit is 6 MB). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const DEFAULT_INVALID_JSON = 'Invalid JSON payload';

/** Lambda context extended with what the middlewares resolved for the handler. */
interface ApiContext extends Context {
  org?: OrgContext;
  user?: UserContext;
  body?: unknown;
  /** The decoded body text, as the Idempotency-Key fingerprint sees it. */
  rawBody?: string;
}
type Request = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;
type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const normalizeHeaders: Middleware = {
  before: (request) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.event.headers ?? {})) {
      if (value !== undefined) headers[name.toLowerCase()] = value;
    }
    request.event.headers = headers;
  },
};

/**
 * How each route authenticates, by route key (`GET /path`, as API Gateway and the local router set it); unknown keys need an API key.
 * A bundle knows only the routes its function serves (shared/http/route-flags.ts).
 */
const AUTH_BY_ROUTE_KEY = new Map<string, RouteAuth>(servedRoutes.map((r) => [routeKeyOf(r), r.auth ?? 'apiKey']));
/** Person routes an agent may not call (route keys); left out of bundles that serve no person's route. */
const ADMIN_ONLY_ROUTE_KEYS = /* @__PURE__ */ pure(() => new Set(servedRoutes.filter((r) => r.adminOnly).map(routeKeyOf)));

/** The key of an `Authorization: Bearer <key>` header, or undefined. */
function bearerKey(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S.*)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}

/**
 * Auth runs before the body is even decoded: no key or a wrong key never reaches parsing. The
 * route table says which routes are public and which also take `Authorization: Bearer <key>`.
 */
const apiKeyAuth: Middleware = {
  before: async (request) => {
    const mode = AUTH_BY_ROUTE_KEY.get(request.event.routeKey) ?? 'apiKey';
    if (mode === 'none') return;
    // Folded to `false` in the bundle of a function with no person route: no session code in it.
    if (globalThis.__FLEETDESK_USER_ROUTES__ !== false && mode === 'user') {
      // People: the organization and the user come from the verified session or token, never from the API key.
      const { org, user } = await authenticateUser(request.event);
      request.context.org = org;
      request.context.user = user;
      appendKeys(logger, { organizationId: org.organizationId, userId: user.userId });
      if (ADMIN_ONLY_ROUTE_KEYS.has(request.event.routeKey) && user.role !== 'admin') throw new ForbiddenError(ADMINS_ONLY);
      return;
    }
    const { headers } = request.event;
    const presented = headers['x-api-key'] || (mode === 'apiKeyOrBearer' ? bearerKey(headers.authorization) : undefined);
    const org = await authenticate(presented);
    request.context.org = org;
    appendKeys(logger, { organizationId: org.organizationId });
  },
};

/**
 * The {@link HandlerOptions}.preAuth step answering with `answer`. Built by the one function that has
 * it (ingest-telemetry), not by the handler factory, so no other function's bundle carries it.
 */
export function answerBeforeAuth(answer: (event: APIGatewayProxyEventV2) => Promise<object | undefined>): PreAuth {
  const step: Middleware = {
    before: async (request) => {
      const result = await answer(request.event);
      if (!result) return undefined;
      // A value returned from `before` ends the chain (no auth, no handler, and no `after` steps),
      // so the access-log line is written here.
      request.response = json(200, result);
      logResult(request);
      return request.response;
    },
  };
  return step as PreAuth;
}

function jsonBody(invalidJson: string): Middleware {
  return {
    before: (request) => {
      const { body, isBase64Encoded } = request.event;
      const raw = body === undefined ? '' : isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) {
        throw new PayloadTooLargeError(`Request body too large. Maximum ${MAX_BODY_BYTES} bytes`);
      }
      request.context.rawBody = raw;
      if (raw.trim() === '') {
        // An empty body is treated as {} so the 400 names the missing required field.
        request.context.body = {};
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new BadRequestError(invalidJson);
      }
      // The v1 API only takes JSON objects; an array or a scalar is as unusable as bad JSON.
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadRequestError(invalidJson);
      // Before any schema: no lone surrogate reaches a key encoder, the classifier or a log.
      const malformed = findMalformedTextField(parsed);
      if (malformed) throw new BadRequestError(invalidUnicode(malformed));
      request.context.body = parsed;
    },
  };
}

function validate(schema: z.ZodMiniType): Middleware {
  return {
    before: (request) => {
      const result = schema.safeParse(request.context.body);
      if (!result.success) throw new BadRequestError(result.error.issues[0]?.message ?? 'Invalid request body');
      request.context.body = result.data;
    },
  };
}

function logResult(request: Request) {
  const { event, response } = request;
  logger.info('request', {
    route: event.routeKey,
    status: response?.statusCode,
    durationMs: Date.now() - (event.requestContext?.timeEpoch ?? Date.now()),
  });
}

/** Maps errors once, by class, on the way out, and writes one access-log line per request. */
const respond: Middleware = {
  after: (request) => logResult(request),
  onError: (request) => {
    request.response = errorResponse(request.error);
    logResult(request);
  },
};

/**
 * The one handler factory. Chain: Lambda context into the logger, header normalisation,
 * API-key auth, JSON body parse (with the well-formed Unicode check), zod validation, then the
 * handler; errors are mapped once, by class, on the way out. Handlers return plain objects;
 * this wraps them as 200 JSON. On routes marked `idempotent` in the route table, a request with
 * an `Idempotency-Key` header runs the handler at most once per organization and key (replays,
 * 409, 422: shared/domain/idempotency/idempotency.service.ts), after auth and validation.
 */
/** Route keys (`POST /path`, as API Gateway and the local router set `routeKey`) that honour Idempotency-Key. */
const IDEMPOTENT_ROUTE_KEYS = new Set(servedRoutes.filter((r) => r.idempotent).map(routeKeyOf));
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Response header marking a replay of a stored response. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a claim lasts when the runtime cannot say how much time the invocation has left. */
const DEFAULT_LEASE_MS = 30_000;

export function httpHandler<S extends z.ZodMiniType | undefined = undefined>(
  options: HandlerOptions<S>,
  fn: HandlerFn<BodyOf<S>>,
) {
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }) as Middleware)
    .use(respond)
    .use(normalizeHeaders);
  if (options.preAuth) chain.use(options.preAuth as Middleware);
  chain.use(apiKeyAuth);
  if (options.body) chain.use(jsonBody(options.invalidJson ?? DEFAULT_INVALID_JSON)).use(validate(options.body));
  return chain.handler(async (event, context) => {
    const run = async () => {
      const result = await fn({
        org: context.org as OrgContext,
        user: context.user,
        body: context.body as BodyOf<S>,
        pathParameters: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        requestId: context.awsRequestId,
        event,
      });
      return result instanceof RawResponse ? result.result : json(200, result);
    };
    // `false` in the bundle of a function with no idempotent route (shared/http/route-flags.ts): esbuild drops the
    // branch, and with it the idempotency service, its repository and schema.
    if (globalThis.__FLEETDESK_IDEMPOTENT_ROUTES__ !== false && IDEMPOTENT_ROUTE_KEYS.has(event.routeKey)) {
      const rawKey = event.headers[IDEMPOTENCY_HEADER];
      if (rawKey !== undefined) return runWithIdempotencyKey(rawKey, event, context, run);
    }
    return run();
  });
}

/** Runs the handler at most once per organization and Idempotency-Key (a route marked `idempotent`), replaying the stored response. */
async function runWithIdempotencyKey(
  rawKey: string,
  event: APIGatewayProxyEventV2,
  context: ApiContext,
  run: () => Promise<APIGatewayProxyStructuredResultV2>,
): Promise<APIGatewayProxyStructuredResultV2> {
  const org = context.org as OrgContext;
  const result = await runIdempotent(
    {
      organizationId: org.organizationId,
      key: parseIdempotencyKey(rawKey),
      fingerprint: requestFingerprint(event.routeKey, context.rawBody ?? ''),
      // The claim outlives this invocation only if it dies without releasing it.
      leaseMs: context.getRemainingTimeInMillis?.() ?? DEFAULT_LEASE_MS,
    },
    async () => {
      const response = await run();
      return { statusCode: response.statusCode ?? 200, body: response.body ?? '' };
    },
  );
  const response = json(result.statusCode, {});
  return { ...response, body: result.body, headers: { ...response.headers, [IDEMPOTENT_REPLAYED_HEADER]: String(result.replayed) } };
}
