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
import { assertPortsFree } from '../shared/local/ports';
import { removeStackFile, STACK_FILE, writeStackFile } from '../shared/local/stack-file';
// The domain layer reads the environment lazily, on first use, so it sees the values set below.
import * as orgs from '../shared/domain/organization/organization.service';
import { telemetryTopic } from '../shared/domain/telemetry/mqtt';
import { startConsole } from '../shared/local/console';

const rootDir = path.resolve(__dirname, '..');
// LOCAL_DATA_DIR: another place for DynamoDB Local's files, the stack file and dead letters (npm run bench:load runs
// a second stack beside yours this way, without touching your .data/).
const dataDir = process.env.LOCAL_DATA_DIR ? path.resolve(process.env.LOCAL_DATA_DIR) : path.join(rootDir, '.data');

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

/** Everything this process started, stopped in reverse order on Ctrl-C and on any failure. */
const started: { name: string; stop: () => Promise<void> }[] = [];
let stopping: Promise<never> | undefined;

/** Stops what was started (DynamoDB Local last, waiting for it to exit), then exits with `code`. */
function shutdown(code: number): Promise<never> {
  stopping ??= (async () => {
    for (const item of started.reverse()) {
      try {
        await item.stop();
      } catch (error) {
        console.error(`stopping ${item.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    removeStackFile(dataDir);
    process.exit(code);
  })();
  return stopping;
}

/** Kills DynamoDB Local and resolves once the Java process has exited (its port is then free). */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill();
  });
}

async function main() {
  const port = intEnv('PORT', 3000);
  const dynamoPort = intEnv('DYNAMODB_PORT', 8000);
  const mqttPort = intEnv('MQTT_PORT', 1883);
  const s3Port = intEnv('S3_PORT', 4569);
  process.env.TABLE_NAME ||= 'fleetdesk';
  const host = process.env.HOST ?? '127.0.0.1';
  const ownDynamo = !process.env.DYNAMODB_ENDPOINT;

  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  // Every port before anything starts: a busy one is a one-line message and nothing is left running.
  await assertPortsFree([
    { variable: 'PORT', port, host },
    { variable: 'MQTT_PORT', port: mqttPort, host },
    { variable: 'S3_PORT', port: s3Port, host },
    // DynamoDB Local listens on every interface.
    ...(ownDynamo ? [{ variable: 'DYNAMODB_PORT', port: dynamoPort, host: '0.0.0.0' }] : []),
  ]);

  if (ownDynamo) {
    // Generous: on a busy laptop the JVM's first start can take most of a minute.
    const dynamo = await startDynamoDbLocal({ port: dynamoPort, dbPath: path.join(dataDir, 'dynamodb'), timeoutMs: 120_000 });
    started.push({ name: 'DynamoDB Local', stop: () => stopChild(dynamo) });
    // Last resort: whatever ends this process (an uncaught error while stopping included), the JVM goes with it.
    process.on('exit', () => {
      if (dynamo.exitCode === null && dynamo.signalCode === null) dynamo.kill('SIGKILL');
    });
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${dynamoPort}`;
    dynamo.on('exit', (code) => {
      // Ctrl-C in a terminal reaches DynamoDB Local too (same process group): only an exit of its own is news.
      if (stopping) return;
      console.error(`DynamoDB Local stopped (code ${code}); stopping Fleetdesk.`);
      void shutdown(1);
    });
  }
  const table = await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME);
  // The table stream runs in this process (shared/local/table-stream.ts) and feeds every worker of
  // the route table, the chat notifier included, so tickets leave their notification to it as in AWS.
  process.env[CHAT_ENV.delivery] = CHAT_DELIVERY_STREAM;
  // Webhook receivers on this machine (plain http to localhost / 127.0.0.1) are allowed here and only here.
  process.env[WEBHOOK_ALLOW_LOCAL_ENV] = 'true';
  const stream = startLocalTableStream({ rootDir, tableName: process.env.TABLE_NAME, deadLetterDir: path.join(dataDir, 'dead-letter') });
  const schedules = startLocalSchedules({ rootDir });
  started.push({
    name: 'table stream and schedules',
    stop: async () => {
      schedules.stop();
      stream.stop();
    },
  });

  const existing = await orgs.listOrganizations();
  const http = await startHttpServer({ port, rootDir, host });
  started.push({ name: 'API', stop: http.close });
  const mqtt = await startMqttBroker({ port: mqttPort, host, rootDir, deadLetterFile: path.join(dataDir, 'dead-letter', 'iot.jsonl') });
  started.push({ name: 'MQTT broker', stop: mqtt.close });
  const s3 = await startLocalS3({
    port: s3Port,
    host,
    rootDir,
    dataDir: path.join(dataDir, 's3'),
    bucket: process.env.BACKFILL_BUCKET || LOCAL_BACKFILL_BUCKET,
    deadLetterFile: path.join(dataDir, 'dead-letter', 's3.jsonl'),
  });
  started.push({ name: 'local S3', stop: s3.close });
  // The backfill handler runs in this process and reads objects from this S3.
  process.env.S3_ENDPOINT = s3.endpoint;
  const base = `${http.url}/api/ext-v1`;
  // The operator CLI finds this stack (its DynamoDB and table) through this file.
  writeStackFile(dataDir, {
    pid: process.pid,
    api: base,
    dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT ?? '',
    tableName: process.env.TABLE_NAME,
    mqttPort: mqtt.port,
    s3Endpoint: s3.endpoint,
    bucket: s3.bucket,
  });
  // The console (issue 18): its organization exists before the first line is printed, so the sign-in link comes first.
  const created = existing.length === 0 ? await orgs.createOrganization('Default organization') : undefined;
  const consoleInfo = await startConsole({ server: http.server, url: http.url, rootDir, organizationId: created?.organizationId ?? (existing[0]?.organizationId as string) });
  console.log(`Console: ${consoleInfo.consoleUrl}  sign in as ${consoleInfo.admin.email} (admin) with this one-time link: ${consoleInfo.admin.link}`);

  console.log(`Fleetdesk local stack`);
  console.log(`  API:       ${base}  (telemetry and other host routes under ${http.url})`);
  console.log(`  DynamoDB:  ${process.env.DYNAMODB_ENDPOINT}  table "${process.env.TABLE_NAME}" (${table})`);
  console.log(`  MQTT:      ${mqtt.url}  (username any, password = the organization's API key)`);
  console.log(`  S3:        ${s3.endpoint}  bucket "${s3.bucket}" (path-style; access key S3RVER, secret S3RVER; gzipped CSV under backfill/<organizationId>/ is imported)`);
  console.log(`  The operator CLI (npm run admin) finds this stack through .data/${STACK_FILE}.`);
  if (created) {
    const org = created.organizationId;
    const key = created.apiKey;
    console.log(`  Created organization ${org}`);
    console.log(`  API key (shown once): ${key}`);
    console.log(`\nTry it (or paste the first line and follow README.md):`);
    console.log(`  BASE=${base} ORG=${org} KEY=${key}`);
    console.log(`  curl -s -X POST ${base}/device -H 'content-type: application/json' -H 'x-api-key: ${key}' -d '{"identifier":"SN-0001","type":"thermostat"}'`);
    console.log(`  curl -s -X POST ${http.url}/api/telemetry -H 'content-type: application/json' -H 'x-api-key: ${key}' -d '{"deviceIdentifier":"SN-0001","temperature":21.5}'`);
    console.log(`  npx mqtt pub -p ${mqtt.port} -u device -P ${key} -t ${telemetryTopic(org, 'SN-0001')} -m '{"temperature":22.0}'`);
    console.log(`  curl -s ${base}/device/SN-0001/telemetry/latest -H 'x-api-key: ${key}'`);
    console.log(`  npm run admin -- mapping add --org ${org} --prefix thermostats/ --path '{deviceIdentifier}.csv.gz'`);
    console.log(`  printf 'timestamp,temperature\\n%s,19.5\\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" | gzip > SN-0001.csv.gz`);
    console.log(`  curl -s -T SN-0001.csv.gz --aws-sigv4 aws:amz:local:s3 --user S3RVER:S3RVER -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' ${s3.endpoint}/${s3.bucket}/backfill/${org}/thermostats/SN-0001.csv.gz`);
    console.log(`  curl -s ${base}/telemetry/imports -H 'x-api-key: ${key}'\n`);
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
  void shutdown(1);
});
