import { documentClient } from '../../shared/db/client';
import { ensureTable } from '../../shared/local/dynamodb-local';

/** Creates this test file's table before its tests run. */
export function useTestTable(): void {
  beforeAll(async () => {
    await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME as string);
  }, 60000);
}

/**
 * Counts the DynamoDB HTTP requests (retries included) made while `fn` runs, by a middleware
 * on the one shared client. Not safe to overlap with other DynamoDB work in the same file.
 */
export async function countDynamoRequests<T>(fn: () => Promise<T>): Promise<{ result: T; requests: number; byCommand: Record<string, number> }> {
  let requests = 0;
  const byCommand: Record<string, number> = {};
  const name = `count-${Math.random()}`;
  const stack = documentClient().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      requests++;
      const command = String((context as { commandName?: string }).commandName ?? 'unknown');
      byCommand[command] = (byCommand[command] ?? 0) + 1;
      return next(args);
    },
    { step: 'finalizeRequest', name },
  );
  try {
    const result = await fn();
    return { result, requests, byCommand };
  } finally {
    stack.remove(name);
  }
}

/**
 * Every item of this file's table (consistent scan), as one comparable string: equal before and
 * after a call means the call changed nothing.
 */
export async function tableContents(): Promise<string> {
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(new ScanCommand({ TableName: process.env.TABLE_NAME as string, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items.map((item) => JSON.stringify(item, Object.keys(item).sort())).sort().join('\n');
}
