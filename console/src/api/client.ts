import { runtimeConfig } from './config';
import { clearSession, currentSession } from './session';

/** An API error with the server's readable text (`{ "error": "..." }`) and its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Called when the server says the session is gone (401), so the app can show the sign-in page. */
let onSignedOut: () => void = () => undefined;
export const setSignedOutHandler = (fn: () => void) => {
  onSignedOut = fn;
};

/** The one fetch of the console: same origin, the session as a bearer token, errors as {@link ApiError}. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const session = currentSession();
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (session) headers.authorization = `Bearer ${session}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${runtimeConfig().apiBase}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.');
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    /* a non-JSON answer keeps the generic message below */
  }
  if (!res.ok) {
    if (res.status === 401) {
      clearSession();
      onSignedOut();
    }
    throw new ApiError(res.status, typeof body.error === 'string' ? body.error : `The server answered ${res.status}`, body);
  }
  return body as T;
}

export const CONSOLE_API = '/api/console/v1';
