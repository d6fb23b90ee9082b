import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { ThresholdRule } from '../../../../shared/domain/anomaly/detectors';
import { Empty, ErrorMessage, Loading, Section } from '../../ui/primitives';
import { ConfirmAction } from './parts';

const path = `${CONSOLE_API}/settings/monitor-rules`;
const EMPTY = { measurement: '', operator: 'above', value: '', forMinutes: '' };

/** Settings > Integrations > Monitor rules (admins): threshold rules (`monitor rule add|list|remove`). */
export default function MonitorRulesPage() {
  const client = useQueryClient();
  const rules = useQuery({ queryKey: ['monitor-rules'], queryFn: () => api<{ rules: ThresholdRule[] }>(path) });
  const [form, setForm] = useState(EMPTY);
  const add = useMutation({
    mutationFn: () => api(path, { method: 'POST', body: form }),
    onSuccess: () => {
      setForm(EMPTY);
      void client.invalidateQueries({ queryKey: ['monitor-rules'] });
    },
  });
  const remove = useMutation({ mutationFn: (ruleId: string) => api(`${path}/${encodeURIComponent(ruleId)}`, { method: 'DELETE' }), onSuccess: () => void client.invalidateQueries({ queryKey: ['monitor-rules'] }) });
  const field = (name: keyof typeof EMPTY) => ({ value: form[name], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  const describe = (r: ThresholdRule) => `${r.measurement} ${r.operator} ${r.value}${r.forMinutes ? ` for ${r.forMinutes} min` : ''}`;
  return (
    <>
      <Section title="Monitor rules">
        <p className="muted">A device whose measurement stays beyond a threshold opens an incident and a proactive ticket, beside the built-in detectors.</p>
        {rules.isPending ? (
          <Loading what="the rules" />
        ) : rules.isError ? (
          <ErrorMessage error={rules.error} retry={() => void rules.refetch()} />
        ) : rules.data.rules.length === 0 ? (
          <Empty>No threshold rule yet.</Empty>
        ) : (
          <table>
            <caption className="visually-hidden">Threshold rules</caption>
            <thead>
              <tr>
                <th scope="col">Measurement</th>
                <th scope="col">Condition</th>
                <th scope="col">For</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.data.rules.map((r) => (
                <tr key={r.ruleId}>
                  <td>
                    <code>{r.measurement}</code>
                  </td>
                  <td>
                    {r.operator} {r.value}
                  </td>
                  <td>{r.forMinutes ? `${r.forMinutes} min` : 'At once'}</td>
                  <td>
                    <ConfirmAction label={`Remove rule ${describe(r)}`} question={`Remove “${describe(r)}”?`} confirmLabel="Remove" busy={remove.isPending} onConfirm={() => remove.mutate(r.ruleId)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {remove.isError && <ErrorMessage error={remove.error} />}
      </Section>
      <Section title="Add a rule">
        <form onSubmit={submit} className="stack-form">
          <label>
            <span>Measurement</span>
            <input {...field('measurement')} placeholder="battery_voltage" autoComplete="off" />
          </label>
          <label>
            <span>Condition</span>
            <select {...field('operator')}>
              <option value="above">Above</option>
              <option value="below">Below</option>
            </select>
          </label>
          <label>
            <span>Value</span>
            <input inputMode="decimal" {...field('value')} autoComplete="off" />
          </label>
          <label>
            <span>For minutes (0 or blank: at once)</span>
            <input inputMode="numeric" {...field('forMinutes')} autoComplete="off" />
          </label>
          {add.isError && <ErrorMessage error={add.error} />}
          {add.isSuccess && <p role="status">Rule added.</p>}
          <div className="control-actions">
            <button type="submit" className="primary" disabled={add.isPending}>
              Add rule
            </button>
          </div>
        </form>
      </Section>
    </>
  );
}
