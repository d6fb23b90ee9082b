import { pure } from '../../pure';

/**
 * Roles, the texts people see and the request's person, without zod (user.schema.ts re-exports all of it): for the
 * handler factory, which every HTTP function bundles, and the services that parse nothing with zod.
 */

/** What a person can do: agents work tickets; admins also run the organization (key, settings, team). */
export const USER_ROLES = ['admin', 'agent'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ROLE_INVALID = /* @__PURE__ */ pure(() => `--role must be one of: ${USER_ROLES.join(', ')}`);
export const USER_EMAIL_INVALID = 'A valid --email is required';
export const USER_EXISTS = 'A user with this email already exists in this organization';
export const USER_NOT_FOUND = 'User not found';
export const ADMINS_ONLY = 'Admins only';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself; ask another admin';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role; ask another admin';
/** 409 of a demotion or removal whose acting admin stopped being one meanwhile (user.repository.ts, the witness). */
export const LEAVES_NO_ADMIN = 'This change would leave the organization without an admin';
export const MISSING_SESSION = 'Missing session';
export const INVALID_SESSION = 'Invalid or expired session';
export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid, expired or already used';

/** The person behind a console request, as the handler factory verified it (session or Cognito token). */
export interface UserContext {
  userId: string;
  email: string;
  role: UserRole;
}
