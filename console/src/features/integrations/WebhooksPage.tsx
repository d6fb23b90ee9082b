import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Route, Switch, useLocation, useSearch } from 'wouter';
import type * as z from 'zod/mini';
import { api, CONSOLE_API } from '../../api/client';
import type { DeliveryListResponse, Webhook, WebhookListResponse, WebhookWithSecretResponse } from '../../../../shared/domain/webhook/webhook.schema';
import { formatDateTime } from '../../lib/format';
import { Badge, Empty, ErrorMessage, Loading, Section } from '../../ui/primitives';
import { ConfirmAction, OnceSecret } from './parts';
import { ALL, attemptOutcome, EVENT_OPTIONS, toggleEvent, webhookFormProblem, webhookPatch } from './webhook-form';

type WithSecret = z.infer<typeof WebhookWithSecretResponse>;
type Deliveries = z.infer<typeof DeliveryListResponse>;
const base = `${CONSOLE_API}/webhooks`;
const keys = { list: ['webhooks'] as const, one: (id: string) => ['webhook', id] as const, deliveries: (id: string, cursor: string) => ['webhook-deliveries', id, cursor] as const };

/** Settings > Integrations > Webhooks (admins): the same endpoints as `/api/ext-v1/webhooks`. */
export default function WebhooksPage() {
  return (
    <Switch>
      <Route path="/new">
        <NewWebhook />
      </Route>
      <Route path="/:webhookId">{(p) => <WebhookDetail webhookId={p.webhookId} />}</Route>
      <Route>
        <WebhookList />
      </Route>
    </Switch>
  );
}

