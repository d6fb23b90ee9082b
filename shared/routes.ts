/**
 * THE route table: one entry per endpoint, plain data. The local router (shared/http/local-router.ts)
 * and the CDK stack (lib/) both read it, so the API that runs locally and the one deployed
 * cannot drift. Paths use API Gateway syntax (`{name}` path parameters).
 */
import { LIVE_SOURCES, TELEMETRY_ENTITY } from './domain/anomaly/sources';
import { CHAT_OUTBOX, TICKET_ENTITY } from './domain/ticket/notification/outbox';
import { WEBHOOK_EVENT_ENTITY } from './domain/webhook/webhook-entities';
import { TICKET_EVENT_ENTITY } from './domain/ticket/ticket-event';

export type TableAccess = 'read' | 'readwrite';

/**
 * What a handler does beyond table access that the stack must configure for it:
 * - `chatOutbox`: stores tickets carrying their chat notification job; the stack tells it the
 *   table stream delivers them (otherwise it delivers in-process, as the local stack does).
 * - `classifier`: categorises tickets; the stack passes the configured classifier and, for
 *   Bedrock, the model id with the InvokeModel grant on that model.
 * - `diagnosis`: diagnoses tickets; the stack passes the configured generator (DIAGNOSIS) and, for
 *   Bedrock, the model id with the InvokeModel grant on that model.
 * - `connectorToken`: opens crash-reporting connector tokens; the stack passes the KMS key and
 *   grants kms:Decrypt on it (nothing else may decrypt them).
 * - `iotDestinations`: answers IoT rule destination confirmations (no key); the stack passes the
 *   accounts whose destination ARNs it accepts (this deployment's and `-c iotConnectorAccounts`).
 * - `webhookQueue`: queues webhook delivery attempts; the stack passes the WebhookDelivery queue's
 *   URL and grants SendMessage on it (without it, the local stack, attempts run in process).
 * - `consoleUsers`: manages console users (Settings > Team); the stack passes the Cognito user pool
 *   (`USER_POOL_ID`) and grants the AdminCreateUser/AddUserToGroup/RemoveUserFromGroup/DeleteUser
 *   calls on that pool only (without it, the local stack, invites are one-time sign-in links).
 * - `connectorTokenSeal` / `connectorSyncQueue`: the console's crash connector settings seal a new
 *   token (kms:GenerateDataKey on the connector key, no Decrypt: the function can never open a
 *   stored token) and queue "Sync now" on the ConnectorSync queue, whose worker holds the Decrypt grant.
 * - `webhookSecretSeal` / `webhookSecretOpen`: seals new webhook signing secrets / opens them to
 *   sign; the stack passes the KMS key (the connector tokens' key) and grants kms:GenerateDataKey
 *   / kms:Decrypt on it, only under the webhook secrets' encryption context.
 */
export type RouteCapability = 'chatOutbox' | 'classifier' | 'diagnosis' | 'connectorToken' | 'iotDestinations' | 'webhookQueue' | 'webhookSecretSeal' | 'webhookSecretOpen' | 'consoleUsers' | 'connectorTokenSeal' | 'connectorSyncQueue';

/**
 * How callers authenticate (read by the handler factory by route key, so the table decides):
 * - `apiKey` (default): the organization key in `x-api-key`.
 * - `apiKeyOrBearer`: also `Authorization: Bearer <key>`, which is what MCP clients send.
 * - `none`: public (the API description and its docs page); the handler never sees an organization.
 * - `user`: a person (the console, issue 18): a Cognito ID token verified by API Gateway's JWT
 *   authorizer in AWS, a locally signed session in `npm start`. The organization key gets 401.
 */
export type RouteAuth = 'apiKey' | 'apiKeyOrBearer' | 'none' | 'user';

/**
 * What a route answers:
 * - `api` (default): JSON; every error is `{ "error": "<text>" }` (spec 7).
 * - `mcp`: the MCP Streamable HTTP endpoint: JSON-RPC 2.0 bodies, whose errors are
 *   `{ "jsonrpc": "2.0", "error": { "code", "message" }, "id" }`; only the 401s are the API's shape.
 * - `page`: for people and browsers: HTML, CSS or JavaScript on success; errors as `api`.
 */
export type RouteKind = 'api' | 'mcp' | 'page';

export interface RouteDefinition {
  /** Stable id, used for the Lambda's construct id and function name. PascalCase. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Handler file, relative to the repository root; it exports `handler`. */
  entry: string;
  /** Least-privilege table access the handler needs; absent for a handler that never touches the table. */
  table?: TableAccess;
  /**
   * The function serving the route when several routes share one (the MCP endpoint's three
   * methods, the docs page and its assets); defaults to `id`. Routes naming the same function must
   * have the same entry and table access.
   */
  functionId?: string;
  auth?: RouteAuth;
  kind?: RouteKind;
  uses?: readonly RouteCapability[];
  /**
   * Honours the `Idempotency-Key` header (shared/http/handler.ts): one effect per organization and
   * key within 24 hours, the first response replayed. For POST routes that create.
   */
  idempotent?: true;
  /** Only for `auth: 'user'`: an agent gets 403 `Admins only` (checked in the handler factory). */
  adminOnly?: true;
}

