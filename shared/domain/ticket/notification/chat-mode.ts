/**
 * Who drains the chat outbox, as the functions that write it read it: the variable's name and the one
 * value it may have. Its own module, so those functions (createTicket, the detector, the sweep, the
 * lifecycle routes) carry these two strings, not the whole {@link CHAT_ENV} table of delivery
 * settings that only the posting code reads (chat-delivery.ts re-exports both).
 */

/**
 * `stream` (set by the CDK stack: the table's stream feeds the ChatNotifier worker) or unset
 * (in-process after the response: the local stack has no stream consumer).
 */
export const CHAT_DELIVERY_ENV = 'CHAT_DELIVERY';

/** The value of {@link CHAT_DELIVERY_ENV} under which createTicket leaves delivery to the stream. */
export const CHAT_DELIVERY_STREAM = 'stream';
