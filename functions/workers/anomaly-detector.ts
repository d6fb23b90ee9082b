import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { detectForDevice, type DeliveredPoints } from '../../shared/domain/anomaly/anomaly.service';
import { LIVE_SOURCES } from '../../shared/domain/anomaly/sources';
import { laneOf, type DetectionLane } from '../../shared/domain/anomaly/sources';
import { recordsOfItem } from '../../shared/domain/telemetry/record-chunks';
import { logger } from '../../shared/logging/logger';
import { streamWorker } from '../../shared/workers/queued-stream';
import { noteFailure } from '../../shared/workers/failure-reasons';

const LIVE = new Set<string>(LIVE_SOURCES);

/**
 * The device a stream record is about, its detection lane and the records' values (the new image
 * carries them, so the detector needs no Query: one record, or a chunk's records, in time order), or
 * undefined for records the filter should have dropped.
 */
function deviceOf(record: DynamoDBRecord): { device: string; lane: DetectionLane; points?: { t: number; m: Record<string, number>; receivedAt?: number }[] } | undefined {
  // aws-lambda's AttributeValue is structurally the SDK's; the cast only bridges the two typings.
  const item = unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>);
  const lane = item.entity === 'telemetry' && LIVE.has(item.source) ? laneOf(item.source) : undefined;
  if (!lane || typeof item.organizationId !== 'string') return undefined;
  const receivedAt = typeof item.receivedAt === 'string' ? Date.parse(item.receivedAt) : NaN;
  const records = recordsOfItem(item);
  const points = records.map((r) => ({ t: Date.parse(r.timestamp), m: r.m, ...(Number.isFinite(receivedAt) ? { receivedAt } : {}) }));
  // An image without its values (no `m`, no chunk list) makes the device read its records from the table.
  const complete = (Array.isArray(item.r) || (typeof item.m === 'object' && item.m !== null)) && points.length > 0 && points.every((p) => Number.isFinite(p.t));
  return { device: JSON.stringify([item.organizationId, item.identifier]), lane, points: complete ? points : undefined };
}

/**
 * AnomalyDetector: new live telemetry records from the table's stream trigger the evaluation of
 * their device, once per device per batch, with the values the stream records carry (no Query;
 * duplicates are harmless: only records newer than the state's newest evaluated time count). A
 * record without its values (an image the filter let through without `m`) makes that device read
 * its records from the table instead. A device that fails reports its earliest record: Lambda
 * retries the shard from there, bisecting, then dead-letters it.
 */
export const handler = streamWorker(async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const firstRecordOf = new Map<string, DynamoDBRecord>();
  const lanesOf = new Map<string, Set<DetectionLane>>();
  const pointsOf = new Map<string, DeliveredPoints | undefined>();
  for (const record of event.Records) {
    const found = deviceOf(record);
    if (!found) continue;
    if (!firstRecordOf.has(found.device)) {
      firstRecordOf.set(found.device, record);
      pointsOf.set(found.device, {});
    }
    lanesOf.set(found.device, (lanesOf.get(found.device) ?? new Set()).add(found.lane));
    const points = pointsOf.get(found.device);
    if (points && found.points) (points[found.lane] ??= []).push(...found.points);
    else pointsOf.set(found.device, undefined);
  }
  const devices = [...firstRecordOf.keys()];
  const results = await Promise.allSettled(
    devices.map((d) => {
      const [organizationId, identifier] = JSON.parse(d) as [string, string];
      return detectForDevice(organizationId, identifier, Date.now(), [...(lanesOf.get(d) ?? [])], pointsOf.get(d));
    }),
  );
  const batchItemFailures = devices.flatMap((device, i) => {
    const result = results[i];
    if (result?.status !== 'rejected') return [];
    const itemIdentifier = firstRecordOf.get(device)?.dynamodb?.SequenceNumber ?? '';
    logger.warn('anomaly detection failed; the stream will retry', { sequenceNumber: itemIdentifier, error: String(result.reason) });
    noteFailure(itemIdentifier, String(result.reason));
    return [{ itemIdentifier }];
  });
  return { batchItemFailures };
});
