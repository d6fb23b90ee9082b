import * as z from 'zod/mini';
import { IncidentListResponse, IncidentQuery, INCIDENT_CURSOR_INVALID, INCIDENT_LIMIT_INVALID, STATUS_INVALID } from '../domain/anomaly/anomaly.schema';
import * as assignment from '../domain/assignment/assignment.schema';
import * as connector from '../domain/connector/connector.schema';
import { ImportDetailResponse, ImportListResponse, IMPORT_CURSOR_INVALID, IMPORT_LIMIT_INVALID, IMPORT_NOT_FOUND, IMPORT_STATUS_INVALID } from '../domain/backfill/backfill.schema';
import { ImportsQuery } from '../domain/backfill/backfill.service';
import { keyPartTooLong } from '../domain/common.schema';
import * as customer from '../domain/customer/customer.schema';
import * as device from '../domain/device/device.schema';
import * as telemetry from '../domain/telemetry/telemetry.schema';
import * as ticket from '../domain/ticket/ticket.schema';
import * as lifecycle from '../domain/ticket/ticket-lifecycle.schema';
import { TICKET_CUSTOMER_ID_INVALID, TICKET_LIST_CURSOR_INVALID, TICKET_LIST_LIMIT_INVALID, TICKET_SOURCE_INVALID, TICKET_UPDATED_SINCE_INVALID } from '../domain/ticket/ticket-list.service';
import { KEY_PART_MAX_BYTES } from '../db/keys';
import { DOCS_ASSET_NAMES, SWAGGER_UI_FILES } from '../docs/swagger-ui-files';
import { NOT_FOUND_ROUTE } from '../http/response';
import * as webhook from '../domain/webhook/webhook.schema';
import { DestinationConfirmationResponse, IngestTelemetryResponse, LatestTelemetryResponse, TelemetryHistoryResponse } from '../domain/telemetry/telemetry.schema';

/**
 * The OpenAPI description of every route of the route table, keyed by route id. Request and
 * response schemas are the zod schemas the handlers and services use; error texts are the
 * constants they throw. The generator (./document.ts) adds what every route shares (401, 413,
 * 500, Idempotency-Key) and fails on a route without an entry here, so no route goes undescribed.
 */

export const TAGS = [
  { name: 'Devices', description: 'Devices of the organization and their metadata (spec 4.1, 4.2).' },
  { name: 'Customers', description: 'Customers, who own devices (spec 4.3 - 4.5).' },
  { name: 'Device assignment', description: 'Links between devices and the customers who own them (spec 4.6 - 4.9).' },
  { name: 'Tickets', description: 'Support tickets: created, categorised and routed (spec 4.10).' },
  { name: 'Telemetry', description: 'Telemetry ingestion (spec 4.11) and read-back.' },
  { name: 'Imports', description: 'Status of S3 backfill imports of historical telemetry.' },
  { name: 'Webhooks', description: 'Signed events (Standard Webhooks) to the organization’s own HTTPS endpoints; the event types and payloads are in the document’s `webhooks` section.' },
  { name: 'MCP', description: 'The tool server for AI assistants and agents (Model Context Protocol, Streamable HTTP), on the same key.' },
  { name: 'Documentation', description: 'This description and its readable page; no key needed.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

/** A response that is not the route's JSON body: a page, an asset, or MCP's JSON-RPC. */
export interface RawResponseDoc {
  description: string;
  /** Media type → JSON Schema (a zod schema, or a JSON Schema object for non-JSON bodies). */
  content?: Record<string, { schema: z.ZodMiniType | Record<string, unknown>; example?: unknown }>;
}

export interface OperationDoc {
  tag: Tag;
  summary: string;
  description?: string;
  /** Path parameters (`{name}` in the path); absent ones are plain strings. */
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  /** JSON request body. */
  body?: z.ZodMiniType;
  /** The 200 JSON body; `null` for a route that never succeeds (the empty-id getCustomer form). */
  ok: z.ZodMiniType | null;
  /** Exact error texts (`{ "error": <text> }`) by status, beyond the shared 401, 413 and 500. */
  errors?: Partial<Record<400 | 404 | 409 | 422, readonly string[]>>;
  /** Responses beside (or, for non-JSON routes, instead of) `ok` and `errors`. */
  responses?: Record<string, RawResponseDoc>;
}

const INVALID_JSON = 'Invalid JSON payload';

// --- MCP (JSON-RPC 2.0 over Streamable HTTP) ----------------------------------------------------
const JsonRpcId = z.union([z.string(), z.number()]);
const JsonRpcMessage = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(JsonRpcId),
  method: z.string(),
  params: z.optional(z.record(z.string(), z.unknown())),
});
const JsonRpcResult = z.object({ jsonrpc: z.literal('2.0'), id: JsonRpcId, result: z.record(z.string(), z.unknown()) });
const JsonRpcError = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.nullable(JsonRpcId),
  error: z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) }),
});
const jsonRpcError = (description: string, message: string): RawResponseDoc => ({
  description,
  content: { 'application/json': { schema: JsonRpcError, example: { jsonrpc: '2.0', id: null, error: { code: -32000, message } } } },
});
const MCP_DESCRIPTION =
  'The MCP endpoint (Model Context Protocol, Streamable HTTP transport, stateless, JSON responses). Connect an MCP client to `{host_url}/api/mcp` ' +
  'with the organization key in `x-api-key` or `Authorization: Bearer <key>`; it lists the tools (find_customer, get_device, query_telemetry, create_ticket, ...) ' +
  'and calls them. Not a REST resource: bodies are JSON-RPC 2.0 messages. A missing or wrong key is a 401 with the API texts before any MCP processing.';