/**
 * Which table-stream records invoke a worker: the event name, and string attributes of the
 * new image that must equal the given value (or one of the given values). The stack turns it
 * into the event source's filter, and the local stack's in-process stream applies the same
 * test (shared/local/table-stream.ts), so non-matching writes never invoke (or bill) the worker.
 */
export interface TableStreamFilter {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage: Readonly<Record<string, string | readonly string[]>>;
}

/** A Lambda fed by the table's stream (NEW_IMAGE) rather than by API Gateway. */
export interface WorkerDefinition {
  id: string;
  /** Handler file relative to the repository root; it exports `handler` (a DynamoDB stream handler with partial batch responses). */
  entry: string;
  source: 'tableStream';
  filter: TableStreamFilter;
  table: TableAccess;
  /** As for routes: a worker that creates tickets categorises them and stores them with their chat job. */
  uses?: readonly RouteCapability[];
}

/**
 * A Lambda run on a timer: an EventBridge schedule in AWS (`everyMinutes`), a timer in the local
 * stack (every minute, so a newcomer sees the effect quickly). The handler takes no input.
 */
export interface ScheduleDefinition {
  id: string;
  /** Handler file relative to the repository root; it exports `handler`. */
  entry: string;
  everyMinutes: number;
  /** CDK context key that overrides `everyMinutes` for a deployment (`-c <key>=<minutes>`). */
  everyMinutesContext?: string;
  /** The queue worker (by id) this schedule fans work out to: the stack passes its queue URL and grants SendMessage. */
  feeds?: string;
  table: TableAccess;
  uses?: readonly RouteCapability[];
}

/**
 * A Lambda fed by its own SQS queue (with a dead-letter queue after `maxReceiveCount` receives and
 * an alarm on it), one message at a time with partial batch responses. Functions that feed it
 * (a schedule's `feeds`, and the worker itself for continuations) find the queue URL in
 * `queueUrlEnv`; without it (the local stack) they do the work in process.
 */
export interface QueueWorkerDefinition {
  id: string;
  /** Handler file relative to the repository root; it exports `handler` (an SQS handler with partial batch responses). */
  entry: string;
  source: 'queue';
  queueUrlEnv: string;
  table: TableAccess;
  /** Function timeout; the queue's visibility timeout is six times it. */
  timeoutSeconds: number;
  maxReceiveCount: number;
  /** Alarm when the oldest message has waited this long (the worker is falling behind). */
  alarmOnAgeMinutes?: number;
  uses?: readonly RouteCapability[];
}

export const API_PREFIX = '/api/ext-v1';
/** The console's API (issue 18): every route takes a user session only; the organization key gets 401. */
export const CONSOLE_PREFIX = '/api/console/v1';
/** The MCP endpoint: `{host_url}/api/mcp`, outside the v1 prefix like `/api/telemetry`. */
export const MCP_PATH = '/api/mcp';
const MCP_ENTRY = 'functions/http/mcp/mcp.ts';
const DOCS_ENTRY = 'functions/http/docs/docs-page.ts';
/**
 * Route groups served by one function each (shared/http/route-group.ts): one function per route put
 * the stack over CloudFormation's 500-resource limit. Every route of a group has the group's entry,
 * the union of its members' table access and capabilities; auth and flags stay per route.
 */
const WEBHOOKS_ENTRY = 'functions/http/groups/webhooks-api.ts';

/**
 * The console's API (issue 18) as route groups by feature, each a function of its own (issue 21: each
 * within the request-path bundle budget; docs/performance.md). The stack puts all but the catch-all in a
 * nested stack (lib/route-groups.ts, `isRouteGroupFunction`), which has its own 500 resources.
 * `uses` is the union of what the group's routes need; table access is `readwrite` for all of them.
 */
