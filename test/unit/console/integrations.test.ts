import { afterBulk, bulkTickets, headerState, prune, summarize, toggle, toggleAll } from '../../../console/src/features/tickets/bulk';
import { attemptOutcome, EVENT_OPTIONS, toggleEvent, webhookFormProblem, webhookPatch } from '../../../console/src/features/integrations/webhook-form';
import { queueKey, SHORTCUTS } from '../../../console/src/lib/keyboard';
import { EVENT_TYPES } from '../../../shared/domain/webhook/webhook.schema';
import { checkBulkBody } from '../../../shared/domain/console/bulk';
import { consoleText } from '../../../shared/domain/console/integrations';

describe('queue bulk selection', () => {
  it('toggles one ticket, in the order ticked', () => {
    expect(toggle([], 'a')).toEqual(['a']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggle(['b'], 'a')).toEqual(['b', 'a']);
  });
  it('select all on the page ticks the rest, and unticks the page when all are ticked', () => {
    expect(toggleAll(['x', 'b'], ['a', 'b', 'c'])).toEqual(['x', 'b', 'a', 'c']);
    expect(toggleAll(['x', 'a', 'b', 'c'], ['a', 'b', 'c'])).toEqual(['x']);
    expect(toggleAll([], [])).toEqual([]);
  });
  it('the header checkbox is all, some or none of the page', () => {
    expect(headerState([], ['a', 'b'])).toBe('none');
    expect(headerState(['a'], ['a', 'b'])).toBe('some');
    expect(headerState(['b', 'a', 'z'], ['a', 'b'])).toBe('all');
    expect(headerState(['z'], [])).toBe('none');
  });
  it('keeps only tickets still on the page', () => {
    expect(prune(['a', 'gone', 'b'], ['b', 'a'])).toEqual(['a', 'b']);
  });
  it('sends each ticket with the version read from the queue', () => {
    expect(bulkTickets(['b', 'a', 'gone'], [{ ticketId: 'a', version: 3 }, { ticketId: 'b', version: 7 }])).toEqual([
      { ticketId: 'b', version: 7 },
      { ticketId: 'a', version: 3 },
    ]);
  });
  it('x toggles the focused row, and only when a row is focused; it is listed among the shortcuts', () => {
    expect(queueKey('x', 2, 5, false)).toEqual({ type: 'toggle', index: 2 });
    expect(queueKey('x', -1, 5, false)).toEqual({ type: 'none' });
    expect(queueKey('x', 2, 5, true)).toEqual({ type: 'none' });
    expect(SHORTCUTS.map((s) => s.keys)).toContain('x');
  });
});

describe('bulk result summary', () => {
  const titles: Record<string, string> = { a: 'Display flickers', b: 'Fan is loud' };
  const titleOf = (id: string) => titles[id];
  it('all changed', () => {
    expect(summarize([{ ticketId: 'a', ok: true }, { ticketId: 'b', ok: true }], titleOf)).toEqual({ headline: '2 tickets changed.', failures: [] });
    expect(summarize([{ ticketId: 'a', ok: true }], titleOf).headline).toBe('1 ticket changed.');
  });
  it('partial failure names each failed ticket by title (or id) with its reason', () => {
    const results = [
      { ticketId: 'a', ok: true as const },
      { ticketId: 'b', ok: false as const, status: 409, error: 'Ticket is closed' },
      { ticketId: 'c', ok: false as const, status: 412, error: 'Ticket was changed by someone else' },
    ];
    expect(summarize(results, titleOf)).toEqual({ headline: '1 ticket changed; 2 failed.', failures: ['Fan is loud: Ticket is closed', 'c: Ticket was changed by someone else'] });
    expect(afterBulk(results)).toEqual(['b', 'c']);
  });
  it('nothing changed', () => {
    expect(summarize([{ ticketId: 'a', ok: false, status: 404, error: 'Ticket not found' }], titleOf).headline).toBe('No ticket changed; 1 ticket failed.');
  });
});

