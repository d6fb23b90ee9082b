import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import { findMalformedTextField, invalidUnicode } from '../domain/common.schema';
import { DomainError } from '../domain/errors';
import type { OrgContext } from '../domain/organization/organization.schema';
import { INTERNAL_ERROR } from '../http/response';
import { logger } from '../logging/logger';
import { tools, type ToolDefinition } from './tools';

/** Server identity sent in the MCP `initialize` answer. */
export const MCP_SERVER_INFO = { name: 'fleetdesk', version: '1.0.0' } as const;

const INSTRUCTIONS =
  'Fleetdesk: customers, devices, telemetry and support tickets of one organization (the one whose API key you connected with). ' +
  'Start from a customer (find_customer by email) or a device (get_device by identifier). Errors come back as tool results with the API’s exact text.';

/** A zod schema as the JSON Schema MCP lists: the input or output side, without `$schema` (clients validate with their own dialect). */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Tool['inputSchema'] {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest as Tool['inputSchema'];
}

/** The tools/list answer, computed once per cold start. */
const listed: Tool[] = tools.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: jsonSchema(tool.input, 'input'),
  outputSchema: jsonSchema(tool.output, 'output') as Tool['outputSchema'],
  annotations: {
    title: tool.title,
    readOnlyHint: tool.readOnly,
    ...(tool.writes
      ? { destructiveHint: tool.writes.destructive, idempotentHint: tool.writes.idempotent, openWorldHint: tool.writes.openWorld ?? false }
      : { openWorldHint: false }),
  },
}));
const byName = new Map(tools.map((tool) => [tool.name, tool]));

/** A tool error: the API's exact text, and the error's extra fields (as the REST body has them) as JSON. */
function errorResult(message: string, details: Record<string, unknown> = {}): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: message }];
  if (Object.keys(details).length > 0) content.push({ type: 'text', text: JSON.stringify({ error: message, ...details }) });
  return { content, isError: true };
}

/**
 * Validates with the REST schema, runs, and maps errors the way the HTTP layer does: a domain
 * error is its text (`isError`), anything else is logged and answered `Internal server error`.
 */
export async function callTool(org: OrgContext, tool: ToolDefinition, args: unknown): Promise<CallToolResult> {
  const input = args ?? {};
  const malformed = findMalformedTextField(input);
  if (malformed) return errorResult(invalidUnicode(malformed));
  const parsed = tool.input.safeParse(input);
  if (!parsed.success) return errorResult(parsed.error.issues[0]?.message ?? 'Invalid arguments');
  try {
    const result = await tool.run(org, parsed.data);
    // A JSON round trip drops undefined fields, as the REST response body does.
    const structuredContent = JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
    return { content: [{ type: 'text', text: tool.render(result) }], structuredContent };
  } catch (error) {
    if (error instanceof DomainError) return errorResult(error.message, error.details);
    logger.error('Unhandled error in MCP tool', error instanceof Error ? error : String(error));
    return errorResult(INTERNAL_ERROR);
  }
}

/**
 * The SDK's JSON Schema validator is used only to check a client's answer to an elicitation, a
 * server-to-client request that a stateless JSON-response server cannot send. This one says so if
 * ever asked, and lets the MCP bundle leave Ajv out (shared/mcp/ajv-stub.ts).
 */
const NO_ELICITATION_VALIDATOR: jsonSchemaValidator = {
  getValidator: () => {
    throw new Error('Fleetdesk MCP server: elicitation is not offered, so no JSON Schema validator');
  },
};

/**
 * An MCP server for one request of one organization (stateless: a new one per HTTP request).
 * Built on the SDK's protocol-level `Server` rather than `McpServer`: McpServer validates tool
 * arguments itself and answers its own texts, where Fleetdesk answers the REST API's exact texts
 * (first zod issue), so validation and error mapping are done here, once, in {@link callTool}.
 */
export function createMcpServer(org: OrgContext): Server {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above: exact error texts need the protocol-level server.
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    // Without it the SDK builds an Ajv instance per server (per request here) for elicitation, which we never send.
    jsonSchemaValidator: NO_ELICITATION_VALIDATOR,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    // An unknown tool is a protocol error (MCP spec), not a tool result.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const started = Date.now();
    const result = await callTool(org, tool, request.params.arguments);
    // Like the access-log line of an API request: organization (a logger key), tool, outcome, duration; never arguments or the key.
    logger.info('tool call', { tool: tool.name, isError: result.isError === true, durationMs: Date.now() - started });
    return result;
  });
  return server;
}
