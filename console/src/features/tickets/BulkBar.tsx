import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { MeResponse, Ticket, User } from '../../api/types';
import type { BulkUpdateResponse } from '../../../../shared/domain/console/bulk';
import { statusLabel } from '../../lib/format';
import { ErrorMessage } from '../../ui/primitives';
import { afterBulk, bulkTickets, summarize } from './bulk';
import './bulk.css';

const STATUSES = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'];
const UNASSIGN = '__unassign__';

/**
 * Bulk assign / bulk status for the ticked tickets: one request, one lifecycle change per ticket on
 * the server (each with the version read here); the answer lists the tickets that failed and why.
 */
export function BulkBar({ me, selection, tickets, assignees, onDone, onClear }: {
  me: MeResponse;
  selection: readonly string[];
  tickets: readonly Ticket[];
  assignees: readonly string[];
  onDone: (stillSelected: string[]) => void;
  onClear: () => void;
}) {
  const client = useQueryClient();
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState('');
  const [summary, setSummary] = useState<{ headline: string; failures: string[] } | null>(null);
  // Admins can pick anyone on the team; agents pick among themselves and people already assigned.
  const team = useQuery({ queryKey: ['users'], queryFn: () => api<{ users: User[] }>(`${CONSOLE_API}/users`), enabled: me.user.role === 'admin' });
  const people = [...new Set([me.user.email, ...assignees, ...(team.data?.users.map((u) => u.email) ?? [])])].sort();

  const change = useMutation({
    mutationFn: (changes: Record<string, unknown>) =>
      api<BulkUpdateResponse>(`${CONSOLE_API}/tickets/bulk`, { method: 'POST', body: { tickets: bulkTickets(selection, tickets), changes } }),
    onSuccess: (res) => {
      setSummary(summarize(res.results, (id) => tickets.find((t) => t.ticketId === id)?.title));
      onDone(afterBulk(res.results));
      void client.invalidateQueries({ queryKey: ['queue'] });
    },
  });
  const apply = (changes: Record<string, unknown>) => (e: FormEvent) => {
    e.preventDefault();
    setSummary(null);
    change.mutate(changes);
  };

  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <p className="bulk-count" role="status" aria-live="polite">
        <strong>{selection.length}</strong> selected{' '}
        <button type="button" className="link" onClick={onClear}>
          Clear selection
        </button>
      </p>
      <form onSubmit={apply({ assignee: assignee === UNASSIGN ? null : assignee })} className="bulk-form">
        <label>
          <span>Assign to</span>
          <select value={assignee} onChange={(e) => setAssignee(e.target.value)} aria-label="Assign the selected tickets to">
            <option value="">Choose…</option>
            <option value={UNASSIGN}>Nobody (unassign)</option>
            {people.map((p) => (
              <option key={p} value={p}>
                {p === me.user.email ? `${p} (me)` : p}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!assignee || change.isPending}>
          Assign
        </button>
      </form>
      <form onSubmit={apply({ status })} className="bulk-form">
        <label>
          <span>Status</span>
          <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label="Set the status of the selected tickets">
            <option value="">Choose…</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!status || change.isPending}>
          Set status
        </button>
      </form>
      {change.isPending && <p className="muted">Changing {selection.length} tickets…</p>}
      {change.isError && <ErrorMessage error={change.error} />}
      {summary && (
        <div className={summary.failures.length ? 'bulk-summary error' : 'bulk-summary ok'} role={summary.failures.length ? 'alert' : 'status'}>
          <p>{summary.headline}</p>
          {summary.failures.length > 0 && (
            <ul>
              {summary.failures.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