describe('webhook form', () => {
  it('lists exactly the server’s event types', () => {
    expect([...EVENT_OPTIONS].sort()).toEqual([...EVENT_TYPES].sort());
  });
  it('"all" replaces the list; a type keeps the server order', () => {
    expect(toggleEvent(['ticket.created'], '*', true)).toEqual(['*']);
    expect(toggleEvent(['*'], '*', false)).toEqual([]);
    expect(toggleEvent(['incident.opened'], 'ticket.created', true)).toEqual(['ticket.created', 'incident.opened']);
    expect(toggleEvent(['ticket.created', 'incident.opened'], 'ticket.created', false)).toEqual(['incident.opened']);
  });
  it('says why it cannot be sent yet', () => {
    expect(webhookFormProblem(' ', ['*'])).toBe('Enter the endpoint URL');
    expect(webhookFormProblem('https://x.example/h', [])).toBe('Choose at least one event, or all events');
    expect(webhookFormProblem('https://x.example/h', ['*'])).toBeUndefined();
  });
  it('PATCHes only what changed', () => {
    const before = { url: 'https://x.example/h', events: ['ticket.created', 'incident.opened'], description: null, enabled: true };
    expect(webhookPatch(before, { url: 'https://x.example/h ', events: ['incident.opened', 'ticket.created'], description: '', enabled: true })).toEqual({});
    expect(webhookPatch(before, { url: 'https://y.example/h', events: ['*'], description: 'Desk', enabled: false })).toEqual({ url: 'https://y.example/h', events: ['*'], description: 'Desk', enabled: false });
  });
  it('a delivery attempt shows its status code, or no answer', () => {
    expect(attemptOutcome({ statusCode: 200, error: null })).toEqual({ text: '200', tone: 'ok' });
    expect(attemptOutcome({ statusCode: 500, error: 'HTTP 500' })).toEqual({ text: '500', tone: 'bad' });
    expect(attemptOutcome({ statusCode: null, error: 'Timed out after 10 s' })).toEqual({ text: 'No answer', tone: 'bad' });
  });
});

describe('server side of the console: bulk body and operator texts', () => {
  it('checks the bulk body with the PATCH body’s own check for changes', () => {
    const t = { ticketId: '00000000-0000-4000-8000-000000000001', version: 2 };
    expect(checkBulkBody({ tickets: [t], changes: { status: 'Solved' } })).toEqual({ tickets: [t], changes: { status: 'solved' } });
    expect(checkBulkBody({ tickets: [{ ...t, ticketId: ` ${t.ticketId.toUpperCase()} ` }], changes: { assignee: '' } })).toEqual({ tickets: [t], changes: { assignee: null } });
    expect(checkBulkBody({ tickets: [t], changes: { status: 'done' } })).toBe('status must be one of: new, open, pending, on_hold, solved, closed');
    expect(checkBulkBody({ tickets: [{ ...t, version: 1.5 }], changes: {} })).toBe('Each ticket must be { ticketId: string, version: integer } as read from the queue');
    expect(checkBulkBody({ tickets: Array.from({ length: 101 }, (_, i) => ({ ticketId: `t${i}`, version: 1 })), changes: {} })).toBe('At most 100 tickets per bulk change');
  });
  it('names the console’s fields where the CLI names its flags', () => {
    expect(consoleText('--api-base must use https (http only for localhost)')).toBe('apiBase must use https (http only for localhost)');
    expect(consoleText('Missing required option --measurement')).toBe('measurement is required');
    expect(consoleText('Missing token: pass --token <token> or pipe it on stdin')).toBe('token is required');
    expect(consoleText('--below must be a number: 0, or between 1e-130 and 1e125 in magnitude', { below: 'value' })).toBe('value must be a number: 0, or between 1e-130 and 1e125 in magnitude');
    expect(consoleText('Give the device identifier either as {deviceIdentifier} in --path or as --identifier-column, not both')).toBe(
      'Give the device identifier either as {deviceIdentifier} in path or as identifierColumn, not both',
    );
  });
});
