import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { api, CONSOLE_API, setSignedOutHandler } from './api/client';
import { runtimeConfig } from './api/config';
import { clearSession, currentSession, startCognitoSignIn } from './api/session';
import type { MeResponse } from './api/types';
import { AppRoutes } from './routes';
import { ErrorMessage, Loading } from './ui/primitives';
import { SignInPage } from './features/auth/SignInPage';

export const meKey = ['me'] as const;
export const useMe = () => useQuery({ queryKey: meKey, queryFn: () => api<MeResponse>(`${CONSOLE_API}/me`), staleTime: 5 * 60_000 });

function SignedOut() {
  return (
    <main className="center" id="main">
      <h1>Fleetdesk console</h1>
      {runtimeConfig().auth === 'cognito' ? (
        <button type="button" onClick={() => void startCognitoSignIn()}>
          Sign in
        </button>
      ) : (
        <p>
          You are signed out. Sign in with the one-time link <code>npm start</code> printed, or ask an admin for one (
          <code>npm run admin -- user add</code>).
        </p>
      )}
    </main>
  );
}

function SearchBox() {
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (q.trim()) navigate(`/search?q=${encodeURIComponent(q.trim())}`);
  };
  return (
    <form role="search" onSubmit={submit} className="search">
      <label htmlFor="global-search" className="visually-hidden">
        Search by email, device identifier or ticket id
      </label>
      <input id="global-search" type="search" placeholder="Email, device or ticket id" value={q} onChange={(e) => setQ(e.target.value)} />
    </form>
  );
}

function Shell() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const signOut = async () => {
    try {
      await api(`${CONSOLE_API}/session/sign-out`, { method: 'POST' });
    } catch {
      /* signed out locally either way */
    }
    clearSession();
    queryClient.clear();
    navigate('/signed-out');
  };
  if (me.isPending) return <Loading what="your account" />;
  if (me.isError) return <ErrorMessage error={me.error} retry={() => void me.refetch()} />;
  const { user, organization } = me.data;
  return (
    <>
      <a href="#main" className="skip">
        Skip to content
      </a>
      <header className="topbar">
        <Link href="/" className="brand">
          Fleetdesk
        </Link>
        <nav aria-label="Main">
          <Link href="/">Queue</Link>
          {user.role === 'admin' && <Link href="/settings">Settings</Link>}
        </nav>
        <SearchBox />
        <div className="who">
          <span title={organization.organizationId}>
            {user.email} · {user.role} · {organization.name}
          </span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main">
        <AppRoutes me={me.data} />
      </main>
    </>
  );
}

export function App() {
  const [location] = useLocation();
  const [signedIn, setSignedIn] = useState(() => currentSession() !== undefined);
  useEffect(() => setSignedOutHandler(() => setSignedIn(false)), []);
  if (location === '/sign-in') return <SignInPage onSignedIn={() => setSignedIn(true)} />;
  if (!signedIn || !currentSession()) return <SignedOut />;
  return <Shell />;
}
