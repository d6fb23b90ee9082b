import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { ChatSettingsResponse, ChatTestResponse } from '../../api/types';
import { ErrorMessage, Loading, Section } from '../../ui/primitives';
import { chatTestText } from './settings-logic';

const KEY = ['settings', 'chat'] as const;

/**
 * Settings > Chat: the team-chat incoming webhook (`org set-chat-webhook`, plus clear and a test
 * post) and which ticket changes post a line (`org set-chat-notify`). The URL is a secret (anyone
 * holding it can post): once saved, only its origin is shown.
 */
export function ChatPage() {
  const queryClient = useQueryClient();
  const chat = useQuery({ queryKey: KEY, queryFn: () => api<ChatSettingsResponse>(`${CONSOLE_API}/settings/chat`) });
  const [url, setUrl] = useState('');
  const apply = (data: ChatSettingsResponse) => queryClient.setQueryData(KEY, data);
  const save = useMutation({
    mutationFn: () => api<ChatSettingsResponse>(`${CONSOLE_API}/settings/chat/webhook`, { method: 'PUT', body: { url } }),
    onSuccess: (data) => {
      apply(data);
      setUrl('');
      test.reset();
    },
  });
  const clear = useMutation({
    mutationFn: () => api<ChatSettingsResponse>(`${CONSOLE_API}/settings/chat/webhook`, { method: 'DELETE' }),
    onSuccess: (data) => {
      apply(data);
      test.reset();
    },
  });
  const test = useMutation({ mutationFn: () => api<ChatTestResponse>(`${CONSOLE_API}/settings/chat/test`, { method: 'POST' }) });
  const notify = useMutation({
    mutationFn: (change: Partial<Pick<ChatSettingsResponse, 'notifyOnSolved' | 'notifyCustomerMessages'>>) =>
      api<ChatSettingsResponse>(`${CONSOLE_API}/settings/chat`, { method: 'PATCH', body: change }),
    // The switch moves at once; a refusal puts it back (and says why).
    onMutate: (change) => {
      const before = queryClient.getQueryData<ChatSettingsResponse>(KEY);
      if (before) apply({ ...before, ...change });
      return before;
    },
    onError: (_error, _change, before) => {
      if (before) apply(before);
    },
    onSuccess: apply,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  if (chat.isPending) return <Loading what="the chat settings" />;
  if (chat.isError) return <ErrorMessage error={chat.error} retry={() => void chat.refetch()} />;
  const current = chat.data;
  return (
    <>
      <Section title="Chat webhook">
        <p className="small">
          Current webhook:{' '}
          {current.chatWebhook ? <code aria-label="Current webhook, origin only">{current.chatWebhook}</code> : <span className="muted">none — no chat lines are posted</span>}
        </p>
        <form className="settings-form" onSubmit={submit} aria-label="Set the chat webhook">
          <label htmlFor="chat-url">{current.chatWebhook ? 'Replace with a new webhook URL' : 'Incoming webhook URL (Slack-compatible)'}</label>
          <input id="chat-url" type="url" inputMode="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.slack.com/services/…" required />
          {save.isError && <ErrorMessage error={save.error} />}
          <div className="row">
            <button type="submit" className="primary" disabled={save.isPending}>
              Save webhook
            </button>
            {current.chatWebhook && (
              <>
                <button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
                  {test.isPending ? 'Sending…' : 'Send test'}
                </button>
                <button type="button" className="danger" onClick={() => clear.mutate()} disabled={clear.isPending}>
                  Clear webhook
                </button>
              </>
            )}
          </div>
        </form>
        {clear.isError && <ErrorMessage error={clear.error} />}
        {test.isError && <ErrorMessage error={test.error} />}
        {test.data && (
          <p role="status" className={test.data.delivered ? 'ok' : 'bad'} data-testid="chat-test-outcome">
            {chatTestText(test.data)}
          </p>
        )}
      </Section>
      <Section title="Chat notifications">
        <p className="muted small">New tickets always post a line while a webhook is set. Also post when:</p>
        <div className="settings-form">
          <label className="check">
            <input type="checkbox" checked={current.notifyOnSolved} disabled={notify.isPending} onChange={(e) => notify.mutate({ notifyOnSolved: e.target.checked })} /> a ticket is solved
          </label>
          <label className="check">
            <input type="checkbox" checked={current.notifyCustomerMessages} disabled={notify.isPending} onChange={(e) => notify.mutate({ notifyCustomerMessages: e.target.checked })} /> a customer writes
            on an assigned ticket
          </label>
        </div>
        {notify.isError && <ErrorMessage error={notify.error} />}
      </Section>
    </>
  );
}
