import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { handleBackfillEvent, type BackfillEvent, type BatchResponse } from '../../shared/domain/backfill/s3-ingest';
import { injectLambdaContext, logger } from '../../shared/logging/logger';

/**
 * S3 backfill → telemetry, source `s3`. Fed by the bucket's notifications through SQS, by the
 * table stream when a long import continues after a checkpoint, and by the local stack's S3
 * directly. Refused files and rows are recorded in the import and return normally; failed
 * records are reported for a retry (partial batch response), then go to the dead-letter queue.
 */
export async function ingestS3(event: BackfillEvent, context: Context): Promise<BatchResponse> {
  return handleBackfillEvent(event, () => context.getRemainingTimeInMillis());
}

export const handler = middy<BackfillEvent, BatchResponse>().use(injectLambdaContext(logger, { resetKeys: true })).handler(ingestS3);