export const CONSOLE_GROUPS = {
  // Who is signed in, sign-out, Settings > Team (the Cognito users), the developer key, and every console path no route
  // declares (the catch-all greedy route, PROXY_ROUTES: the group answers 404 behind the authorizer).
  ConsoleApi: { entry: 'functions/http/groups/console-api.ts', uses: ['consoleUsers'] },
  // The queue and search.
  ConsoleQueueApi: { entry: 'functions/http/groups/console-queue-api.ts', uses: [] },
  // A ticket's page and its activity.
  ConsoleTicketPageApi: { entry: 'functions/http/groups/console-ticket-page-api.ts', uses: [] },
  // Working a case: status/assignee/category changes, replies and notes, bulk work (the chat outbox).
  ConsoleTicketWorkApi: { entry: 'functions/http/groups/console-ticket-work-api.ts', uses: ['chatOutbox'] },
  // A device's page (health, incidents) and its telemetry series.
  ConsoleDevicesApi: { entry: 'functions/http/groups/console-devices-api.ts', uses: [] },
  // A customer's page.
  ConsoleCustomersApi: { entry: 'functions/http/groups/console-customers-api.ts', uses: [] },
  // Webhook endpoints (issue 19): test sends and redeliveries are queued, new signing secrets sealed.
  ConsoleWebhooksApi: { entry: 'functions/http/groups/console-webhooks-api.ts', uses: ['webhookQueue', 'webhookSecretSeal'] },
  // Ticket configuration (categories, routing rules), chat (sends a test line) and automation settings.
  ConsoleSettingsApi: { entry: 'functions/http/groups/console-settings-api.ts', uses: ['chatOutbox'] },
  // The crash connector (seals a new token, queues "Sync now").
  ConsoleConnectorApi: { entry: 'functions/http/groups/console-connector-api.ts', uses: ['connectorTokenSeal', 'connectorSyncQueue'] },
  // Backfill prefix mappings and imports, monitor threshold rules.
  ConsoleBackfillApi: { entry: 'functions/http/groups/console-backfill-api.ts', uses: [] },
} as const satisfies Record<string, { entry: string; uses: readonly RouteCapability[] }>;
export type ConsoleGroupId = keyof typeof CONSOLE_GROUPS;

/**
 * Functions whose routes API Gateway reaches through ONE greedy route (`ANY <prefix>/{proxy+}`) instead
 * of one route each: the group matches the path against its members' entries itself
 * (shared/http/route-group.ts), so each member keeps its own auth/admin/idempotency flags. Only the
 * console's catch-all: every other console group is reached by its routes' own keys, which API Gateway
 * prefers to a greedy route, so no group shadows another (test/unit/console/console-group.test.ts
 * checks every console route lands in its function). Locally the router matches every route directly.
 */
export const PROXY_ROUTES: Readonly<Record<string, string>> = {
  ConsoleApi: `${CONSOLE_PREFIX}/{proxy+}`,
};

/** The route key API Gateway matches for a route: its own, or its group's greedy route. */
export function gatewayRouteKey(route: Pick<RouteDefinition, 'id' | 'functionId' | 'method' | 'path'>): string {
  const proxy = PROXY_ROUTES[route.functionId ?? route.id];
  return proxy !== undefined ? `ANY ${proxy}` : `${route.method} ${route.path}`;
}

