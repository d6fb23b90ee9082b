import { activityFacets, TICKET_ITEMS, ticketWriteItems } from '../../shared/domain/ticket/ticket.repository';
import { ticketChangeItems } from '../../shared/domain/ticket/ticket-lifecycle.service';
import type { Ticket } from '../../shared/domain/ticket/ticket.schema';

/**
 * Round 14 (issue 20): the anomaly detector fits each commit into DynamoDB's 100 items per transaction
 * by counting TICKET_ITEMS for every ticket it creates or resolves (anomaly.service.ts, fitCommit). The
 * counts must be the builders' most: a ticket with every facet (category, assignee, device, customer).
 */
process.env.TABLE_NAME ??= 'unit-test';

const full: Ticket = {
  ticketId: 't-1',
  title: 'Temperature spike on D-1',
  description: 'x',
  priority: 'high',
  category: 'Hardware',
  categorySource: 'auto',
  categoryConfidence: 0.9,
  assignee: 'ana',
  customerId: 'c-1',
  messages: [],
  status: 'new',
  createdAt: '2026-11-25T10:00:00.000Z',
  version: 1,
  updatedAt: '2026-11-25T10:00:00.000Z',
  firstResponseAt: null,
  solvedAt: null,
  closedAt: null,
  source: 'anomaly',
  deviceIdentifier: 'D-1',
  incidentId: 'i-1',
  owners: [{ customerId: 'c-1', email: 'a@example.com' }],
  ownerCount: 1,
  diagnosis: { status: 'pending' } as unknown as Ticket['diagnosis'],
};

test('a ticket with every facet has the most list entries there are', () => {
  expect(activityFacets(full)).toHaveLength(8);
  expect(activityFacets({ ...full, category: null, deviceIdentifier: null, customerId: null })).toHaveLength(5);
});

test('creating a ticket writes at most TICKET_ITEMS.create items', () => {
  expect(ticketWriteItems('org-1', full)).toHaveLength(TICKET_ITEMS.create);
  expect(ticketWriteItems('org-1', { ...full, customerId: null, category: null }).length).toBeLessThan(TICKET_ITEMS.create);
});

test('changing a ticket writes at most TICKET_ITEMS.change items', () => {
  const after = { ...full, status: 'solved' as const, version: 2, updatedAt: '2026-11-25T11:00:00.000Z' };
  expect(ticketChangeItems('org-1', full, { sets: { status: 'solved' }, type: 'incident_resolved', actor: 'system', changes: {}, after })).toHaveLength(TICKET_ITEMS.change);
});
