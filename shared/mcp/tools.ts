import * as z from 'zod/mini';
import { IncidentListResponse, IncidentQuery, IncidentResource } from '../domain/anomaly/anomaly.schema';
import { listDeviceIncidents } from '../domain/anomaly/incident-list';
import { assignDeviceToOwners, unassignDeviceFromOwner } from '../domain/assignment/assignment.service';
import {
  AssignDeviceToOwnersBody,
  AssignDeviceToOwnersResponse,
  UnassignDeviceFromOwnerBody,
  UnassignDeviceFromOwnerResponse,
} from '../domain/assignment/assignment.schema';
import { CustomerIdParams, CustomerResource, QueryCustomerBody, type Customer } from '../domain/customer/customer.schema';
import { getCustomer, queryCustomer } from '../domain/customer/customer.service';
import { DeviceIdentifierParams, DeviceWithOwners } from '../domain/device/device.schema';
import { getDevice } from '../domain/device/device.service';
import type { OrgContext } from '../domain/organization/organization.schema';
import { HistoryQuery } from '../domain/telemetry/telemetry.schema';
import { getLatestTelemetry, queryTelemetry } from '../domain/telemetry/telemetry.service';
import { listTickets } from '../domain/ticket/ticket-list.service';
import { getTicket } from '../domain/ticket/ticket-read.service';
import { CreateTicketBody, CreateTicketResponse, TicketIdParams, TicketListParams, TicketListResponse, TicketResource } from '../domain/ticket/ticket.schema';
import { createTicket } from '../domain/ticket/ticket.service';
import { addTicketMessage, listTicketEvents, updateTicket } from '../domain/ticket/ticket-lifecycle.service';
import {
  checked,
  checkTicketMessage,
  checkTicketPatch,
  ASSIGNEE_INVALID,
  CATEGORY_NOT_STRING,
  STATUS_INVALID,
  CONTENT_REQUIRED,
  EXPECTED_VERSION_INVALID,
  TicketEventsParams,
  TicketEventsResponse,
} from '../domain/ticket/ticket-lifecycle.schema';
import { PRIORITIES, PRIORITY_INVALID, TICKET_NOT_FOUND, TICKET_STATUSES } from '../domain/ticket/ticket.schema';
import { LatestTelemetryResponse, TelemetryHistoryResponse } from '../domain/telemetry/telemetry.schema';

/**
 * The MCP tools: each one validates its arguments with the zod schema the REST endpoint uses (so
 * the 400 texts are the API's), calls the same domain service, and answers the service's result
 * as `structuredContent` with a short text rendering. Adding a tool is one entry in {@link tools}.
 */
export interface ToolDefinition<I extends z.ZodMiniType = z.ZodMiniType, O = unknown> {
  /** snake_case, what agents call. */
  name: string;
  title: string;
  /** What it does, when to use it, and what to call next: agents choose tools by this text. */
  description: string;
  /** The REST endpoint's request schema (body, or path and query parameters); its first issue is the error text. */
  input: I;
  /** The REST endpoint's response schema; listed as the tool's outputSchema. */
  output: z.ZodMiniType<O>;
  /** Reads only: annotated `readOnlyHint`, so clients may call it without asking. */
  readOnly: boolean;
  /** Hints for tools that write (MCP ToolAnnotations). */
  writes?: { destructive: boolean; idempotent: boolean; openWorld?: boolean };
  run: (org: OrgContext, input: z.output<I>) => Promise<O>;
  /** A line or a few for people and models that read only the text content. */
  render: (result: O) => string;
}

/** Keeps each definition's input and output types checked against its run and render. */
const defineTool = <I extends z.ZodMiniType, O>(tool: ToolDefinition<I, O>) => tool as unknown as ToolDefinition;

const renderTicket = (t: z.output<typeof TicketResource>) =>
  `Ticket ${t.ticketId} [${t.status}, ${t.priority}] "${t.title}"; version ${t.version}; assignee ${t.assignee ?? 'none'}; ${t.messages.length} message(s)`;

