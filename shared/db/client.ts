import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV, optionalEnv, requireEnv } from '../config/env';

let client: DynamoDBDocumentClient | undefined;

/**
 * The one DynamoDB document client. `DYNAMODB_ENDPOINT` points it at DynamoDB Local; in that
 * case placeholder credentials and region are used unless real ones are configured, because
 * DynamoDB Local ignores them but the SDK refuses to sign without them.
 */
export function documentClient(): DynamoDBDocumentClient {
  if (!client) {
    const endpoint = optionalEnv(ENV.dynamodbEndpoint);
    const local = endpoint !== undefined && endpoint !== 'aws';
    const base = new DynamoDBClient({
      ...(local
        ? {
            endpoint,
            region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'local',
            ...(process.env.AWS_ACCESS_KEY_ID ? {} : { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
          }
        : {}),
      maxAttempts: 5,
    });
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return client;
}

/** The table every repository reads and writes (env `TABLE_NAME`). */
export function tableName(): string {
  return requireEnv(ENV.tableName);
}

/** Drops the cached client (tests that change the endpoint between files). */
export function resetDocumentClient(): void {
  client?.destroy();
  client = undefined;
}
