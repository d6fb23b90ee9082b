import { sweepDueDeliveries } from '../../shared/domain/webhook/delivery';
import { logger } from '../../shared/logging/logger';

/**
 * WebhookSweep (EventBridge schedule, shared/routes.ts `schedules`): queues every webhook delivery
 * whose next attempt is due: retries waiting longer than SQS's 15-minute delay, and any attempt a
 * lost message or a dead worker left behind.
 */
export async function handler(): Promise<{ queued: number }> {
  const queued = await sweepDueDeliveries();
  logger.info('webhook sweep', { queued });
  return { queued };
}