function WebhookList() {
  const list = useQuery({ queryKey: keys.list, queryFn: () => api<z.infer<typeof WebhookListResponse>>(base) });
  return (
    <Section
      title="Webhooks"
      actions={
        <Link href="/new" className="button-link">
          Add endpoint
        </Link>
      }
    >
      <p className="muted">Fleetdesk signs every event (Standard Webhooks) and retries for about 21 hours. At most 10 endpoints.</p>
      {list.isPending ? (
        <Loading what="the endpoints" />
      ) : list.isError ? (
        <ErrorMessage error={list.error} retry={() => void list.refetch()} />
      ) : list.data.webhooks.length === 0 ? (
        <Empty>No endpoint yet. Add one to have Fleetdesk push events to your systems.</Empty>
      ) : (
        <table>
          <caption className="visually-hidden">Webhook endpoints</caption>
          <thead>
            <tr>
              <th scope="col">Endpoint</th>
              <th scope="col">Events</th>
              <th scope="col">State</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {list.data.webhooks.map((w) => (
              <tr key={w.webhookId}>
                <td>
                  <Link href={`/${w.webhookId}`}>{w.url}</Link>
                  {w.description && <div className="muted small">{w.description}</div>}
                </td>
                <td>{w.events.includes(ALL) ? 'All events' : w.events.join(', ')}</td>
                <td>{w.enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="warn">Disabled</Badge>}</td>
                <td>{formatDateTime(w.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function EventChoices({ value, onChange }: { value: readonly string[]; onChange: (events: string[]) => void }) {
  const all = value.includes(ALL);
  return (
    <fieldset className="events">
      <legend>Events</legend>
      <label>
        <input type="checkbox" checked={all} onChange={(e) => onChange(toggleEvent(value, ALL, e.target.checked))} /> All events, including types added later
      </label>
      {EVENT_OPTIONS.map((event) => (
        <label key={event}>
          <input type="checkbox" disabled={all} checked={all || value.includes(event)} onChange={(e) => onChange(toggleEvent(value, event, e.target.checked))} /> <code>{event}</code>
        </label>
      ))}
    </fieldset>
  );
}

function NewWebhook() {
  const client = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () => api<WithSecret>(base, { method: 'POST', body: { url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.list }),
  });
  const problem = webhookFormProblem(url, events);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) create.mutate();
  };
  if (create.data) {
    return (
      <Section title="Endpoint added">
        <p>
          Fleetdesk will send <strong>{create.data.events.includes(ALL) ? 'all events' : create.data.events.join(', ')}</strong> to <code>{create.data.url}</code>.
        </p>
        <OnceSecret label="Signing secret" value={create.data.secret}>
          <p className="small">Your receiver verifies each request's <code>webhook-signature</code> with it.</p>
        </OnceSecret>
        <Link href={`/${create.data.webhookId}`}>Open the endpoint: send a test, see deliveries</Link>
      </Section>
    );
  }
  return (
    <Section title="Add a webhook endpoint">
      <form onSubmit={submit} className="stack-form">
        <label>
          <span>Endpoint URL (https://)</span>
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/fleetdesk-events" autoComplete="off" />
        </label>
        <EventChoices value={events} onChange={setEvents} />
        <label>
          <span>Description (optional)</span>
          <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
        </label>
        {create.isError && <ErrorMessage error={create.error} />}
        <div className="control-actions">
          <button type="submit" className="primary" disabled={!!problem || create.isPending}>
            {create.isPending ? 'Adding…' : 'Add endpoint'}
          </button>
          <Link href="/">Cancel</Link>
          {problem && <span className="muted small">{problem}</span>}
        </div>
      </form>
    </Section>
  );
}

function WebhookDetail({ webhookId }: { webhookId: string }) {
  const one = useQuery({ queryKey: keys.one(webhookId), queryFn: () => api<Webhook>(`${base}/${encodeURIComponent(webhookId)}`) });
  return (
    <>
      <p>
        <Link href="/">← All endpoints</Link>
      </p>
      {one.isPending ? <Loading what="the endpoint" /> : one.isError ? <ErrorMessage error={one.error} retry={() => void one.refetch()} /> : <WebhookWork webhook={one.data} />}
    </>
  );
}

function WebhookWork({ webhook }: { webhook: Webhook }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const id = webhook.webhookId;
  const path = `${base}/${encodeURIComponent(id)}`;
  const [url, setUrl] = useState(webhook.url);
  const [events, setEvents] = useState<string[]>(webhook.events);
  const [description, setDescription] = useState(webhook.description ?? '');
  const [enabled, setEnabled] = useState(webhook.enabled);
  const patch = webhookPatch(webhook, { url, events, description, enabled });
  const refresh = (w: Webhook) => {
    client.setQueryData(keys.one(id), w);
    void client.invalidateQueries({ queryKey: keys.list });
  };
  const save = useMutation({ mutationFn: () => api<Webhook>(path, { method: 'PATCH', body: patch }), onSuccess: refresh });
  const rotate = useMutation({ mutationFn: () => api<WithSecret>(`${path}/rotate-secret`, { method: 'POST' }), onSuccess: ({ secret: _s, ...w }) => refresh(w) });
  const test = useMutation({
    mutationFn: () => api<{ deliveryId: string }>(`${path}/test`, { method: 'POST' }),
    onSuccess: () => setTimeout(() => void client.invalidateQueries({ queryKey: ['webhook-deliveries', id] }), 1000),
  });
  const remove = useMutation({
    mutationFn: () => api(path, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.list });
      navigate('/');
    },
  });
  const problem = webhookFormProblem(url, events);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem && Object.keys(patch).length) save.mutate();
  };
  return (
    <>
      <Section title={webhook.url} actions={webhook.enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="warn">Disabled</Badge>}>
        {webhook.disabledReason && <p className="bad">Disabled by Fleetdesk: {webhook.disabledReason}</p>}
        <form onSubmit={submit} className="stack-form">
          <label>
            <span>Endpoint URL</span>
            <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} autoComplete="off" />
          </label>
          <EventChoices value={events} onChange={setEvents} />
          <label>
            <span>Description</span>
            <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
          </label>
          <label className="inline">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled (deliver events to this endpoint)
          </label>
          {save.isError && <ErrorMessage error={save.error} />}
          {save.isSuccess && Object.keys(patch).length === 0 && <p role="status">Saved.</p>}
          <div className="control-actions">
            <button type="submit" className="primary" disabled={!!problem || Object.keys(patch).length === 0 || save.isPending}>
              Save changes
            </button>
            {problem && <span className="muted small">{problem}</span>}
          </div>
        </form>
      </Section>
      <Section title="Signing secret">
        <p className="muted">
          Rotating issues a new secret. The old one keeps signing beside it for 24 hours (two signatures in <code>webhook-signature</code>), so receivers can switch without losing an event.
        </p>
        {webhook.previousSecretExpiresAt && <p className="small">The previous secret signs until {formatDateTime(webhook.previousSecretExpiresAt)}.</p>}
        {rotate.data && (
          <OnceSecret label="New signing secret" value={rotate.data.secret}>
            <p className="small">The old secret keeps signing for 24 hours, until {formatDateTime(rotate.data.previousSecretExpiresAt)}.</p>
          </OnceSecret>
        )}
        {rotate.isError && <ErrorMessage error={rotate.error} />}
        <ConfirmAction label="Rotate secret" question="Issue a new signing secret? The current one stops signing in 24 hours." confirmLabel="Rotate now" busy={rotate.isPending} onConfirm={() => rotate.mutate()} />
      </Section>
      <Deliveries webhookId={id} onTest={() => test.mutate()} testing={test.isPending} testError={test.error} tested={test.isSuccess} />
      <Section title="Delete">
        {remove.isError && <ErrorMessage error={remove.error} />}
        <ConfirmAction label="Delete endpoint" question={`Delete ${webhook.url}? Deliveries to it stop; this cannot be undone.`} confirmLabel="Delete endpoint now" busy={remove.isPending} onConfirm={() => remove.mutate()} />
      </Section>
    </>
  );
}

function Deliveries({ webhookId, onTest, testing, testError, tested }: { webhookId: string; onTest: () => void; testing: boolean; testError: unknown; tested: boolean }) {
  const client = useQueryClient();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const cursor = search.get('cursor') ?? '';
  const path = `${base}/${encodeURIComponent(webhookId)}`;
  const log = useQuery({
    queryKey: keys.deliveries(webhookId, cursor),
    queryFn: () => api<Deliveries>(`${path}/deliveries?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) => api(`${path}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: 'POST' }),
    onSuccess: () => setTimeout(() => void client.invalidateQueries({ queryKey: ['webhook-deliveries', webhookId] }), 1000),
  });
  return (
    <Section
      title="Deliveries"
      actions={
        <span className="control-actions">
          <button type="button" onClick={onTest} disabled={testing}>
            Send test event
          </button>
          <button type="button" onClick={() => void log.refetch()}>
            Refresh
          </button>
        </span>
      }
    >
      {tested && <p role="status">Test event queued. It appears below once attempted.</p>}
      {testError ? <ErrorMessage error={testError} /> : null}
      {redeliver.isSuccess && <p role="status">Redelivery queued.</p>}
      {redeliver.isError && <ErrorMessage error={redeliver.error} />}
      {log.isPending ? (
        <Loading what="deliveries" />
      ) : log.isError ? (
        <ErrorMessage error={log.error} retry={() => void log.refetch()} />
      ) : log.data.deliveries.length === 0 ? (
        <Empty>No delivery attempt yet{cursor ? ' on this page' : ''}. Send a test event to see one.</Empty>
      ) : (
        <div className="scroll-x">
          <table className="deliveries">
            <caption className="visually-hidden">Delivery attempts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Type</th>
                <th scope="col">Attempt</th>
                <th scope="col">Status</th>
                <th scope="col">Error</th>
                <th scope="col">Duration</th>
                <th scope="col">Next retry</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.data.deliveries.map((d) => {
                const outcome = attemptOutcome(d);
                return (
                  <tr key={`${d.deliveryId}-${d.attempt}`}>
                    <td>{formatDateTime(d.at)}</td>
                    <td>
                      <code>{d.type}</code>
                    </td>
                    <td>{d.attempt}</td>
                    <td>
                      <Badge tone={outcome.tone}>{outcome.text}</Badge>
                    </td>
                    <td className="small">{d.error ?? '—'}</td>
                    <td>{d.durationMs} ms</td>
                    <td>{d.nextRetryAt ? formatDateTime(d.nextRetryAt) : '—'}</td>
                    <td>
                      <button type="button" onClick={() => redeliver.mutate(d.deliveryId)} disabled={redeliver.isPending} aria-label={`Redeliver ${d.type} (attempt ${d.attempt} at ${formatDateTime(d.at)})`}>
                        Redeliver
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="control-actions">
        {cursor && (
          <button type="button" onClick={() => navigate(`/${webhookId}`)}>
            Newest
          </button>
        )}
        {log.data?.nextCursor && (
          <button type="button" onClick={() => navigate(`/${webhookId}?cursor=${encodeURIComponent(log.data.nextCursor as string)}`)}>
            Older
          </button>
        )}
      </div>
    </Section>
  );
}
