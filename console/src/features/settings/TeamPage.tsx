import { useQuery } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { User } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { ErrorMessage, Loading, Section } from '../../ui/primitives';

export function TeamPage() {
  const users = useQuery({ queryKey: ['users'], queryFn: () => api<{ users: User[] }>(`${CONSOLE_API}/users`) });
  return (
    <Section title="Team">
      {users.isPending ? (
        <Loading what="the team" />
      ) : users.isError ? (
        <ErrorMessage error={users.error} />
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Added</th>
            </tr>
          </thead>
          <tbody>
            {users.data.users.map((u) => (
              <tr key={u.userId}>
                <td>{u.email}</td>
                <td>{u.role}</td>
                <td>{formatDateTime(u.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">
        Invite: <code>npm run admin -- user add --org &lt;id&gt; --email &lt;email&gt; --role agent|admin</code>
      </p>
    </Section>
  );
}
