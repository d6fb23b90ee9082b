import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { json, NOT_FOUND_ROUTE } from '../../shared/http/response';

/**
 * Answers every request no route matches (the HTTP API's `$default` route, and the local
 * router's fallback), so an unknown path gets Fleetdesk's JSON error shape rather than API
 * Gateway's own `{"message":"Not Found"}`. No auth and no table: it reveals nothing, and costs
 * one small cold start instead of a key lookup per stray request.
 */
export const handler = async (): Promise<APIGatewayProxyStructuredResultV2> => json(404, { error: NOT_FOUND_ROUTE });
