import middy from '@middy/core';
import type { IotTelemetryEvent } from '../../shared/domain/telemetry/mqtt';
import { ingestMqttMessage } from '../../shared/domain/telemetry/mqtt-ingest';
import { appendKeys, injectLambdaContext, logger } from '../../shared/logging/logger';

/**
 * IoT Core topic rule (or the local broker) → telemetry, source `mqtt`. Invoked asynchronously:
 * refused messages are kept with their reason and return normally; a thrown error is retried by
 * Lambda and then lands in the function's on-failure queue with the error.
 */
export async function ingestIot(event: IotTelemetryEvent) {
  appendKeys(logger, { organizationId: event.organizationId });
  const outcome = await ingestMqttMessage(event);
  logger.info('mqtt message', { status: outcome.status, ...(outcome.status === 'rejected' ? { reason: outcome.reason } : { accepted: outcome.accepted }) });
  return outcome;
}

export const handler = middy<IotTelemetryEvent>().use(injectLambdaContext(logger, { resetKeys: true })).handler(ingestIot);
