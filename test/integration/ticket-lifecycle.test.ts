import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { setChatWebhookUrl } from '../../shared/domain/ticket-config/ticket-config.repository';
import { buildChatPayload, toJob } from '../../shared/domain/ticket/notification/chat-message';
import { CHAT_OUTBOX } from '../../shared/domain/ticket/notification/outbox';
import { autoCloseSolvedTickets } from '../../shared/domain/ticket/ticket-auto-close';
import { TICKET_EVENT_ENTITY } from '../../shared/domain/ticket/ticket-event';
import { addTicketMessage, listTicketEvents, updateTicket } from '../../shared/domain/ticket/ticket-lifecycle.service';
import { setAutoCloseDays, setChatNotifications } from '../../shared/domain/ticket/ticket-settings';
import { getTicket } from '../../shared/domain/ticket/ticket-read.service';
import { createTicket } from '../../shared/domain/ticket/ticket.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

const DAY = 86_400_000;
const make = async (org: OrgContext, title = 'Pump leaks') =>
  (await createTicket(org, { title, priority: 'medium', customer: { email: 'pump@example.com' }, messages: [{ role: 'customer', content: 'It leaks.' }] } as never)).ticketId;

/** The stored event items of a ticket (with their outbox attributes), oldest first. */
async function eventItems(org: OrgContext, ticketId: string) {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :e)',
      ExpressionAttributeValues: { ':pk': keys.ticketPartition(org.organizationId, ticketId), ':e': 'EVENT#' },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

describe('auto-close sweep', () => {
  it('closes solved tickets after the org’s days (default 7), not earlier, with a system event', async () => {
    const { org } = await newOrg();
    const id = await make(org);
    await updateTicket(org.organizationId, id, { status: 'solved' }, { actor: 'api' });
    const fresh = await make(org);
    expect(await autoCloseSolvedTickets(Date.now() + 6 * DAY, org.organizationId)).toEqual({ organizations: 1, closed: 0, skipped: 0 });
    expect((await getTicket(org, id)).status).toBe('solved');
    expect(await autoCloseSolvedTickets(Date.now() + 7 * DAY + 60_000, org.organizationId)).toEqual({ organizations: 1, closed: 1, skipped: 0 });
    expect(await getTicket(org, id)).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect((await getTicket(org, fresh)).status).toBe('new');
    expect((await listTicketEvents(org.organizationId, id)).events.at(-1)).toMatchObject({ type: 'status_changed', actor: 'system', changes: { status: { from: 'solved', to: 'closed' } } });
  });

  it('honours org set-auto-close and leaves a ticket reopened meanwhile alone', async () => {
    const { org } = await newOrg();
    await setAutoCloseDays(org.organizationId, '1');
    const id = await make(org);
    await updateTicket(org.organizationId, id, { status: 'solved' }, { actor: 'api' });
    const reopened = await make(org);
    await updateTicket(org.organizationId, reopened, { status: 'solved' }, { actor: 'api' });
    await addTicketMessage(org.organizationId, reopened, { role: 'customer', content: 'Still leaking' }, { actor: 'api' });
    expect(await autoCloseSolvedTickets(Date.now() + 2 * DAY, org.organizationId)).toMatchObject({ closed: 1 });
    expect((await getTicket(org, id)).status).toBe('closed');
    expect((await getTicket(org, reopened)).status).toBe('open');
    await expect(setAutoCloseDays(org.organizationId, '91')).rejects.toThrow('--days must be an integer from 1 to 90');
    await expect(setAutoCloseDays(org.organizationId, '0')).rejects.toThrow('--days must be an integer from 1 to 90');
  });
});

