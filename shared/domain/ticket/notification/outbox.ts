import type { ChatNotificationJob } from './chat-message';

/**
 * The chat notification's transactional outbox. The ticket item itself carries the job, so the
 * ticket and the promise to announce it are one PutItem: both are stored or neither is. A send
 * to a queue after the write could fail after the ticket is committed and lose the
 * notification; here the table's stream hands every stored job to the ChatNotifier worker.
 *
 * Free of imports with side effects: the route table (and through it the CDK stack) reads the
 * marker to build the stream filter.
 */
export const CHAT_OUTBOX = {
  /** Marker attribute the stream filter matches; only tickets that owe a notification carry it. */
  markerAttribute: 'notify',
  markerValue: 'chat',
  /** Attribute holding the {@link ChatNotificationJob}. */
  jobAttribute: 'chatNotification',
} as const;

/** The `entity` attribute of ticket items (the stream filter matches it too). */
export const TICKET_ENTITY = 'ticket';

/** Attributes to merge into a new ticket item so it carries its notification. */
export function outboxAttributes(job: ChatNotificationJob): Record<string, unknown> {
  return { [CHAT_OUTBOX.markerAttribute]: CHAT_OUTBOX.markerValue, [CHAT_OUTBOX.jobAttribute]: job };
}

