import { runtimeConfig } from './config';

/**
 * The signed-in session: a locally signed session (npm start) or a Cognito ID token (AWS), sent as
 * `Authorization: Bearer`. Kept in localStorage (every tab of the console shares it), never in a cookie the
 * browser would send by itself (so there is no CSRF surface).
 */
const KEY = 'fleetdesk.session';

interface Stored {
  token: string;
  expiresAt: string;
}

export function currentSession(now = Date.now()): string | undefined {
  const raw = localStorage.getItem(KEY);
  if (!raw) return undefined;
  try {
    const stored = JSON.parse(raw) as Stored;
    if (Date.parse(stored.expiresAt) <= now) {
      localStorage.removeItem(KEY);
      return undefined;
    }
    return stored.token;
  } catch {
    localStorage.removeItem(KEY);
    return undefined;
  }
}

export function storeSession(token: string, expiresAt: string) {
  localStorage.setItem(KEY, JSON.stringify({ token, expiresAt } satisfies Stored));
}

export function clearSession() {
  localStorage.removeItem(KEY);
}

const base64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** AWS: send the browser to Cognito's hosted sign-in (authorization code with PKCE). */
export async function startCognitoSignIn() {
  const { cognito } = runtimeConfig();
  if (!cognito) throw new Error('Cognito is not configured');
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)).buffer as ArrayBuffer);
  sessionStorage.setItem('fleetdesk.pkce', verifier);
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: cognito.clientId,
    redirect_uri: `${location.origin}/console/sign-in`,
    scope: 'openid email',
    code_challenge_method: 'S256',
    code_challenge: challenge,
  });
  location.assign(`https://${cognito.domain}/oauth2/authorize?${params}`);
}

/** AWS: the code Cognito sent back, exchanged for the ID token the API's JWT authorizer verifies. */
export async function finishCognitoSignIn(code: string) {
  const { cognito } = runtimeConfig();
  const verifier = sessionStorage.getItem('fleetdesk.pkce');
  if (!cognito || !verifier) throw new Error('The sign-in was not started here; start again');
  const res = await fetch(`https://${cognito.domain}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: cognito.clientId, code, redirect_uri: `${location.origin}/console/sign-in`, code_verifier: verifier }),
  });
  if (!res.ok) throw new Error('Cognito refused the sign-in; start again');
  const tokens = (await res.json()) as { id_token: string; expires_in: number };
  storeSession(tokens.id_token, new Date(Date.now() + tokens.expires_in * 1000).toISOString());
}
