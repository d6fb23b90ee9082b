/**
 * THE route table: one entry per endpoint, plain data. The local router (shared/http/local-router.ts)
 * and the CDK stack (lib/) both read it, so the API that runs locally and the one deployed
 * cannot drift. Paths use API Gateway syntax (`{name}` path parameters).
 */
export type TableAccess = 'read' | 'readwrite';

export interface RouteDefinition {
  /** Stable id, used for the Lambda's construct id and function name. PascalCase. */
  id: string;
  method: 'GET' | 'POST';
  path: string;
  /** Handler file, relative to the repository root; it exports `handler`. */
  entry: string;
  /** Least-privilege table access the handler needs. */
  table: TableAccess;
  /** Queues the handler sends to (the stack grants SendMessage and sets the queue URL env var). */
  sendsTo?: readonly QueueName[];
}

/** Asynchronous work queues. In AWS each is an SQS queue with a dead-letter queue. */
export type QueueName = 'chatNotifications';

/** Env var that carries each queue's URL to senders; locally it is unset and delivery runs in-process. */
export const QUEUE_URL_ENV: Record<QueueName, string> = {
  chatNotifications: 'CHAT_NOTIFICATIONS_QUEUE_URL',
};

/** A Lambda fed by a queue rather than by API Gateway. */
export interface WorkerDefinition {
  id: string;
  /** Handler file relative to the repository root; it exports `handler` (an SQS handler). */
  entry: string;
  queue: QueueName;
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
  { id: 'CreateTicket', method: 'POST', path: `${API_PREFIX}/ticket/createTicket`, entry: 'functions/http/ticket/create-ticket.ts', table: 'readwrite', sendsTo: ['chatNotifications'] },
  { id: 'GetTicket', method: 'GET', path: `${API_PREFIX}/ticket/{ticketId}`, entry: 'functions/http/ticket/get-ticket.ts', table: 'read' },
];

/** Queue-fed workers; the CDK stack creates one function per entry with an SQS event source. */
export const workers: readonly WorkerDefinition[] = [
  { id: 'ChatNotifier', entry: 'functions/workers/chat-notifier.ts', queue: 'chatNotifications', table: 'read' },
];
