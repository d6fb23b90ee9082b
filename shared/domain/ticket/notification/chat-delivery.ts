import { optionalEnv } from '../../../config/env';
import { logger } from '../../../logging/logger';
import { buildChatPayload, type ChatNotificationJob } from './chat-message';
import { CHAT_DELIVERY_ENV } from './chat-mode';

export { CHAT_DELIVERY_STREAM } from './chat-mode';

/** How webhook delivery runs and is tuned (env, read once; defaults in parentheses). */
export const CHAT_ENV = {
  /**
   * Who drains the outbox: `stream` (set by the CDK stack: the table's stream feeds the
   * ChatNotifier worker) or unset (in-process after the response: the local stack has no stream consumer).
   * Defined in chat-mode.ts, where the functions that write the outbox read it.
   */
  delivery: CHAT_DELIVERY_ENV,
  /** Per-attempt timeout in ms (5000). */
  timeoutMs: 'CHAT_WEBHOOK_TIMEOUT_MS',
  /** Attempts of in-process (local) delivery (3). In AWS, the stream event source does the retrying. */
  attempts: 'CHAT_WEBHOOK_ATTEMPTS',
  /** First back-off in ms of in-process delivery; each next one is 4x (500). */
  retryBaseMs: 'CHAT_WEBHOOK_RETRY_BASE_MS',
} as const;


function intSetting(name: string, fallback: number): number {
  const raw = optionalEnv(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/**
 * One POST of the notification to the webhook, abandoned after the timeout. Throws on a
 * network error, a timeout or a non-2xx answer (the body is never logged: it may echo secrets).
 */
export async function postChatNotification(webhookUrl: string, job: ChatNotificationJob): Promise<void> {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buildChatPayload(job)),
    signal: AbortSignal.timeout(intSetting(CHAT_ENV.timeoutMs, 5000)),
    redirect: 'error',
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`chat webhook answered ${response.status}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** In-process delivery with retries and back-off; never throws (the last failure is logged). */
export async function deliverWithRetries(webhookUrl: string, job: ChatNotificationJob): Promise<boolean> {
  const attempts = Math.max(1, intSetting(CHAT_ENV.attempts, 3));
  const base = intSetting(CHAT_ENV.retryBaseMs, 500);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await postChatNotification(webhookUrl, job);
      return true;
    } catch (error) {
      const context = { organizationId: job.organizationId, ticketId: job.ticketId, attempt, error: String(error) };
      if (attempt === attempts) {
        logger.error('chat notification not delivered', context);
        return false;
      }
      logger.warn('chat notification attempt failed; retrying', context);
      await sleep(base * 4 ** (attempt - 1));
    }
  }
  return false;
}
