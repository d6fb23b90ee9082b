import { createHash, randomBytes } from 'node:crypto';
import { requireEnv } from '../../config/env';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../errors';
import { findOrganizationContext } from '../organization/organization.service';
import * as repo from './user.repository';
import { signSession, SESSION_TTL_MS } from './session';
import { ROLE_INVALID, SIGN_IN_LINK_INVALID, USER_EMAIL_INVALID, USER_EXISTS, USER_NOT_FOUND, USER_ROLES, type User, type UserContext, type UserRole } from './user.schema';

/** Where the local stack keeps the session secret's value for the functions (set by shared/local/console.ts). */
export const SESSION_SECRET_ENV = 'CONSOLE_SESSION_SECRET';
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
