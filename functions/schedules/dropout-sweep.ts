import type { SweepTotals } from '../../shared/domain/anomaly/sweep-jobs';
import { fanOutSweeps } from '../../shared/domain/anomaly/sweep-jobs';
import { logger } from '../../shared/logging/logger';

declare global {
  // esbuild `define` in every Lambda bundle (lib/bundling.ts bundleDefines); undefined in the local stack and tests.
  var __FLEETDESK_LAMBDA_BUNDLE__: boolean | undefined;
}

/**
 * DropoutSweep (EventBridge schedule, shared/routes.ts `schedules`): opens a dropout
 * incident and its ticket for every device silent for longer than its cadence explains. In AWS it
 * sends one job per organization to the DropoutSweepWorker queue, and its bundle carries only that
 * fan-out (shared/domain/anomaly/sweep-jobs.ts: the detection code is the worker's); without the
 * queue (local stack) it sweeps in process, each device and organization isolated. A throw fails the
 * invocation, which EventBridge retries; the next run covers whatever is still overdue anyway.
 */
export async function handler(): Promise<SweepTotals> {
  // The dead branch, and with it the require of the whole anomaly service, is dropped from Lambda bundles (as in shared/http/route-flags.ts).
  const result =
    globalThis.__FLEETDESK_LAMBDA_BUNDLE__ === true
      ? await fanOutSweeps()
      : // eslint-disable-next-line @typescript-eslint/no-require-imports
        await (require('../../shared/domain/anomaly/anomaly.service') as typeof import('../../shared/domain/anomaly/anomaly.service')).sweepDropouts();
  logger.info('dropout sweep', result);
  return result;
}
