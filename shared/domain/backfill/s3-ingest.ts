import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, S3Event, S3EventRecord, SQSEvent, SQSRecord } from 'aws-lambda';
import { optionalEnv } from '../../config/env';
import { logger } from '../../logging/logger';
import { BACKFILL_ENV, BACKFILL_MAX_RECEIVES, IMPORT_ENTITY, RESUME_MARKER } from './backfill.schema';
import { failAfterLastAttempt } from './import-end';
import { continueImport, importObject, type RunOptions, type RunOutcome } from './import-runner';
import { s3ObjectStore, type ObjectRef } from './object-store';

/**
 * The backfill function's three event shapes → the import runner:
 * - SQS (AWS): the bucket's object-created notifications, one S3 event per message;
 * - the table stream (AWS): a paused import's resume marker;
 * - a plain S3 event (the local stack's s3rver, invoked directly).
 * A refused file is recorded as an import and returns normally; only real failures (DynamoDB or
 * S3 unavailable, an unknown organization) are reported for a retry and end in a dead-letter queue.
 */

export type BackfillEvent = SQSEvent | DynamoDBStreamEvent | S3Event;
export interface BatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}


/** The S3 notification's key is URL-encoded with `+` for spaces. */
export const decodeEventKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

function objectRefs(event: Partial<S3Event> & { Event?: string }): ObjectRef[] {
  // `s3:TestEvent` (sent once when a notification is configured) has no Records.
  return (event.Records ?? [])
    .filter((r: S3EventRecord) => r.eventName?.startsWith('ObjectCreated:'))
    .map((r) => ({
      bucket: r.s3.bucket.name,
      key: decodeEventKey(r.s3.object.key),
      ...(r.s3.object.versionId ? { versionId: r.s3.object.versionId } : {}),
      ...(r.s3.object.eTag ? { eTag: r.s3.object.eTag } : {}),
    }));
}

function logOutcome(outcome: RunOutcome, ref?: ObjectRef) {
  logger.info('backfill', { ...outcome, ...(ref ? { key: ref.key } : {}) });
}

async function importRef(ref: ObjectRef, options: RunOptions, lastAttempt: boolean): Promise<void> {
  try {
    logOutcome(await importObject(ref, options), ref);
  } catch (error) {
    // The dead-letter queue keeps the event; the import record tells the maker it failed, and why.
    if (lastAttempt) await failAfterLastAttempt(ref, error).catch(() => undefined);
    throw error;
  }
}

async function sqsRecord(record: SQSRecord, options: RunOptions): Promise<void> {
  const body = JSON.parse(record.body) as Partial<S3Event>;
  const lastAttempt = Number(record.attributes?.ApproximateReceiveCount ?? 1) >= BACKFILL_MAX_RECEIVES;
  for (const ref of objectRefs(body)) await importRef(ref, options, lastAttempt);
}

async function streamRecord(record: DynamoDBRecord, options: RunOptions): Promise<void> {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  const item = image ? unmarshall(image) : {};
  // The event source filter already selects these; checking again keeps a widened filter harmless.
  if (item.entity !== IMPORT_ENTITY || item[RESUME_MARKER.attribute] !== RESUME_MARKER.value) return;
  logOutcome(await continueImport(String(item.organizationId), String(item.importId), options));
}

/**
 * The local stack's dead letter for a backfill event (its in-process retries gave up): each object's
 * import becomes failed with the error, as the queue's last receive does in AWS.
 */
export async function failBackfillEvent(event: S3Event, error: unknown): Promise<void> {
  for (const ref of objectRefs(event)) await failAfterLastAttempt(ref, error).catch(() => undefined);
}

/** Runs every record of the event one after the other (imports are long; the time budget is shared). */
export async function handleBackfillEvent(event: BackfillEvent, remainingMs: () => number, overrides: Partial<RunOptions> = {}): Promise<BatchResponse> {
  const options: RunOptions = { store: s3ObjectStore, remainingMs, canPause: optionalEnv(BACKFILL_ENV.resume) === 'stream', ...overrides };
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    const source = (record as { eventSource?: string }).eventSource;
    try {
      if (source === 'aws:sqs') await sqsRecord(record as SQSRecord, options);
      else if (source === 'aws:dynamodb') await streamRecord(record as DynamoDBRecord, options);
      else if (source === 'aws:s3') for (const ref of objectRefs({ Records: [record as S3EventRecord] })) await importRef(ref, options, false);
      else logger.warn('backfill: record of an unknown source ignored', { source });
    } catch (error) {
      const id = source === 'aws:sqs' ? (record as SQSRecord).messageId : (record as DynamoDBRecord).dynamodb?.SequenceNumber;
      // A direct S3 invocation (local stack) has no partial batch response: the caller retries it whole.
      if (source === 'aws:s3' || id === undefined) throw error;
      logger.error('backfill record failed; it will be retried', { id, error: error instanceof Error ? error.message : String(error) });
      failures.push({ itemIdentifier: id });
    }
  }
  return { batchItemFailures: failures };
}
