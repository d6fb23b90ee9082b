import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { OrgContext } from '../domain/organization/organization.schema';
import { MAX_BODY_BYTES } from '../http/handler';
import { RawResponse } from '../http/response';
import { createMcpServer } from './server';

/** Request headers the Streamable HTTP transport reads; nothing else (the API key above all) is handed to it. */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'] as const;

/**
 * GET (a server-initiated SSE stream) and DELETE (ending a session) have nothing to serve in
 * stateless mode; the transport spec lets the server answer 405 to both. The SDK's GET would open
 * a stream that holds the Lambda until its timeout, so neither reaches it.
 */
const METHOD_NOT_ALLOWED: APIGatewayProxyStructuredResultV2 = {
  statusCode: 405,
  headers: { allow: 'POST', 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }),
};

/** The web-standard Request the SDK transport takes, from an API Gateway HTTP API (payload v2) event. */
export function toWebRequest(event: APIGatewayProxyEventV2): Request {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = event.headers?.[name];
    if (value !== undefined) headers.set(name, value);
  }
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const url = `https://${event.requestContext.domainName}${event.rawPath}${query}`;
  const method = event.requestContext.http.method;
  const body = event.body === undefined || method === 'GET' ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  return new Request(url, { method, headers, body });
}

/** The transport's Response as a Lambda proxy result (JSON responses only: no stream is ever opened). */
export async function fromWebResponse(response: Response): Promise<APIGatewayProxyStructuredResultV2> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, body: await response.text() };
}

/**
 * One MCP Streamable HTTP exchange, stateless, with JSON responses (no SSE): a fresh server and
 * transport per request, as the SDK requires in stateless mode, so nothing of one organization's
 * request can reach another's. The caller has already authenticated `org`.
 */
export async function handleMcpRequest(event: APIGatewayProxyEventV2, org: OrgContext): Promise<RawResponse> {
  if (event.requestContext.http.method !== 'POST') return new RawResponse(METHOD_NOT_ALLOWED);
  const server = createMcpServer(org);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return new RawResponse(await fromWebResponse(await transport.handleRequest(toWebRequest(event))));
  } finally {
    await server.close();
  }
}
