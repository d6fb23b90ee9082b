import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, CONSOLE_API } from '../../api/client';
import type { CategoriesResponse, RoutingRulesResponse } from '../../api/types';
import { Empty, ErrorMessage, Loading, Section } from '../../ui/primitives';
import { describeRule, etagOf, MAX_CONDITIONS, moveAllowed, ruleBody, type ConditionRow, type RuleField } from './settings-logic';

const KEY = ['settings', 'routing-rules'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];

/**
 * Settings > Routing rules: the ordered list (the first rule whose conditions all match assigns the
 * ticket), add (`rule add`), remove, and up/down. Every change sends the list's version it shows
 * (If-Match): when another admin changed the list meanwhile, the page shows the current list and
 * says so instead of moving a rule the admin did not see.
 */
export function RoutingRulesPage() {
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: KEY, queryFn: () => api<RoutingRulesResponse>(`${CONSOLE_API}/settings/routing-rules`) });
  const [notice, setNotice] = useState<string | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const apply = (list: RoutingRulesResponse) => queryClient.setQueryData(KEY, list);
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 412 && Array.isArray(error.body.rules)) {
      apply(error.body as unknown as RoutingRulesResponse);
      setNotice('Another admin changed the rules meanwhile. This is the current order; nothing was changed. Try again if you still want to.');
    }
  };
  const move = useMutation({
    mutationFn: ({ position, direction, version }: { position: number; direction: 'up' | 'down'; version: number }) =>
      api<RoutingRulesResponse>(`${CONSOLE_API}/settings/routing-rules/${position}/move`, {
        method: 'POST',
        body: { direction },
        headers: { 'if-match': etagOf(version) },
      }),
    onSuccess: (list, { position, direction }) => {
      apply(list);
      setNotice(null);
      const now = direction === 'up' ? position - 1 : position + 1;
      const edge = moveAllowed(now - 1, list.rules.length);
      // Keep the keyboard where it was: on the same rule's button, or its other one at the end of the list.
      setFocus(`rule-${now}-${edge[direction] ? direction : direction === 'up' ? 'down' : 'up'}`);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (position: number) =>
      api<RoutingRulesResponse>(`${CONSOLE_API}/settings/routing-rules/${position}`, { method: 'DELETE', headers: { 'if-match': etagOf(rules.data?.version ?? 0) } }),
    onSuccess: (list) => {
      apply(list);
      setConfirming(null);
      setNotice('Rule removed.');
    },
    onError,
  });
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus, rules.data]);
  const busy = move.isPending || remove.isPending;
  const shown = (error: unknown) => (error && !(error instanceof ApiError && error.status === 412) ? error : null);
  const failure = shown(move.error) ?? shown(remove.error);
  return (
    <>
      <Section title="Routing rules">
        <p className="muted small">Rules are checked from the top; the first rule whose conditions all match assigns the new ticket.</p>
        {notice && (
          <p role="status" className="notice">
            {notice}
          </p>
        )}
        {failure !== null && <ErrorMessage error={failure} />}
        {rules.isPending ? (
          <Loading what="the routing rules" />
        ) : rules.isError ? (
          <ErrorMessage error={rules.error} retry={() => void rules.refetch()} />
        ) : rules.data.rules.length === 0 ? (
          <Empty>No routing rules: new tickets stay unassigned. Add one below.</Empty>
        ) : (
          <ol className="settings-list rules" aria-label="Routing rules, in order">
            {rules.data.rules.map((rule, index) => {
              const can = moveAllowed(index, rules.data.rules.length);
              const text = describeRule(rule);
              return (
                <li key={`${rule.position}-${text}`} className="settings-item rule">
                  <span className="rule-position" aria-hidden="true">
                    {rule.position}
                  </span>
                  <span className="rule-text">{text}</span>
                  <span className="row">
                    <button
                      type="button"
                      id={`rule-${rule.position}-up`}
                      disabled={!can.up || busy}
                      aria-label={`Move rule ${rule.position} up`}
                      onClick={() => move.mutate({ position: rule.position, direction: 'up', version: rules.data.version })}
                    >
                      ↑ Up
                    </button>
                    <button
                      type="button"
                      id={`rule-${rule.position}-down`}
                      disabled={!can.down || busy}
                      aria-label={`Move rule ${rule.position} down`}
                      onClick={() => move.mutate({ position: rule.position, direction: 'down', version: rules.data.version })}
                    >
                      ↓ Down
                    </button>
                    {confirming === rule.position ? (
                      <>
                        <button type="button" className="danger" disabled={busy} onClick={() => remove.mutate(rule.position)} aria-label={`Confirm removing rule ${rule.position}`}>
                          Remove
                        </button>
                        <button type="button" onClick={() => setConfirming(null)}>
                          Keep
                        </button>
                      </>
                    ) : (
                      <button type="button" onClick={() => setConfirming(rule.position)} aria-label={`Remove rule ${rule.position}`}>
                        Remove…
                      </button>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </Section>
      <AddRule onAdded={(list) => apply(list)} />
    </>
  );
}

function AddRule({ onAdded }: { onAdded: (list: RoutingRulesResponse) => void }) {
  const categories = useQuery({ queryKey: ['settings', 'categories'], queryFn: () => api<CategoriesResponse>(`${CONSOLE_API}/settings/categories`) });
  const [assignee, setAssignee] = useState('');
  const [rows, setRows] = useState<ConditionRow[]>([{ field: 'priority', value: '' }]);
  const add = useMutation({
    mutationFn: () => api<RoutingRulesResponse>(`${CONSOLE_API}/settings/routing-rules`, { method: 'POST', body: ruleBody(assignee, rows) }),
    onSuccess: (list) => {
      onAdded(list);
      setAssignee('');
      setRows([{ field: 'priority', value: '' }]);
    },
  });
  const setRow = (i: number, row: Partial<ConditionRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...row, ...(row.field ? { value: '' } : {}) } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  const categoryNames = categories.data?.categories.map((c) => c.name) ?? [];
  return (
    <Section title="Add a rule">
      <form className="settings-form" onSubmit={submit} aria-label="Add a routing rule">
        <label htmlFor="rule-assignee">Assign to</label>
        <input id="rule-assignee" value={assignee} onChange={(e) => setAssignee(e.target.value)} placeholder="team or agent email" required maxLength={200} />
        <fieldset>
          <legend>When all of these match</legend>
          {rows.map((row, i) => (
            <div className="condition" key={i}>
              <label className="visually-hidden" htmlFor={`cond-${i}-field`}>
                Condition {i + 1} field
              </label>
              <select id={`cond-${i}-field`} value={row.field} onChange={(e) => setRow(i, { field: e.target.value as RuleField })}>
                <option value="priority">Priority is</option>
                <option value="category">Category is</option>
                <option value="contains">Text contains</option>
              </select>
              <label className="visually-hidden" htmlFor={`cond-${i}-value`}>
                Condition {i + 1} value
              </label>
              {row.field === 'priority' ? (
                <select id={`cond-${i}-value`} value={row.value} onChange={(e) => setRow(i, { value: e.target.value })}>
                  <option value="">Choose a priority</option>
                  {PRIORITIES.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              ) : row.field === 'category' ? (
                <select id={`cond-${i}-value`} value={row.value} onChange={(e) => setRow(i, { value: e.target.value })}>
                  <option value="">{categoryNames.length ? 'Choose a category' : 'No categories yet'}</option>
                  {categoryNames.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              ) : (
                <input id={`cond-${i}-value`} value={row.value} onChange={(e) => setRow(i, { value: e.target.value })} maxLength={200} />
              )}
              {rows.length > 1 && (
                <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))} aria-label={`Remove condition ${i + 1}`}>
                  ✕
                </button>
              )}
            </div>
          ))}
          {rows.length < MAX_CONDITIONS && (
            <button type="button" onClick={() => setRows([...rows, { field: 'contains', value: '' }])}>
              Add condition
            </button>
          )}
        </fieldset>
        {add.isError && <ErrorMessage error={add.error} />}
        <div className="row">
          <button type="submit" className="primary" disabled={add.isPending}>
            Add rule
          </button>
        </div>
      </form>
    </Section>
  );
}
