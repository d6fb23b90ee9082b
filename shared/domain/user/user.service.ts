import { createHash, randomBytes } from 'node:crypto';
import { requireEnv } from '../../config/env';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import { findOrganizationContext } from '../organization/organization.service';
import * as repo from './user.repository';
import { SESSION_SECRET_ENV, signSession, SESSION_TTL_MS } from './session';
import { CANNOT_CHANGE_OWN_ROLE, CANNOT_REMOVE_SELF, LEAVES_NO_ADMIN, ADMINS_ONLY, ROLE_INVALID, SIGN_IN_LINK_INVALID, USER_EMAIL_INVALID, USER_EXISTS, USER_NOT_FOUND, USER_ROLES, type User, type UserContext, type UserRole } from './user.schema';

export { SESSION_SECRET_ENV } from './session';
/** How long a one-time sign-in link stays usable. */
export const SIGN_IN_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function parseEmail(raw: string | undefined): string {
  const email = raw?.trim().toLowerCase() ?? '';
  if (!EMAIL.test(email) || email.length > EMAIL_MAX) throw new BadRequestError(USER_EMAIL_INVALID);
  return email;
}

export function parseRole(raw: string | undefined): UserRole {
  const role = raw?.trim();
  if (!(USER_ROLES as readonly string[]).includes(role ?? '')) throw new BadRequestError(ROLE_INVALID);
  return role as UserRole;
}

async function requireOrg(organizationId: string) {
  if (!(await findOrganizationContext(organizationId))) throw new NotFoundError(`Organization not found: ${organizationId}`);
}

/** Adds a user to an organization (one per email per organization). */
export async function addUser(organizationId: string, rawEmail: string | undefined, rawRole: string | undefined): Promise<User> {
  const email = parseEmail(rawEmail);
  const role = parseRole(rawRole);
  await requireOrg(organizationId);
  const user = await repo.createUser(organizationId, email, role);
  if (!user) throw new ConflictError(USER_EXISTS);
  return user;
}

export async function listUsers(organizationId: string): Promise<User[]> {
  await requireOrg(organizationId);
  return repo.listUsers(organizationId);
}

/** Removes a user; its sessions stop working on their next request (the session check reads the user). */
export async function removeUser(organizationId: string, rawEmail: string | undefined): Promise<{ organizationId: string; email: string; removed: true }> {
  const email = parseEmail(rawEmail);
  await requireOrg(organizationId);
  const userId = await repo.findUserIdByEmail(organizationId, email);
  if (!userId || !(await repo.deleteUser(organizationId, userId, email))) throw new NotFoundError(USER_NOT_FOUND);
  return { organizationId, email, removed: true };
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The acting admin's own user id in the table (found by email: in AWS the session's id is Cognito's
 * `sub`), which every demotion and removal names as its witness (user.repository.ts).
 */
async function actingAdminId(organizationId: string, actorEmail: string): Promise<string> {
  const id = await repo.findUserIdByEmail(organizationId, actorEmail.trim().toLowerCase());
  if (!id) throw new ForbiddenError(ADMINS_ONLY);
  return id;
}

async function targetUser(organizationId: string, userId: string | undefined) {
  const user = userId && USER_ID.test(userId) ? await repo.getUser(organizationId, userId) : undefined;
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  return user;
}

/**
 * An admin changes another user's role (not their own: 400). A demotion commits only while the
 * acting admin still is one, so the organization always keeps an admin (409 otherwise).
 * Returns the user before and after, for the Cognito group change in AWS (shared/admin/users.ts).
 */
export async function changeUserRole(organizationId: string, actorEmail: string, userId: string | undefined, rawRole: string | undefined): Promise<{ before: User; user: User }> {
  const role = parseRole(rawRole);
  const actorId = await actingAdminId(organizationId, actorEmail);
  if (actorId === userId) throw new BadRequestError(CANNOT_CHANGE_OWN_ROLE);
  const stored = await targetUser(organizationId, userId);
  const before: User = { userId: stored.userId, organizationId, email: stored.email, role: stored.role, createdAt: stored.createdAt };
  if (stored.role === role) return { before, user: before };
  const result = await repo.setRoleWitnessed(organizationId, stored.userId, role, actorId);
  if (result === 'missing') throw new NotFoundError(USER_NOT_FOUND);
  if (result === 'witness') throw new ConflictError(LEAVES_NO_ADMIN);
  return { before, user: result };
}

/** An admin removes another user (not themselves: 400), only while still an admin (409 otherwise); their sessions end. */
export async function removeTeamMember(organizationId: string, actorEmail: string, userId: string | undefined): Promise<{ organizationId: string; userId: string; email: string; removed: true }> {
  const actorId = await actingAdminId(organizationId, actorEmail);
  if (actorId === userId) throw new BadRequestError(CANNOT_REMOVE_SELF);
  const stored = await targetUser(organizationId, userId);
  const result = await repo.deleteUserWitnessed(organizationId, stored, actorId);
  if (result === 'missing') throw new NotFoundError(USER_NOT_FOUND);
  if (result === 'witness') throw new ConflictError(LEAVES_NO_ADMIN);
  return { organizationId, userId: stored.userId, email: stored.email, removed: true };
}

/** A one-time sign-in link for the local console (`<consoleUrl>/sign-in#token=…`: the fragment never reaches a server log). */
export async function issueSignInLink(user: Pick<User, 'organizationId' | 'userId'>, consoleUrl: string, nowMs = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.putSignInToken(hashToken(token), user.organizationId, user.userId, nowMs + SIGN_IN_LINK_TTL_MS);
  return `${consoleUrl.replace(/\/$/, '')}/sign-in#token=${token}`;
}

/** Exchanges a one-time sign-in token for a session (local stack; Cognito does this in AWS). */
export async function signIn(token: string, nowMs = Date.now()): Promise<{ session: string; expiresAt: string; user: User }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new UnauthorizedError(SIGN_IN_LINK_INVALID);
  const found = await repo.consumeSignInToken(hashToken(token));
  if (!found || found.validUntil <= nowMs) throw new UnauthorizedError(SIGN_IN_LINK_INVALID);
  const user = await repo.getUser(found.organizationId, found.userId);
  if (!user) throw new UnauthorizedError(SIGN_IN_LINK_INVALID);
  const exp = nowMs + SESSION_TTL_MS;
  const session = signSession(requireEnv(SESSION_SECRET_ENV), { o: user.organizationId, u: user.userId, iat: nowMs, exp });
  const { userId, organizationId, email, role, createdAt } = user;
  return { session, expiresAt: new Date(exp).toISOString(), user: { userId, organizationId, email, role, createdAt } };
}

/** Sign-out: every session of the user issued until now stops working. */
export async function signOut(organizationId: string, user: UserContext, nowMs = Date.now()): Promise<{ signedOut: true }> {
  await repo.endSessions(organizationId, user.userId, nowMs + 1);
  return { signedOut: true };
}

/** Puts a role back without the admin checks: only to undo a role change the identity provider refused (shared/admin/users.ts). */
export async function setUserRoleUnchecked(organizationId: string, userId: string, role: UserRole): Promise<void> {
  await repo.setRole(organizationId, userId, role);
}
