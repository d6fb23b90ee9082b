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
import { startMqttBroker } from '../shared/local/mqtt-broker';
import { startLocalSchedules, startLocalTableStream } from '../shared/local/table-stream';
import { CHAT_DELIVERY_STREAM, CHAT_ENV } from '../shared/domain/ticket/notification/chat-delivery';
import { LOCAL_BACKFILL_BUCKET, startLocalS3 } from '../shared/local/s3';
import { WEBHOOK_ALLOW_LOCAL_ENV } from '../shared/domain/webhook/safe-http';
// The domain layer reads the environment lazily, on first use, so it sees the values set below.
import * as orgs from '../shared/domain/organization/organization.service';
import { telemetryTopic } from '../shared/domain/telemetry/mqtt';
import { startConsole } from '../shared/local/console';

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
  const mqttPort = intEnv('MQTT_PORT', 1883);
  const s3Port = intEnv('S3_PORT', 4569);
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
  // The table stream runs in this process (shared/local/table-stream.ts) and feeds every worker of
  // the route table, the chat notifier included, so tickets leave their notification to it as in AWS.
  process.env[CHAT_ENV.delivery] = CHAT_DELIVERY_STREAM;
  // Webhook receivers on this machine (plain http to localhost / 127.0.0.1) are allowed here and only here.
  process.env[WEBHOOK_ALLOW_LOCAL_ENV] = 'true';
  startLocalTableStream({ rootDir, tableName: process.env.TABLE_NAME, deadLetterDir: path.join(rootDir, '.data', 'dead-letter') });
  startLocalSchedules({ rootDir });

  const existing = await orgs.listOrganizations();
  const host = process.env.HOST ?? '127.0.0.1';
  const http = await startHttpServer({ port, rootDir, host });
  const mqtt = await startMqttBroker({ port: mqttPort, host, rootDir, deadLetterFile: path.join(rootDir, '.data', 'dead-letter', 'iot.jsonl') });
  const s3 = await startLocalS3({
    port: s3Port,
    host,
    rootDir,
    dataDir: path.join(rootDir, '.data', 's3'),
    bucket: process.env.BACKFILL_BUCKET || LOCAL_BACKFILL_BUCKET,
    deadLetterFile: path.join(rootDir, '.data', 'dead-letter', 's3.jsonl'),
  });
  // The backfill handler runs in this process and reads objects from this S3.
  process.env.S3_ENDPOINT = s3.endpoint;
  const base = `${http.url}/api/ext-v1`;
  // The console (issue 18): its organization exists before the first line is printed, so the sign-in link comes first.
  const created = existing.length === 0 ? await orgs.createOrganization('Default organization') : undefined;
  const consoleInfo = await startConsole({ server: http.server, url: http.url, rootDir, organizationId: created?.organizationId ?? (existing[0]?.organizationId as string) });
  console.log(`Console: ${consoleInfo.consoleUrl}  sign in as ${consoleInfo.admin.email} (admin) with this one-time link: ${consoleInfo.admin.link}`);

  console.log(`Fleetdesk local stack`);
  console.log(`  API:       ${base}  (telemetry and other host routes under ${http.url})`);
  console.log(`  DynamoDB:  ${process.env.DYNAMODB_ENDPOINT}  table "${process.env.TABLE_NAME}" (${table})`);
  console.log(`  MQTT:      ${mqtt.url}  (username any, password = the organization's API key)`);
  console.log(`  S3:        ${s3.endpoint}  bucket "${s3.bucket}" (path-style; access key S3RVER, secret S3RVER; gzipped CSV under backfill/<organizationId>/ is imported)`);
  if (created) {
    const org = created.organizationId;
    console.log(`  Created organization ${org}`);
    console.log(`  API key (shown once): ${created.apiKey}`);
    console.log(`\nTry it:\n  curl -s -X POST ${base}/device -H 'content-type: application/json' -H 'x-api-key: ${created.apiKey}' -d '{"identifier":"SN-0001","type":"thermostat"}'`);
    console.log(`  curl -s -X POST ${http.url}/api/telemetry -H 'content-type: application/json' -H 'x-api-key: ${created.apiKey}' -d '{"deviceIdentifier":"SN-0001","temperature":21.5}'`);
    console.log(`  mosquitto_pub -p ${mqtt.port} -u device -P ${created.apiKey} -t ${telemetryTopic(org, 'SN-0001')} -m '{"temperature":22.0}'`);
    console.log(`  curl -s ${base}/device/SN-0001/telemetry/latest -H 'x-api-key: ${created.apiKey}'`);
    console.log(`  npm run admin -- mapping add --org ${org} --prefix thermostats/ --path '{deviceIdentifier}.csv.gz'`);
    console.log(`  AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER aws --endpoint-url ${s3.endpoint} s3 cp SN-0001.csv.gz s3://${s3.bucket}/backfill/${org}/thermostats/SN-0001.csv.gz`);
    console.log(`  curl -s ${base}/telemetry/imports -H 'x-api-key: ${created.apiKey}'\n`);
  } else {
    console.log(`  ${existing.length} organization(s) exist; keys are stored hashed and cannot be shown again.`);
    console.log(`  New key: npm run admin -- key regenerate --org ${existing[0]?.organizationId}`);
    console.log(`  MQTT topic of a device: ${telemetryTopic(existing[0]?.organizationId ?? '<organizationId>', '<deviceIdentifier>')}`);
  }
  console.log('  Anomaly detection: on every live telemetry write (in-process table stream); dropout sweep every minute.');
  console.log('  Crash-reporting sync: once per 15-minute window for organizations with a connector (npm run admin -- connector set); ticket diagnosis on every new ticket.');
  console.log(`  Webhooks: POST ${base}/webhooks (http://localhost receivers allowed locally); retry waits scaled by WEBHOOK_RETRY_SCALE (${process.env.WEBHOOK_RETRY_SCALE ?? '1'}).`);
  console.log(`  More console users: npm run admin -- user add --org <organizationId> --email <email> --role agent|admin`);
  console.log('Ctrl-C stops the API, the MQTT broker, the local S3 and DynamoDB Local.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
