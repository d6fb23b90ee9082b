import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { decodeSortKeyCursor, encodeSortKeyCursor } from '../../db/cursor';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { batchGet } from '../../db/operations';
import { isUuid } from '../common.schema';
import { BadRequestError, ConflictError, NotFoundError, PreconditionFailedError } from '../errors';
import { normalizeCategoryName } from '../ticket-config/category-names';
import { featuresToLearn, teach } from './classifier/learning';
import type { ChatNotificationJob } from './notification/chat-message';
import { chatDeliveredByStream, deliverInProcess } from './notification/dispatch';
import { outboxAttributes } from './notification/outbox';
import { ticketEventAttributes, toTicketEvent, type TicketEvent, type TicketEventType } from './ticket-event';
import {
  EVENTS_CURSOR_INVALID,
  EVENTS_LIMIT_DEFAULT,
  EVENTS_LIMIT_INVALID,
  EVENTS_LIMIT_MAX,
  STATUS_TRANSITIONS,
  statusTransitionRefused,
  TICKET_CHANGED,
  TICKET_CLOSED,
  TICKET_FULL,
  TICKET_MESSAGE_BYTES_MAX,
  type TicketMessageInput,
  type TicketPatch,
} from './ticket-lifecycle.limits';
import { lifecycleSettingsOf, type TicketLifecycleSettings } from './lifecycle-settings';
import { activityIndexDeletes, activityIndexPuts, toTicket } from './ticket.repository';
import { categoryUnknown, TICKET_NOT_FOUND, type TicketStatus } from './ticket.limits';
import type { Ticket, TicketMessage } from './ticket.schema';

/**
 * The one way a ticket changes after creation (issue 16): status, priority, assignee, category,
 * messages and internal notes. Each change is one TransactWriteItems holding
 *  - an UpdateItem of the ticket conditioned on the version that was read (never a Put: the table
 *    stream would carry a Put as an INSERT, and the workers that act on new tickets would run again),
 *  - exactly one activity event item (a Put: the webhooks worker sees it as an INSERT), carrying the
 *    chat notification job when the org asked for one (the outbox),
 *  - the moves of the ticket's "recently updated" list entries.
 * Reads: one BatchGetItem (ticket, org settings, and the category when one is set). So a change
 * is 2 requests after auth, 3 when a category teaches the classifier.
 *
 * Concurrency: with `expectedVersion` (If-Match) a version other than the stored one is 412 with
 * the current ticket; without it the change is re-applied on the newer state (last writer wins),
 * still checked against the status rules.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Item = Record<string, unknown>;

export interface ChangeOptions {
  /** `api`, `mcp`, `system`, or a person's name; stored on the event. */
  actor: string;
  /** The version the caller last read (If-Match); absent: last writer wins. */
  expectedVersion?: number;
}

/**
 * Re-reads after a lost race without If-Match before giving up (each retry re-validates). Each
 * round of a pile-up has one winner, so this covers dozens of simultaneous writers of one ticket.
 */
const LAST_WRITER_RETRIES = 40;
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5))));

const validId = (raw: string) => {
  const id = raw.trim().toLowerCase();
  if (!isUuid(id)) throw new NotFoundError(TICKET_NOT_FOUND);
  return id;
};

/** Ticket item, settings and (optionally) a category item in one consistent BatchGetItem. */
async function readState(organizationId: string, ticketId: string, categoryName?: string) {
  const ticketKey = keys.ticket(organizationId, ticketId);
  const settingsKey = keys.orgSettings(organizationId);
  const categoryKey = categoryName ? keys.category(organizationId, normalizeCategoryName(categoryName)) : undefined;
  const items = await batchGet<Item>([ticketKey, settingsKey, ...(categoryKey ? [categoryKey] : [])]);
  const find = (key: { pk: string; sk: string }) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
  return {
    item: find(ticketKey),
    settings: lifecycleSettingsOf(find(settingsKey)),
    category: categoryKey ? (find(categoryKey)?.name as string | undefined) : undefined,
  };
}

async function currentTicket(organizationId: string, ticketId: string): Promise<Ticket | undefined> {
  const [item] = await batchGet<Item>([keys.ticket(organizationId, ticketId)]);
  return item ? toTicket(item) : undefined;
}

/** 412 with the ticket as it is now. */
async function changedBySomeoneElse(organizationId: string, ticketId: string, known?: Ticket): Promise<never> {
  const ticket = known ?? (await currentTicket(organizationId, ticketId));
  if (!ticket) throw new NotFoundError(TICKET_NOT_FOUND);
  throw new PreconditionFailedError(TICKET_CHANGED, { ticket });
}

