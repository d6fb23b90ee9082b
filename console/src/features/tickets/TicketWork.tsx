import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import type { MeResponse, Ticket } from '../../api/types';
import { formatDateTime, statusLabel } from '../../lib/format';
import { Empty, ErrorMessage, Loading } from '../../ui/primitives';
import { useAddMessage, useReplaceTicket, useTicketEvents, useUpdateTicket } from './queries';
import { changesBetween, eventText, fieldsOf, patchOf, TICKET_PRIORITIES, TICKET_STATUSES, type TicketFields } from './ticket-work';

/** Reply to the customer, or write an internal note for colleagues (visibly different: a note never reaches the customer). */
export function Composer({ ticket, internal }: { ticket: Ticket; internal: boolean }) {
  const [text, setText] = useState('');
  const send = useAddMessage(ticket.ticketId);
  const closed = ticket.status === 'closed';
  const id = internal ? 'note-box' : 'reply-box';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    send.mutate({ content: text, internal }, { onSuccess: () => setText('') });
  };
  return (
    <form className={internal ? 'composer composer-note' : 'composer composer-reply'} onSubmit={submit}>
      <label htmlFor={id}>{internal ? 'Internal note (only your team sees it)' : 'Reply to the customer'}</label>
      <textarea id={id} value={text} onChange={(e) => setText(e.target.value)} rows={internal ? 2 : 4} maxLength={10_000} disabled={closed || send.isPending} />
      <div className="composer-actions">
        <button type="submit" className={internal ? undefined : 'primary'} disabled={closed || send.isPending || !text.trim()}>
          {internal ? 'Add note' : 'Send reply'}
        </button>
        {send.isError && <ErrorMessage error={send.error} />}
      </div>
    </form>
  );
}

/**
 * Status, priority, category and assignee. Saving sends only what changed, with the version the
 * agent read as If-Match; a 412 shows what someone else changed and offers Retry (same edits on
 * the current version) or Discard.
 */
export function TicketControls({ ticket, me }: { ticket: Ticket; me: MeResponse }) {
  const [read, setRead] = useState<Ticket>(ticket);
  const [edited, setEdited] = useState<TicketFields>(fieldsOf(ticket));
  const [conflict, setConflict] = useState<{ current: Ticket; lines: string[] } | null>(null);
  const update = useUpdateTicket(ticket.ticketId);
  const replace = useReplaceTicket(ticket.ticketId);
  // A ticket refreshed by the server (a reply, a refetch) resets the form unless the agent is mid-edit or in a conflict.
  useEffect(() => {
    if (conflict || ticket.version === read.version) return;
    if (!patchOf(fieldsOf(read), edited)) setEdited(fieldsOf(ticket));
    setRead(ticket);
  }, [ticket]);
  const patch = patchOf(fieldsOf(read), edited);
  const closed = read.status === 'closed';

  // Only the agent's own edits (against the version they read) are sent, also on Retry: what the other person changed stays.
  const save = (base: Ticket) => {
    const body = patchOf(fieldsOf(read), edited);
    if (!body) {
      setConflict(null);
      setRead(base);
      return;
    }
    update.mutate(
      { patch: body, version: base.version },
      {
        onSuccess: (next) => {
          setConflict(null);
          setRead(next);
          setEdited(fieldsOf(next));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 412 && error.body.ticket) {
            const current = error.body.ticket as Ticket;
            setConflict({ current, lines: changesBetween(base, current) });
            replace(current);
          } else setConflict(null);
        },
      },
    );
  };
  const set = (field: keyof TicketFields) => (value: string) => setEdited((e) => ({ ...e, [field]: value }));

  return (
    <form
      className="ticket-controls"
      aria-label="Ticket properties"
      onSubmit={(e) => {
        e.preventDefault();
        save(read);
      }}
    >
      <label>
        <span>Status</span>
        <select value={edited.status} onChange={(e) => set('status')(e.target.value)} disabled={closed}>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Priority</span>
        <select value={edited.priority} onChange={(e) => set('priority')(e.target.value)} disabled={closed}>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {statusLabel(p)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Category</span>
        <input value={edited.category ?? ''} onChange={(e) => set('category')(e.target.value)} disabled={closed} maxLength={100} />
      </label>
      <label>
        <span>Assignee</span>
        <input type="email" value={edited.assignee ?? ''} onChange={(e) => set('assignee')(e.target.value)} disabled={closed} placeholder="Unassigned" />
      </label>
      <div className="control-actions">
        <button type="button" onClick={() => set('assignee')(me.user.email)} disabled={closed || edited.assignee === me.user.email}>
          Assign to me
        </button>
        <button type="submit" className="primary" disabled={closed || !patch || update.isPending || conflict !== null}>
          Save changes
        </button>
      </div>
      {closed && <p className="muted small">This ticket is closed: nothing can change any more.</p>}
      {conflict ? (
        <div className="error conflict" role="alert">
          <p>
            <strong>Someone else changed this ticket</strong> while you were editing it (version {read.version} → {conflict.current.version}):
          </p>
          <ul>
            {conflict.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
          <p>Retry applies your changes to the current version; Discard keeps theirs.</p>
          <button type="button" className="primary" onClick={() => save(conflict.current)}>
            Retry
          </button>{' '}
          <button
            type="button"
            onClick={() => {
              setConflict(null);
              setRead(conflict.current);
              setEdited(fieldsOf(conflict.current));
            }}
          >
            Discard my changes
          </button>
        </div>
      ) : (
        update.isError && <ErrorMessage error={update.error} />
      )}
    </form>
  );
}

/** The activity timeline from the events route, oldest first, with who did what. */
export function ActivityTimeline({ ticketId }: { ticketId: string }) {
  const events = useTicketEvents(ticketId);
  if (events.isPending) return <Loading what="the activity" />;
  if (events.isError) return <ErrorMessage error={events.error} retry={() => void events.refetch()} />;
  const all = events.data.pages.flatMap((p) => p.events);
  if (all.length === 0) return <Empty>No activity yet.</Empty>;
  return (
    <>
      <ol className="activity" aria-label="Activity timeline">
        {all.map((e) => (
          <li key={e.eventId} className={`event event-${e.type}`}>
            <time dateTime={e.at}>{formatDateTime(e.at)}</time> {eventText(e)} <span className="muted">by {e.actor}</span>
          </li>
        ))}
      </ol>
      {events.hasNextPage && (
        <button type="button" className="link" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
          Show more activity
        </button>
      )}
    </>
  );
}
