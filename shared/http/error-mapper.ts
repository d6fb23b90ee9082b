import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError } from '../domain/errors';
import { logger } from '../logging/logger';
import { INTERNAL_ERROR, json } from './response';

const STATUS_BY_KIND: Record<DomainError['kind'], number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unprocessable: 422,
};

/** The HTTP status of a domain error (also used for per-item results, e.g. the console's bulk change). */
export const statusOf = (error: DomainError): number => STATUS_BY_KIND[error.kind];

/**
 * The one place errors become HTTP responses: a domain error by its class, with its extra
 * fields beside `error`; anything else is logged and answered with a 500 that leaks nothing.
 */
export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    return json(STATUS_BY_KIND[error.kind], { error: error.message, ...error.details });
  }
  logger.error('Unhandled error', error instanceof Error ? error : String(error));
  return json(500, { error: INTERNAL_ERROR });
}
