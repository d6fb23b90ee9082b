import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { api, CONSOLE_API } from '../../api/client';
import { runtimeConfig } from '../../api/config';
import { finishCognitoSignIn, storeSession } from '../../api/session';
import type { SessionResponse } from '../../api/types';
import { ErrorMessage, Loading } from '../../ui/primitives';

/**
 * `/console/sign-in`: locally the one-time link's token (in the fragment, so no server log sees it)
 * is exchanged for a session; in AWS Cognito's authorization code is exchanged for the ID token.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [, navigate] = useLocation();
  const [error, setError] = useState<unknown>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(location.hash.slice(1)).get('token');
    const code = new URLSearchParams(location.search).get('code');
    history.replaceState(null, '', location.pathname);
    (async () => {
      if (runtimeConfig().auth === 'cognito') {
        if (!code) throw new Error('This page needs the code Cognito sends back; sign in again');
        await finishCognitoSignIn(code);
      } else {
        if (!token) throw new Error('This sign-in link has no token; use the whole link');
        const session = await api<SessionResponse>(`${CONSOLE_API}/session`, { method: 'POST', body: { token } });
        storeSession(session.session, session.expiresAt);
      }
      onSignedIn();
      navigate('/', { replace: true });
    })().catch(setError);
  }, [navigate, onSignedIn]);
  return (
    <main className="center" id="main">
      <h1>Signing in</h1>
      {error ? <ErrorMessage error={error} /> : <Loading what="your session" />}
    </main>
  );
}
