import { changesBetween, eventText, fieldsOf, patchOf } from '../../../console/src/features/tickets/ticket-work';
import { checkConsoleMessage } from '../../../shared/domain/ticket/ticket-lifecycle.schema';
import type { Ticket } from '../../../console/src/api/types';

const ticket = (over: Partial<Ticket>): Ticket =>
  ({ status: 'open', priority: 'medium', category: null, assignee: null, messages: [], version: 3, ...over }) as Ticket;

describe('ticket controls: the PATCH body', () => {
  const read = fieldsOf(ticket({ category: 'Battery', assignee: 'a@example.com' }));
  it('sends only what changed, nothing when nothing did', () => {
    expect(patchOf(read, read)).toBeUndefined();
    expect(patchOf(read, { ...read, status: 'solved' })).toEqual({ status: 'solved' });
    expect(patchOf(read, { ...read, priority: 'urgent', assignee: ' b@example.com ' })).toEqual({ priority: 'urgent', assignee: 'b@example.com' });
  });
  it('a blank assignee unassigns; a blank category is not sent (a category cannot be removed)', () => {
    expect(patchOf(read, { ...read, assignee: '' })).toEqual({ assignee: null });
    expect(patchOf(read, { ...read, category: '  ' })).toBeUndefined();
    expect(patchOf(read, { ...read, category: 'Display' })).toEqual({ category: 'Display' });
  });
});

describe('412: what someone else changed', () => {
  it('names each field with its old and new value, and new messages', () => {
    const before = ticket({});
    const now = ticket({ status: 'on_hold', assignee: 'bo@example.com', version: 5, messages: [{ role: 'customer', content: 'hi' }] });
    expect(changesBetween(before, now)).toEqual(['Status: Open → On hold', 'Assignee: none → bo@example.com', '1 new message']);
  });
  it('says the version moved when no shown field did', () => {
    expect(changesBetween(ticket({}), ticket({ version: 4 }))).toEqual(['Version 3 → 4']);
  });
});

describe('activity timeline texts', () => {
  const e = (type: string, changes: Record<string, unknown>) => ({ eventId: 'x', at: '2026-11-23T12:00:00Z', type, actor: 'a', changes });
  it('every field an event changed', () => {
    expect(eventText(e('status_changed', { status: { from: 'open', to: 'solved' }, priority: { from: 'low', to: 'high' } }))).toBe('Status Open → Solved, priority low → high');
    expect(eventText(e('assigned', { assignee: { from: null, to: 'me@example.com' } }))).toBe('Assigned to me@example.com');
    expect(eventText(e('assigned', { assignee: { from: 'me@example.com', to: null } }))).toBe('Unassigned');
  });
  it('messages and notes, and a reply that reopened the ticket', () => {
    expect(eventText(e('note_added', { role: 'agent', internal: true }))).toBe('Internal note added');
    expect(eventText(e('message_added', { role: 'customer', status: { from: 'pending', to: 'open' } }))).toBe('Customer wrote, status Pending → Open');
    expect(eventText(e('message_added', { role: 'agent' }))).toBe('Reply sent');
    expect(eventText(e('created', {}))).toBe('Created');
    expect(eventText(e('incident_resolved', {}))).toBe('Incident resolved');
  });
});

describe('console message body (the ext-v1 check, written as the signed-in agent)', () => {
  it('takes content and internal; role and author are not the console caller’s to set', () => {
    expect(checkConsoleMessage({ content: 'Hi', internal: true })).toEqual({ role: 'agent', content: 'Hi', internal: true });
    expect(checkConsoleMessage({ content: 'Hi', role: 'customer' })).toBe('Unknown field "role"');
    expect(checkConsoleMessage({ content: 'Hi', author: 'someone@else' })).toBe('Unknown field "author"');
    expect(checkConsoleMessage({ content: ' ' })).toBe('content is required');
    expect(checkConsoleMessage({ content: 'x', internal: 'yes' })).toBe('internal must be a boolean');
    expect(checkConsoleMessage({ content: 'x', extra: 1 })).toBe('Unknown field "extra"');
    expect(checkConsoleMessage([])).toBe('content is required');
  });
});
