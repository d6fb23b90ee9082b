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

export interface Measured {
  /** Bytes of one record item, of the device's snapshot item, of the detector's state item. */
  recordBytes: number;
  snapshotBytes: number;
  stateBytes: number;
  /** Detector requests per record: one at a time, and in batches of 100 (as delivered, 10 a batch). */
  detectionPerSingle: number;
  detectionPerBatchRecord: number;
}

const wru = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

export interface CostLine {
  path: string;
  dynamodb: number;
  lambda: number;
  front: number;
  detection: number;
  total: number;
}

/**
 * Cost per million records of each path. Detection per evaluation: one consistent BatchGetItem of
 * state, rules and watch (3 items, each ≤ 4 KB: 3 RRU) and one conditional PutItem of the state
 * (its size in KB); evaluations per record = measured detector requests ÷ 2. Its Lambda and SQS:
 * the dispatcher reads the stream 100 records a batch and sends 10 a SendMessageBatch; the worker
 * gets 10 messages an invocation (at fleet volume, records of different devices share batches) and
 * its event source receives and deletes them (2 requests per 10).
 */
export function costPerMillion(m: Measured): CostLine[] {
  const million = 1e6;
  const evaluation = 3 * PRICES.rru + wru(m.stateBytes) * PRICES.wru;
  const detectionOverhead =
    (million / SQS_BATCH) * (PRICES.lambdaRequest + LAMBDA.gb * LAMBDA.detectorSeconds * PRICES.lambdaGbSecond) +
    (million / STREAM_BATCH) * (PRICES.lambdaRequest + LAMBDA.gb * LAMBDA.dispatcherSeconds * PRICES.lambdaGbSecond) +
    (million / SQS_BATCH) * 3 * PRICES.sqsRequest;
  const detectionSingle = million * (m.detectionPerSingle / 2) * evaluation + detectionOverhead;
  const detectionBatch = million * (m.detectionPerBatchRecord / 2) * evaluation + detectionOverhead;

  // One record per call: auth GetItem (1 RRU), snapshot UpdateItem, record PutItem.
  const singleDynamo = million * (PRICES.rru + (wru(m.snapshotBytes) + wru(m.recordBytes)) * PRICES.wru);
  const singleLambda = million * (PRICES.lambdaRequest + LAMBDA.gb * LAMBDA.singleSeconds * PRICES.lambdaGbSecond);
  // 100 records per call: auth, one snapshot UpdateItem, 100 record writes (BatchWriteItem: 1 WRU per item up to 1 KB).
  const calls = million / 100;
  const batchDynamo = calls * (PRICES.rru + wru(m.snapshotBytes) * PRICES.wru) + million * wru(m.recordBytes) * PRICES.wru;
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
