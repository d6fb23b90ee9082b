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
