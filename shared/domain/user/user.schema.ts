import * as z from 'zod/mini';

/** What a person can do: agents work tickets; admins also run the organization (key, settings, team). */
export const USER_ROLES = ['admin', 'agent'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ROLE_INVALID = `--role must be one of: ${USER_ROLES.join(', ')}`;
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

/** A user of the console as stored and as `user list` and `GET /api/console/v1/me` show it. */
export const UserResource = z.object({
  userId: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserResource>;

/** The person behind a console request, as the handler factory verified it (session or Cognito token). */
export interface UserContext {
  userId: string;
  email: string;
  role: UserRole;
}

export const SignInBody = z.object({ token: z.string({ error: SIGN_IN_LINK_INVALID }) });

/** 200 of the local sign-in exchange: the session token the console sends as `Authorization: Bearer`. */
export const SessionResponse = z.object({ session: z.string(), expiresAt: z.string(), user: UserResource });

/** 200 of GET /api/console/v1/me. */
export const MeResponse = z.object({ user: UserResource, organization: z.object({ organizationId: z.string(), name: z.string() }) });
