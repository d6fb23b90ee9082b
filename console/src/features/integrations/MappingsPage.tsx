import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { ImportSummary, PrefixMapping } from '../../../../shared/domain/backfill/backfill.schema';
import { formatDateTime, statusLabel } from '../../lib/format';
import { Badge, Empty, ErrorMessage, Loading, Section } from '../../ui/primitives';
import { ConfirmAction } from './parts';

const path = `${CONSOLE_API}/settings/backfill-mappings`;
const EMPTY = { prefix: '', path: '', timestampColumn: '', timestampFormat: '', identifierColumn: '', columns: '' };

const importTone = (status: string) => (status === 'completed' ? 'ok' : status === 'completed_with_errors' ? 'warn' : status === 'rejected' || status === 'failed' ? 'bad' : 'info');

/** Settings > Integrations > Backfill (admins): prefix mappings (`mapping add|list|remove`) and recent imports. */
export default function MappingsPage() {
  const client = useQueryClient();
  const mappings = useQuery({ queryKey: ['backfill-mappings'], queryFn: () => api<{ mappings: (PrefixMapping & { createdAt: string })[] }>(path) });
  const imports = useQuery({ queryKey: ['backfill-imports'], queryFn: () => api<{ imports: ImportSummary[]; nextCursor: string | null }>(`${CONSOLE_API}/settings/backfill-imports?limit=20`) });
  const [form, setForm] = useState(EMPTY);
  const add = useMutation({
    mutationFn: () => api(path, { method: 'POST', body: form }),
    onSuccess: () => {
      setForm(EMPTY);
      void client.invalidateQueries({ queryKey: ['backfill-mappings'] });
    },
  });
  const remove = useMutation({
    mutationFn: (prefix: string) => api(`${path}?prefix=${encodeURIComponent(prefix)}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['backfill-mappings'] }),
  });
  const field = (name: keyof typeof EMPTY) => ({ value: form[name], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <>
      <Section title="Backfill mappings">
        <p className="muted">
          Gzipped CSV files uploaded under <code>backfill/&lt;organization&gt;/&lt;prefix&gt;</code> are imported with the mapping of the longest matching prefix.
        </p>
        {mappings.isPending ? (
          <Loading what="the mappings" />
        ) : mappings.isError ? (
          <ErrorMessage error={mappings.error} retry={() => void mappings.refetch()} />
        ) : mappings.data.mappings.length === 0 ? (
          <Empty>No mapping yet.</Empty>
        ) : (
          <div className="scroll-x">
            <table>
              <caption className="visually-hidden">Backfill mappings</caption>
              <thead>
                <tr>
                  <th scope="col">Prefix</th>
                  <th scope="col">Path template</th>
                  <th scope="col">Timestamp</th>
                  <th scope="col">Identifier column</th>
                  <th scope="col">Columns</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {mappings.data.mappings.map((m) => (
                  <tr key={m.prefix}>
                    <td>
                      <code>{m.prefix}</code>
                    </td>
                    <td>
                      <code>{m.pathTemplate}</code>
                    </td>
                    <td>
                      {m.timestampColumn ?? 'timestamp'} ({m.timestampFormat ?? 'iso'})
                    </td>
                    <td>{m.identifierColumn ?? '—'}</td>
                    <td>{m.columns?.join(', ') ?? 'All'}</td>
                    <td>
                      <ConfirmAction label={`Remove ${m.prefix}`} question={`Remove the mapping for "${m.prefix}"? Imports already started keep it.`} confirmLabel="Remove" busy={remove.isPending} onConfirm={() => remove.mutate(m.prefix)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {remove.isError && <ErrorMessage error={remove.error} />}
      </Section>
      <Section title="Add a mapping">
        <form onSubmit={submit} className="stack-form">
          <label>
            <span>Prefix</span>
            <input {...field('prefix')} placeholder="fleet-2024/" autoComplete="off" />
          </label>
          <label>
            <span>Path template (with {'{deviceIdentifier}'}, {'{yyyy}'}, {'{mm}'}, {'{dd}'}, * or **)</span>
            <input {...field('path')} placeholder="{deviceIdentifier}/{yyyy}-{mm}-{dd}.csv.gz" autoComplete="off" />
          </label>
          <label>
            <span>Timestamp column (optional)</span>
            <input {...field('timestampColumn')} placeholder="timestamp" autoComplete="off" />
          </label>
          <label>
            <span>Timestamp format</span>
            <select {...field('timestampFormat')}>
              <option value="">ISO 8601 (default)</option>
              <option value="iso">ISO 8601</option>
              <option value="epoch_s">Epoch seconds</option>
              <option value="epoch_ms">Epoch milliseconds</option>
            </select>
          </label>
          <label>
            <span>Identifier column (when the path has no {'{deviceIdentifier}'})</span>
            <input {...field('identifierColumn')} autoComplete="off" />
          </label>
          <label>
            <span>Columns to import (comma-separated; blank: all)</span>
            <input {...field('columns')} placeholder="temperature,humidity" autoComplete="off" />
          </label>
          {add.isError && <ErrorMessage error={add.error} />}
          {add.isSuccess && <p role="status">Mapping added.</p>}
          <div className="control-actions">
            <button type="submit" className="primary" disabled={add.isPending}>
              Add mapping
            </button>
          </div>
        </form>
      </Section>
      <Section title="Recent imports">
        {imports.isPending ? (
          <Loading what="the imports" />
        ) : imports.isError ? (
          <ErrorMessage error={imports.error} retry={() => void imports.refetch()} />
        ) : imports.data.imports.length === 0 ? (
          <Empty>No import yet.</Empty>
        ) : (
          <div className="scroll-x">
            <table>
              <caption className="visually-hidden">Recent imports, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Status</th>
                  <th scope="col">Rows read / written / rejected</th>
                  <th scope="col">Started</th>
                  <th scope="col">Finished</th>
                </tr>
              </thead>
              <tbody>
                {imports.data.imports.map((i) => (
                  <tr key={i.importId}>
                    <td>
                      <code>{i.key}</code>
                    </td>
                    <td>
                      <Badge tone={importTone(i.status)}>{statusLabel(i.status)}</Badge>
                    </td>
                    <td>
                      {i.rowsRead} / {i.rowsWritten} / {i.rowsRejected}
                    </td>
                    <td>{formatDateTime(i.startedAt)}</td>
                    <td>{i.finishedAt ? formatDateTime(i.finishedAt) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}
