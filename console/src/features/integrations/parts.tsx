import { useState, type ReactNode } from 'react';

/** Small pieces the integrations pages share: a secret shown once, a two-step confirmation. */

/** A secret shown this once, with a Copy button (the server never shows it again). */
export function OnceSecret({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="new-key" role="status">
      <p>
        <strong>{label} — shown this once.</strong> Store it now; it cannot be shown again.
      </p>
      {children}
      <code data-testid="once-secret" aria-label={label}>
        {value}
      </code>{' '}
      <button type="button" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      {copied === false && <span className="bad"> Copy failed: select the text and copy it by hand.</span>}
    </div>
  );
}

/** A destructive action behind a second, explicit click that says what it does. */
export function ConfirmAction({ label, question, confirmLabel, onConfirm, busy }: { label: string; question: string; confirmLabel: string; onConfirm: () => void; busy?: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={label}>
      <p>{question}</p>
      <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}
