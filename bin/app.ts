#!/usr/bin/env node
/**
 * CDK entry: `npx cdk synth|deploy [-c stage=prod] [-c logRetentionDays=90] [-c alarmEmail=ops@example.com]
 * [-c classifier=bedrock -c bedrockModelId=<model or inference profile id>]`.
 * The stack is environment-agnostic (no account/region lookups), so synth needs no credentials
 * and no network; deploy takes account and region from the caller's AWS profile.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeploymentConfig } from '../lib/config';
import { FleetdeskStack } from '../lib/fleetdesk-stack';

const app = new App();
const config = readDeploymentConfig(app.node);

new FleetdeskStack(app, `Fleetdesk-${config.stage}`, {
  config,
  description: `Fleetdesk support back end (${config.stage}): External API v1 on API Gateway, Lambda and DynamoDB`,
});

// cdk-nag on every synth and deploy: an unacknowledged finding stops the deployment, the same
// way it fails test/infra/nag.test.ts.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
