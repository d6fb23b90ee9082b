import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Event } from 'aws-lambda';
import { BACKFILL_ROOT } from '../domain/backfill/backfill.schema';
import { ingestion } from '../routes';
import { createAsyncInvoker } from './async-invoker';
import { failBackfillEvent } from '../domain/backfill/s3-ingest';

/**
 * The local stand-in for the backfill bucket: s3rver (path-style, access key and secret `S3RVER`), persisting
 * under `dataDir`, whose object-created events under `backfill/` reach the same ingestion handler
 * the bucket notification feeds in AWS, with the S3 event shape (the key URL-encoded as S3 sends
 * it). Like Lambda's asynchronous invocation, a handler that throws is retried twice; then the
 * object's import is marked failed with the error and the event goes to a dead-letter file.
 */

/** Bucket name the local stack creates (`BACKFILL_BUCKET` overrides it). */
export const LOCAL_BACKFILL_BUCKET = 'fleetdesk-backfill';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  on(event: 'event', listener: (event: S3Event) => void): void;
  httpServer?: Server;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

export interface LocalS3Options {
  port: number;
  host?: string;
  rootDir: string;
  /** Where s3rver keeps buckets and objects. */
  dataDir: string;
  bucket?: string;
  /** Where events that failed every attempt are appended (JSON lines). */
  deadLetterFile: string;
}

export interface LocalS3 {
  port: number;
  /** Endpoint for the AWS CLI (`--endpoint-url`) and the SDK (`endpoint`, `forcePathStyle: true`). */
  endpoint: string;
  bucket: string;
  /** Resolves when every event received so far has been handled (tests). */
  idle: () => Promise<void>;
  close: () => Promise<void>;
}

/** S3 notifications carry keys URL-encoded, spaces as `+`; the handler decodes them (decodeEventKey). */
const encodeEventKey = (key: string) =>
  key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%20/g, '+'))
    .join('/');

export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  const definition = ingestion.find((i) => i.source === 's3');
  if (!definition) throw new Error('No s3 ingestion in the route table');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bucket = options.bucket ?? LOCAL_BACKFILL_BUCKET;
  const invoker = createAsyncInvoker<S3Event>({
    definition,
    rootDir: options.rootDir,
    deadLetterFile: options.deadLetterFile,
    describe: (event) => ({ key: event.Records[0]?.s3.object.key }),
    // As the queue's last receive in AWS: the import becomes failed with the error, never stays running.
    onGiveUp: (event, error) => failBackfillEvent(event, error),
  });

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as S3rverConstructor;
  await mkdir(options.dataDir, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: options.host ?? '127.0.0.1',
    directory: options.dataDir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  server.on('event', (event) => {
    // The same filter as the bucket notification in AWS: object-created events under backfill/.
    const records = event.Records.filter((r) => r.eventName.startsWith('ObjectCreated:') && r.s3.object.key.startsWith(BACKFILL_ROOT));
    if (records.length === 0) return;
    const shaped: S3Event = {
      Records: records.map((r) => ({ ...r, s3: { ...r.s3, object: { ...r.s3.object, key: encodeEventKey(r.s3.object.key) } } })),
    };
    invoker.invoke(shaped);
  });
  const { port } = await server.run();
  return {
    port,
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    idle: invoker.idle,
    close: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}
