/**
 * The full cost of one million telemetry records in AWS (ingest + anomaly detection), computed
 * from what `npm run bench:telemetry` measures (requests per call, item sizes) at the list prices
 * stated in docs/telemetry.md. Pure: no I/O.
 */

/** List prices, us-east-1, on-demand (docs/telemetry.md, "Cost of one million records"). */
export const PRICES = {
  wru: 0.625 / 1e6,
  rru: 0.125 / 1e6,
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecond: 0.0000133334,
  httpApiRequest: 1.0 / 1e6,
  iotMessage: 1.0 / 1e6,
  iotRule: 0.15 / 1e6,
  iotAction: 0.15 / 1e6,
  sqsRequest: 0.4 / 1e6,
} as const;

/** Lambda assumptions (docs/telemetry.md): 512 MB; ingest 30 ms warm for one record, 150 ms for 100. */
const LAMBDA = { gb: 0.5, singleSeconds: 0.03, batchSeconds: 0.15, detectorSeconds: 0.1, dispatcherSeconds: 0.05 } as const;
/** SQS batch of the detector's queue (lib/constructs/stream-dispatch.ts) and the dispatcher's stream batch. */
const SQS_BATCH = 10;
const STREAM_BATCH = 100;

/** Capacity units DynamoDB reports (ReturnConsumedCapacity), per record or per call as named. */
export interface Units {
  rru: number;
  wru: number;
}

export interface Measured {
  /** Units of one REST call of one record, and of one call of 100 records (auth included). */
  ingestSingle: Units;
  ingestBatch: Units;
  /** Detector units per record: one record at a time (averaged over whole deferral cycles), and in batches of 100 (10 a delivery). */
  detectionSingle: Units;
  detectionBatch: Units;
  /**
   * Records per stream record in batches of 100: a batch's records are stored in chunk items
   * (shared/domain/telemetry/record-chunks.ts), one stream record each, so the stream dispatcher,
   * the queue and the detector's invocations count chunks, not records. 1 when omitted.
   */
  batchRecordsPerStreamRecord?: number;
}

const dollars = (u: Units) => u.rru * PRICES.rru + u.wru * PRICES.wru;

export interface CostLine {
  path: string;
  dynamodb: number;
  lambda: number;
  front: number;
  detection: number;
  total: number;
}

/**
 * Cost per million records of each path, from the measured capacity units (DynamoDB Local reports
 * them per request as DynamoDB bills them: 0.5 RRU for an eventually consistent read of up to 4 KB,
 * 1 consistent, 1 WRU per KB written, twice that in a transaction). Detection's Lambda and SQS: the
 * dispatcher reads the stream 100 records a batch and sends 10 a SendMessageBatch; the worker gets
 * 10 messages an invocation (at fleet volume, records of different devices share batches) and its
 * event source receives and deletes them (2 requests per 10).
 */
export function costPerMillion(m: Measured): CostLine[] {
  const million = 1e6;
  /** Stream dispatcher, SQS and detector invocations for `streamRecords` stream records. */
  const detectionOverhead = (streamRecords: number) =>
    (streamRecords / SQS_BATCH) * (PRICES.lambdaRequest + LAMBDA.gb * LAMBDA.detectorSeconds * PRICES.lambdaGbSecond) +
    (streamRecords / STREAM_BATCH) * (PRICES.lambdaRequest + LAMBDA.gb * LAMBDA.dispatcherSeconds * PRICES.lambdaGbSecond) +
    (streamRecords / SQS_BATCH) * 3 * PRICES.sqsRequest;
  const detectionSingle = million * dollars(m.detectionSingle) + detectionOverhead(million);
  const detectionBatch = million * dollars(m.detectionBatch) + detectionOverhead(million / (m.batchRecordsPerStreamRecord ?? 1));

  // One record per call: auth GetItem, snapshot UpdateItem, record PutItem (as measured).
  const singleDynamo = million * dollars(m.ingestSingle);
  const singleLambda = million * (PRICES.lambdaRequest + LAMBDA.gb * LAMBDA.singleSeconds * PRICES.lambdaGbSecond);
  // 100 records per call: auth, one snapshot UpdateItem, the records' chunk items (BatchWriteItem: 1 WRU per KB of each item), as measured.
  const calls = million / 100;
  const batchDynamo = calls * dollars(m.ingestBatch);
  const batchLambda = calls * (PRICES.lambdaRequest + LAMBDA.gb * LAMBDA.batchSeconds * PRICES.lambdaGbSecond);
  // The MQTT auth step is the organization's GetItem (1 RRU) like the key's: same DynamoDB figure.
  const iotRuleAndAction = PRICES.iotRule + PRICES.iotAction;
  const line = (path: string, dynamodb: number, lambda: number, front: number, detection: number): CostLine => ({
    path,
    dynamodb,
    lambda,
    front,
    detection,
    total: dynamodb + lambda + front + detection,
  });
  return [
    line('REST, one record per call', singleDynamo, singleLambda, million * PRICES.httpApiRequest, detectionSingle),
    line('MQTT, one record per message, normal topic', singleDynamo, singleLambda, million * (PRICES.iotMessage + iotRuleAndAction), detectionSingle),
    line('MQTT, one record per message, Basic Ingest', singleDynamo, singleLambda, million * iotRuleAndAction, detectionSingle),
    line('REST, 100 records per call', batchDynamo, batchLambda, calls * PRICES.httpApiRequest, detectionBatch),
    line('MQTT Basic Ingest, 100 records per message', batchDynamo, batchLambda, calls * iotRuleAndAction, detectionBatch),
  ];
}
