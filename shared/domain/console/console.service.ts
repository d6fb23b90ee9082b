import { listDeviceIncidents } from '../anomaly/incident-list';
import type { IncidentView } from '../anomaly/anomaly.schema';
import { getCustomer, queryCustomer } from '../customer/customer.service';
import { getDevice } from '../device/device.service';
import { BadRequestError, NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { getLatestTelemetry, queryTelemetry } from '../telemetry/telemetry.service';
import { listTickets, TICKET_LIST_MAX_LIMIT } from '../ticket/ticket-list.service';
import { getTicket } from '../ticket/ticket-read.service';
import type { Ticket } from '../ticket/ticket.schema';
import type { UserContext } from '../user/user.schema';
import { QUEUE_VIEW_INVALID, QUEUE_VIEWS, SEARCH_QUERY_REQUIRED } from './console.limits';
import type {
  CustomerPageResponse,
  DevicePageResponse,
  DeviceHealth,
  QueueResponse,
  QueueView,
  SearchResponse,
  Series,
  TicketPageResponse,
} from './console.schema';
import { inView, matchesFilters, parseFilters } from './queue';

/**
 * Read models of the console pages, composed from the domain services the external API uses:
 * every rule (validation, tenancy, 404s) is theirs; this module only gathers what one page shows,
 * so a page costs one API request.
 */

/** Tickets the queue reads, newest first (pages of the org's ticket list). */
export const QUEUE_SCAN_MAX = 500;
/** Devices whose health one page shows. */
const DEVICES_PER_PAGE = 20;
/** A device without telemetry for this long is `silent`. */
const SILENT_AFTER_MS = 24 * 60 * 60 * 1000;
/** Telemetry records one series request reads at most (pages of 1,000). */
export const SERIES_MAX_RECORDS = 50_000;
const SERIES_PAGE = 1000;

const notFoundToNull = async <T>(work: Promise<T>): Promise<T | null> => {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
};

async function recentTickets(org: OrgContext, filter: { deviceIdentifier?: string; customerId?: string }, max: number) {
  const tickets: Ticket[] = [];
  let cursor: string | undefined;
  do {
    const page = await listTickets(org, { ...filter, limit: String(Math.min(TICKET_LIST_MAX_LIMIT, max - tickets.length)), cursor });
    tickets.push(...page.tickets);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && tickets.length < max);
  return { tickets, truncated: cursor !== undefined };
}

/** GET /api/console/v1/tickets?view=&status=&priority=&category=&assignee=&source= */
export async function queue(org: OrgContext, user: UserContext, query: Record<string, string | undefined>): Promise<QueueResponse> {
  const view = (query.view?.trim() || 'open') as QueueView;
  if (!(QUEUE_VIEWS as readonly string[]).includes(view)) throw new BadRequestError(QUEUE_VIEW_INVALID);
  const filters = parseFilters(query);
  const { tickets, truncated } = await recentTickets(org, {}, QUEUE_SCAN_MAX);
  const counts = Object.fromEntries(QUEUE_VIEWS.map((v) => [v, tickets.filter((t) => inView(v, t, user.email)).length])) as Record<QueueView, number>;
  const facets = {
    categories: [...new Set(tickets.map((t) => t.category).filter((c): c is string => c !== null))].sort(),
    assignees: [...new Set(tickets.map((t) => t.assignee).filter((a): a is string => a !== null))].sort(),
  };
  return { view, tickets: tickets.filter((t) => inView(view, t, user.email) && matchesFilters(t, filters)), counts, facets, truncated };
}

async function deviceHealth(org: OrgContext, identifier: string, nowMs: number): Promise<DeviceHealth> {
  const [device, latest, incidents] = await Promise.all([
    notFoundToNull(getDevice(org, identifier)),
    notFoundToNull(getLatestTelemetry(org, identifier)),
    notFoundToNull(listDeviceIncidents(org, identifier, { status: 'open', limit: '20' })),
  ]);
  const lastSeenAt = latest?.lastSeenAt ?? device?.connection?.lastSeenAt ?? null;
  const openIncidents = incidents?.incidents.length ?? 0;
  const health = openIncidents > 0 ? 'incident' : lastSeenAt === null ? 'unknown' : nowMs - Date.parse(lastSeenAt) > SILENT_AFTER_MS ? 'silent' : 'ok';
  return { identifier, type: device?.type ?? null, lastSeenAt, openIncidents, health };
}

const healthOf = (org: OrgContext, identifiers: string[], nowMs = Date.now()) =>
  Promise.all([...new Set(identifiers)].slice(0, DEVICES_PER_PAGE).map((id) => deviceHealth(org, id, nowMs)));

/**
 * A device's telemetry between two instants as columns for the chart. Reads pages of the history
 * API up to {@link SERIES_MAX_RECORDS}; beyond that the newest records are left out and `truncated` says so.
 */
export async function series(org: OrgContext, identifier: string | undefined, query: { from?: string; to?: string; measurements?: string }): Promise<Series> {
  const wanted = query.measurements?.split(',').map((m) => m.trim()).filter(Boolean);
  const t: number[] = [];
  const rows: Record<string, number>[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryTelemetry(org, identifier, { from: query.from, to: query.to, limit: String(SERIES_PAGE), cursor, order: 'asc' });
    for (const record of page.records) {
      t.push(Date.parse(record.timestamp) / 1000);
      rows.push(record.measurements as Record<string, number>);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && t.length < SERIES_MAX_RECORDS);
  const names = wanted ?? [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();
  const values = Object.fromEntries(names.map((name) => [name, rows.map((r) => (typeof r[name] === 'number' ? r[name] : null))]));
  return { t, values, truncated: cursor !== undefined };
}

const HOUR = 60 * 60 * 1000;

/** GET /api/console/v1/tickets/{ticketId}: ticket, customer, device health, and for a proactive ticket its incident and series. */
export async function ticketPage(org: OrgContext, ticketId: string | undefined): Promise<TicketPageResponse> {
  const ticket = await getTicket(org, ticketId);
  const customer = ticket.customerId ? await notFoundToNull(getCustomer(org, ticket.customerId)) : null;
  const identifiers = [...(ticket.deviceIdentifier ? [ticket.deviceIdentifier] : []), ...(customer?.devices ?? [])];
  let incident: IncidentView | null = null;
  let incidentSeries: Series | null = null;
  const [devices] = await Promise.all([
    healthOf(org, identifiers),
    (async () => {
      if (!ticket.incidentId || !ticket.deviceIdentifier) return;
      const list = await notFoundToNull(listDeviceIncidents(org, ticket.deviceIdentifier, { limit: '100' }));
      incident = list?.incidents.find((i) => i.incidentId === ticket.incidentId) ?? null;
      if (!incident) return;
      const start = Date.parse(incident.startedAt) - 6 * HOUR;
      const end = Math.min(Date.now(), (incident.resolvedAt ? Date.parse(incident.resolvedAt) : Date.now()) + 2 * HOUR);
      incidentSeries = await series(org, ticket.deviceIdentifier, {
        from: new Date(start).toISOString(),
        to: new Date(end).toISOString(),
        measurements: incident.measurement ?? undefined,
      });
    })(),
  ]);
  return { ticket, customer, devices, incident, incidentSeries };
}

/** GET /api/console/v1/devices/{identifier}: identity, owners, connection, latest values, incidents and tickets. */
export async function devicePage(org: OrgContext, identifier: string | undefined): Promise<DevicePageResponse> {
  const device = await getDevice(org, identifier);
  const [latest, incidents, tickets] = await Promise.all([
    getLatestTelemetry(org, device.identifier),
    listDeviceIncidents(org, device.identifier, { limit: '50' }),
    recentTickets(org, { deviceIdentifier: device.identifier }, 50),
  ]);
  return { device, latest, incidents: incidents.incidents, tickets: tickets.tickets };
}

/** GET /api/console/v1/customers/{customerId}. */
export async function customerPage(org: OrgContext, customerId: string | undefined): Promise<CustomerPageResponse> {
  const customer = await getCustomer(org, customerId);
  const [devices, tickets] = await Promise.all([healthOf(org, customer.devices), recentTickets(org, { customerId: customer.id }, 50)]);
  return { customer, devices, tickets: tickets.tickets };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/console/v1/search?q=: a ticket id, a customer id or email, or a device identifier. */
export async function search(org: OrgContext, rawQuery: string | undefined): Promise<SearchResponse> {
  const q = rawQuery?.trim() ?? '';
  if (q === '') throw new BadRequestError(SEARCH_QUERY_REQUIRED);
  if (q.length > 256) return { results: [] };
  const results: SearchResponse['results'] = [];
  const [ticket, customerById, customerByEmail, device] = await Promise.all([
    UUID.test(q) ? notFoundToNull(getTicket(org, q)) : null,
    UUID.test(q) ? notFoundToNull(getCustomer(org, q)) : null,
    q.includes('@') ? notFoundToNull(queryCustomer(org, q)).catch(() => null) : null,
    notFoundToNull(getDevice(org, q)),
  ]);
  if (ticket) results.push({ kind: 'ticket', id: ticket.ticketId, label: ticket.title });
  for (const c of [customerById, customerByEmail]) if (c) results.push({ kind: 'customer', id: c.id, label: `${c.name} <${c.email}>` });
  if (device) results.push({ kind: 'device', id: device.identifier, label: `${device.identifier} (${device.type})` });
  return { results };
}

// --- Settings > Developer: shared/domain/console/developer-key.ts (without the pages' services) ---
export { developerSettings, regenerateKey } from './developer-key';