describe('events and the outbox', () => {
  it('every event item carries the contract attributes, one per change', async () => {
    const { org } = await newOrg();
    const id = await make(org);
    await updateTicket(org.organizationId, id, { assignee: 'ana', priority: 'high' }, { actor: 'api' });
    await addTicketMessage(org.organizationId, id, { role: 'agent', content: 'note', internal: true }, { actor: 'ana' });
    const items = await eventItems(org, id);
    expect(items.map((i) => i.type)).toEqual(['created', 'assigned', 'note_added']);
    for (const item of items) {
      expect(item).toMatchObject({ entity: TICKET_EVENT_ENTITY, organizationId: org.organizationId, ticketId: id, eventId: expect.any(String), at: expect.any(String), actor: expect.any(String), changes: expect.any(Object) });
    }
    expect(items[1].changes).toEqual({ assignee: { from: null, to: 'ana' }, priority: { from: 'medium', to: 'high' } });
    expect(items[2].changes).toMatchObject({ role: 'agent', internal: true, messageId: expect.any(String) });
  });

  it('internal notes never reach the chat text; customer messages on assigned tickets and solving do when the org asks', async () => {
    const { org } = await newOrg();
    await setChatWebhookUrl(org.organizationId, 'https://chat.invalid/hook');
    const id = await make(org);
    await updateTicket(org.organizationId, id, { assignee: 'ana' }, { actor: 'api' });
    // Off by default: nothing rides on the events.
    await addTicketMessage(org.organizationId, id, { role: 'customer', content: 'First follow-up' }, { actor: 'api' });
    await setChatNotifications(org.organizationId, { solved: 'on', customerMessages: 'on' });
    await addTicketMessage(org.organizationId, id, { role: 'agent', content: 'SECRET-NOTE serial mismatch', internal: true }, { actor: 'ana' });
    await addTicketMessage(org.organizationId, id, { role: 'customer', content: 'Second follow-up' }, { actor: 'api' });
    await updateTicket(org.organizationId, id, { status: 'solved' }, { actor: 'api' });
    const items = await eventItems(org, id);
    const jobs = items.filter((i) => i[CHAT_OUTBOX.markerAttribute] === CHAT_OUTBOX.markerValue).map((i) => toJob(i[CHAT_OUTBOX.jobAttribute]));
    expect(jobs.map((j) => j.kind)).toEqual(['customer_message', 'solved']);
    const texts = jobs.map((j) => JSON.stringify(buildChatPayload(j)));
    expect(texts[0]).toContain('Second follow-up');
    for (const text of texts) expect(text).not.toContain('SECRET-NOTE');
    // An unassigned ticket's customer message makes no chat line.
    const unassigned = await make(org, 'Unassigned');
    await addTicketMessage(org.organizationId, unassigned, { role: 'customer', content: 'Hello?' }, { actor: 'api' });
    expect((await eventItems(org, unassigned)).some((i) => i[CHAT_OUTBOX.markerAttribute])).toBe(false);
  });

  it('a failed change leaves no event and no version bump', async () => {
    const { org } = await newOrg();
    const id = await make(org);
    await expect(updateTicket(org.organizationId, id, { status: 'closed' }, { actor: 'api' })).rejects.toThrow('Cannot change status from new to closed');
    await expect(updateTicket(org.organizationId, id, { priority: 'high' }, { actor: 'api', expectedVersion: 7 })).rejects.toThrow('Ticket was changed by someone else');
    await expect(updateTicket(org.organizationId, id, { category: 'Nope' }, { actor: 'api' })).rejects.toThrow('Unknown category "Nope"');
    expect((await eventItems(org, id)).map((i) => i.type)).toEqual(['created']);
    expect((await getTicket(org, id)).version).toBe(1);
  });
});

describe('DynamoDB requests per call (auth adds one GetItem)', () => {
  it('PATCH and POST message: one BatchGetItem and one TransactWriteItems; events page: one Query', async () => {
    const { org } = await newOrg();
    const id = await make(org);
    const patch = await countDynamoRequests(() => updateTicket(org.organizationId, id, { status: 'open', assignee: 'ana' }, { actor: 'api', expectedVersion: 1 }));
    expect(patch.byCommand).toEqual({ BatchGetItemCommand: 1, TransactWriteItemsCommand: 1 });
    const message = await countDynamoRequests(() => addTicketMessage(org.organizationId, id, { role: 'customer', content: 'hi' }, { actor: 'api' }));
    expect(message.byCommand).toEqual({ BatchGetItemCommand: 1, TransactWriteItemsCommand: 1 });
    const events = await countDynamoRequests(() => listTicketEvents(org.organizationId, id, { limit: '2' }));
    expect(events.byCommand).toEqual({ QueryCommand: 1 });
  });
});
