import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { optionalEnv, requireEnv } from '../../config/env';
import { UnauthorizedError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { getUser } from './user.repository';
import { SESSION_SECRET_ENV, verifySession } from './session';
import { INVALID_SESSION, MISSING_SESSION, USER_ROLES, type UserContext, type UserRole } from './user.limits';

/** `cognito` in AWS (the stack sets it): API Gateway's JWT authorizer verified the token; otherwise the local signed session. */
export const CONSOLE_AUTH_ENV = 'CONSOLE_AUTH';
/** The ID token claim carrying the user's organization (a Cognito custom attribute, writable only by admins). */
export const ORG_CLAIM = 'custom:organizationId';

type JwtClaims = Record<string, string | number | boolean | string[]>;

/** `cognito:groups` arrives as an array, or (HTTP API JWT authorizer) as the string `[admin agent]`. */
export function groupsOf(raw: JwtClaims[string] | undefined): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string') return [];
  return raw.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
}

/** The role of a group list: admin wins; a user in neither group has no role. */
export function roleOf(groups: string[]): UserRole | undefined {
  return (USER_ROLES as readonly string[]).find((role) => groups.includes(role)) as UserRole | undefined;
}

function fromCognito(event: APIGatewayProxyEventV2): { org: OrgContext; user: UserContext } {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: JwtClaims } } }).authorizer?.jwt?.claims;
  // Without the authorizer's claims nothing was verified: never fall back to a header.
  if (!claims) throw new UnauthorizedError(MISSING_SESSION);
  const organizationId = claims[ORG_CLAIM];
  const role = roleOf(groupsOf(claims['cognito:groups']));
  if (typeof organizationId !== 'string' || organizationId === '' || !role || claims.token_use !== 'id') throw new UnauthorizedError(INVALID_SESSION);
  return { org: { organizationId }, user: { userId: String(claims.sub), email: String(claims.email ?? ''), role } };
}

async function fromLocalSession(event: APIGatewayProxyEventV2): Promise<{ org: OrgContext; user: UserContext }> {
  const match = /^Bearer\s+(\S+)$/i.exec(event.headers.authorization?.trim() ?? '');
  if (!match) throw new UnauthorizedError(MISSING_SESSION);
  const claims = verifySession(requireEnv(SESSION_SECRET_ENV), match[1] as string);
  if (!claims) throw new UnauthorizedError(INVALID_SESSION);
  // One consistent read: a removed user, a changed role or a sign-out takes effect on the next request.
  const user = await getUser(claims.o, claims.u);
  if (!user || (user.sessionsValidFrom !== undefined && claims.iat < user.sessionsValidFrom)) throw new UnauthorizedError(INVALID_SESSION);
  return { org: { organizationId: user.organizationId }, user: { userId: user.userId, email: user.email, role: user.role } };
}

/**
 * The person behind a console request. The organization comes only from what was verified (the
 * authorizer's claims, or the signed session and its user item), never from a header or body.
 */
export async function authenticateUser(event: APIGatewayProxyEventV2): Promise<{ org: OrgContext; user: UserContext }> {
  return optionalEnv(CONSOLE_AUTH_ENV) === 'cognito' ? fromCognito(event) : fromLocalSession(event);
}
