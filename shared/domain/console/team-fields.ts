import { BadRequestError } from '../errors';
import { ROLE_INVALID, USER_EMAIL_INVALID } from '../user/user.limits';
import { BODY_OBJECT, USER_EMAIL_REQUIRED, USER_ROLE_INVALID } from './settings.limits';

/**
 * Settings > Team's body fields and texts (settings.service.ts re-exports them): on their own, so the
 * team routes do not carry the other settings pages' services (ticket configuration, chat posting).
 */

/** The user service's texts name the CLI's flags; the console's body has fields. */
export function consoleUserError(error: unknown): unknown {
  if (error instanceof BadRequestError && error.message === USER_EMAIL_INVALID) return new BadRequestError(USER_EMAIL_REQUIRED);
  if (error instanceof BadRequestError && error.message === ROLE_INVALID) return new BadRequestError(USER_ROLE_INVALID);
  return error;
}

/** `{ email, role }` / `{ role }` as strings (anything else is the field's 400). */
export function userFields(rawBody: unknown): { email?: string; role?: string } {
  if (rawBody === null || typeof rawBody !== 'object' || Array.isArray(rawBody)) throw new BadRequestError(BODY_OBJECT);
  const body = rawBody as Record<string, unknown>;
  return {
    email: typeof body.email === 'string' ? body.email : undefined,
    role: typeof body.role === 'string' ? body.role : undefined,
  };
}
