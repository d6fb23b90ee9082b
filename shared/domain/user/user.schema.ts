import * as z from 'zod/mini';
import { SIGN_IN_LINK_INVALID, USER_ROLES } from './user.limits';

export * from './user.limits';

/** A user of the console as stored and as `user list` and `GET /api/console/v1/me` show it. */
export const UserResource = z.object({
  userId: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserResource>;

export const SignInBody = z.object({ token: z.string({ error: SIGN_IN_LINK_INVALID }) });

/** 200 of the local sign-in exchange: the session token the console sends as `Authorization: Bearer`. */
export const SessionResponse = z.object({ session: z.string(), expiresAt: z.string(), user: UserResource });

/** 200 of GET /api/console/v1/me. */
export const MeResponse = z.object({ user: UserResource, organization: z.object({ organizationId: z.string(), name: z.string() }) });
