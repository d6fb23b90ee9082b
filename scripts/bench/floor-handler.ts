import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';

/**
 * The floor the bundle budget is measured against: the least a Fleetdesk handler can be
 * (one DynamoDB client, one GetItem). Not deployed; scripts/bench-bundles.ts bundles it with the
 * stack's esbuild options and compares every real handler to it.
 */
const client = new DynamoDBClient({});

export const handler = async (event: { id?: string }) => {
  const result = await client.send(
    new GetItemCommand({ TableName: process.env.TABLE_NAME, Key: { pk: { S: event.id ?? 'x' }, sk: { S: 'x' } } }),
  );
  return { statusCode: result.Item ? 200 : 404 };
};
