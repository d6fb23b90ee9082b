import type { ScheduledEvent } from 'aws-lambda';
import { fanOutSync } from '../../shared/domain/connector/sync-jobs';
import { logger } from '../../shared/logging/logger';

/**
 * ConnectorSyncSchedule (EventBridge schedule, shared/routes.ts `schedules`): one sync job per
 * organization with a crash-reporting connector, sent to the ConnectorSync queue; the event's time
 * names the sync window, so a retried event stamps the same records. The local stack calls it
 * without an event every minute and without a queue: it then syncs in process, once per window.
 */
export async function handler(event?: Partial<ScheduledEvent>) {
  const result = await fanOutSync({ scheduledAt: event?.time });
  logger.info('crash sync fan-out', result);
  return result;
}
