/**
 * SDK client settings for the local stand-ins (DynamoDB Local, the local S3). They carry their own
 * region and credentials, whatever AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN,
 * AWS_PROFILE, AWS_REGION or AWS_USE_FIPS_ENDPOINT the shell holds: a developer who deploys with
 * `cdk deploy` has those set, the local S3 refuses keys it does not know, and DynamoDB Local
 * without `-sharedDb` keeps one database per access key and region, so a table created with one
 * pair is missing under another. Every local client (the stack, its workers, the operator CLI,
 * the tests) uses these same values, so they all see one database.
 *
 * This module imports no SDK: callers pass the result to their own client constructor.
 */

/** Region every local client signs with (DynamoDB Local names its database file after it). */
export const LOCAL_REGION = 'local';

/** DynamoDB Local accepts any credentials; these are the ones every local client uses. */
export const LOCAL_DYNAMODB_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** The local S3 (s3rver) knows exactly this key pair. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** Settings that, left to the environment, would send a local client elsewhere or make it refuse the endpoint. */
const PINNED = { useFipsEndpoint: false, useDualstackEndpoint: false } as const;

/** Client settings for a DynamoDB Local (or any local DynamoDB) at `endpoint`. */
export function localDynamoDbClientConfig(endpoint: string) {
  return { endpoint, region: LOCAL_REGION, credentials: { ...LOCAL_DYNAMODB_CREDENTIALS }, ...PINNED };
}

/** Client settings for the local S3 at `endpoint` (path-style; s3rver predates the SDK's default checksums). */
export function localS3ClientConfig(endpoint: string) {
  return {
    endpoint,
    forcePathStyle: true,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_S3_CREDENTIALS },
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
    ...PINNED,
  };
}