/** `expectedVersion` of the write tools: the If-Match of the REST routes. */
const expectedVersion = z.optional(z.int().check(z.minimum(0, { error: EXPECTED_VERSION_INVALID })));
const ticketIdField = z.string({ error: TICKET_NOT_FOUND });

/** update_ticket: the PATCH body's fields beside ticketId and expectedVersion, checked with PATCH's exact texts. */
const UpdateTicketInput = checked(
  z.object({
    ticketId: ticketIdField,
    expectedVersion,
    status: z.optional(z.enum(TICKET_STATUSES, { error: STATUS_INVALID })),
    priority: z.optional(z.enum(PRIORITIES, { error: PRIORITY_INVALID })),
    assignee: z.optional(z.nullable(z.string({ error: ASSIGNEE_INVALID }))),
    category: z.optional(z.string({ error: CATEGORY_NOT_STRING })),
  }),
  (body) => {
    const { ticketId, expectedVersion: version, ...fields } = body as { ticketId: string; expectedVersion?: number } & Record<string, unknown>;
    const patch = checkTicketPatch(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
    return typeof patch === 'string' ? patch : { ticketId, expectedVersion: version, patch };
  },
);

/** reply_to_ticket and add_internal_note: content (checked like POST …/messages), author, expectedVersion. */
const MessageToolInput = checked(
  z.object({ ticketId: ticketIdField, expectedVersion, content: z.string({ error: CONTENT_REQUIRED }), author: z.optional(z.string()) }),
  (body) => {
    const { ticketId, expectedVersion: version, content, author } = body as { ticketId: string; expectedVersion?: number; content: string; author?: string };
    const message = checkTicketMessage({ role: 'agent', content, ...(author !== undefined ? { author } : {}) });
    return typeof message === 'string' ? message : { ticketId, expectedVersion: version, content: message.content, author: message.author };
  },
);

const list = (values: readonly string[], none = 'none') => (values.length > 0 ? values.join(', ') : none);

const renderCustomer = (c: Customer) =>
  `Customer ${c.name} <${c.email}> (id ${c.id}); devices: ${list(c.devices)}${c.phone ? `; phone ${c.phone}` : ''}`;

/** What get_device answers: the device with its owners and connection, its latest telemetry when it has any, and its open incidents. */
export const DeviceOverview = z.object({
  device: DeviceWithOwners,
  latestTelemetry: z.nullable(z.pick(LatestTelemetryResponse, { lastSeenAt: true, measurements: true })),
  /** The newest open incidents (up to {@link OPEN_INCIDENTS_SHOWN}); list_incidents pages through all. */
  openIncidents: z.array(IncidentResource),
});
const OPEN_INCIDENTS_SHOWN = '10';

const renderIncident = (i: z.output<typeof IncidentResource>) =>
  `${i.incidentId} ${i.status} ${i.kind}${i.measurement ? ` on ${i.measurement}` : ''} since ${i.startedAt}${i.ticketId ? ` (ticket ${i.ticketId})` : ''}`;

export const tools: readonly ToolDefinition[] = [
  defineTool({
    name: 'find_customer',
    title: 'Find a customer by email',
    description:
      'Looks up one customer of your organization by email address (case-insensitive) and returns their id, name, contact details and the identifiers of their devices. ' +
      'Use it first when a person writes in by email; then call get_device for a device, or list_tickets / create_ticket with the customer id.',
    input: QueryCustomerBody,
    output: CustomerResource,
    readOnly: true,
    run: (org, input) => queryCustomer(org, input.email),
    render: renderCustomer,
  }),
  defineTool({
    name: 'get_customer',
    title: 'Get a customer by id',
    description:
      'Returns one customer by id (`serviceCustomerId`, a UUID: the `id` that find_customer returns, or a `customerId` in other results) with the identifiers of their devices.',
    input: CustomerIdParams,
    output: CustomerResource,
    readOnly: true,
    run: (org, input) => getCustomer(org, input.serviceCustomerId),
    render: renderCustomer,
  }),
  defineTool({
    name: 'get_device',
    title: 'Get a device with owners and latest telemetry',
    description:
      'Returns one device by its identifier (serial number, MAC address, ...): type, properties, the customers who own it, its crash-reporting connection (firmware, crashes) when connected, ' +
      'the newest value of each measurement with when the device was last seen, and its open incidents (anomalies found in its telemetry). ' +
      'Use query_telemetry for the history behind the latest values, list_incidents for resolved incidents.',
    input: DeviceIdentifierParams,
    output: DeviceOverview,
    readOnly: true,
    run: async (org, input) => {
      const [device, latest, incidents] = await Promise.all([
        getDevice(org, input.identifier),
        getLatestTelemetry(org, input.identifier),
        listDeviceIncidents(org, input.identifier, { status: 'open', limit: OPEN_INCIDENTS_SHOWN }),
      ]);
      const hasTelemetry = Object.keys(latest.measurements).length > 0;
      return {
        device,
        latestTelemetry: hasTelemetry ? { lastSeenAt: latest.lastSeenAt, measurements: latest.measurements } : null,
        openIncidents: incidents.incidents,
      };
    },
    render: ({ device, latestTelemetry, openIncidents }: z.output<typeof DeviceOverview>) => {
      const owners = list(device.owners.map((o) => o.email));
      const values = latestTelemetry
        ? `last seen ${latestTelemetry.lastSeenAt}; ${Object.entries(latestTelemetry.measurements).map(([name, m]) => `${name}=${m.value}`).join(', ')}`
        : 'no telemetry yet';
      const connection = device.connection
        ? `; connected to ${device.connection.provider} (firmware ${device.connection.firmware.softwareVersion ?? 'unknown'}, ${device.connection.crashes.last24h} crash(es) in 24 h)`
        : '';
      const incidents = openIncidents.length ? `\nOpen incidents:\n${openIncidents.map(renderIncident).join('\n')}` : '; no open incidents';
      return `Device ${device.identifier} (${device.type ?? 'no type'}, id ${device.deviceId}); owners: ${owners}; ${values}${connection}${incidents}`;
    },
  }),
  defineTool({
    name: 'query_telemetry',
    title: 'Query a device’s telemetry history',
    description:
      'Returns one page of a device’s telemetry records (timestamp, source, measurements), oldest first unless order is "desc". ' +
      'from/to: ISO 8601 date-times or epoch milliseconds, inclusive. limit: "1" to "1000" (default "100"), as a string. ' +
      'When nextCursor is not null, call again with the same arguments and cursor set to it for the next page.',
    input: z.extend(HistoryQuery, DeviceIdentifierParams.shape),
    output: TelemetryHistoryResponse,
    readOnly: true,
    run: (org, { identifier, ...query }) => queryTelemetry(org, identifier, query),
    render: (page) => {
      const shown = page.records.slice(0, 20).map((r) => `${r.timestamp} ${Object.entries(r.measurements).map(([k, v]) => `${k}=${v}`).join(' ')}`);
      const more = page.records.length > shown.length ? `\n… ${page.records.length - shown.length} more in structuredContent` : '';
      const next = page.nextCursor ? `\nMore records: call again with cursor "${page.nextCursor}".` : '';
      return `${page.records.length} record(s) for ${page.identifier}${shown.length ? `:\n${shown.join('\n')}` : ''}${more}${next}`;
    },
  }),
  defineTool({
    name: 'list_incidents',
    title: 'List a device’s incidents',
    description:
      'Returns a device’s incidents (anomalies detected in its telemetry: spike, level_shift, flatline, threshold, dropout, regime_change), newest first, with their evidence and the proactive ticket opened for them. ' +
      'status: "open", "resolved" or "withdrawn" (a held dropout whose silence late records covered; all when absent). limit: "1" to "100" (default "20"), as a string. When nextCursor is not null, call again with cursor set to it.',
    input: z.extend(IncidentQuery, DeviceIdentifierParams.shape),
    output: IncidentListResponse,
    readOnly: true,
    run: (org, { identifier, ...query }) => listDeviceIncidents(org, identifier, query),
    render: (page) =>
      `${page.incidents.length} incident(s)${page.incidents.length ? `:\n${page.incidents.map(renderIncident).join('\n')}` : ''}${page.nextCursor ? `\nMore: call again with cursor "${page.nextCursor}".` : ''}`,
  }),
  defineTool({
    name: 'list_tickets',
    title: 'List support tickets',
    description:
      'Returns the organization’s support tickets, most recently updated first. Filters (combinable): status (one or several, comma-separated: new, open, pending, on_hold, solved, closed), ' +
      'assignee ("none" for unassigned), priority, category, updatedSince (ISO 8601), deviceIdentifier, customerId (a customer’s id), source ("api": created through the API, "anomaly": opened proactively from an incident). ' +
      'limit: "1" to "100" (default "20"), as a string. When nextCursor is not null, call again with cursor set to it. Use get_ticket for one ticket’s conversation.',
    input: TicketListParams,
    output: TicketListResponse,
    readOnly: true,
    run: (org, query) => listTickets(org, query),
    render: (page) =>
      `${page.tickets.length} ticket(s)${page.tickets.length ? `:\n${page.tickets.map((t) => `${t.ticketId} [${t.status}, ${t.priority}] "${t.title}" (${t.source}${t.deviceIdentifier ? `, device ${t.deviceIdentifier}` : ''})`).join('\n')}` : ''}${page.nextCursor ? `\nMore: call again with cursor "${page.nextCursor}".` : ''}`,
  }),
  defineTool({
    name: 'get_ticket',
    title: 'Get a support ticket',
    description:
      'Returns one support ticket by its ticketId: title, description, priority, status, category (with how it was chosen and the classifier’s confidence), assignee, customer, conversation, for proactive tickets the device and incident, and the automated diagnosis (status pending until it is ready: a plain-language summary and findings per device, such as a battery near empty, a silent device or crashes since a firmware update). Start from the diagnosis before asking the customer for details.',
    input: TicketIdParams,
    output: TicketResource,
    readOnly: true,
    run: (org, input) => getTicket(org, input.ticketId),
    render: (t) =>
      `Ticket ${t.ticketId} [${t.status}, ${t.priority}] "${t.title}"; category ${t.category ?? 'none'} (${t.categorySource}); assignee ${t.assignee ?? 'none'}; customer ${t.customerId ?? 'none'}; ${t.messages.length} message(s); diagnosis ${t.diagnosis.status}${t.diagnosis.summary ? `: ${t.diagnosis.summary}` : ''}`,
  }),
  defineTool({
    name: 'update_ticket',
    title: 'Change a ticket’s status, priority, assignee or category',
    description:
      'Changes one ticket (ticketId): status (new, open, pending = waiting on the customer, on_hold = waiting on a third party, solved, closed; closed is final and only a solved ticket closes), ' +
      'priority (low, medium, high, urgent), assignee (a name, or null to unassign), category (one of the organization’s categories; it teaches the classifier). ' +
      'Give expectedVersion (the ticket’s `version` from get_ticket) to refuse the change if someone else changed the ticket since: the error then carries the current ticket. Returns the ticket.',
    input: UpdateTicketInput,
    output: TicketResource,
    readOnly: false,
    writes: { destructive: false, idempotent: true },
    run: (org, { ticketId, expectedVersion, patch }) => updateTicket(org.organizationId, ticketId, patch, { actor: 'mcp', expectedVersion }),
    render: renderTicket,
  }),
  defineTool({
    name: 'reply_to_ticket',
    title: 'Reply to the customer on a ticket',
    description:
      'Adds an agent reply to a ticket’s conversation (visible to the customer). The first reply sets firstResponseAt and moves a new ticket to open. ' +
      'content: 1 to 10000 characters; author: who writes (shown in the activity). For a note only colleagues see, use add_internal_note. ' +
      'Give expectedVersion to refuse the reply if the ticket changed since you read it. Returns the ticket.',
    input: MessageToolInput,
    output: TicketResource,
    readOnly: false,
    writes: { destructive: false, idempotent: false, openWorld: true },
    run: (org, { ticketId, expectedVersion, content, author }) =>
      addTicketMessage(org.organizationId, ticketId, { role: 'agent', content, ...(author ? { author } : {}) }, { actor: author ?? 'mcp', expectedVersion }),
    render: renderTicket,
  }),
  defineTool({
    name: 'add_internal_note',
    title: 'Add an internal note to a ticket',
    description:
      'Adds a note for colleagues to a ticket (never sent to the customer, never in a chat notification’s text): what you found, what you tried. ' +
      'content: 1 to 10000 characters. Give expectedVersion to refuse the note if the ticket changed since you read it. Returns the ticket.',
    input: MessageToolInput,
    output: TicketResource,
    readOnly: false,
    writes: { destructive: false, idempotent: false },
    run: (org, { ticketId, expectedVersion, content, author }) =>
      addTicketMessage(org.organizationId, ticketId, { role: 'agent', content, internal: true, ...(author ? { author } : {}) }, { actor: author ?? 'mcp', expectedVersion }),
    render: renderTicket,
  }),
  defineTool({
    name: 'get_ticket_activity',
    title: 'Get a ticket’s activity',
    description:
      'Returns a ticket’s activity, oldest first: created, categorised, assigned, status_changed, priority_changed, message_added, note_added, diagnosis_ready, incident_resolved, ' +
      'each with when, who (api, mcp, system or a person) and what changed. limit: "1" to "100" (default "50"), as a string. When nextCursor is not null, call again with cursor set to it.',
    input: z.extend(TicketEventsParams, TicketIdParams.shape),
    output: TicketEventsResponse,
    readOnly: true,
    run: (org, { ticketId, ...query }) => listTicketEvents(org.organizationId, ticketId, query),
    render: (page) =>
      `${page.events.length} event(s)${page.events.length ? `:\n${page.events.map((e) => `${e.at} ${e.type} by ${e.actor}`).join('\n')}` : ''}${page.nextCursor ? `\nMore: call again with cursor "${page.nextCursor}".` : ''}`,
  }),
  defineTool({
    name: 'create_ticket',
    title: 'Create a support ticket',
    description:
      'Opens a support ticket for a customer, given by customerEmail (created when unknown) or customerId. title is required (at most 255 characters); ' +
      'priority is low, medium (default), high or urgent; category must be one of the organization’s categories, otherwise the ticket is categorised automatically. ' +
      'messages is the conversation so far ({ role: customer | agent | bot, content }). The team is notified in chat. Returns the new ticketId.',
    input: CreateTicketBody,
    output: CreateTicketResponse,
    readOnly: false,
    writes: { destructive: false, idempotent: false, openWorld: true },
    run: (org, input) => createTicket(org, input, { actor: 'mcp' }),
    render: (r) => `${r.message}: ticketId ${r.ticketId}`,
  }),
  defineTool({
    name: 'assign_device_to_owners',
    title: 'Assign a device to customers',
    description:
      'Links a device (deviceIdentifier) to one or more customers (customerEmails); customers that do not exist are created. Links that already exist are kept, never duplicated. ' +
      'When the device does not exist, set autoCreateDevice to true and give deviceType to create it.',
    input: AssignDeviceToOwnersBody,
    output: AssignDeviceToOwnersResponse,
    readOnly: false,
    writes: { destructive: false, idempotent: true },
    run: (org, input) => assignDeviceToOwners(org, input),
    render: (r) => `${r.message}: ${list(r.assignedCustomers.map((c) => `${c.email} (${c.customerId}${c.wasCreated ? ', new' : ''})`))}${r.deviceWasCreated ? '; device created' : ''}`,
  }),
  defineTool({
    name: 'unassign_device_from_owner',
    title: 'Remove a device from a customer',
    description:
      'Removes the link between a device (deviceIdentifier) and one customer (customerEmail). The device and the customer remain; the customer stops receiving that device’s telemetry context. ' +
      'Fails with the devices the customer does own when the device is not assigned to them.',
    input: UnassignDeviceFromOwnerBody,
    output: UnassignDeviceFromOwnerResponse,
    readOnly: false,
    writes: { destructive: true, idempotent: true },
    run: (org, input) => unassignDeviceFromOwner(org, input),
    render: (r) => `${r.message}: ${r.deviceIdentifier} from customer ${r.customerId}; devices remaining: ${list(r.devicesRemaining)}`,
  }),
];
