import * as z from 'zod/mini';
import { IDEMPOTENCY_IN_PROGRESS, IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_REUSED } from '../domain/idempotency/idempotency.schema';
import { INVALID_API_KEY, MISSING_API_KEY } from '../domain/organization/organization.service';
import { MAX_BODY_BYTES } from '../http/handler';
import { INTERNAL_ERROR } from '../http/response';
import { API_PREFIX, integratorRoutes as defaultRoutes, type RouteDefinition } from '../routes';
import { operations as defaultOperations, TAGS, type OperationDoc, type RawResponseDoc } from './operations';
import { webhooksSection } from './webhooks';

/**
 * Builds the OpenAPI 3.1 document from the route table and {@link defaultOperations}: never
 * written by hand, so a route cannot exist without its description (the build throws) and a
 * schema cannot change without the document following. JSON Schema comes from zod 4's
 * `toJSONSchema` (draft 2020-12, OpenAPI 3.1's dialect): request bodies and parameters as input,
 * responses as output.
 */

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = JsonSchema & { openapi: '3.1.0'; paths: Record<string, Record<string, JsonSchema>> };

/** A zod schema (or a ready JSON Schema) as an OpenAPI 3.1 schema object. */
function schemaOf(schema: z.ZodMiniType | JsonSchema, io: 'input' | 'output'): JsonSchema {
  if (!(schema instanceof z.ZodMiniType)) return schema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** `{ "error": <text> }` responses with every text as a named example. */
function errorResponse(description: string, texts: readonly string[]): JsonSchema {
  const examples: Record<string, JsonSchema> = {};
  texts.forEach((text, i) => {
    examples[`e${i + 1}`] = { summary: text.length > 80 ? `${text.slice(0, 77)}...` : text, value: { error: text } };
  });
  return { description, content: { 'application/json': { schema: ERROR_REF, examples } } };
}

function rawResponse(doc: RawResponseDoc): JsonSchema {
  if (!doc.content) return { description: doc.description };
  const content = Object.fromEntries(
    Object.entries(doc.content).map(([type, media]) => [type, { schema: schemaOf(media.schema, 'output'), ...(media.example === undefined ? {} : { example: media.example }) }]),
  );
  return { description: doc.description, content };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid or missing parameters, or invalid JSON',
  401: 'Missing or invalid API key',
  404: 'Not found in the organization of the key',
  409: 'Conflict',
  413: 'Request body too large',
  422: 'Idempotency-Key reused with a different request',
  500: 'Internal server error (nothing internal is revealed)',
};

/** Errors every route of its kind can answer, merged with the operation's own texts. */
function errorsOf(route: RouteDefinition, op: OperationDoc): Record<number, string[]> {
  const errors: Record<number, string[]> = {};
  const add = (status: number, ...texts: string[]) => {
    errors[status] = [...new Set([...(errors[status] ?? []), ...texts])];
  };
  for (const [status, texts] of Object.entries(op.errors ?? {})) add(Number(status), ...(texts ?? []));
  if (route.auth !== 'none') add(401, MISSING_API_KEY, INVALID_API_KEY);
  if (op.body && route.kind !== 'mcp') add(413, `Request body too large. Maximum ${MAX_BODY_BYTES} bytes`);
  if (route.idempotent) {
    add(400, IDEMPOTENCY_KEY_INVALID);
    add(409, IDEMPOTENCY_IN_PROGRESS);
    add(422, IDEMPOTENCY_KEY_REUSED);
  }
  add(500, INTERNAL_ERROR);
  return errors;
}

function parametersOf(route: RouteDefinition, op: OperationDoc): JsonSchema[] {
  const pathSchema = op.params ? schemaOf(op.params, 'input') : undefined;
  const pathProps = (pathSchema?.properties ?? {}) as Record<string, JsonSchema>;
  const params: JsonSchema[] = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: pathProps[name as string] ?? { type: 'string' },
  }));
  if (op.query) {
    const query = schemaOf(op.query, 'input');
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      params.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (route.idempotent) {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'At most one effect per organization and key within 24 hours; a repeat replays the first response (header `idempotent-replayed: true`).',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
    });
  }
  return params;
}

function securityOf(route: RouteDefinition): JsonSchema[] | undefined {
  if (route.auth === 'none') return [];
  if (route.auth === 'apiKeyOrBearer') return [{ ApiKey: [] }, { BearerKey: [] }];
  return undefined; // the document-wide requirement
}

function operationOf(route: RouteDefinition, op: OperationDoc): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  if (op.ok) responses['200'] = { description: 'Success', content: { 'application/json': { schema: schemaOf(op.ok, 'output') } } };
  for (const [status, doc] of Object.entries(op.responses ?? {})) responses[status] = rawResponse(doc);
  for (const [status, texts] of Object.entries(errorsOf(route, op))) {
    responses[status] ??= errorResponse(STATUS_TEXT[Number(status)] ?? 'Error', texts);
  }
  const security = securityOf(route);
  const parameters = parametersOf(route, op);
  return {
    operationId: route.id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(security ? { security } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } } : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

/** Route ids of `routes` with no entry in `operations`: each one is a route the document would leave out. */
export function undescribedRoutes(routes: readonly RouteDefinition[], operations: Record<string, OperationDoc> = defaultOperations): string[] {
  return routes.filter((r) => !Object.hasOwn(operations, r.id)).map((r) => r.id);
}

/**
 * The OpenAPI 3.1 document of `routes` (default: the route table). Throws when a route has no
 * description, or a description no route (a renamed or removed route).
 */
export function buildOpenApiDocument(options: { serverUrl?: string; routes?: readonly RouteDefinition[]; operations?: Record<string, OperationDoc> } = {}): OpenApiDocument {
  const routes = options.routes ?? defaultRoutes;
  const operations = options.operations ?? defaultOperations;
  const missing = undescribedRoutes(routes, operations);
  if (missing.length > 0) throw new Error(`No OpenAPI description for route(s) ${missing.join(', ')}: add them to shared/openapi/operations.ts`);
  const stale = Object.keys(operations).filter((id) => !routes.some((r) => r.id === id));
  if (stale.length > 0 && !options.routes) throw new Error(`OpenAPI descriptions without a route: ${stale.join(', ')}`);

  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, JsonSchema>)[route.method.toLowerCase()] = operationOf(route, operations[route.id] as OperationDoc);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleetdesk External API',
      version: '1.0.0',
      summary: 'Devices, customers, device assignments, tickets and telemetry of one organization, plus an MCP tool server on the same key.',
      description:
        `Every route under \`${API_PREFIX}\` and \`/api/telemetry\` takes the organization API key in \`x-api-key\`; ` +
        'a missing key is 401 `Missing API key`, a wrong one 401 `Invalid API key`. Errors are `{ "error": <text> }`, with extra fields where a route says so. ' +
        'The MCP tool server at `/api/mcp` takes the same key (also as `Authorization: Bearer <key>`).',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl, description: 'This deployment' }] } : {}),
    security: [{ ApiKey: [] }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    webhooks: webhooksSection((schema) => schemaOf(schema, 'output')),
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The organization API key (Settings > Integrations > Developer).' },
        BearerKey: { type: 'http', scheme: 'bearer', description: 'The same organization API key, as MCP clients send it (MCP endpoint only).' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'string', description: 'The exact error text.' } },
          description: 'Some errors carry extra fields beside `error` (for example `serviceCustomerId` on the 409 of createOrUpdateCustomer).',
        },
      },
    },
  };
}
