import { addCategory, addRule } from '../../shared/domain/ticket-config/ticket-config.service';
import type { RoutingRule } from '../../shared/domain/ticket-config/ticket-config.schema';
import { route } from '../../shared/domain/ticket/routing';
import { CreateTicketBody } from '../../shared/domain/ticket/ticket.schema';
import { createTicket, getTicket } from '../../shared/domain/ticket/ticket.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

describe('route (pure)', () => {
  const rule = (position: number, assignee: string, conditions: RoutingRule['conditions']): RoutingRule => ({ position, assignee, conditions, createdAt: '' });
  const ticket = { title: 'Router REBOOT loop', description: '', messages: [{ role: 'customer' as const, content: 'It says E42' }], category: 'Connectivity', priority: 'high' };

  it('first matching rule in position order wins, regardless of array order', () => {
    const rules = [rule(2, 'second', [{ field: 'priority', value: 'high' }]), rule(1, 'first', [{ field: 'contains', value: 'reboot' }])];
    expect(route(rules, ticket)).toBe('first');
  });

  it('all conditions must match; case-insensitive category and contains (messages included)', () => {
    expect(route([rule(1, 'a', [{ field: 'category', value: 'connectivity' }, { field: 'priority', value: 'low' }])], ticket)).toBeNull();
    expect(route([rule(1, 'a', [{ field: 'category', value: 'CONNECTIVITY' }, { field: 'contains', value: 'e42' }, { field: 'priority', value: 'high' }])], ticket)).toBe('a');
    expect(route([rule(1, 'a', [{ field: 'category', value: 'Connectivity' }])], { ...ticket, category: null })).toBeNull();
    expect(route([], ticket)).toBeNull();
  });
});

describe('routing through createTicket (DynamoDB Local)', () => {
  let org: OrgContext;
  beforeAll(async () => {
    ({ org } = await newOrg());
    await addCategory(org.organizationId, { name: 'Billing', description: 'invoice refund payment' });
    await addCategory(org.organizationId, { name: 'Battery', description: 'battery charging power' });
    await addRule(org.organizationId, 'vip-desk', ['priority=urgent', 'category=billing']);
    await addRule(org.organizationId, 'billing-team', ['category=Billing']);
    await addRule(org.organizationId, 'fire-team', ['contains=SMOKE']);
    await addRule(org.organizationId, 'urgent-desk', ['priority=urgent']);
  });

  async function assigneeOf(body: Record<string, unknown>) {
    const { ticketId } = await createTicket(org, CreateTicketBody.parse({ customerEmail: 'r@example.com', ...body }));
    return (await getTicket(org, ticketId)).assignee;
  }

  it('applies the first rule whose conditions all match', async () => {
    expect(await assigneeOf({ title: 'Refund please', priority: 'urgent' })).toBe('vip-desk');
    expect(await assigneeOf({ title: 'Refund please', priority: 'low' })).toBe('billing-team');
    expect(await assigneeOf({ title: 'x', category: 'billing', priority: 'urgent' })).toBe('vip-desk');
    expect(await assigneeOf({ title: 'Strange smell', messages: [{ role: 'customer', content: 'There is smoke coming out' }], priority: 'urgent' })).toBe('fire-team');
    expect(await assigneeOf({ title: 'Battery weak', priority: 'urgent' })).toBe('urgent-desk');
    expect(await assigneeOf({ title: 'Battery weak' })).toBeNull();
  });
});
