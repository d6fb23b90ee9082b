import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { InviteUserResponse, MeResponse, User } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { ErrorMessage, Loading, Section } from '../../ui/primitives';

const KEY = ['users'] as const;

/**
 * Settings > Team: the users, invite (`user add`: locally a one-time sign-in link shown once, with
 * Cognito an emailed temporary password), change role, remove. Nobody changes or removes themselves,
 * and the organization always keeps an admin (the server refuses with 409 otherwise).
 */
export function TeamPage({ me }: { me: MeResponse }) {
  const users = useQuery({ queryKey: KEY, queryFn: () => api<{ users: User[] }>(`${CONSOLE_API}/users`) });
  return (
    <>
      <Section title="Team">
        {users.isPending ? (
          <Loading what="the team" />
        ) : users.isError ? (
          <ErrorMessage error={users.error} retry={() => void users.refetch()} />
        ) : (
          <div className="table-wrap">
            <table className="team-table">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Added</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((u) => (
                  <Member key={u.userId} user={u} self={u.email === me.user.email} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Invite />
    </>
  );
}

function Member({ user, self }: { user: User; self: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const role = useMutation({
    mutationFn: (next: string) => api(`${CONSOLE_API}/users/${user.userId}`, { method: 'PATCH', body: { role: next } }),
    onSuccess: refresh,
    onError: refresh,
  });
  const remove = useMutation({ mutationFn: () => api(`${CONSOLE_API}/users/${user.userId}`, { method: 'DELETE' }), onSuccess: refresh });
  return (
    <tr>
      <td>
        {user.email} {self && <span className="muted">(you)</span>}
      </td>
      <td>
        {self ? (
          user.role
        ) : (
          <>
            <label className="visually-hidden" htmlFor={`role-${user.userId}`}>
              Role of {user.email}
            </label>
            <select id={`role-${user.userId}`} value={user.role} disabled={role.isPending} onChange={(e) => role.mutate(e.target.value)}>
              <option value="agent">agent</option>
              <option value="admin">admin</option>
            </select>
          </>
        )}
        {role.isError && <ErrorMessage error={role.error} />}
      </td>
      <td className="muted small">{formatDateTime(user.createdAt)}</td>
      <td>
        {!self &&
          (confirming ? (
            <span className="row">
              <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={`Confirm removing ${user.email}`}>
                Remove
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button type="button" onClick={() => setConfirming(true)} aria-label={`Remove ${user.email}`}>
              Remove…
            </button>
          ))}
        {remove.isError && <ErrorMessage error={remove.error} />}
      </td>
    </tr>
  );
}

function Invite() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('agent');
  const [copied, setCopied] = useState(false);
  const invite = useMutation({
    mutationFn: () => api<InviteUserResponse>(`${CONSOLE_API}/users`, { method: 'POST', body: { email, role } }),
    onSuccess: () => {
      setEmail('');
      setCopied(false);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate();
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Section title="Invite someone">
      <form className="settings-form" onSubmit={submit} aria-label="Invite someone">
        <label htmlFor="invite-email">Email</label>
        <input id="invite-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="agent">agent — works tickets</option>
          <option value="admin">admin — also runs the organization</option>
        </select>
        {invite.isError && <ErrorMessage error={invite.error} />}
        <div className="row">
          <button type="submit" className="primary" disabled={invite.isPending}>
            Invite
          </button>
        </div>
      </form>
      {invite.data && (
        <div className="new-key" role="status">
          <p>
            <strong>{invite.data.user.email}</strong> was added as {invite.data.user.role}.
          </p>
          {invite.data.signInLink ? (
            <>
              <p>Their one-time sign-in link (shown this once, valid 24 hours, works once):</p>
              <code data-testid="invite-link">{invite.data.signInLink}</code>{' '}
              <button type="button" onClick={() => void copy(invite.data.signInLink as string)}>
                {copied ? 'Copied' : 'Copy'}
              </button>
            </>
          ) : (
            <p>{invite.data.invitation}</p>
          )}
        </div>
      )}
    </Section>
  );
}
