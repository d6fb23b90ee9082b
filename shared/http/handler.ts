import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { BadRequestError, PayloadTooLargeError } from '../domain/errors';
import { authenticate } from '../domain/organization/organization.service';
import type { OrgContext } from '../domain/organization/organization.schema';
import { logger } from '../logging/logger';
import { errorResponse } from './error-mapper';
import { json } from './response';

/** What a handler function receives: the caller's organization and the validated input. */
export interface ApiRequest<Body = undefined> {
  org: OrgContext;
  body: Body;
  pathParameters: Record<string, string | undefined>;
  requestId: string;
}

export interface HandlerOptions<S extends z.ZodMiniType | undefined> {
  /** zod schema of the JSON body; its first issue's message is the 400 text. Omit for GET. */
  body?: S;
  /** The endpoint's text for an unparsable or non-object body (spec differs per endpoint). */
  invalidJson?: string;
}

export type HandlerFn<Body> = (request: ApiRequest<Body>) => Promise<object>;
type BodyOf<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** Largest body accepted (Lambda's synchronous payload limit is 6 MB). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const DEFAULT_INVALID_JSON = 'Invalid JSON payload';

/** Lambda context extended with what the middlewares resolved for the handler. */
interface ApiContext extends Context {
  org?: OrgContext;
  body?: unknown;
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

/** Auth runs before the body is even decoded: no key or a wrong key never reaches parsing. */
const apiKeyAuth: Middleware = {
  before: async (request) => {
    const org = await authenticate(request.event.headers['x-api-key']);
    request.context.org = org;
    logger.appendKeys({ organizationId: org.organizationId });
  },
};

function jsonBody(invalidJson: string): Middleware {
  return {
    before: (request) => {
      const { body, isBase64Encoded } = request.event;
      const raw = body === undefined ? '' : isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) {
        throw new PayloadTooLargeError(`Request body too large. Maximum ${MAX_BODY_BYTES} bytes`);
      }
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
 * API-key auth, JSON body parse, zod validation, then the handler; errors are mapped once,
 * by class, on the way out. Handlers return plain objects; this wraps them as 200 JSON.
 */
export function httpHandler<S extends z.ZodMiniType | undefined = undefined>(
  options: HandlerOptions<S>,
  fn: HandlerFn<BodyOf<S>>,
) {
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }) as Middleware)
    .use(respond)
    .use(normalizeHeaders)
    .use(apiKeyAuth);
  if (options.body) chain.use(jsonBody(options.invalidJson ?? DEFAULT_INVALID_JSON)).use(validate(options.body));
  return chain.handler(async (event, context) => {
    const result = await fn({
      org: context.org as OrgContext,
      body: context.body as BodyOf<S>,
      pathParameters: event.pathParameters ?? {},
      requestId: context.awsRequestId,
    });
    return json(200, result);
  });
}
