import { createHmac, timingSafeEqual } from 'node:crypto';
import { pure } from '../../pure';

/**
 * The local stack's console sessions: a signed token `<payload>.<mac>` (base64url JSON, HMAC-SHA256
 * with a secret kept under `.data/`). It plays the part of Cognito's ID token in AWS: it names the
 * organization and the user and expires; the role is read from the user item on every request, so
 * a removed user or a sign-out (which moves `sessionsValidFrom`) ends it at once.
 */
/** Where the local stack keeps the session secret's value for the functions (set by shared/local/console.ts). */
export const SESSION_SECRET_ENV = 'CONSOLE_SESSION_SECRET';

export interface SessionClaims {
  /** organization id */
  o: string;
  /** user id */
  u: string;
  /** issued at, epoch ms */
  iat: number;
  /** expires at, epoch ms */
  exp: number;
}

/** How long a console session lasts. */
export const SESSION_TTL_MS = /* @__PURE__ */ pure(() => 12 * 60 * 60 * 1000);

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signSession(secret: string, claims: SessionClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The claims of a well-signed, unexpired token; undefined for anything else. */
export function verifySession(secret: string, token: string, nowMs = Date.now()): SessionClaims | undefined {
  if (token.length > 2048) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const c = claims as Partial<SessionClaims>;
  if (typeof c.o !== 'string' || typeof c.u !== 'string' || typeof c.iat !== 'number' || typeof c.exp !== 'number') return undefined;
  if (c.exp <= nowMs) return undefined;
  return c as SessionClaims;
}
