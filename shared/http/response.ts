import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** JSON response with the status and headers every Fleetdesk endpoint uses. */
export function json(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  };
}

export const INTERNAL_ERROR = 'Internal server error';
export const NOT_FOUND_ROUTE = 'Not found';

/**
 * A response the handler shapes itself, sent by the handler factory as is: a page or an asset
 * (not JSON), or the MCP transport's answer (its own statuses and JSON-RPC bodies). Domain errors
 * still go through the factory's error mapping; this is only for successful answers of non-JSON
 * or non-v1 protocols.
 */
export class RawResponse {
  constructor(readonly result: APIGatewayProxyStructuredResultV2) {}
}
