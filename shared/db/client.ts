import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV, optionalEnv, requireEnv } from '../config/env';
import { localDynamoDbClientConfig } from '../local/local-aws';

let client: DynamoDBDocumentClient | undefined;

/**
 * The one DynamoDB document client. `DYNAMODB_ENDPOINT` points it at DynamoDB Local; in that
 * case the local stand-ins' own region and credentials are used whatever the shell holds
 * (shared/local/local-aws.ts): DynamoDB Local without `-sharedDb` keeps one database per key and
 * region, so every local client must sign alike.
 */
export function documentClient(): DynamoDBDocumentClient {
  if (!client) {
    const endpoint = optionalEnv(ENV.dynamodbEndpoint);
    const local = endpoint !== undefined && endpoint !== 'aws';
    const base = new DynamoDBClient({
      ...(local ? localDynamoDbClientConfig(endpoint) : {}),
      maxAttempts: 5,
    });
    // The SDK's logger middleware filters every request's input and response for sensitive fields
    // (a walk of the whole item, Query pages included) to hand them to a logger that is a no-op here:
    // about 1% of a busy process's CPU (issue 21's ingest profile), for nothing.
    base.middlewareStack.remove('loggerMiddleware');
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
