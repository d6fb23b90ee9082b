import { sweepDropouts } from '../../shared/domain/anomaly/anomaly.service';
import { logger } from '../../shared/logging/logger';

/**
 * DropoutSweep (EventBridge schedule, shared/routes.ts `schedules`): opens a dropout
 * incident and its ticket for every device silent for longer than its cadence explains. In AWS it
 * sends one job per organization to the DropoutSweepWorker queue; without the queue (local stack) it
 * sweeps in process, each device and organization isolated. A throw fails the invocation, which
 * EventBridge retries; the next run covers whatever is still overdue anyway.
 */
export async function handler(): Promise<Awaited<ReturnType<typeof sweepDropouts>>> {
  const result = await sweepDropouts();
  logger.info('dropout sweep', result);
  return result;
}
