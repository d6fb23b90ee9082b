/**
 * The table items the webhook fan-out worker consumes from the table stream (shared/routes.ts
 * builds its filter from these). Free of imports with side effects: the CDK stack reads them.
 */

/** Ticket activity events, written by the ticket service in the transaction of each ticket change. */
export { TICKET_EVENT_ENTITY } from '../ticket/ticket-event';
/** Webhook outbox items for the other event sources (incidents, imports, connector syncs). */
export const WEBHOOK_EVENT_ENTITY = 'webhookEvent';
