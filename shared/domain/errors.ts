/**
 * Domain errors. Services throw these; the HTTP layer maps them to a status by class
 * (shared/http/error-mapper.ts) and copies `details` into the body next to `error`.
 * The message is the exact text integrators see.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'precondition_failed' | 'payload_too_large' | 'unprocessable';
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is well-formed JSON but its content is invalid. */
export class BadRequestError extends DomainError {
  readonly kind = 'bad_request' as const;
}

/** 401: missing or unknown API key. */
export class UnauthorizedError extends DomainError {
  readonly kind = 'unauthorized' as const;
}

/** 403: the caller is known but may not do this (an agent on an admin route: `Admins only`). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden' as const;
}

/** 404: the resource does not exist in the caller's organization. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found' as const;
}

/** 409: the resource already exists (customer email on create). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict' as const;
}

/** 422: the request is valid but contradicts an earlier one (an Idempotency-Key reused with another body). */
export class UnprocessableError extends DomainError {
  readonly kind = 'unprocessable' as const;
}

/** 413: the request body exceeds the accepted size. */
export class PayloadTooLargeError extends DomainError {
  readonly kind = 'payload_too_large' as const;
}

/** 412: an If-Match version that is no longer current; `details` carries the current resource. */
export class PreconditionFailedError extends DomainError {
  readonly kind = 'precondition_failed' as const;
}
