import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { AutomationSettingsResponse } from '../../api/types';
import { ErrorMessage, Loading, Section } from '../../ui/primitives';
import { integerFromInput } from './settings-logic';

const KEY = ['settings', 'automation'] as const;

/** Settings > Automation: auto-close of solved tickets (`org set-auto-close`) and proactive auto-solve (`org set-proactive`). */
export function AutomationPage() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => api<AutomationSettingsResponse>(`${CONSOLE_API}/settings/automation`) });
  const [days, setDays] = useState('');
  const [autoSolve, setAutoSolve] = useState(false);
  useEffect(() => {
    if (settings.data) {
      setDays(String(settings.data.autoCloseDays));
      setAutoSolve(settings.data.proactiveAutoSolve);
    }
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      api<AutomationSettingsResponse>(`${CONSOLE_API}/settings/automation`, {
        method: 'PATCH',
        // A box that is not a whole number goes as typed: the server's text says what it takes.
        body: { autoCloseDays: integerFromInput(days) ?? days, proactiveAutoSolve: autoSolve },
      }),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Section title="Auto-close and proactive tickets">
      {settings.isPending ? (
        <Loading what="the settings" />
      ) : settings.isError ? (
        <ErrorMessage error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <form className="settings-form" onSubmit={submit} aria-label="Auto-close and proactive settings">
          <label htmlFor="auto-close-days">Close solved tickets after (days, 1–90)</label>
          <input id="auto-close-days" className="narrow" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} aria-describedby="auto-close-help" />
          <p id="auto-close-help" className="muted small">
            A solved ticket the customer does not answer closes by itself after this many days.
          </p>
          <label className="check">
            <input type="checkbox" checked={autoSolve} onChange={(e) => setAutoSolve(e.target.checked)} /> Solve a proactive ticket when its incident resolves and no agent has
            replied
          </label>
          {save.isError && <ErrorMessage error={save.error} />}
          {save.isSuccess && (
            <p role="status" className="ok">
              Saved.
            </p>
          )}
          <div className="row">
            <button type="submit" className="primary" disabled={save.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}