export interface PlannedChange {
  /** SET clauses (besides version and updatedAt) and their values. */
  sets: Record<string, unknown>;
  /** Raw clauses for list appends and counters. */
  rawSets?: string[];
  rawValues?: Record<string, unknown>;
  type: TicketEventType;
  actor: string;
  changes: Record<string, unknown>;
  job?: ChatNotificationJob;
  /** The ticket after the change (for the response and the list entries). */
  after: Ticket;
}

/**
 * The writes of a planned change on `before` (read at `before.version`): the conditional update,
 * its event and the list entry moves. For callers that commit them inside their own transaction
 * (the anomaly detector's incident resolution); a failed version condition fails that transaction.
 */
export function ticketChangeItems(organizationId: string, before: Ticket, plan: PlannedChange): TransactItem[] {
  const version = before.version + 1;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':version': version, ':updatedAt': plan.after.updatedAt, ...(plan.rawValues ?? {}) };
  const clauses = ['#version = :version', 'updatedAt = :updatedAt', ...(plan.rawSets ?? [])];
  Object.entries(plan.sets).forEach(([field, value], i) => {
    names[`#s${i}`] = field;
    values[`:s${i}`] = value;
    clauses.push(`#s${i} = :s${i}`);
  });
  names['#version'] = 'version';
  let condition = 'attribute_exists(pk) AND ';
  if (before.version === 0) condition += 'attribute_not_exists(#version)';
  else {
    condition += '#version = :expected';
    values[':expected'] = before.version;
  }
  const event = ticketEventAttributes(organizationId, before.ticketId, { at: plan.after.updatedAt, type: plan.type, actor: plan.actor, changes: plan.changes, version });
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.ticket(organizationId, before.ticketId),
        UpdateExpression: `SET ${clauses.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.ticketEvent(organizationId, before.ticketId, version), ...event, ...(plan.job ? outboxAttributes(plan.job) : {}) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...activityIndexDeletes(organizationId, before),
    ...activityIndexPuts(organizationId, plan.after),
  ];
  return items;
}

/** Commits {@link ticketChangeItems} in one transaction. False when the version moved meanwhile. */
async function commit(organizationId: string, before: Ticket, plan: PlannedChange): Promise<boolean> {
  const items = ticketChangeItems(organizationId, before, plan);
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    // Lost the race: the version moved (condition), or another change of this ticket was in
    // flight (conflict). Either way the caller re-reads: the new version decides 412 or retry.
    if (error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict')) {
      return false;
    }
    throw error;
  }
}

/** Status checks shared by every change: closed is final, and only allowed moves. */
function checkStatusMove(from: TicketStatus, to: TicketStatus) {
  if (from === to) return;
  if (!STATUS_TRANSITIONS[from].includes(to)) throw new ConflictError(statusTransitionRefused(from, to));
}

/** The chat notification for a change, when the org asked for it and has a webhook. */
function jobFor(organizationId: string, ticket: Ticket, settings: TicketLifecycleSettings, kind: 'solved' | 'customer_message', customerMessage?: string): ChatNotificationJob | undefined {
  if (!settings.chatWebhookUrl) return undefined;
  if (kind === 'solved' && !settings.notifyOnSolved) return undefined;
  if (kind === 'customer_message' && !(settings.notifyCustomerMessages && ticket.assignee)) return undefined;
  return {
    organizationId,
    ticketId: ticket.ticketId,
    title: ticket.title,
    priority: ticket.priority,
    category: ticket.category,
    customerEmail: ticket.owners[0]?.email ?? ticket.customerId ?? '(unknown)',
    firstCustomerMessage: null,
    kind,
    assignee: ticket.assignee,
    status: ticket.status,
    ...(kind === 'customer_message' ? { customerMessage: customerMessage ?? '' } : {}),
  };
}

function afterCommit(job: ChatNotificationJob | undefined, settings: TicketLifecycleSettings) {
  if (job && settings.chatWebhookUrl && !chatDeliveredByStream()) deliverInProcess(job, settings.chatWebhookUrl);
}

/** Which event a PATCH writes: one per change; with several fields changed, the first of this order names it. */
const PATCH_EVENT_ORDER: [keyof TicketPatch, TicketEventType][] = [
  ['status', 'status_changed'],
  ['assignee', 'assigned'],
  ['priority', 'priority_changed'],
  ['category', 'categorised'],
];

/** Timestamps a status move sets. */
function statusStamps(to: TicketStatus, now: string): Record<string, string> {
  if (to === 'solved') return { solvedAt: now };
  if (to === 'closed') return { closedAt: now };
  return {};
}

/**
 * PATCH /ticket/{ticketId} (and the MCP tool update_ticket, the console, the auto-close sweep):
 * changes status, priority, assignee and/or category. A category is checked against the org's
 * categories (400 `Unknown category "<name>"`) and becomes a person's label the classifier
 * learns from, as POST /ticket/{ticketId}/category does. A patch that changes nothing writes
 * nothing and answers the ticket.
 */
export async function updateTicket(organizationId: string, ticketId: string, patch: TicketPatch, options: ChangeOptions): Promise<Ticket> {
  const id = validId(ticketId);
  for (let attempt = 0; ; attempt++) {
    const { item, settings, category } = await readState(organizationId, id, patch.category);
    if (!item) throw new NotFoundError(TICKET_NOT_FOUND);
    const before = toTicket(item);
    if (options.expectedVersion !== undefined && options.expectedVersion !== before.version) return changedBySomeoneElse(organizationId, id, before);
    if (before.status === 'closed') throw new ConflictError(TICKET_CLOSED);
    if (patch.category !== undefined && !category) throw new BadRequestError(categoryUnknown(patch.category));
    if (patch.status !== undefined) checkStatusMove(before.status, patch.status);

    const now = new Date().toISOString();
    const sets: Record<string, unknown> = {};
    const changes: Record<string, unknown> = {};
    if (patch.status !== undefined && patch.status !== before.status) {
      sets.status = patch.status;
      Object.assign(sets, statusStamps(patch.status, now));
      changes.status = { from: before.status, to: patch.status };
    }
    if (patch.priority !== undefined && patch.priority !== before.priority) {
      sets.priority = patch.priority;
      changes.priority = { from: before.priority, to: patch.priority };
    }
    if (patch.assignee !== undefined && patch.assignee !== before.assignee) {
      sets.assignee = patch.assignee;
      changes.assignee = { from: before.assignee, to: patch.assignee };
    }
    let features: string[] | undefined;
    // The same category chosen by a person still counts: it turns an automatic label into a taught one.
    if (category !== undefined && (category !== before.category || before.categorySource !== 'agent')) {
      features = await featuresToLearn(before);
      Object.assign(sets, { category, categorySource: 'agent', categoryConfidence: null, learnedFeatures: features });
      changes.category = { from: before.category, to: category };
    }
    if (Object.keys(changes).length === 0) return before;

    const type = PATCH_EVENT_ORDER.find(([field]) => field in changes)?.[1] as TicketEventType;
    const { learnedFeatures: _features, ...visible } = sets;
    const after = { ...before, ...visible, version: before.version + 1, updatedAt: now } as Ticket;
    const job = changes.status && after.status === 'solved' ? jobFor(organizationId, after, settings, 'solved') : undefined;
    const ok = await commit(organizationId, before, { sets, type, actor: options.actor, changes, job, after });
    if (ok) {
      afterCommit(job, settings);
      if (features !== undefined && category) {
        const taughtBefore = before.category && (before.categorySource === 'request' || before.categorySource === 'agent') ? ((item.learnedFeatures as string[] | undefined) ?? []) : [];
        await teach(organizationId, [
          ...(taughtBefore.length && before.category ? [{ category: before.category, features: taughtBefore, delta: -1 as const }] : []),
          { category, features, delta: 1 },
        ]);
      }
      return after;
    }
    // Re-read: with If-Match a moved version is 412 at the top of the loop; otherwise the change is re-applied.
    if (attempt >= LAST_WRITER_RETRIES) return changedBySomeoneElse(organizationId, id);
    await backOff(attempt);
  }
}

/**
 * POST /ticket/{ticketId}/messages (and the MCP tools reply_to_ticket, add_internal_note): appends
 * a message or an internal note. A customer message reopens a `pending` or `solved` ticket; the
 * first agent reply (not a note) sets `firstResponseAt` and moves a `new` ticket to `open`.
 */
export async function addTicketMessage(organizationId: string, ticketId: string, input: TicketMessageInput, options: ChangeOptions): Promise<Ticket> {
  const id = validId(ticketId);
  const internal = input.internal === true;
  const bytes = Buffer.byteLength(input.content, 'utf8');
  for (let attempt = 0; ; attempt++) {
    const { item, settings } = await readState(organizationId, id);
    if (!item) throw new NotFoundError(TICKET_NOT_FOUND);
    const before = toTicket(item);
    if (options.expectedVersion !== undefined && options.expectedVersion !== before.version) return changedBySomeoneElse(organizationId, id, before);
    if (before.status === 'closed') throw new ConflictError(TICKET_CLOSED);
    const storedBytes = (item.messageBytes as number | undefined) ?? 0;
    if (storedBytes + bytes > TICKET_MESSAGE_BYTES_MAX) throw new ConflictError(TICKET_FULL);

    const now = new Date().toISOString();
    const message: TicketMessage = { messageId: randomUUID(), role: input.role, content: input.content, internal, author: input.author ?? null, createdAt: now };
    const sets: Record<string, unknown> = {};
    const changes: Record<string, unknown> = { messageId: message.messageId, role: message.role, internal, author: message.author };
    let status = before.status;
    if (input.role === 'customer' && (before.status === 'pending' || before.status === 'solved')) status = 'open';
    if (input.role === 'agent' && !internal && before.status === 'new') status = 'open';
    if (status !== before.status) {
      sets.status = status;
      changes.status = { from: before.status, to: status };
    }
    if (input.role === 'agent' && !internal && !before.firstResponseAt) sets.firstResponseAt = now;

    const after = { ...before, ...sets, messages: [...before.messages, message], version: before.version + 1, updatedAt: now } as Ticket;
    const job = input.role === 'customer' ? jobFor(organizationId, after, settings, 'customer_message', input.content) : undefined;
    const ok = await commit(organizationId, before, {
      sets,
      rawSets: ['messages = list_append(if_not_exists(messages, :noMessages), :message)', 'messageBytes = if_not_exists(messageBytes, :zero) + :bytes'],
      rawValues: { ':noMessages': [], ':message': [message], ':zero': 0, ':bytes': bytes },
      type: internal ? 'note_added' : 'message_added',
      actor: options.actor,
      changes,
      job,
      after,
    });
    if (ok) {
      afterCommit(job, settings);
      return after;
    }
    // Re-read: with If-Match a moved version is 412 at the top of the loop; otherwise the change is re-applied.
    if (attempt >= LAST_WRITER_RETRIES) return changedBySomeoneElse(organizationId, id);
    await backOff(attempt);
  }
}


const EVENT_SK = /^EVENT#\d{10}$/;

/**
 * GET /ticket/{ticketId}/events: the activity, oldest first. One Query over the ticket's
 * partition from the events up to the ticket item itself (sort keys `EVENT#…` < `TICKET`), so the
 * same request tells an unknown ticket (nothing at all) from a ticket without events (legacy).
 */
