import { mapTicketEvent } from '../../shared/domain/webhook/fan-out';
import { incidentWebhookEvents } from '../../shared/domain/webhook/outbox';

describe('webhook events of changes', () => {
  it('an anomaly evaluation emits incident.opened per new incident and incident.resolved per resolved one', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    const items = incidentWebhookEvents('org-1', 'SN-1', {
      opened: [
        { incidentId: 'a', startedAt: t, detectedAt: t + 1000, resolvedAt: null },
        { incidentId: 'b', startedAt: t, detectedAt: t + 1000, resolvedAt: t + 2000 },
      ],
      updated: new Map([
        ['c', { open: { incidentId: 'c', startedAt: t - 5000 }, resolvedAt: t + 3000 }],
        ['d', { open: { incidentId: 'd', startedAt: t - 5000 }, resolvedAt: null }],
      ]),
    }, t + 3000);
    const events = items.map((i) => i.Put?.Item as Record<string, unknown>);
    expect(events.map((e) => `${String(e.type)} ${(e.ref as { incidentId: string }).incidentId}`).sort()).toEqual([
      'incident.opened a',
      'incident.opened b',
      'incident.resolved b',
      'incident.resolved c',
    ]);
    expect(events.every((e) => e.entity === 'webhookEvent' && e.organizationId === 'org-1' && typeof e.expiresAt === 'number')).toBe(true);
    // The same change computed again (a retried transaction) writes the same event ids.
    const again = incidentWebhookEvents('org-1', 'SN-1', { opened: [{ incidentId: 'a', startedAt: t, detectedAt: t + 1000, resolvedAt: null }], updated: new Map() }, t + 1000);
    expect(again[0]?.Put?.Item?.eventId).toBe(events.find((e) => e.type === 'incident.opened' && (e.ref as { incidentId: string }).incidentId === 'a')?.eventId);
  });

  it('maps ticket activity types; internal notes and unknown types map to nothing', () => {
    expect(mapTicketEvent({ type: 'created' })).toEqual({ type: 'ticket.created' });
    expect(mapTicketEvent({ type: 'status_changed', changes: { status: { from: 'open', to: 'solved' } } })).toEqual({ type: 'ticket.updated', changes: { status: { from: 'open', to: 'solved' } } });
    for (const type of ['categorised', 'assigned', 'priority_changed']) expect(mapTicketEvent({ type })?.type).toBe('ticket.updated');
    expect(mapTicketEvent({ type: 'message_added', changes: { role: 'agent', internal: false } })?.type).toBe('ticket.message_added');
    expect(mapTicketEvent({ type: 'note_added', changes: { role: 'agent', internal: true } })).toBeUndefined();
    expect(mapTicketEvent({ type: 'message_added', changes: { role: 'agent', internal: true } })).toBeUndefined();
    expect(mapTicketEvent({ type: 'diagnosis_ready' })).toBeUndefined();
    expect(mapTicketEvent({ type: 'incident_resolved' })).toBeUndefined();
  });
});