const MCP_NOT_ALLOWED = jsonRpcError('Stateless mode: no server-initiated stream and no session to end.', 'Method not allowed.');

export const operations: Record<string, OperationDoc> = {
  // --- Devices ---
  UpsertDevice: {
    tag: 'Devices',
    summary: 'Create or update a device by identifier',
    description: '`type` is required when the device does not exist. `deviceMetadata` is accepted as another name for `properties`.',
    body: device.UpsertDeviceBody,
    ok: device.UpsertDeviceResponse,
    errors: {
      400: [device.IDENTIFIER_REQUIRED, device.TYPE_REQUIRED, INVALID_JSON, 'properties must be a JSON object', keyPartTooLong('identifier', KEY_PART_MAX_BYTES.deviceIdentifier)],
    },
  },
  BulkDeviceMetadata: {
    tag: 'Devices',
    summary: 'Replace the metadata of many devices',
    description: 'Full replace, not merge, of existing devices only; unknown identifiers are reported `not_found`.',
    body: device.BulkMetadataBody,
    ok: device.BulkMetadataResponse,
    errors: { 400: [INVALID_JSON, device.DEVICES_REQUIRED, device.DEVICES_EMPTY, device.DEVICES_TOO_MANY, device.invalidBulkMetadata('SN-1001')] },
  },
  GetDevice: {
    tag: 'Devices',
    summary: 'Get a device with its owners',
    params: device.DeviceIdentifierParams,
    ok: device.DeviceWithOwners,
    errors: { 404: [device.DEVICE_NOT_FOUND] },
  },
  PutDeviceConnection: {
    tag: 'Devices',
    summary: 'Connect a device to the crash-reporting service',
    description: '`externalId` (the device in the external system) defaults to the identifier. The organization’s connector must be configured by the operator first.',
    params: device.DeviceIdentifierParams,
    body: connector.PutConnectionBody,
    ok: connector.PutConnectionResponse,
    errors: {
      400: [connector.PROVIDER_INVALID, connector.CONNECTOR_NOT_CONFIGURED, connector.providerNotConfigured('memfault', 'other'), connector.EXTERNAL_ID_REQUIRED, INVALID_JSON],
      404: [device.DEVICE_NOT_FOUND],
    },
  },
  DeleteDeviceConnection: {
    tag: 'Devices',
    summary: 'Disconnect a device from the crash-reporting service',
    params: device.DeviceIdentifierParams,
    ok: connector.DeleteConnectionResponse,
    errors: { 404: [device.DEVICE_NOT_FOUND] },
  },
  ListDeviceIncidents: {
    tag: 'Devices',
    summary: 'A device’s incidents (anomalies found in its telemetry), newest first',
    params: device.DeviceIdentifierParams,
    query: IncidentQuery,
    ok: IncidentListResponse,
    errors: { 400: [STATUS_INVALID, INCIDENT_LIMIT_INVALID, INCIDENT_CURSOR_INVALID], 404: [device.DEVICE_NOT_FOUND] },
  },
  // --- Customers ---
  CreateOrUpdateCustomer: {
    tag: 'Customers',
    summary: 'Create a customer, or update one by serviceCustomerId',
    description: '`telemetronCustomerId` (the name the 409 text uses) is accepted as another name for `serviceCustomerId`. The 409 carries `serviceCustomerId` of the existing customer.',
    body: customer.CreateOrUpdateCustomerBody,
    ok: customer.CreateOrUpdateCustomerResponse,
    errors: {
      400: [customer.EMAIL_REQUIRED_LOWER, customer.INVALID_EMAIL, INVALID_JSON],
      404: [customer.CUSTOMER_NOT_FOUND_OR_OTHER_ORG],
      409: [customer.CUSTOMER_EXISTS, customer.EMAIL_TAKEN_ON_UPDATE],
    },
  },
  QueryCustomer: {
    tag: 'Customers',
    summary: 'Find a customer by email (case-insensitive)',
    body: customer.QueryCustomerBody,
    ok: customer.CustomerResource,
    errors: { 400: [customer.EMAIL_REQUIRED], 404: [customer.CUSTOMER_NOT_FOUND] },
  },
  GetCustomer: {
    tag: 'Customers',
    summary: 'Get a customer by id',
    params: customer.CustomerIdParams,
    ok: customer.CustomerResource,
    errors: { 400: [customer.CUSTOMER_ID_REQUIRED, customer.CUSTOMER_ID_NOT_UUID], 404: [customer.CUSTOMER_NOT_FOUND] },
  },
  GetCustomerWithoutId: {
    tag: 'Customers',
    summary: 'Get a customer without an id (always 400)',
    description: 'The empty-id form of `/customer/getCustomer/{serviceCustomerId}`: answers the spec’s 400.',
    ok: null,
    errors: { 400: [customer.CUSTOMER_ID_REQUIRED] },
  },
  // --- Device assignment ---
  AssignDeviceToOwners: {
    tag: 'Device assignment',
    summary: 'Assign one device to one or more customers',
    description: 'Emails are trimmed, lowercased and validated; invalid ones are skipped. Missing customers are created.',
    body: assignment.AssignDeviceToOwnersBody,
    ok: assignment.AssignDeviceToOwnersResponse,
    errors: {
      400: [
        assignment.DEVICE_IDENTIFIER_REQUIRED,
        assignment.CUSTOMER_EMAILS_REQUIRED,
        assignment.CUSTOMER_EMAILS_TOO_MANY,
        assignment.DEVICE_TYPE_REQUIRED_SINGLE,
        assignment.NO_VALID_EMAILS,
        assignment.booleanExpected('autoCreateDevice'),
        INVALID_JSON,
      ],
      404: [assignment.DEVICE_NOT_FOUND_AUTO_CREATE],
    },
  },
  AssignDevicesToOwner: {
    tag: 'Device assignment',
    summary: 'Assign many devices to one customer',
    body: assignment.AssignDevicesToOwnerBody,
    ok: assignment.AssignDevicesToOwnerResponse,
    errors: {
      400: [
        assignment.CUSTOMER_EMAIL_REQUIRED,
        assignment.INVALID_EMAIL,
        assignment.DEVICE_IDENTIFIERS_REQUIRED,
        assignment.DEVICE_IDENTIFIERS_TOO_MANY,
        assignment.DEVICE_IDENTIFIERS_ENTRY,
        assignment.NO_VALID_DEVICES,
        assignment.DEVICE_TYPE_REQUIRED_BULK,
        INVALID_JSON,
      ],
    },
  },
  UnassignDeviceFromOwner: {
    tag: 'Device assignment',
    summary: 'Remove one device from one customer',
    description: 'The 400 `Device is not assigned to this customer` carries `customerId`, `deviceIdentifier` and `currentDevices`.',
    body: assignment.UnassignDeviceFromOwnerBody,
    ok: assignment.UnassignDeviceFromOwnerResponse,
    errors: {
      400: [assignment.BOTH_REQUIRED, assignment.INVALID_EMAIL, assignment.DEVICE_NOT_ASSIGNED, assignment.INVALID_JSON_IN_BODY],
      404: [assignment.CUSTOMER_NOT_FOUND_IN_ORG],
    },
  },
  UnassignDevicesFromOwner: {
    tag: 'Device assignment',
    summary: 'Remove many devices from one customer',
    body: assignment.UnassignDevicesFromOwnerBody,
    ok: assignment.UnassignDevicesFromOwnerResponse,
    errors: { 400: [assignment.UNASSIGN_INPUT_REQUIRED, assignment.INVALID_EMAIL, INVALID_JSON], 404: [assignment.CUSTOMER_NOT_FOUND_IN_ORG] },
  },
  // --- Tickets ---
  CreateTicket: {
    tag: 'Tickets',
    summary: 'Create a support ticket',
    description: 'Categorised (the requested category, else automatically) and routed by the organization’s rules; the team is notified in chat.',
    body: ticket.CreateTicketBody,
    ok: ticket.CreateTicketResponse,
    errors: {
      400: [ticket.TITLE_REQUIRED, ticket.CUSTOMER_REQUIRED, ticket.PRIORITY_INVALID, ticket.TITLE_TOO_LONG, ticket.MESSAGES_INVALID, ticket.MESSAGES_TOO_MANY, INVALID_JSON],
      404: [customer.CUSTOMER_NOT_FOUND],
    },
  },
  ListTickets: {
    tag: 'Tickets',
    summary: 'The organization’s tickets, most recently updated first',
    description:
      'Filters (combinable): `status` (one or several, comma-separated), `assignee` (`none` for unassigned), `priority`, `category`, `updatedSince` (ISO 8601), ' +
      '`deviceIdentifier`, `customerId`, `source` (`api`: created through the API, `anomaly`: opened proactively from an incident). ' +
      'One Query per page for any filter (one per status when several statuses are given without a more selective filter), never a scan.',
    query: ticket.TicketListParams,
    ok: ticket.TicketListResponse,
    errors: { 400: [TICKET_SOURCE_INVALID, TICKET_CUSTOMER_ID_INVALID, lifecycle.STATUS_INVALID, ticket.PRIORITY_INVALID, TICKET_UPDATED_SINCE_INVALID, TICKET_LIST_LIMIT_INVALID, TICKET_LIST_CURSOR_INVALID] },
  },
  GetTicket: {
    tag: 'Tickets',
    summary: 'Get a ticket',
    params: ticket.TicketIdParams,
    ok: ticket.TicketResource,
    errors: { 404: [ticket.TICKET_NOT_FOUND] },
  },
  UpdateTicket: {
    tag: 'Tickets',
    summary: 'Change a ticket’s status, priority, assignee or category',
    description:
      'Statuses: `new` → `open` → `pending` (waiting on the customer) / `on_hold` (waiting on a third party) → `solved` → `closed` (final). ' +
      'Allowed moves: new → open, pending, on_hold, solved; open → pending, on_hold, solved; pending → open, on_hold, solved; on_hold → open, pending, solved; solved → open, closed. ' +
      '`assignee: null` unassigns. A category is checked against the organization’s categories and teaches the classifier. ' +
      'Send `If-Match: "<version>"` (the `ETag` of the ticket) to refuse the change when someone else changed the ticket since you read it (412 with the current ticket); without it the change applies. ' +
      'The response carries the new `ETag`. Every change writes one activity event (GET /ticket/{ticketId}/events).',
    params: ticket.TicketIdParams,
    body: lifecycle.PatchTicketDocumented,
    ok: ticket.TicketResource,
    errors: {
      400: [lifecycle.unknownField('colour'), lifecycle.STATUS_INVALID, ticket.PRIORITY_INVALID, lifecycle.ASSIGNEE_INVALID, ticket.CATEGORY_REQUIRED, ticket.categoryUnknown('Billing'), lifecycle.PATCH_EMPTY, lifecycle.IF_MATCH_INVALID, INVALID_JSON],
      404: [ticket.TICKET_NOT_FOUND],
      409: [lifecycle.TICKET_CLOSED, lifecycle.statusTransitionRefused('solved', 'pending')],
    },
    responses: { '412': { description: 'Precondition failed: the ticket changed since the version in If-Match', content: { 'application/json': { schema: lifecycle.TicketChangedResponse } } } },
  },
  AddTicketMessage: {
    tag: 'Tickets',
    summary: 'Add a message or an internal note to a ticket',
    description:
      '`role`: agent, customer or bot; `internal: true` makes an agent’s internal note (never sent to the customer, never in a chat notification’s text). ' +
      'A customer message reopens a `pending` or `solved` ticket; the first agent reply sets `firstResponseAt` and moves a `new` ticket to `open`. Honours `If-Match` like PATCH.',
    params: ticket.TicketIdParams,
    body: lifecycle.AddTicketMessageDocumented,
    ok: ticket.TicketResource,
    errors: {
      400: [lifecycle.ROLE_INVALID, lifecycle.CONTENT_REQUIRED, lifecycle.CONTENT_TOO_LONG, lifecycle.INTERNAL_INVALID, lifecycle.INTERNAL_AGENTS_ONLY, lifecycle.AUTHOR_TOO_LONG, lifecycle.unknownField('cc'), lifecycle.IF_MATCH_INVALID, INVALID_JSON],
      404: [ticket.TICKET_NOT_FOUND],
      409: [lifecycle.TICKET_CLOSED, lifecycle.TICKET_FULL],
    },
    responses: { '412': { description: 'Precondition failed: the ticket changed since the version in If-Match', content: { 'application/json': { schema: lifecycle.TicketChangedResponse } } } },
  },
  ListTicketEvents: {
    tag: 'Tickets',
    summary: 'A ticket’s activity, oldest first',
    description:
      'Types: created, categorised, assigned, status_changed, priority_changed, message_added, note_added, diagnosis_ready, incident_resolved. ' +
      '`actor`: api, mcp, system, or the `author` given. `changes` holds `{ from, to }` per changed field, or the message’s id, role and `internal`. ' +
      '`limit`: 1 to 100 (default 50). When `nextCursor` is not null, call again with `cursor` set to it.',
    params: ticket.TicketIdParams,
    query: lifecycle.TicketEventsParams,
    ok: lifecycle.TicketEventsResponse,
    errors: { 400: [lifecycle.EVENTS_LIMIT_INVALID, lifecycle.EVENTS_CURSOR_INVALID], 404: [ticket.TICKET_NOT_FOUND] },
  },
  SetTicketCategory: {
    tag: 'Tickets',
    summary: 'Set a ticket’s category (as an agent)',
    description: 'The category must exist in the organization; the label becomes an example the classifier learns from.',
    params: ticket.TicketIdParams,
    body: ticket.SetTicketCategoryBody,
    ok: ticket.TicketResource,
    errors: { 400: [ticket.CATEGORY_REQUIRED, ticket.categoryUnknown('Billing'), INVALID_JSON], 404: [ticket.TICKET_NOT_FOUND] },
  },
  // --- Telemetry ---
  IngestTelemetry: {
    tag: 'Telemetry',
    summary: 'Send telemetry: one record, or a batch under `records`',
    description:
      'Outside the `/api/ext-v1` prefix. Measurements are numbers; `timestamp` (ISO 8601 or epoch milliseconds) defaults to the receive time. ' +
      'An IoT rule destination’s confirmation request is answered without a key (`{ success, confirmed }`).',
    body: telemetry.TelemetryBody,
    ok: z.union([IngestTelemetryResponse, DestinationConfirmationResponse]),
    errors: {
      400: [
        telemetry.DEVICE_IDENTIFIER_REQUIRED,
        telemetry.NO_MEASUREMENT,
        telemetry.measurementNotNumber('temperature'),
        telemetry.TIMESTAMP_INVALID,
        telemetry.TIMESTAMP_IN_FUTURE,
        telemetry.RECORDS_NOT_ARRAY,
        telemetry.RECORDS_EMPTY,
        telemetry.RECORDS_TOO_MANY,
        INVALID_JSON,
      ],
    },
  },
  GetLatestTelemetry: {
    tag: 'Telemetry',
    summary: 'Latest value of each measurement of a device',
    params: device.DeviceIdentifierParams,
    ok: LatestTelemetryResponse,
    errors: { 404: [device.DEVICE_NOT_FOUND] },
  },
  QueryTelemetry: {
    tag: 'Telemetry',
    summary: 'A page of a device’s telemetry history',
    description: '`from`/`to`: ISO 8601 or epoch milliseconds, inclusive. `limit`: 1 to 1000 (default 100). Pass `nextCursor` back as `cursor` for the next page.',
    params: device.DeviceIdentifierParams,
    query: telemetry.HistoryQuery,
    ok: TelemetryHistoryResponse,
    errors: {
      400: [telemetry.LIMIT_INVALID, telemetry.ORDER_INVALID, telemetry.fromToInvalid('from'), telemetry.fromToInvalid('to'), telemetry.FROM_AFTER_TO, telemetry.CURSOR_INVALID],
      404: [device.DEVICE_NOT_FOUND],
    },
  },
  // --- Imports ---
  ListTelemetryImports: {
    tag: 'Imports',
    summary: 'The organization’s S3 backfill imports, newest first',
    query: ImportsQuery,
    ok: ImportListResponse,
    errors: { 400: [IMPORT_STATUS_INVALID, IMPORT_LIMIT_INVALID, IMPORT_CURSOR_INVALID] },
  },
  GetTelemetryImport: {
    tag: 'Imports',
    summary: 'One import with its first rejected rows',
    ok: ImportDetailResponse,
    errors: { 404: [IMPORT_NOT_FOUND] },
  },
  // --- Webhooks ---
  CreateWebhook: {
    tag: 'Webhooks',
    summary: 'Register a webhook endpoint',
    description:
      '`events`: event types (see the `webhooks` section) or `["*"]`. The URL must be https and its host must resolve to a public address. ' +
      'The answer is the only one that shows `secret` (`whsec_…`); verify each delivery with it. At most 10 endpoints per organization.',
    body: webhook.CreateWebhookBody,
    ok: webhook.WebhookWithSecretResponse,
    errors: {
      400: [INVALID_JSON, webhook.URL_REQUIRED, webhook.URL_INVALID, webhook.URL_NOT_HTTPS, webhook.URL_PRIVATE, webhook.URL_UNRESOLVABLE, webhook.URL_CREDENTIALS, webhook.EVENTS_REQUIRED, webhook.unknownEventType('ticket.deleted'), webhook.TOO_MANY_WEBHOOKS],
    },
  },
  ListWebhooks: { tag: 'Webhooks', summary: 'The organization’s webhook endpoints (no secrets)', ok: webhook.WebhookListResponse },
  GetWebhook: { tag: 'Webhooks', summary: 'One webhook endpoint (no secret)', ok: webhook.WebhookResource, errors: { 404: [webhook.WEBHOOK_NOT_FOUND] } },
  UpdateWebhook: {
    tag: 'Webhooks',
    summary: 'Change an endpoint’s url, events, description, or enable/disable it',
    description: 'Enabling an endpoint Fleetdesk disabled (after 50 failed deliveries in a row) resets its failure count.',
    body: webhook.UpdateWebhookBody,
    ok: webhook.WebhookResource,
    errors: { 400: [INVALID_JSON, webhook.NOTHING_TO_UPDATE, webhook.URL_NOT_HTTPS, webhook.URL_PRIVATE, webhook.ENABLED_INVALID, webhook.unknownEventType('ticket.deleted')], 404: [webhook.WEBHOOK_NOT_FOUND] },
  },
  DeleteWebhook: { tag: 'Webhooks', summary: 'Delete an endpoint', ok: webhook.DeleteWebhookResponse, errors: { 404: [webhook.WEBHOOK_NOT_FOUND] } },
  RotateWebhookSecret: {
    tag: 'Webhooks',
    summary: 'Rotate an endpoint’s secret',
    description: 'Returns the new secret. For 24 hours deliveries carry two signatures (new and old) in `webhook-signature`, so receivers can switch without losing events.',
    ok: webhook.WebhookWithSecretResponse,
    errors: { 404: [webhook.WEBHOOK_NOT_FOUND] },
  },
  TestWebhook: {
    tag: 'Webhooks',
    summary: 'Send a `webhook.test` event to the endpoint',
    ok: webhook.TestWebhookResponse,
    errors: { 404: [webhook.WEBHOOK_NOT_FOUND], 409: [webhook.WEBHOOK_DISABLED] },
  },
  ListWebhookDeliveries: {
    tag: 'Webhooks',
    summary: 'The endpoint’s delivery log: one entry per attempt, newest first',
    query: webhook.DeliveryListQuery,
    ok: webhook.DeliveryListResponse,
    errors: { 400: [webhook.DELIVERY_LIMIT_INVALID, webhook.DELIVERY_CURSOR_INVALID], 404: [webhook.WEBHOOK_NOT_FOUND] },
  },
  RedeliverWebhook: {
    tag: 'Webhooks',
    summary: 'Deliver an event to the endpoint again now (same `webhook-id`)',
    ok: webhook.RedeliverResponse,
    errors: { 404: [webhook.WEBHOOK_NOT_FOUND, webhook.DELIVERY_NOT_FOUND], 409: [webhook.WEBHOOK_DISABLED] },
  },
  // --- MCP ---
  McpPost: {
    tag: 'MCP',
    summary: 'MCP endpoint: send a JSON-RPC message (initialize, tools/list, tools/call, ...)',
    description: `${MCP_DESCRIPTION} The client must accept both \`application/json\` and \`text/event-stream\`; answers are JSON.`,
    body: z.union([JsonRpcMessage, z.array(JsonRpcMessage)]),
    ok: null,
    responses: {
      200: {
        description: 'The JSON-RPC response to a request (an array of them for a batch).',
        content: { 'application/json': { schema: z.union([JsonRpcResult, JsonRpcError, z.array(z.union([JsonRpcResult, JsonRpcError]))]) } },
      },
      202: { description: 'A notification or a response was accepted; no body.' },
      400: jsonRpcError('Not a valid JSON-RPC message, or an unsupported MCP protocol version.', 'Parse error: Invalid JSON'),
      406: jsonRpcError('The Accept header does not list both application/json and text/event-stream.', 'Not Acceptable: Client must accept both application/json and text/event-stream'),
      413: jsonRpcError('The body is larger than the API accepts (5 MiB).', 'Request body too large'),
      415: jsonRpcError('The body is not application/json.', 'Unsupported Media Type: Content-Type must be application/json'),
    },
  },
  McpGet: { tag: 'MCP', summary: 'MCP endpoint: server-initiated stream (not offered: 405)', description: MCP_DESCRIPTION, ok: null, responses: { 405: MCP_NOT_ALLOWED } },
  McpDelete: { tag: 'MCP', summary: 'MCP endpoint: end a session (stateless, none to end: 405)', description: MCP_DESCRIPTION, ok: null, responses: { 405: MCP_NOT_ALLOWED } },
  // --- Documentation ---
  OpenApiDocument: {
    tag: 'Documentation',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the route table and the zod schemas that validate requests. No key needed.',
    ok: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
  },
  DocsPage: {
    tag: 'Documentation',
    summary: 'The readable API docs page (Swagger UI)',
    description: 'Renders this document; every asset is served from `/api/ext-v1/docs/…`, so the page works offline. No key needed.',
    ok: null,
    responses: { 200: { description: 'The HTML page.', content: { 'text/html': { schema: { type: 'string' } } } } },
  },
  DocsAsset: {
    tag: 'Documentation',
    summary: 'A file of the docs page (Swagger UI’s stylesheet, script and icon)',
    params: z.object({ asset: z.enum(DOCS_ASSET_NAMES as [string, ...string[]]) }),
    ok: null,
    responses: {
      200: {
        description: 'The file (gzipped when the client accepts gzip).',
        content: Object.fromEntries(
          [...new Set([...Object.values(SWAGGER_UI_FILES), 'text/javascript; charset=utf-8'])].map((type) => [
            type.split(';')[0] as string,
            { schema: type.startsWith('image/') ? { type: 'string', contentMediaType: type } : { type: 'string' } },
          ]),
        ),
      },
    },
    errors: { 404: [NOT_FOUND_ROUTE] },
  },
};
