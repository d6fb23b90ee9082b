import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { optionalEnv } from '../../config/env';
import { BACKFILL_ENV } from './backfill.schema';
import { localS3ClientConfig } from '../../local/local-aws';

/**
 * Reading backfill objects. Behind a small interface so the import runner never sees the SDK; the
 * one implementation reads S3 (or the local stack's s3rver when `S3_ENDPOINT` is set).
 */


/** One S3 object version, as its event names it. */
export interface ObjectRef {
  bucket: string;
  /** The decoded key. */
  key: string;
  versionId?: string;
  eTag?: string;
}

export type OpenResult = { body: Readable; contentLength: number | undefined } | { missing: 'gone' | 'replaced' };

export interface ObjectStore {
  /** Opens exactly the version the event named: by version id, else by ETag (If-Match). */
  open(ref: ObjectRef): Promise<OpenResult>;
}

let client: S3Client | undefined;
/** The endpoint the cached client was built for: a changed `S3_ENDPOINT` (tests, a restarted local S3) gets a new client. */
let clientEndpoint: string | undefined;

function s3Client(): S3Client {
  const endpoint = optionalEnv(BACKFILL_ENV.s3Endpoint);
  if (client && clientEndpoint !== endpoint) {
    client.destroy();
    client = undefined;
  }
  if (!client) {
    clientEndpoint = endpoint;
    // The local S3 is signed with its own key pair whatever AWS_* the shell holds (issue 17, finding 1).
    client = new S3Client(endpoint ? localS3ClientConfig(endpoint) : {});
  }
  return client;
}

/** The S3 (or local S3) object store. */
export const s3ObjectStore: ObjectStore = {
  async open(ref) {
    try {
      const out = await s3Client().send(
        new GetObjectCommand({
          Bucket: ref.bucket,
          Key: ref.key,
          ...(ref.versionId ? { VersionId: ref.versionId } : ref.eTag ? { IfMatch: `"${ref.eTag.replace(/"/g, '')}"` } : {}),
        }),
      );
      return { body: out.Body as Readable, contentLength: out.ContentLength };
    } catch (error) {
      if (error instanceof S3ServiceException) {
        if (error.name === 'NoSuchKey' || error.name === 'NoSuchVersion') return { missing: 'gone' };
        if (error.name === 'PreconditionFailed' || error.$metadata.httpStatusCode === 412) return { missing: 'replaced' };
      }
      throw error;
    }
  },
};
