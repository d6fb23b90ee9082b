import { sweepDropouts } from '../../shared/domain/anomaly/anomaly.service';
import { logger } from '../../shared/logging/logger';

/**
 * DropoutSweep (EventBridge schedule, shared/routes.ts `schedules`): opens a dropout incident and
 * its ticket for every device silent for longer than its cadence explains. A throw fails the
 * invocation, which EventBridge retries; the next run covers whatever is still overdue anyway.
 */
export async function handler(): Promise<{ organizations: number; checked: number; opened: number }> {
  const result = await sweepDropouts();
  logger.info('dropout sweep', result);
  return result;
}
