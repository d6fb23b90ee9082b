import { queueKey } from '../../../console/src/lib/keyboard';
import { incidentSpans, rangeBounds } from '../../../console/src/lib/ranges';
import { formatNumber, formatRelative, statusLabel } from '../../../console/src/lib/format';
import { readQueueParams, writeQueueParams } from '../../../console/src/features/tickets/queue-params';

describe('queue keyboard', () => {
  it('j/k move within the list and stop at its ends', () => {
    expect(queueKey('j', -1, 3, false)).toEqual({ type: 'move', index: 0 });
    expect(queueKey('j', 2, 3, false)).toEqual({ type: 'move', index: 2 });
    expect(queueKey('k', 0, 3, false)).toEqual({ type: 'move', index: 0 });
    expect(queueKey('k', 2, 3, false)).toEqual({ type: 'move', index: 1 });
    expect(queueKey('j', -1, 0, false)).toEqual({ type: 'none' });
  });
  it('Enter opens only a selected row; ? toggles help; typing in a field is never a shortcut', () => {
    expect(queueKey('Enter', 1, 3, false)).toEqual({ type: 'open', index: 1 });
    expect(queueKey('Enter', -1, 3, false)).toEqual({ type: 'none' });
    expect(queueKey('?', 0, 3, false)).toEqual({ type: 'help' });
    expect(queueKey('j', 0, 3, true)).toEqual({ type: 'none' });
    expect(queueKey('Escape', 0, 3, true)).toEqual({ type: 'close' });
  });
});

describe('device chart ranges', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('named ranges end now', () => {
    expect(rangeBounds('1h', now)).toEqual({ from: '2026-11-23T11:00:00.000Z', to: '2026-11-23T12:00:00.000Z' });
    expect(rangeBounds('30d', now)).toEqual({ from: '2026-10-24T12:00:00.000Z', to: '2026-11-23T12:00:00.000Z' });
  });
  it('a picked range needs both ends, in order', () => {
    expect(rangeBounds('custom', now, { from: '', to: '' })).toEqual({ error: 'Pick both a start and an end' });
    expect(rangeBounds('custom', now, { from: '2026-11-02T00:00Z', to: '2026-11-01T00:00Z' })).toEqual({ error: 'The start must be before the end' });
    expect(rangeBounds('custom', now, { from: '2026-11-01T00:00Z', to: '2026-11-02T00:00Z' })).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' });
  });
  it('incidents become shaded spans; an open one runs to now', () => {
    expect(incidentSpans([{ startedAt: '2026-11-23T10:00:00Z', resolvedAt: '2026-11-23T11:00:00Z' }, { startedAt: '2026-11-23T11:30:00Z', resolvedAt: null }], now)).toEqual([
      [Date.parse('2026-11-23T10:00:00Z') / 1000, Date.parse('2026-11-23T11:00:00Z') / 1000],
      [Date.parse('2026-11-23T11:30:00Z') / 1000, now / 1000],
    ]);
  });
});

describe('formatting', () => {
  it('relative times and statuses read as people say them', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(formatRelative('2026-11-23T11:58:00Z', now, 'en')).toBe('2 minutes ago');
    expect(formatRelative('2026-11-21T12:00:00Z', now, 'en')).toBe('2 days ago');
    expect(formatRelative(null, now, 'en')).toBe('never');
    expect(statusLabel('on_hold')).toBe('On hold');
    expect(formatNumber(43.943850606490415, 'en')).toBe('43.94');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
  });
});

describe('queue place in the URL', () => {
  it('round-trips view and filters; an unknown view falls back to All open', () => {
    const search = writeQueueParams('mine', { status: 'open,pending', assignee: 'none' });
    expect(readQueueParams(search)).toEqual({ view: 'mine', filters: { status: 'open,pending', assignee: 'none' } });
    expect(readQueueParams('view=bogus').view).toBe('open');
  });
});
