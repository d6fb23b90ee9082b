import { optionalEnv } from '../../../config/env';
import { logger } from '../../../logging/logger';
import { QUEUE_URL_ENV } from '../../../routes';
import { deliverWithRetries } from './chat-delivery';
import type { ChatNotificationJob } from './chat-message';

const inFlight = new Set<Promise<unknown>>();

type SqsSender = (queueUrl: string, body: string) => Promise<void>;
let sqsSender: SqsSender | undefined;

/** SQS SendMessage; the SDK is imported on first use so the local stack never loads it. */
async function sendToQueue(queueUrl: string, body: string): Promise<void> {
  if (!sqsSender) {
    const { SQSClient, SendMessageCommand } = await import('@aws-sdk/client-sqs');
    const client = new SQSClient({ maxAttempts: 3 });
    sqsSender = async (url, messageBody) => {
      await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: messageBody }));
    };
  }
  await sqsSender(queueUrl, body);
}

/**
 * Announces a new ticket in the org's team chat without ever failing or delaying the caller
 * beyond one SQS call. In AWS (queue URL env set) the job is enqueued and the ChatNotifier
 * worker posts it, retried by SQS with a dead-letter queue. Locally the post runs in-process,
 * started after the caller's response is computed, with retries and a per-attempt timeout.
 * Call only after the ticket is stored: a lost notification is logged, never a lost ticket.
 */
export async function notifyNewTicket(job: ChatNotificationJob, webhookUrl: string): Promise<void> {
  const queueUrl = optionalEnv(QUEUE_URL_ENV.chatNotifications);
  if (queueUrl) {
    try {
      await sendToQueue(queueUrl, JSON.stringify(job));
    } catch (error) {
      logger.error('chat notification not enqueued', { organizationId: job.organizationId, ticketId: job.ticketId, error: String(error) });
    }
    return;
  }
  const delivery = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliverWithRetries(webhookUrl, job));
  inFlight.add(delivery);
  void delivery.finally(() => inFlight.delete(delivery));
}

/** Resolves when every in-process delivery started so far has finished (tests, graceful shutdown). */
export async function settleChatDeliveries(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
