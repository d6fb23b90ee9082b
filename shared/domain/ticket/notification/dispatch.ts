import { optionalEnv } from '../../../config/env';
import { deliverWithRetries } from './chat-delivery';
import { CHAT_DELIVERY_ENV, CHAT_DELIVERY_STREAM } from './chat-mode';
import type { ChatNotificationJob } from './chat-message';

declare global {
  /** `true` in a Lambda bundle (lib/bundling.ts `bundleDefines`); unset when the source runs as is (local stack, tests). */
  var __FLEETDESK_LAMBDA_BUNDLE__: boolean | undefined;
}

const inFlight = new Set<Promise<unknown>>();

/**
 * True when the table's stream delivers notifications (AWS), false for in-process delivery
 * (local stack). Throws on an unknown mode: call it before writing, so a misconfiguration
 * fails the request instead of a stored ticket's notification.
 */
export function chatDeliveredByStream(): boolean {
  const mode = optionalEnv(CHAT_DELIVERY_ENV);
  if (mode === undefined) return false;
  if (mode === CHAT_DELIVERY_STREAM) return true;
  throw new Error(`${CHAT_DELIVERY_ENV} must be "${CHAT_DELIVERY_STREAM}" or unset, got "${mode}"`);
}

/**
 * Drains the outbox where no stream consumer exists (the local stack): call after the ticket
 * carrying `job` is stored. The post starts after the caller's response is computed and runs
 * with retries and a per-attempt timeout, so a slow webhook never delays or fails the API call.
 * In AWS ({@link chatDeliveredByStream}) the table's stream hands the item to the ChatNotifier
 * worker instead, and createTicket has nothing left to do after its write.
 */
export function deliverInProcess(job: ChatNotificationJob, webhookUrl: string): void {
  // Never in a Lambda bundle: the stack sets CHAT_DELIVERY=stream on every function that writes the
  // outbox, and the ChatNotifier worker delivers from the stream (a post here as well would be a second
  // one). Folded at bundle time, so the HTTP posting and message formatting are not in those bundles.
  if (globalThis.__FLEETDESK_LAMBDA_BUNDLE__ === true) return;
  const delivery = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliverWithRetries(webhookUrl, job));
  inFlight.add(delivery);
  void delivery.finally(() => inFlight.delete(delivery));
}

/** Resolves when every in-process delivery started so far has finished (tests, graceful shutdown). */
export async function settleChatDeliveries(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
