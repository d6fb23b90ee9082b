/**
 * THE route table: one entry per endpoint, plain data. The local router (shared/http/local-router.ts)
 * and the CDK stack (lib/) both read it, so the API that runs locally and the one deployed
 * cannot drift. Paths use API Gateway syntax (`{name}` path parameters).
 */
import { CHAT_OUTBOX, TICKET_ENTITY } from './domain/ticket/notification/outbox';

export type TableAccess = 'read' | 'readwrite';

/**
 * What a handler does beyond table access that the stack must configure for it:
 * - `chatOutbox`: stores tickets carrying their chat notification job; the stack tells it the
 *   table stream delivers them (otherwise it delivers in-process, as the local stack does).
 * - `classifier`: categorises tickets; the stack passes the configured classifier and, for
 *   Bedrock, the model id with the InvokeModel grant on that model.
 */
export type RouteCapability = 'chatOutbox' | 'classifier';

export interface RouteDefinition {
  /** Stable id, used for the Lambda's construct id and function name. PascalCase. */
  id: string;
  method: 'GET' | 'POST';
  path: string;
  /** Handler file, relative to the repository root; it exports `handler`. */
  entry: string;
  /** Least-privilege table access the handler needs. */
  table: TableAccess;
  uses?: readonly RouteCapability[];
}

/**
 * Which table-stream records invoke a worker: the event name, and string attributes of the
 * new image that must equal the given values. The stack turns it into the event source's
 * filter, so non-matching writes never invoke (or bill) the worker.
 */
export interface TableStreamFilter {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage: Readonly<Record<string, string>>;
}

/** A Lambda fed by the table's stream (NEW_IMAGE) rather than by API Gateway. */
export interface WorkerDefinition {
  id: string;
  /** Handler file relative to the repository root; it exports `handler` (a DynamoDB stream handler with partial batch responses). */
  entry: string;
  source: 'tableStream';
  filter: TableStreamFilter;
  table: TableAccess;
}

export const API_PREFIX = '/api/ext-v1';

export const routes: readonly RouteDefinition[] = [
  // --- Devices (spec 4.1, 4.2, plus read-back) ---
  { id: 'UpsertDevice', method: 'POST', path: `${API_PREFIX}/device`, entry: 'functions/http/device/upsert-device.ts', table: 'readwrite' },
  { id: 'BulkDeviceMetadata', method: 'POST', path: `${API_PREFIX}/device/bulk-metadata`, entry: 'functions/http/device/bulk-metadata.ts', table: 'readwrite' },
  { id: 'GetDevice', method: 'GET', path: `${API_PREFIX}/device/{identifier}`, entry: 'functions/http/device/get-device.ts', table: 'read' },
  // --- Customers (spec 4.3 - 4.5) ---
  { id: 'CreateOrUpdateCustomer', method: 'POST', path: `${API_PREFIX}/customer/createOrUpdateCustomer`, entry: 'functions/http/customer/create-or-update-customer.ts', table: 'readwrite' },
  { id: 'QueryCustomer', method: 'POST', path: `${API_PREFIX}/customer/queryCustomer`, entry: 'functions/http/customer/query-customer.ts', table: 'read' },
  { id: 'GetCustomer', method: 'GET', path: `${API_PREFIX}/customer/getCustomer/{serviceCustomerId}`, entry: 'functions/http/customer/get-customer.ts', table: 'read' },
  // The empty-id form (`/customer/getCustomer/`) must reach the handler to answer 400 `Customer ID is required`.
  { id: 'GetCustomerWithoutId', method: 'GET', path: `${API_PREFIX}/customer/getCustomer`, entry: 'functions/http/customer/get-customer.ts', table: 'read' },
  // --- Device assignment (spec 4.6 - 4.9) ---
  { id: 'AssignDeviceToOwners', method: 'POST', path: `${API_PREFIX}/deviceAssignment/assignDeviceToOwners`, entry: 'functions/http/deviceAssignment/assign-device-to-owners.ts', table: 'readwrite' },
  { id: 'AssignDevicesToOwner', method: 'POST', path: `${API_PREFIX}/deviceAssignment/assignDevicesToOwner`, entry: 'functions/http/deviceAssignment/assign-devices-to-owner.ts', table: 'readwrite' },
  { id: 'UnassignDeviceFromOwner', method: 'POST', path: `${API_PREFIX}/deviceAssignment/unassignDeviceFromOwner`, entry: 'functions/http/deviceAssignment/unassign-device-from-owner.ts', table: 'readwrite' },
  { id: 'UnassignDevicesFromOwner', method: 'POST', path: `${API_PREFIX}/deviceAssignment/unassignDevicesFromOwner`, entry: 'functions/http/deviceAssignment/unassign-devices-from-owner.ts', table: 'readwrite' },
  // --- Tickets (spec 4.10) ---
  { id: 'CreateTicket', method: 'POST', path: `${API_PREFIX}/ticket/createTicket`, entry: 'functions/http/ticket/create-ticket.ts', table: 'readwrite', uses: ['chatOutbox', 'classifier'] },
  { id: 'GetTicket', method: 'GET', path: `${API_PREFIX}/ticket/{ticketId}`, entry: 'functions/http/ticket/get-ticket.ts', table: 'read' },
];

/** Table-stream workers; the CDK stack creates one function per entry with a filtered stream event source and a DLQ. */
export const workers: readonly WorkerDefinition[] = [
  {
    id: 'ChatNotifier',
    entry: 'functions/workers/chat-notifier.ts',
    source: 'tableStream',
    // New tickets that carry a chat notification job (the outbox); reads the webhook URL.
    filter: { eventName: 'INSERT', newImage: { entity: TICKET_ENTITY, [CHAT_OUTBOX.markerAttribute]: CHAT_OUTBOX.markerValue } },
    table: 'read',
  },
];

/**
 * The answer to every request no route matches: the HTTP API's `$default` route and the local
 * router's fallback. Not in `routes`: it has no method or path, no auth and no table access.
 */
export const notFoundRoute = { id: 'NotFound', entry: 'functions/http/not-found.ts' } as const;
