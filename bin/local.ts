/**
 * `npm start`: the whole service on this machine. Starts DynamoDB Local (unless
 * DYNAMODB_ENDPOINT is set), creates the table if missing, creates a first organization
 * on an empty table and prints its key, then serves /api/ext-v1/* through the route table
 * with the same handlers Lambda runs. Ctrl-C stops everything it started.
 */
// Local tooling runs on Node 20 by design (Lambda runs 22); the SDK's Node 20 notice would break the one-line stderr contract.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { ensureTable, startDynamoDbLocal } from '../shared/local/dynamodb-local';
import { startHttpServer } from '../shared/local/server';
// The domain layer reads the environment lazily, on first use, so it sees the values set below.
import * as orgs from '../shared/domain/organization/organization.service';

const rootDir = path.resolve(__dirname, '..');

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

async function main() {
  const port = intEnv('PORT', 3000);
  const dynamoPort = intEnv('DYNAMODB_PORT', 8000);
  process.env.TABLE_NAME ||= 'fleetdesk';
  let dynamo: ChildProcess | undefined;

  const stop = (code: number) => {
    dynamo?.kill();
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  if (!process.env.DYNAMODB_ENDPOINT) {
    dynamo = await startDynamoDbLocal({ port: dynamoPort, dbPath: path.join(rootDir, '.data', 'dynamodb') });
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${dynamoPort}`;
    dynamo.on('exit', (code) => {
      console.error(`DynamoDB Local stopped (code ${code}); stopping Fleetdesk.`);
      process.exit(1);
    });
  }
  const table = await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME);

  const existing = await orgs.listOrganizations();
  const http = await startHttpServer({ port, rootDir, host: process.env.HOST ?? '127.0.0.1' });
  const base = `${http.url}/api/ext-v1`;

  console.log(`Fleetdesk local stack`);
  console.log(`  API:       ${base}  (telemetry and other host routes under ${http.url})`);
  console.log(`  DynamoDB:  ${process.env.DYNAMODB_ENDPOINT}  table "${process.env.TABLE_NAME}" (${table})`);
  if (existing.length === 0) {
    const created = await orgs.createOrganization('Default organization');
    console.log(`  Created organization ${created.organizationId}`);
    console.log(`  API key (shown once): ${created.apiKey}`);
    console.log(`\nTry it:\n  curl -s -X POST ${base}/device -H 'content-type: application/json' -H 'x-api-key: ${created.apiKey}' -d '{"identifier":"SN-0001","type":"thermostat"}'\n`);
  } else {
    console.log(`  ${existing.length} organization(s) exist; keys are stored hashed and cannot be shown again.`);
    console.log(`  New key: npm run admin -- key regenerate --org ${existing[0]?.organizationId}`);
  }
  console.log('Ctrl-C stops the API and DynamoDB Local.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
