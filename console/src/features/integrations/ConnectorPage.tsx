import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { ConsoleConnectorResponse } from '../../../../shared/domain/console/integrations';
import { formatDateTime } from '../../lib/format';
import { Badge, ErrorMessage, Loading, Section } from '../../ui/primitives';
import { ConfirmAction } from './parts';

const path = `${CONSOLE_API}/settings/connector`;
const key = ['connector'] as const;
type SyncResult = { status: string; window: string; devices: { identifier: string; status: string; error: string | null }[] };

/** Settings > Integrations > Crash connector (admins): `connector set|show|remove|sync`; the token is write-only. */
export default function ConnectorPage() {
  const client = useQueryClient();
  const current = useQuery({ queryKey: key, queryFn: () => api<ConsoleConnectorResponse>(path) });
  const c = current.data?.connector ?? null;
  const [form, setForm] = useState({ provider: 'memfault', apiBase: 'https://api.memfault.com', organization: '', project: '', token: '' });
  useEffect(() => {
    if (c) setForm({ provider: c.provider, apiBase: c.apiBase, organization: c.organization, project: c.project, token: '' });
  }, [c?.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = useMutation({
    mutationFn: () => api<ConsoleConnectorResponse>(path, { method: 'PUT', body: form }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      setForm((f) => ({ ...f, token: '' }));
    },
  });
  const remove = useMutation({ mutationFn: () => api(path, { method: 'DELETE' }), onSuccess: () => void client.invalidateQueries({ queryKey: key }) });
  const sync = useMutation({ mutationFn: () => api<SyncResult>(`${path}/sync`, { method: 'POST' }), onSuccess: () => void client.invalidateQueries({ queryKey: key }) });
  const field = (name: keyof typeof form) => ({ value: form[name], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  if (current.isPending) return <Loading what="the crash connector" />;
  if (current.isError) return <ErrorMessage error={current.error} retry={() => void current.refetch()} />;
  const last = current.data.lastSync;
  return (
    <>
      <Section title="Crash connector" actions={c ? <Badge tone="ok">Configured</Badge> : <Badge tone="muted">Not configured</Badge>}>
        {c ? (
          <dl className="facts">
            <dt>Provider</dt>
            <dd>{c.provider}</dd>
            <dt>API base</dt>
            <dd>
              <code>{c.apiBase}</code>
            </dd>
            <dt>Organization</dt>
            <dd>{c.organization}</dd>
            <dt>Project</dt>
            <dd>{c.project}</dd>
            <dt>Token</dt>
            <dd>Stored sealed; never shown</dd>
            <dt>Last sync</dt>
            <dd>{last.at ? formatDateTime(last.at) : 'Not synced yet'} ({last.devices} connected device{last.devices === 1 ? '' : 's'})</dd>
            <dt>Last sync error</dt>
            <dd>{last.lastError ? <span className="bad">{`${last.lastError.identifier}: ${last.lastError.error}`}{last.failing > 1 ? ` (and ${last.failing - 1} more)` : ''}</span> : 'None'}</dd>
          </dl>
        ) : (
          <p className="muted">No crash-reporting service is connected. Set one to bring firmware, crashes and reboots onto device pages.</p>
        )}
        {c && (
          <div className="control-actions">
            <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending}>
              {sync.isPending ? 'Syncing…' : 'Sync now'}
            </button>
          </div>
        )}
        {sync.data?.status === 'queued' && <p role="status">Sync queued: the last sync above shows its result when it has run.</p>}
        {sync.data && sync.data.status !== 'queued' && (
          <p role="status">
            Sync {sync.data.status}: {sync.data.devices.length} device{sync.data.devices.length === 1 ? '' : 's'}
            {sync.data.devices.some((d) => d.status === 'failed') ? `, ${sync.data.devices.filter((d) => d.status === 'failed').length} failed` : ''}.
          </p>
        )}
        {sync.isError && <ErrorMessage error={sync.error} />}
      </Section>
      <Section title={c ? 'Change the connector' : 'Set the connector'}>
        <form onSubmit={submit} className="stack-form">
          <label>
            <span>Provider</span>
            <select {...field('provider')}>
              <option value="memfault">Memfault</option>
            </select>
          </label>
          <label>
            <span>API base</span>
            <input type="url" {...field('apiBase')} autoComplete="off" />
          </label>
          <label>
            <span>Organization slug</span>
            <input {...field('organization')} autoComplete="off" />
          </label>
          <label>
            <span>Project slug</span>
            <input {...field('project')} autoComplete="off" />
          </label>
          <label>
            <span>API token {c ? '(leave blank to keep the stored token)' : ''}</span>
            <input type="password" {...field('token')} autoComplete="new-password" />
          </label>
          {save.isError && <ErrorMessage error={save.error} />}
          {save.isSuccess && <p role="status">Saved. The token is stored sealed and will not be shown.</p>}
          <div className="control-actions">
            <button type="submit" className="primary" disabled={save.isPending}>
              Save connector
            </button>
          </div>
        </form>
      </Section>
      {c && (
        <Section title="Remove">
          {remove.isError && <ErrorMessage error={remove.error} />}
          <ConfirmAction
            label="Remove connector"
            question="Remove the crash connector? Its token is deleted; device connections stay and stop syncing."
            confirmLabel="Remove connector now"
            busy={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
        </Section>
      )}
    </>
  );
}
