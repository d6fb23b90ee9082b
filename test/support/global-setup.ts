import { startDynamoDbLocal } from '../../shared/local/dynamodb-local';
import { freePort } from '../../shared/local/free-port';

/**
 * One in-memory DynamoDB Local for the whole run (each test file makes its own table).
 * Set DYNAMODB_ENDPOINT to reuse a running DynamoDB instead.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DYNAMODB_ENDPOINT) return;
  const port = await freePort();
  const child = await startDynamoDbLocal({ port, timeoutMs: 60000 });
  (globalThis as { __DYNAMODB_LOCAL__?: typeof child }).__DYNAMODB_LOCAL__ = child;
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
}