export const routes: readonly RouteDefinition[] = [
  // --- Devices (spec 4.1, 4.2, plus read-back) ---
  { id: 'UpsertDevice', method: 'POST', path: `${API_PREFIX}/device`, entry: 'functions/http/device/upsert-device.ts', table: 'readwrite' },
  // --- Device connections to the crash-reporting service (issue 11) ---
  { id: 'PutDeviceConnection', method: 'PUT', path: `${API_PREFIX}/device/{identifier}/connection`, entry: 'functions/http/device/put-device-connection.ts', table: 'readwrite' },
  { id: 'DeleteDeviceConnection', method: 'DELETE', path: `${API_PREFIX}/device/{identifier}/connection`, entry: 'functions/http/device/delete-device-connection.ts', table: 'readwrite' },
  { id: 'BulkDeviceMetadata', method: 'POST', path: `${API_PREFIX}/device/bulk-metadata`, entry: 'functions/http/device/bulk-metadata.ts', table: 'readwrite' },
  { id: 'GetDevice', method: 'GET', path: `${API_PREFIX}/device/{identifier}`, entry: 'functions/http/device/get-device.ts', table: 'read' },
  // --- Customers (spec 4.3 - 4.5) ---
  { id: 'CreateOrUpdateCustomer', method: 'POST', path: `${API_PREFIX}/customer/createOrUpdateCustomer`, entry: 'functions/http/customer/create-or-update-customer.ts', table: 'readwrite' },
  { id: 'QueryCustomer', method: 'POST', path: `${API_PREFIX}/customer/queryCustomer`, entry: 'functions/http/customer/query-customer.ts', table: 'read' },
  { id: 'GetCustomer', method: 'GET', path: `${API_PREFIX}/customer/getCustomer/{serviceCustomerId}`, entry: 'functions/http/customer/get-customer.ts', table: 'read' },
  // The empty-id form (`/customer/getCustomer/`) must reach the handler to answer 400 `Customer ID is required`.
  { id: 'GetCustomerWithoutId', method: 'GET', path: `${API_PREFIX}/customer/getCustomer`, entry: 'functions/http/customer/get-customer.ts', table: 'read' },
  // --- Device assignment (spec 4.6 - 4.9) ---
  { id: 'AssignDeviceToOwners', method: 'POST', path: `${API_PREFIX}/deviceAssignment/assignDeviceToOwners`, entry: 'functions/http/deviceAssignment/assign-device-to-owners.ts', table: 'readwrite', idempotent: true },
  { id: 'AssignDevicesToOwner', method: 'POST', path: `${API_PREFIX}/deviceAssignment/assignDevicesToOwner`, entry: 'functions/http/deviceAssignment/assign-devices-to-owner.ts', table: 'readwrite', idempotent: true },
  { id: 'UnassignDeviceFromOwner', method: 'POST', path: `${API_PREFIX}/deviceAssignment/unassignDeviceFromOwner`, entry: 'functions/http/deviceAssignment/unassign-device-from-owner.ts', table: 'readwrite' },
  { id: 'UnassignDevicesFromOwner', method: 'POST', path: `${API_PREFIX}/deviceAssignment/unassignDevicesFromOwner`, entry: 'functions/http/deviceAssignment/unassign-devices-from-owner.ts', table: 'readwrite' },
  // --- Tickets (spec 4.10) ---
  { id: 'CreateTicket', method: 'POST', path: `${API_PREFIX}/ticket/createTicket`, entry: 'functions/http/ticket/create-ticket.ts', table: 'readwrite', uses: ['chatOutbox', 'classifier'], idempotent: true },
  { id: 'GetTicket', method: 'GET', path: `${API_PREFIX}/ticket/{ticketId}`, entry: 'functions/http/ticket/get-ticket.ts', table: 'read' },
  // Not in the spec (issue 10): the organization's tickets, newest first, filtered by source, device or customer.
  { id: 'ListTickets', method: 'GET', path: `${API_PREFIX}/ticket`, entry: 'functions/http/ticket/list-tickets.ts', table: 'read' },
  // Not in the spec: a person sets the category; it becomes an example the classifier learns from (README, Categorisation).
  // Issue 16: the ticket lifecycle (statuses, replies and internal notes, activity; If-Match on changes).
  { id: 'UpdateTicket', method: 'PATCH', path: `${API_PREFIX}/ticket/{ticketId}`, entry: 'functions/http/ticket/patch-ticket.ts', table: 'readwrite', uses: ['chatOutbox'] },
  { id: 'AddTicketMessage', method: 'POST', path: `${API_PREFIX}/ticket/{ticketId}/messages`, entry: 'functions/http/ticket/add-ticket-message.ts', table: 'readwrite', uses: ['chatOutbox'] },
  { id: 'ListTicketEvents', method: 'GET', path: `${API_PREFIX}/ticket/{ticketId}/events`, entry: 'functions/http/ticket/list-ticket-events.ts', table: 'read' },
  { id: 'SetTicketCategory', method: 'POST', path: `${API_PREFIX}/ticket/{ticketId}/category`, entry: 'functions/http/ticket/set-ticket-category.ts', table: 'readwrite' },
  // --- Telemetry (spec 1, 4.11): ingestion outside the v1 prefix, read-back under it ---
  { id: 'IngestTelemetry', method: 'POST', path: '/api/telemetry', entry: 'functions/http/telemetry/ingest-telemetry.ts', table: 'readwrite', uses: ['iotDestinations'] },
  { id: 'GetLatestTelemetry', method: 'GET', path: `${API_PREFIX}/device/{identifier}/telemetry/latest`, entry: 'functions/http/telemetry/get-latest-telemetry.ts', table: 'read' },
  { id: 'QueryTelemetry', method: 'GET', path: `${API_PREFIX}/device/{identifier}/telemetry`, entry: 'functions/http/telemetry/query-telemetry.ts', table: 'read' },
  // --- Proactive support (issue 10): a device's anomaly incidents ---
  { id: 'ListDeviceIncidents', method: 'GET', path: `${API_PREFIX}/device/{identifier}/incidents`, entry: 'functions/http/device/list-device-incidents.ts', table: 'read' },
  // --- S3 backfill imports (issue 9): status of the organization's imports ---
  { id: 'ListTelemetryImports', method: 'GET', path: `${API_PREFIX}/telemetry/imports`, entry: 'functions/http/telemetry/list-imports.ts', table: 'read' },
  { id: 'GetTelemetryImport', method: 'GET', path: `${API_PREFIX}/telemetry/imports/{importId}`, entry: 'functions/http/telemetry/get-import.ts', table: 'read' },
  // --- Outgoing webhooks (issue 19): endpoints, their delivery log, redelivery ---
  { functionId: 'WebhooksApi', id: 'CreateWebhook', method: 'POST', path: `${API_PREFIX}/webhooks`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'], idempotent: true },
  { functionId: 'WebhooksApi', id: 'ListWebhooks', method: 'GET', path: `${API_PREFIX}/webhooks`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'] },
  { functionId: 'WebhooksApi', id: 'GetWebhook', method: 'GET', path: `${API_PREFIX}/webhooks/{webhookId}`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'] },
  { functionId: 'WebhooksApi', id: 'UpdateWebhook', method: 'PATCH', path: `${API_PREFIX}/webhooks/{webhookId}`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'] },
  { functionId: 'WebhooksApi', id: 'DeleteWebhook', method: 'DELETE', path: `${API_PREFIX}/webhooks/{webhookId}`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'] },
  { functionId: 'WebhooksApi', id: 'RotateWebhookSecret', method: 'POST', path: `${API_PREFIX}/webhooks/{webhookId}/rotate-secret`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'] },
  { functionId: 'WebhooksApi', id: 'TestWebhook', method: 'POST', path: `${API_PREFIX}/webhooks/{webhookId}/test`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'] },
  { functionId: 'WebhooksApi', id: 'ListWebhookDeliveries', method: 'GET', path: `${API_PREFIX}/webhooks/{webhookId}/deliveries`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'] },
  { functionId: 'WebhooksApi', id: 'RedeliverWebhook', method: 'POST', path: `${API_PREFIX}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver`, entry: WEBHOOKS_ENTRY, table: 'readwrite', uses: ['webhookQueue', 'webhookSecretSeal'] },
  // --- MCP tool server (issue 12): Streamable HTTP, stateless, one function for the transport's three methods ---
  { id: 'McpPost', functionId: 'Mcp', method: 'POST', path: MCP_PATH, entry: MCP_ENTRY, table: 'readwrite', uses: ['chatOutbox', 'classifier'], auth: 'apiKeyOrBearer', kind: 'mcp' },
  // Stateless mode offers no server-initiated stream and no session to end: both answer 405 (MCP transport spec).
  { id: 'McpGet', functionId: 'Mcp', method: 'GET', path: MCP_PATH, entry: MCP_ENTRY, table: 'readwrite', uses: ['chatOutbox', 'classifier'], auth: 'apiKeyOrBearer', kind: 'mcp' },
  { id: 'McpDelete', functionId: 'Mcp', method: 'DELETE', path: MCP_PATH, entry: MCP_ENTRY, table: 'readwrite', uses: ['chatOutbox', 'classifier'], auth: 'apiKeyOrBearer', kind: 'mcp' },
  // --- API description (issue 12): generated from this table and the zod schemas; public ---
  { id: 'OpenApiDocument', method: 'GET', path: `${API_PREFIX}/openapi.json`, entry: 'functions/http/docs/openapi-document.ts', auth: 'none' },
  { id: 'DocsPage', functionId: 'ApiDocs', method: 'GET', path: `${API_PREFIX}/docs`, entry: DOCS_ENTRY, auth: 'none', kind: 'page' },
  { id: 'DocsAsset', functionId: 'ApiDocs', method: 'GET', path: `${API_PREFIX}/docs/{asset}`, entry: DOCS_ENTRY, auth: 'none', kind: 'page' },
  // --- Support console (issue 18): people, not integrators; API Gateway's JWT authorizer in AWS ---
  ...consoleRoutes(),
];

function consoleRoutes(): RouteDefinition[] {
  const c = (id: string, method: RouteDefinition['method'], path: string, group: ConsoleGroupId, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
    id: `Console${id}`,
    method,
    path: `${CONSOLE_PREFIX}${path}`,
    // One function per group (CONSOLE_GROUPS), each dispatching to its routes' handlers in functions/http/console/.
    functionId: group,
    entry: CONSOLE_GROUPS[group].entry,
    ...(CONSOLE_GROUPS[group].uses.length > 0 ? { uses: CONSOLE_GROUPS[group].uses as readonly RouteCapability[] } : {}),
    table: 'readwrite',
    auth: 'user',
    ...extra,
  });
  return [
    c('Me', 'GET', '/me', 'ConsoleApi'),
    c('SignOut', 'POST', '/session/sign-out', 'ConsoleApi'),
    c('Queue', 'GET', '/tickets', 'ConsoleQueueApi'),
    c('TicketPage', 'GET', '/tickets/{ticketId}', 'ConsoleTicketPageApi'),
    // Working a case (issue 16's lifecycle): the ext-v1 services with the signed-in person as actor/author.
    c('UpdateTicket', 'PATCH', '/tickets/{ticketId}', 'ConsoleTicketWorkApi'),
    c('AddTicketMessage', 'POST', '/tickets/{ticketId}/messages', 'ConsoleTicketWorkApi'),
    c('TicketEvents', 'GET', '/tickets/{ticketId}/events', 'ConsoleTicketPageApi'),
    c('DevicePage', 'GET', '/devices/{identifier}', 'ConsoleDevicesApi'),
    c('DeviceSeries', 'GET', '/devices/{identifier}/series', 'ConsoleDevicesApi'),
    c('CustomerPage', 'GET', '/customers/{customerId}', 'ConsoleCustomersApi'),
    c('Search', 'GET', '/search', 'ConsoleQueueApi'),
    c('DeveloperSettings', 'GET', '/settings/developer', 'ConsoleApi', { adminOnly: true }),
    c('RegenerateKey', 'POST', '/settings/developer/regenerate', 'ConsoleApi', { adminOnly: true }),
    c('ListUsers', 'GET', '/users', 'ConsoleApi', { adminOnly: true }),
    // Settings (issue 18): categories, routing, chat, auto-close/proactive, team
    c('ListCategories', 'GET', '/settings/categories', 'ConsoleSettingsApi', { adminOnly: true }),
    c('AddCategory', 'POST', '/settings/categories', 'ConsoleSettingsApi', { adminOnly: true }),
    c('UpdateCategory', 'PATCH', '/settings/categories/{name}', 'ConsoleSettingsApi', { adminOnly: true }),
    c('ListRoutingRules', 'GET', '/settings/routing-rules', 'ConsoleSettingsApi', { adminOnly: true }),
    c('AddRoutingRule', 'POST', '/settings/routing-rules', 'ConsoleSettingsApi', { adminOnly: true }),
    c('RemoveRoutingRule', 'DELETE', '/settings/routing-rules/{position}', 'ConsoleSettingsApi', { adminOnly: true }),
    c('MoveRoutingRule', 'POST', '/settings/routing-rules/{position}/move', 'ConsoleSettingsApi', { adminOnly: true }),
    c('ChatSettings', 'GET', '/settings/chat', 'ConsoleSettingsApi', { adminOnly: true }),
    c('UpdateChatSettings', 'PATCH', '/settings/chat', 'ConsoleSettingsApi', { adminOnly: true }),
    c('SetChatWebhook', 'PUT', '/settings/chat/webhook', 'ConsoleSettingsApi', { adminOnly: true }),
    c('ClearChatWebhook', 'DELETE', '/settings/chat/webhook', 'ConsoleSettingsApi', { adminOnly: true }),
    c('TestChatWebhook', 'POST', '/settings/chat/test', 'ConsoleSettingsApi', { adminOnly: true }),
    c('AutomationSettings', 'GET', '/settings/automation', 'ConsoleSettingsApi', { adminOnly: true }),
    c('UpdateAutomationSettings', 'PATCH', '/settings/automation', 'ConsoleSettingsApi', { adminOnly: true }),
    c('InviteUser', 'POST', '/users', 'ConsoleApi', { adminOnly: true }),
    c('ChangeUserRole', 'PATCH', '/users/{userId}', 'ConsoleApi', { adminOnly: true }),
    c('RemoveUser', 'DELETE', '/users/{userId}', 'ConsoleApi', { adminOnly: true }),
    // Integrations and bulk work (issues 18, 19)
    // Bulk assign / bulk status from the queue: each ticket through the lifecycle service, version-checked.
    c('BulkUpdateTickets', 'POST', '/tickets/bulk', 'ConsoleTicketWorkApi'),
    // Webhook endpoints (issue 19) from the console: the ext-v1 handlers and services, admins only.
    c('CreateWebhook', 'POST', '/webhooks', 'ConsoleWebhooksApi', { adminOnly: true, idempotent: true }),
    c('ListWebhooks', 'GET', '/webhooks', 'ConsoleWebhooksApi', { adminOnly: true }),
    c('GetWebhook', 'GET', '/webhooks/{webhookId}', 'ConsoleWebhooksApi', { adminOnly: true }),
    c('UpdateWebhook', 'PATCH', '/webhooks/{webhookId}', 'ConsoleWebhooksApi', { adminOnly: true }),
    c('DeleteWebhook', 'DELETE', '/webhooks/{webhookId}', 'ConsoleWebhooksApi', { adminOnly: true }),
    c('RotateWebhookSecret', 'POST', '/webhooks/{webhookId}/rotate-secret', 'ConsoleWebhooksApi', { adminOnly: true }),
    c('TestWebhook', 'POST', '/webhooks/{webhookId}/test', 'ConsoleWebhooksApi', { adminOnly: true }),
    c('ListWebhookDeliveries', 'GET', '/webhooks/{webhookId}/deliveries', 'ConsoleWebhooksApi', { adminOnly: true }),
    c('RedeliverWebhook', 'POST', '/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', 'ConsoleWebhooksApi', { adminOnly: true }),
    // Crash connector (`connector set|show|remove|sync`): the token is write-only.
    c('GetConnector', 'GET', '/settings/connector', 'ConsoleConnectorApi', { adminOnly: true }),
    c('SetConnector', 'PUT', '/settings/connector', 'ConsoleConnectorApi', { adminOnly: true }),
    c('RemoveConnector', 'DELETE', '/settings/connector', 'ConsoleConnectorApi', { adminOnly: true }),
    c('SyncConnector', 'POST', '/settings/connector/sync', 'ConsoleConnectorApi', { adminOnly: true }),
    // Backfill prefix mappings (`mapping add|list|remove`) and the imports they started.
    c('ListBackfillMappings', 'GET', '/settings/backfill-mappings', 'ConsoleBackfillApi', { adminOnly: true }),
    c('AddBackfillMapping', 'POST', '/settings/backfill-mappings', 'ConsoleBackfillApi', { adminOnly: true }),
    c('RemoveBackfillMapping', 'DELETE', '/settings/backfill-mappings', 'ConsoleBackfillApi', { adminOnly: true }),
    c('ListBackfillImports', 'GET', '/settings/backfill-imports', 'ConsoleBackfillApi', { adminOnly: true }),
    // Monitor threshold rules (`monitor rule add|list|remove`).
    c('ListMonitorRules', 'GET', '/settings/monitor-rules', 'ConsoleBackfillApi', { adminOnly: true }),
    c('AddMonitorRule', 'POST', '/settings/monitor-rules', 'ConsoleBackfillApi', { adminOnly: true }),
    c('RemoveMonitorRule', 'DELETE', '/settings/monitor-rules/{ruleId}', 'ConsoleBackfillApi', { adminOnly: true }),
  ];
}

/**
 * Routes integrators call with the organization key (and the public description): what the OpenAPI
 * document describes. The console's person routes (`auth: 'user'`) are the console's own API, documented in docs/console.md.
 */
export const integratorRoutes: readonly RouteDefinition[] = routes.filter((r) => r.auth !== 'user');

/** Table-stream workers; the CDK stack creates one function per entry with a filtered stream event source and a DLQ. */
export const workers: readonly WorkerDefinition[] = [
  {
    id: 'ChatNotifier',
    entry: 'functions/workers/chat-notifier.ts',
    source: 'tableStream',
    // New tickets, and ticket events (solved, customer messages: issue 16), that carry a chat notification job (the outbox); reads the webhook URL.
    filter: { eventName: 'INSERT', newImage: { entity: [TICKET_ENTITY, TICKET_EVENT_ENTITY], [CHAT_OUTBOX.markerAttribute]: CHAT_OUTBOX.markerValue } },
    table: 'read',
  },
  {
    id: 'AnomalyDetector',
    entry: 'functions/workers/anomaly-detector.ts',
    source: 'tableStream',
    // New telemetry records of live sources (never an S3 backfill); opens incidents and their proactive tickets.
    filter: { eventName: 'INSERT', newImage: { entity: TELEMETRY_ENTITY, source: LIVE_SOURCES } },
    table: 'readwrite',
    uses: ['chatOutbox', 'classifier'],
  },
  {
    id: 'TicketDiagnosis',
    entry: 'functions/workers/ticket-diagnosis.ts',
    source: 'tableStream',
    // Every new ticket (API or proactive) is stored with a pending diagnosis; this fills it in.
    filter: { eventName: 'INSERT', newImage: { entity: TICKET_ENTITY } },
    table: 'readwrite',
    uses: ['diagnosis'],
  },
  {
    id: 'WebhookFanOut',
    entry: 'functions/workers/webhook-fan-out.ts',
    source: 'tableStream',
    // Ticket activity events and webhook outbox items: one delivery per subscribed endpoint, queued for WebhookDelivery.
    filter: { eventName: 'INSERT', newImage: { entity: [TICKET_EVENT_ENTITY, WEBHOOK_EVENT_ENTITY] } },
    table: 'readwrite',
    uses: ['webhookQueue'],
  },
];

/** Timed functions; the CDK stack gives each an EventBridge schedule, the local stack a timer. */
export const schedules: readonly ScheduleDefinition[] = [
  // Devices silent for longer than their own cadence explains: dropout incidents (docs/anomaly-detection.md).
  // In AWS it fans out one job per organization to the DropoutSweep queue (issue 23 #2); locally it sweeps in process.
  { id: 'DropoutSweep', entry: 'functions/schedules/dropout-sweep.ts', everyMinutes: 5, feeds: 'DropoutSweepWorker', table: 'readwrite', uses: ['chatOutbox', 'classifier'] },
  // Backfill imports whose lease ran out without progress become failed with a reason (issue 17; docs/telemetry.md).
  // Every IMPORT_SWEEP_MINUTES (backfill.schema.ts; a literal here keeps the route table free of domain imports).
  { id: 'BackfillSweep', entry: 'functions/schedules/backfill-sweep.ts', everyMinutes: 5, table: 'readwrite' },
  // Solved tickets close by themselves after the org's auto-close days (issue 16, `org set-auto-close`).
  { id: 'TicketAutoClose', entry: 'functions/schedules/ticket-auto-close.ts', everyMinutes: 60, table: 'readwrite', uses: ['chatOutbox'] },
  // Crash-reporting sync (issue 11): one job per organization with a connector, to the ConnectorSync queue.
  // Locally (no queue) it syncs in process, once per sync window per organization.
  {
    id: 'ConnectorSyncSchedule',
    entry: 'functions/schedules/connector-sync-schedule.ts',
    everyMinutes: 15,
    everyMinutesContext: 'connectorSyncMinutes',
    feeds: 'ConnectorSync',
    table: 'readwrite',
    uses: ['connectorToken'],
  },
  // Webhook deliveries whose next attempt is due: waits beyond SQS's 15-minute delay, and what a lost message left.
  { id: 'WebhookSweep', entry: 'functions/schedules/webhook-sweep.ts', everyMinutes: 1, feeds: 'WebhookDelivery', table: 'read' },
];

/** Queue-fed workers; the CDK stack creates the queue, its dead-letter queue and alarm, and the function. */
export const queueWorkers: readonly QueueWorkerDefinition[] = [
  // One organization's crash-reporting sync per message; continues itself with a follow-up message when out of time.
  { id: 'ConnectorSync', entry: 'functions/workers/connector-sync.ts', source: 'queue', queueUrlEnv: 'CONNECTOR_SYNC_QUEUE_URL', table: 'readwrite', timeoutSeconds: 300, maxReceiveCount: 3, uses: ['connectorToken'] },
  // One organization's dropout sweep per message; a device that fails is skipped, then fails the message (DLQ + alarm).
  { id: 'DropoutSweepWorker', entry: 'functions/workers/dropout-sweep.ts', source: 'queue', queueUrlEnv: 'DROPOUT_SWEEP_QUEUE_URL', table: 'readwrite', timeoutSeconds: 300, maxReceiveCount: 3, uses: ['chatOutbox', 'classifier'] },
  // One webhook delivery attempt per message (10 s HTTP timeout); retries come back as delayed messages or from WebhookSweep.
  { id: 'WebhookDelivery', entry: 'functions/workers/webhook-delivery.ts', source: 'queue', queueUrlEnv: 'WEBHOOK_DELIVERY_QUEUE_URL', table: 'readwrite', timeoutSeconds: 30, maxReceiveCount: 5, alarmOnAgeMinutes: 30, uses: ['webhookSecretOpen'] },
];

/**
 * A Lambda invoked asynchronously by an event source outside API Gateway: an IoT Core topic rule
 * (`iotRule`, see shared/domain/telemetry/mqtt.ts) or an S3 object notification (`s3`). The
 * stack gives each one a dead-letter place for failed invocations; the local stack feeds it from
 * its own broker or S3.
 */
export interface IngestionDefinition {
  id: string;
  /** Handler file relative to the repository root; it exports `handler`. */
  entry: string;
  source: 'iotRule' | 's3';
  table: TableAccess;
}

export const ingestion: readonly IngestionDefinition[] = [
  { id: 'IotTelemetryIngest', entry: 'functions/ingest/iot.ts', source: 'iotRule', table: 'readwrite' },
  // Gzipped CSV under backfill/{organizationId}/ in the backfill bucket (lib/constructs/backfill-bucket.ts).
  { id: 'S3BackfillIngest', entry: 'functions/ingest/s3.ts', source: 's3', table: 'readwrite' },
];

/**
 * The answer to every request no route matches: the HTTP API's `$default` route and the local
 * router's fallback. Not in `routes`: it has no method or path, no auth and no table access.
 */
export const notFoundRoute = {
  id: 'NotFound',
  entry: 'functions/http/not-found.ts',
  /**
   * Routes whose trailing-slash form (`POST /api/telemetry/`, where IoT Core sends a destination's
   * confirmation; `GET …/getCustomer/`, the spec's empty id) the fallback serves with the route's own
   * handler: an HTTP API does not match `/x/` to a route `/x`, and refuses route keys ending in `/`.
   * The stack gives the fallback these routes' table access and capabilities; they take no path parameters.
   */
  slashForms: ['IngestTelemetry', 'GetCustomerWithoutId'],
} as const;
