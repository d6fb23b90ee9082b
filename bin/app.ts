#!/usr/bin/env node
/**
 * CDK entry: `npx cdk synth|deploy [-c stage=prod] [-c logRetentionDays=90] [-c alarmEmail=ops@example.com]
 * [-c classifier=bedrock -c bedrockModelId=<model or inference profile id>] [-c iotIngestion=false]`.
 * The IoT connector stack for makers with their own IoT Core exists only when its context is given:
 * `npx cdk deploy FleetdeskIotConnector -c fleetdeskUrl=https://… -c topicFilter='things/+/telemetry'
 * -c identifierSegment=2 [-c apiKeySecretName=…]` (docs/operations.md).
 * The stack is environment-agnostic (no account/region lookups), so synth needs no credentials
 * and no network; deploy takes account and region from the caller's AWS profile.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeploymentConfig } from '../lib/config';
import { FleetdeskStack } from '../lib/fleetdesk-stack';
import { CONNECTOR_STACK_NAME, FleetdeskIotConnectorStack, readConnectorConfig } from '../lib/iot-connector-stack';

const app = new App();
const config = readDeploymentConfig(app.node);

new FleetdeskStack(app, `Fleetdesk-${config.stage}`, {
  config,
  description: `Fleetdesk support back end (${config.stage}): External API v1 on API Gateway, Lambda and DynamoDB`,
});

// Only with -c fleetdeskUrl=…: a plain synth stays offline and context-free.
const connector = readConnectorConfig(app.node);
if (connector) {
  new FleetdeskIotConnectorStack(app, CONNECTOR_STACK_NAME, {
    config: connector,
    alarmEmail: config.alarmEmail,
    description: `Fleetdesk IoT connector: forwards ${connector.topicFilter} from this account's IoT Core to ${connector.fleetdeskUrl}`,
  });
}

// cdk-nag on every synth and deploy: an unacknowledged finding stops the deployment, the same
// way it fails test/infra/nag.test.ts.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