export async function listTicketEvents(
  organizationId: string,
  ticketId: string,
  query: { cursor?: string; limit?: string | number } = {},
): Promise<{ events: TicketEvent[]; nextCursor: string | null }> {
  const id = validId(ticketId);
  let limit = EVENTS_LIMIT_DEFAULT;
  if (query.limit !== undefined && String(query.limit).trim() !== '') {
    const raw = String(query.limit).trim();
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > EVENTS_LIMIT_MAX) throw new BadRequestError(EVENTS_LIMIT_INVALID);
    limit = Number(raw);
  }
  let afterSk: string | undefined;
  if (query.cursor !== undefined && query.cursor.trim() !== '') {
    afterSk = decodeSortKeyCursor(query.cursor.trim(), EVENT_SK);
    if (afterSk === undefined) throw new BadRequestError(EVENTS_CURSOR_INVALID);
  }
  const pk = keys.ticketPartition(organizationId, id);
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': SK.ticketEventPrefix, ':to': SK.ticket },
      ExpressionAttributeNames: { '#type': 'type', '#at': 'at' },
      ProjectionExpression: 'sk, eventId, #at, #type, actor, changes',
      ConsistentRead: true,
      // The events of the page, one more to know there is a next page, and room for the ticket item.
      Limit: limit + 2,
      ExclusiveStartKey: afterSk ? { pk, sk: afterSk } : undefined,
    }),
  );
  const items = out.Items ?? [];
  if (items.length === 0) throw new NotFoundError(TICKET_NOT_FOUND);
  const events = items.filter((i) => (i.sk as string).startsWith(SK.ticketEventPrefix));
  const page = events.slice(0, limit);
  const more = events.length > limit;
  return { events: page.map(toTicketEvent), nextCursor: more ? encodeSortKeyCursor(page.at(-1)?.sk as string) : null };
}
