import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

/** A handful of shared UI pieces; everything else lives in its feature folder. */

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function ErrorMessage({ error, retry }: { error: unknown; retry?: () => void }) {
  const text = error instanceof ApiError ? error.message : error instanceof Error ? error.message : 'Something went wrong';
  return (
    <div className="error" role="alert">
      <p>{text}</p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

export function Badge({ tone, children, label }: { tone: 'ok' | 'warn' | 'bad' | 'info' | 'muted'; children: ReactNode; label?: string }) {
  return (
    <span className={`badge badge-${tone}`} aria-label={label}>
      {children}
    </span>
  );
}

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <header className="panel-head">
        <h2>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}

export const healthTone = (health: string) => (health === 'ok' ? 'ok' : health === 'incident' ? 'bad' : health === 'silent' ? 'warn' : 'muted');
export const severityTone = (severity: string) => (severity === 'high' ? 'bad' : severity === 'medium' ? 'warn' : 'info');
