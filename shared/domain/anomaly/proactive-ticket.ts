import { randomUUID } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { getCustomerSummaries } from '../customer/customer.repository';
import { getDeviceWithOwnerIds } from '../device/device.repository';
import { loadTicketConfig } from '../ticket-config/ticket-config.repository';
import { categorizeTicket, classifierFromEnv, type Classification } from '../ticket/classifier/classifier';
import { loadExamples } from '../ticket/classifier/learning';
import type { ChatNotificationJob } from '../ticket/notification/chat-message';
import { chatDeliveredByStream, deliverInProcess } from '../ticket/notification/dispatch';
import { route } from '../ticket/routing';
import { ticketWriteItems, type StoredTicket } from '../ticket/ticket.repository';
import type { Priority } from '../ticket-config/ticket-config.limits';
import type { TicketConfig } from '../ticket-config/ticket-config.schema';
import { TICKET_OWNERS_MAX, TITLE_MAX } from '../ticket/ticket.limits';
import type { NewIncident } from './device-evaluation';
import { isoTime as iso } from '../../iso-time';

/**
 * The proactive ticket of a new incident: categorised by the organization's classifier, routed by
 * its rules and announced through the chat outbox, exactly like a ticket from createTicket, but
 * addressed to the device's owners at detection time. Its writes go into the incident's own
 * transaction (anomaly.service), so the incident and its ticket exist together or not at all.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface ProactiveTicket {
  ticket: StoredTicket;
  job?: ChatNotificationJob;
  webhookUrl: string | null;
  items: TransactItem[];
}

const KIND_TITLE: Record<NewIncident['kind'], string> = {
  spike: 'spike',
  level_shift: 'level shift',
  flatline: 'stuck at one value',
  threshold: 'threshold breached',
  dropout: 'stopped reporting',
  regime_change: 'behaviour change',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** `Temperature spike on SN-1`; a dropout concerns the whole device: `SN-1 stopped reporting`. */
export function incidentTitle(incident: Pick<NewIncident, 'kind' | 'measurement'>, identifier: string): string {
  if (incident.measurement === null) return clip(`${identifier} ${KIND_TITLE[incident.kind]}`, TITLE_MAX);
  return clip(`${capitalize(incident.measurement)} ${KIND_TITLE[incident.kind]} on ${identifier}`, TITLE_MAX);
}

/** High for dropouts, threshold rules and severe spikes; low for a regime change inside the usual range (routing rules can send it elsewhere); medium otherwise. */
export const incidentPriority = (incident: Pick<NewIncident, 'severity' | 'kind'>): Priority =>
  incident.severity === 'high' ? 'high' : incident.kind === 'regime_change' ? 'low' : 'medium';

/** The ticket's description: what was found, when, and the evidence (values around the change, the baseline). */
export function incidentDescription(incident: NewIncident, identifier: string): string {
  const what = incident.measurement === null ? `Device ${identifier} went silent` : `Fleetdesk detected a ${KIND_TITLE[incident.kind]} of ${incident.measurement} on device ${identifier}`;
  const lines = [
    `${what}.`,
    `Started: ${iso(incident.startedAt)} (detected ${iso(incident.detectedAt)}).`,
    `Incident: ${incident.incidentId}`,
    ...(incident.resolvedAt === null ? [] : [`Resolved: ${iso(incident.resolvedAt)}.`]),
    '',
    'Recent values:',
    ...incident.evidence.values.map((v) => `  ${v.timestamp}  ${v.value === null ? 'report' : v.value}`),
    '',
    `Baseline: ${Object.entries(incident.evidence.baseline).map(([k, v]) => `${k}=${v}`).join(', ')}`,
  ];
  return clip(lines.join('\n'), 10_000);
}

/**
 * Builds the tickets of `incidents` (one each; none for a regime change when the org keeps those
 * without tickets), reading the org's ticket configuration (unless given), the
 * device's owners and the classifier's examples side by side; nothing is written here.
 */
export async function buildProactiveTickets(organizationId: string, identifier: string, incidents: NewIncident[], now: number, loaded?: TicketConfig): Promise<Map<string, ProactiveTicket>> {
  const result = new Map<string, ProactiveTicket>();
  if (incidents.length === 0) return result;
  const classifier = classifierFromEnv();
  const [config, device] = await Promise.all([loaded ?? loadTicketConfig(organizationId), getDeviceWithOwnerIds(organizationId, identifier)]);
  // The first owners only (the ticket item must fit DynamoDB's 400 KB); the device lists them all.
  const ownerIds = device?.ownerIds ?? [];
  const [owners, examples] = await Promise.all([
    getCustomerSummaries(organizationId, ownerIds.slice(0, TICKET_OWNERS_MAX)),
    config.categories.length > 0 ? loadExamples(organizationId) : undefined,
  ]);
  for (const incident of incidents) {
    // `org set-proactive --regime-tickets off`: the incident is recorded (and listed) without a ticket.
    if (incident.kind === 'regime_change' && config.proactiveRegimeTickets === false) continue;
    const text = { title: incidentTitle(incident, identifier), description: incidentDescription(incident, identifier), messages: [] };
    const priority = incidentPriority(incident);
    const verdict: Classification = config.categories.length > 0 ? await categorizeTicket(classifier, text, config.categories, examples) : { category: null, confidence: null };
    // Round 14: an incident already resolved when its ticket is made (a held dropout whose device came back,
    // a late upload's spike) gets its ticket solved at once when the org auto-solves, as it would have been later.
    const solved = config.proactiveAutoSolve && incident.resolvedAt !== null;
    const ticket: StoredTicket = {
      ticketId: randomUUID(),
      ...text,
      priority,
      category: verdict.category,
      categorySource: verdict.category ? 'auto' : 'none',
      categoryConfidence: verdict.confidence,
      assignee: route(config.rules, { ...text, category: verdict.category, priority }),
      customerId: owners[0]?.customerId ?? null,
      status: solved ? 'solved' : 'new',
      ...(solved ? { solvedAt: iso(now) } : {}),
      createdAt: iso(now),
      source: 'anomaly',
      deviceIdentifier: identifier,
      incidentId: incident.incidentId,
      owners,
      ownerCount: ownerIds.length,
    };
    const job: ChatNotificationJob | undefined = config.chatWebhookUrl
      ? { organizationId, ticketId: ticket.ticketId, title: ticket.title, priority, category: ticket.category, customerEmail: owners[0]?.email ?? '(device has no owner)', firstCustomerMessage: null }
      : undefined;
    result.set(incident.incidentId, { ticket, job, webhookUrl: config.chatWebhookUrl, items: ticketWriteItems(organizationId, ticket, job) });
  }
  return result;
}

/** After the commit: where no stream consumer delivers the outbox (tests, the CLI), post in-process. */
export function announce(tickets: Iterable<ProactiveTicket>): void {
  if (chatDeliveredByStream()) return;
  for (const { job, webhookUrl } of tickets) if (job && webhookUrl) deliverInProcess(job, webhookUrl);
}
