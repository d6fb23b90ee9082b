import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { MeResponse, QueueView } from '../../api/types';
import { formatRelative, statusLabel } from '../../lib/format';
import { queueKey, SHORTCUTS } from '../../lib/keyboard';
import { Badge, Empty, ErrorMessage, Loading } from '../../ui/primitives';
import { useQueue } from './queries';
import { readQueueParams, VIEW_LABELS, writeQueueParams, type FilterName } from './queue-params';
import { BulkBar } from './BulkBar';
import { headerState, prune, toggle, toggleAll } from './bulk';

const STATUSES = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'];
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];
const SOURCES = ['api', 'anomaly'];

function FilterSelect({ name, label, options, value, onChange }: { name: FilterName; label: string; options: { value: string; label: string }[]; value?: string; onChange: (name: FilterName, value: string) => void }) {
  return (
    <label className="filter">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(e) => onChange(name, e.target.value)}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl className="shortcuts">
        {SHORTCUTS.map((s) => (
          <div key={s.keys}>
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.action}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => ref.current?.close()}>
        Close
      </button>
    </dialog>
  );
}

export function QueuePage({ me }: { me: MeResponse }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { view, filters } = readQueueParams(search);
  const queue = useQueue(writeQueueParams(view, filters));
  const [selected, setSelected] = useState(-1);
  const [help, setHelp] = useState(false);
  const tickets = queue.data?.tickets ?? [];
  // Tickets ticked for a bulk change; only those still on the page count.
  const [picked, setPicked] = useState<string[]>([]);
  const visibleIds = tickets.map((t) => t.ticketId);
  const selection = prune(picked, visibleIds);
  const header = headerState(selection, visibleIds);

  const go = (nextView: QueueView, nextFilters = filters) => {
    setSelected(-1);
    navigate(`/?${writeQueueParams(nextView, nextFilters)}`);
  };
  const setFilter = (name: FilterName, value: string) => go(view, { ...filters, [name]: value || undefined });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      const target = e.target as HTMLElement;
      const inField = ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable;
      const action = queueKey(e.key, selected, tickets.length, inField);
      if (action.type === 'none') return;
      if (action.type === 'move') setSelected(action.index);
      if (action.type === 'open') navigate(`/tickets/${tickets[action.index]?.ticketId}`);
      if (action.type === 'toggle') setPicked((p) => toggle(p, tickets[action.index]?.ticketId as string));
      if (action.type === 'help') setHelp((h) => !h);
      if (action.type === 'search') document.getElementById('global-search')?.focus();
      if (action.type === 'close') setHelp(false);
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, tickets, navigate]);

  useEffect(() => {
    if (selected >= 0) document.getElementById(`ticket-row-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  return (
    <div className="queue">
      <div className="page-head">
        <h1>Queue</h1>
        <button type="button" className="link" onClick={() => setHelp(true)} aria-label="Keyboard shortcuts">
          Shortcuts <kbd>?</kbd>
        </button>
      </div>
      <nav className="views" aria-label="Views">
        {(Object.keys(VIEW_LABELS) as QueueView[]).map((v) => (
          <button key={v} type="button" aria-pressed={v === view} className={v === view ? 'view active' : 'view'} onClick={() => go(v)}>
            {VIEW_LABELS[v]} <span className="count">{queue.data?.counts[v] ?? '…'}</span>
          </button>
        ))}
      </nav>
      <div className="filters" role="group" aria-label="Filters">
        <FilterSelect name="status" label="Status" value={filters.status} onChange={setFilter} options={STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
        <FilterSelect name="priority" label="Priority" value={filters.priority} onChange={setFilter} options={PRIORITIES.map((p) => ({ value: p, label: statusLabel(p) }))} />
        <FilterSelect
          name="category"
          label="Category"
          value={filters.category}
          onChange={setFilter}
          options={[{ value: 'none', label: 'None' }, ...(queue.data?.facets.categories ?? []).map((c) => ({ value: c, label: c }))]}
        />
        <FilterSelect
          name="assignee"
          label="Assignee"
          value={filters.assignee}
          onChange={setFilter}
          options={[{ value: 'none', label: 'Unassigned' }, ...(queue.data?.facets.assignees ?? []).map((a) => ({ value: a, label: a === me.user.email ? `${a} (me)` : a }))]}
        />
        <FilterSelect name="source" label="Source" value={filters.source} onChange={setFilter} options={SOURCES.map((s) => ({ value: s, label: s === 'anomaly' ? 'Proactive' : 'API' }))} />
      </div>
      {selection.length > 0 && (
        <BulkBar me={me} selection={selection} tickets={tickets} assignees={queue.data?.facets.assignees ?? []} onDone={setPicked} onClear={() => setPicked([])} />
      )}
      {queue.isPending ? (
        <Loading what="tickets" />
      ) : queue.isError ? (
        <ErrorMessage error={queue.error} retry={() => void queue.refetch()} />
      ) : tickets.length === 0 ? (
        <Empty>No tickets in this view{Object.keys(filters).length ? ' with these filters' : ''}.</Empty>
      ) : (
        <table className="tickets">
          <caption className="visually-hidden">{VIEW_LABELS[view]} tickets</caption>
          <thead>
            <tr>
              <th scope="col" className="pick">
                <input
                  type="checkbox"
                  aria-label="Select all tickets on this page"
                  checked={header === 'all'}
                  ref={(el) => {
                    if (el) el.indeterminate = header === 'some';
                  }}
                  onChange={() => setPicked((p) => toggleAll(prune(p, visibleIds), visibleIds))}
                />
              </th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Priority</th>
              <th scope="col">Category</th>
              <th scope="col">Assignee</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((t, i) => (
              <tr key={t.ticketId} id={`ticket-row-${i}`} className={i === selected ? 'selected' : undefined} aria-selected={i === selected}>
                <td className="pick">
                  <input type="checkbox" aria-label={`Select “${t.title}”`} checked={selection.includes(t.ticketId)} onChange={() => setPicked((p) => toggle(p, t.ticketId))} />
                </td>
                <td>
                  <Link href={`/tickets/${t.ticketId}`}>{t.title}</Link>
                  {t.source === 'anomaly' && (
                    <>
                      {' '}
                      <Badge tone="info">Proactive</Badge>
                    </>
                  )}
                </td>
                <td>{statusLabel(t.status)}</td>
                <td>
                  <Badge tone={t.priority === 'urgent' || t.priority === 'high' ? 'bad' : t.priority === 'medium' ? 'warn' : 'muted'}>{t.priority}</Badge>
                </td>
                <td>{t.category ?? '—'}</td>
                <td>{t.assignee ?? <span className="muted">Unassigned</span>}</td>
                <td>
                  <time dateTime={t.createdAt}>{formatRelative(t.createdAt, Date.now())}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {queue.data?.truncated && <p className="muted">Showing the newest tickets only.</p>}
      {help && <ShortcutHelp onClose={() => setHelp(false)} />}
    </div>
  );
}
