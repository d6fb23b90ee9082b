import { sweepStalledImports } from '../../shared/domain/backfill/import-end';
import { logger } from '../../shared/logging/logger';

/**
 * BackfillSweep (EventBridge schedule, shared/routes.ts `schedules`): fails every running import
 * whose lease ran out without progress (its invocation timed out, crashed, or its queue message
 * went to the dead-letter queue), with a reason the maker can read, so no import stays `running`
 * longer than its lease plus one sweep. A throw fails the invocation; the next run sweeps again.
 */
export async function handler(): Promise<{ running: number; failed: number; errors: number }> {
  const result = await sweepStalledImports();
  logger.info('backfill sweep', result);
  return result;
}
