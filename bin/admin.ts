/**
 * Operator CLI: `npm run admin -- <command>`. Success prints exactly one JSON line on stdout;
 * failure prints one line on stderr and exits non-zero. The table is reached through
 * DYNAMODB_ENDPOINT (`aws` for the real endpoint with the default credential chain), else
 * DynamoDB Local on DYNAMODB_PORT, else the running `npm start` (its `.data/local-stack.json`),
 * else http://127.0.0.1:8000; TABLE_NAME likewise (default `fleetdesk`).
 */
// Local tooling runs on Node 20 by design (Lambda runs 22); the SDK's Node 20 notice would break the one-line stderr contract.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveCliTarget } from '../shared/local/stack-file';
// The domain layer reads the environment lazily, on first use, so it sees the values set below.
import { runAdminCommand } from '../shared/admin/commands';

// Before the domain layer reads them: an explicit DYNAMODB_ENDPOINT / DYNAMODB_PORT, else the running `npm start`.
const target = resolveCliTarget(process.env, path.resolve(__dirname, '..', '.data'));
process.env.DYNAMODB_ENDPOINT = target.endpoint;
process.env.TABLE_NAME = target.tableName;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

async function main() {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      org: { type: 'string' },
      url: { type: 'string' },
      description: { type: 'string' },
      assign: { type: 'string' },
      when: { type: 'string', multiple: true },
      keywords: { type: 'string' },
      position: { type: 'string' },
      direction: { type: 'string' },
      device: { type: 'string' },
      arn: { type: 'string' },
      out: { type: 'string' },
      stage: { type: 'string' },
      days: { type: 'string' },
      limit: { type: 'string' },
      prefix: { type: 'string' },
      path: { type: 'string' },
      'timestamp-column': { type: 'string' },
      'timestamp-format': { type: 'string' },
      'identifier-column': { type: 'string' },
      columns: { type: 'string' },
      import: { type: 'string' },
      measurement: { type: 'string' },
      below: { type: 'string' },
      above: { type: 'string' },
      'for-minutes': { type: 'string' },
      rule: { type: 'string' },
      provider: { type: 'string' },
      'api-base': { type: 'string' },
      organization: { type: 'string' },
      project: { type: 'string' },
      token: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      'auto-solve': { type: 'string' },
      'regime-tickets': { type: 'string' },
      'dropout-hold': { type: 'string' },
      solved: { type: 'string' },
      'customer-messages': { type: 'string' },
    },
  });
  // `connector set` without --token reads it from stdin, so it stays out of shell history and `ps`.
  if (positionals.join(' ') === 'connector set' && values.token === undefined && !process.stdin.isTTY) values.token = await readStdin();
  const result = await runAdminCommand(positionals, values);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  let message = error instanceof Error ? error.message : String(error);
  if ((error as { code?: string }).code === 'ECONNREFUSED' && target.endpoint !== 'aws') {
    message = `No DynamoDB answers at ${target.endpoint}: start the local stack (npm start), or set DYNAMODB_ENDPOINT (or DYNAMODB_PORT) to where it runs.`;
  }
  process.stderr.write(`${message.split('\n')[0]}\n`);
  process.exit(1);
});
