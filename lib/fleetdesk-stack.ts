import path from 'node:path';
import { Aws, CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { type IKey, Key } from 'aws-cdk-lib/aws-kms';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { isRouteGroupFunction, ROUTE_GROUPS_STACK_ID } from './route-groups';
import { DEVICE_POLICY_NAME, telemetryRuleName } from '../shared/config/iot';
import { TELEMETRY_RULE_SQL, TELEMETRY_RULE_SQL_VERSION } from '../shared/domain/telemetry/mqtt';
import { CHAT_DELIVERY_STREAM, CHAT_ENV } from '../shared/domain/ticket/notification/chat-delivery';
import {
  API_PREFIX,
  ingestion as defaultIngestion,
  type IngestionDefinition,
  notFoundRoute,
  type RouteCapability,
  type RouteDefinition,
  routes as defaultRoutes,
  type ScheduleDefinition,
  schedules as defaultSchedules,
  type QueueWorkerDefinition,
  queueWorkers as defaultQueueWorkers,
  type TableAccess,
  type WorkerDefinition,
  workers as defaultWorkers,
  gatewayRouteKey,
  PROXY_ROUTES,
} from '../shared/routes';
import { scheduleMinutes, type DeploymentConfig } from './config';
import { ALARM_PERIOD, Alarms } from './constructs/alarms';
import { DeadLetterQueue } from './constructs/dead-letter-queue';
import { DevicePolicy } from './constructs/device-policy';
import { FleetFunction, type FleetFunctionProps } from './constructs/fleet-function';
import { FleetTable } from './constructs/fleet-table';
import { IotLambdaRule } from './constructs/iot-lambda-rule';
import { topicRuleName } from './constructs/iot-topic-rule';
import { BACKFILL_FUNCTION, BackfillBucket } from './constructs/backfill-bucket';
import { WorkQueue } from './constructs/work-queue';
import { applyRouteThrottles } from './constructs/route-throttles';
import { STREAM_DISPATCHER, StreamDispatch } from './constructs/stream-dispatch';
import { ConsoleAuth } from './constructs/console-auth';
import { ConsoleSite } from './constructs/console-site';
import { CONSOLE_AUTH_ENV } from '../shared/domain/user/user-auth';
import { CONSOLE_USER_ACTIONS, USER_POOL_ENV } from '../shared/admin/user-pool';
import { CONNECTOR_ENV } from '../shared/domain/connector/token-sealer';
import { WEBHOOK_SECRET_CONTEXT_PURPOSE, WEBHOOK_SECRET_ENV } from '../shared/domain/webhook/webhook-secret';
import { DESTINATION_ENV } from '../shared/domain/telemetry/destination-confirmation';

/** The queue worker whose queue the `webhookQueue` capability sends to. */
const WEBHOOK_DELIVERY_WORKER = 'WebhookDelivery';
const CONNECTOR_SYNC_WORKER = 'ConnectorSync';

/** Where `npm run build:console` puts the console's build. */
const CONSOLE_DIST = path.join(__dirname, '..', 'console', 'dist');

export interface FleetdeskStackProps extends StackProps {
  config: DeploymentConfig;
  /** Defaults to the route table; tests pass their own lists to cover shapes the table lacks today. */
  routes?: readonly RouteDefinition[];
  /** The built console to deploy (default console/dist, from `npm run build:console`). */
  consoleAssetDir?: string;
  workers?: readonly WorkerDefinition[];
  ingestion?: readonly IngestionDefinition[];
  schedules?: readonly ScheduleDefinition[];
  queueWorkers?: readonly QueueWorkerDefinition[];
}

/**
 * The stage's default throttle: what the `$default` route (no route matched) gets. Every declared
 * route has its own throttle (lib/constructs/route-throttles.ts); per-organization limits are not part of v1.
 */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

const WORKER_TIMEOUT = Duration.seconds(30);
/** Failed Bedrock calls in one alarm period that page: a timeout now and then is not an incident, a denied model is. */
export const BEDROCK_FAILURE_THRESHOLD = 5;
/** A sweep walks every organization's overdue devices; it gets the longest budget of the timed functions. */
const SCHEDULE_TIMEOUT = Duration.minutes(2);
const INGESTION_TIMEOUT = Duration.seconds(30);

/** The queues of one IoT-rule ingestion function: IoT's error action, and the function's own async failures. */
export interface IngestionQueues {
  ruleErrors: DeadLetterQueue;
  functionFailures: DeadLetterQueue;
}

/**
 * The whole deployed service: the table and its stream, one function per route and per worker
 * (generated from shared/routes.ts, the table the local router also serves) plus the not-found
 * fallback, the HTTP API, the workers' dead-letter queues and the alarms. Contains no business
 * logic; handlers live under functions/.
 */
export class FleetdeskStack extends Stack {
  readonly functions = new Map<string, FleetFunction>();
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly tableConstruct: FleetTable;
  /** Each worker's dead-letter queue, by worker id. */
  readonly deadLetterQueues = new Map<string, DeadLetterQueue>();
  /** Each IoT-rule ingestion function's queues, by ingestion id. */
  readonly ingestionQueues = new Map<string, IngestionQueues>();
  /** IoT topic rules, by ingestion id. */
  readonly topicRules = new Map<string, IotLambdaRule>();
  /** The device policy; absent when `iotIngestion` is off. */
  readonly devicePolicy?: DevicePolicy;
  /** The S3 backfill bucket and its queues, by ingestion id (lib/constructs/backfill-bucket.ts). */
  readonly backfillBuckets = new Map<string, BackfillBucket>();
  /** Each queue-fed worker's queue and DLQ, by worker id. */
  readonly workQueues = new Map<string, WorkQueue>();
  /** The table stream's one reader for the workers, and each worker's queue; absent without workers. */
  streamDispatch?: StreamDispatch;
  /** The console's distribution and bucket, and its Cognito pool and JWT authorizer (issue 18). */
  readonly consoleSite: ConsoleSite;
  readonly consoleAuth: ConsoleAuth;
  /** The KMS key sealing connector tokens and webhook signing secrets; absent when nothing uses them. */
  connectorTokenKey?: Key;
  /**
   * The nested stack holding the console's feature groups (`isRouteGroupFunction`: every console group
   * but the catch-all) with their routes, integrations, permissions and alarms; its own 500 resources
   * (lib/route-groups.ts). Absent when no route needs it.
   */
  routeGroupsStack?: NestedStack;

  constructor(scope: Construct, id: string, props: FleetdeskStackProps) {
    super(scope, id, props);
    const { config } = props;
    const routes = props.routes ?? defaultRoutes;
    const workers = props.workers ?? defaultWorkers;
    const ingestion = props.ingestion ?? defaultIngestion;
    const schedules = props.schedules ?? defaultSchedules;
    const queueWorkers = props.queueWorkers ?? defaultQueueWorkers;
    // The key that seals crash-reporting connector tokens and webhook signing secrets (KMS envelope encryption), made only when something uses them.
    let tokenKey: IKey | undefined;
    const connectorKey = () =>
      (tokenKey ??= (() => {
        // A key kept from an earlier deployment of this stage (`-c connectorKeyArn=…`): the tokens
        // sealed with it in the retained table stay readable after a teardown and redeploy.
        if (config.connectorKeyArn) return Key.fromKeyArn(this, 'ConnectorTokenKey', config.connectorKeyArn);
        const key = new Key(this, 'ConnectorTokenKey', {
          description: 'Fleetdesk: envelope encryption of crash-reporting connector tokens and webhook signing secrets (a data key per secret, organization id in the encryption context)',
          enableKeyRotation: true,
          // Retained like the table: deleting it would leave every sealed token in the kept table unreadable.
          removalPolicy: RemovalPolicy.RETAIN,
        });
        new CfnOutput(this, 'ConnectorKeyArn', { value: key.keyArn, description: 'CONNECTOR_KMS_KEY_ID for `admin connector set`; pass it as -c connectorKeyArn=… after a teardown' });
        this.connectorTokenKey = key;
        return key;
      })());
    // Functions that queue webhook attempts; wired to the WebhookDelivery queue once it exists (below).
    const webhookQueueUsers: FleetFunction[] = [];
    Tags.of(this).add('app', 'fleetdesk');
    Tags.of(this).add('stage', config.stage);

    this.tableConstruct = new FleetTable(this, 'Data');
    const table = this.tableConstruct.table;
    const alarms = new Alarms(this, 'Alarms', { email: config.alarmEmail });

    const fleetFunction = (id: string, entry: string, access: TableAccess | undefined, extra: Partial<FleetFunctionProps> = {}, scope: Construct = this) => {
      if (this.functions.has(id)) throw new Error(`Duplicate route/worker id "${id}"`);
      const f = new FleetFunction(scope, id, {
        entry,
        table: access ? { table, access } : undefined,
        logRetention: config.logRetention,
        sourceMaps: config.sourceMaps,
        description: `Fleetdesk ${id}`,
        ...extra,
      });
      this.functions.set(id, f);
      alarms.add(
        `${id}Errors`,
        f.fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }),
        `Function ${id} threw (an unhandled error, timeout or crash)`,
        1,
        // A function's alarm lives in the function's stack (the nested stack's count, not the parent's).
        scope === this ? undefined : scope,
      );
      return f;
    };

    // Accounts whose IoT rule destinations may be confirmed through /api/telemetry (issue 23 #8).
    const destinationAccounts = [Aws.ACCOUNT_ID, ...config.iotConnectorAccounts].join(',');

    // --- HTTP API -----------------------------------------------------------------------------
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: config.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.api = new HttpApi(this, 'Api', {
      apiName: `fleetdesk-${config.stage}`,
      description: `Fleetdesk External API v1 (${config.stage})`,
      // The stage is created below so it can carry throttling and access logs.
      createDefaultStage: false,
    });
    // `$default` keeps the stage name out of the URL, so paths read exactly as the spec writes them.
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { ...API_THROTTLE },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // No headers and no body: the API key and customer data never reach the access log.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTimeEpoch',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationStatus: '$context.integrationStatus',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    const keyAuthAcknowledgment = {
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorization is the per-organization x-api-key check in the handler factory (spec: 401 `Missing API key` / `Invalid API key` with exact texts on every route). An API Gateway authorizer cannot produce those bodies and would add a Lambda hop to every request.',
    };
    Validations.of(this.api).acknowledge(keyAuthAcknowledgment);

    // --- Support console (issue 18): CloudFront + private bucket, Cognito, JWT authorizer on person routes ---
    this.consoleSite = new ConsoleSite(this, 'Console', { api: this.api, assetDir: props.consoleAssetDir ?? CONSOLE_DIST });
    this.consoleAuth = new ConsoleAuth(this, 'ConsoleAuth', { stage: config.stage, consoleDomain: this.consoleSite.distribution.distributionDomainName });
    this.consoleSite.deploy(props.consoleAssetDir ?? CONSOLE_DIST, this.consoleAuth.runtimeConfig(this.region));
    new CfnOutput(this, 'ConsoleUrl', { value: `https://${this.consoleSite.distribution.distributionDomainName}/console/` });

    const throttled: { routeKey: string; def: RouteDefinition; resources: HttpRoute[] }[] = [];
    // One integration per function. A function serving several routes (a route group, MCP, the docs)
    // gets one API-scoped invoke permission instead of one per route: with one integration and one
    // permission per route the stack passed CloudFormation's 500 resources (docs/operations.md).
    const routesPerFunction = new Map<string, number>();
    for (const route of routes) routesPerFunction.set(route.functionId ?? route.id, (routesPerFunction.get(route.functionId ?? route.id) ?? 0) + 1);
    // Route groups go to a nested stack, with their routes: the parent stack stays well under CloudFormation's 500 resources.
    const groupsStack = () =>
      (this.routeGroupsStack ??= new NestedStack(this, ROUTE_GROUPS_STACK_ID, {
        description: `Fleetdesk route groups (${config.stage}): the console's API, the webhooks API, MCP and the docs, with their API routes`,
      }));
    const scopeOf = (route: RouteDefinition): Construct => (isRouteGroupFunction(route) ? groupsStack() : this);
    // What HttpApi.addRoutes does, in the stack of the function behind the route.
    const addRoutes = (route: RouteDefinition, options: { path: string; methods: HttpMethod[]; integration: HttpLambdaIntegration; authorizer?: ConsoleAuth['authorizer'] }) => {
      const scope = scopeOf(route);
      if (scope === this) return this.api.addRoutes(options);
      return options.methods.map((method) => {
        const r = new HttpRoute(scope, `${method}${options.path}`, { httpApi: this.api, routeKey: HttpRouteKey.with(options.path, method), integration: options.integration, authorizer: options.authorizer });
        // As on the API's own routes: key routes authenticate in the handler factory.
        if (!options.authorizer) Validations.of(r).acknowledge(keyAuthAcknowledgment);
        return r;
      });
    };
    const integrations = new Map<string, HttpLambdaIntegration>();
    const integrationOf = (functionId: string, f: FleetFunction) => {
      let integration = integrations.get(functionId);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${functionId}Integration`, f.fn, { scopePermissionToRoute: (routesPerFunction.get(functionId) ?? 1) === 1 });
        integrations.set(functionId, integration);
      }
      return integration;
    };
    for (const route of routes) {
      if (route.path.length > 1 && route.path.endsWith('/')) {
        // HTTP API rejects such route keys at deploy time; fail at synth with a useful message.
        throw new Error(`Route ${route.id}: path "${route.path}" ends with "/"; declare it without the slash`);
      }
      // Routes sharing a function (the MCP endpoint's methods, the docs page and its assets) are
      // configured once, by the first of them; the others must agree with it.
      const functionId = route.functionId ?? route.id;
      const shared = routes.find((r) => (r.functionId ?? r.id) === functionId);
      if (shared && shared !== route && (shared.entry !== route.entry || shared.table !== route.table || String(shared.uses) !== String(route.uses))) {
        throw new Error(`Route ${route.id} shares function ${functionId} with ${shared.id} but differs in entry, table or uses`);
      }
      const existing = shared !== route ? this.functions.get(functionId) : undefined;
      const f = existing ?? fleetFunction(functionId, route.entry, route.table, {}, scopeOf(route));
      // People's routes trust only the JWT authorizer's verified claims (shared/domain/user/user-auth.ts).
      if (!existing && route.auth === 'user') f.fn.addEnvironment(CONSOLE_AUTH_ENV, 'cognito');
      for (const capability of existing ? [] : (route.uses ?? [])) {
        if (capability === 'chatOutbox') f.fn.addEnvironment(CHAT_ENV.delivery, CHAT_DELIVERY_STREAM);
        if (capability === 'classifier' && config.classifier.kind !== 'embedded') f.useBedrockClassifier(config.classifier.modelId, config.classifier.kind);
        if (capability === 'iotDestinations') f.fn.addEnvironment(DESTINATION_ENV.accounts, destinationAccounts);
        if (capability === 'webhookQueue') webhookQueueUsers.push(f);
        if (capability === 'consoleUsers') {
          f.fn.addEnvironment(USER_POOL_ENV, this.consoleAuth.userPool.userPoolId);
          this.consoleAuth.userPool.grant(f.fn, ...CONSOLE_USER_ACTIONS);
        }
      }
      const authorizer = route.auth === 'user' ? this.consoleAuth.authorizer : undefined;
      const proxyPath = PROXY_ROUTES[functionId];
      if (proxyPath !== undefined) {
        // One greedy route for the whole group (the group matches its members itself): added once.
        if (!existing) {
          const resources = addRoutes(route, { path: proxyPath, methods: [HttpMethod.ANY], integration: integrationOf(functionId, f), authorizer });
          throttled.push({ routeKey: gatewayRouteKey(route), def: route, resources });
        }
        continue;
      }
      const resources = addRoutes(route, { path: route.path, methods: [HttpMethod[route.method]], integration: integrationOf(functionId, f), authorizer });
      throttled.push({ routeKey: gatewayRouteKey(route), def: route, resources });
    }
    applyRouteThrottles(this.stage, throttled);

    // Unmatched requests get Fleetdesk's 404 body instead of API Gateway's own `{"message":"Not Found"}`.
    // It also serves the trailing-slash forms of a few routes (IoT's destination confirmation posts to
    // `/api/telemetry/`), with those routes' table access and capabilities.
    const slashRoutes = notFoundRoute.slashForms.map((id) => routes.find((r) => r.id === id)).filter((r): r is RouteDefinition => r !== undefined);
    const slashTable = slashRoutes.some((r) => r.table === 'readwrite') ? 'readwrite' : slashRoutes.some((r) => r.table === 'read') ? 'read' : undefined;
    const notFound = fleetFunction(notFoundRoute.id, notFoundRoute.entry, slashTable);
    for (const capability of new Set(slashRoutes.flatMap((r) => r.uses ?? []))) {
      if (capability === 'chatOutbox') notFound.fn.addEnvironment(CHAT_ENV.delivery, CHAT_DELIVERY_STREAM);
      if (capability === 'classifier' && config.classifier.kind === 'bedrock') notFound.useBedrockClassifier(config.classifier.modelId);
      if (capability === 'iotDestinations') notFound.fn.addEnvironment(DESTINATION_ENV.accounts, destinationAccounts);
    }
    const defaultRoute = new HttpRoute(this, 'DefaultRoute', {
      httpApi: this.api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration(`${notFoundRoute.id}Integration`, notFound.fn),
    });
    Validations.of(defaultRoute).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The $default route answers 404 {"error":"Not found"} for paths no route declares, and serves the trailing-slash forms of a few routes (notFoundRoute.slashForms) with their own handlers, which authenticate with the organization key like those routes; an authorizer would answer 401 where API Gateway and the local stack answer 404.',
    });

    // --- Table-stream workers -------------------------------------------------------------------
    // Workers and schedules that create tickets get what createTicket gets (the outbox mode, the classifier).
    const useCapabilities = (f: FleetFunction, uses: readonly RouteCapability[] = []) => {
      if (uses.includes('chatOutbox')) f.fn.addEnvironment(CHAT_ENV.delivery, CHAT_DELIVERY_STREAM);
      if (uses.includes('classifier') && config.classifier.kind !== 'embedded') f.useBedrockClassifier(config.classifier.modelId, config.classifier.kind);
      if (uses.includes('diagnosis') && config.diagnosis.kind === 'bedrock') f.useBedrockDiagnosis(config.diagnosis.modelId);
      if (uses.includes('webhookQueue')) webhookQueueUsers.push(f);
      if (uses.includes('connectorToken')) {
        // Decrypt only: sealing (GenerateDataKey) is the operator's `connector set`, with the operator's credentials.
        const key = connectorKey();
        f.fn.addEnvironment(CONNECTOR_ENV.kmsKeyId, key.keyArn);
        key.grantDecrypt(f.role);
      }
    };
    // One reader of the table stream for every worker (lib/constructs/stream-dispatch.ts): the dispatcher
    // copies each record to the queues of the workers whose filter it matches.
    const streamWorkers = workers.map((def) => {
      const fn = fleetFunction(def.id, def.entry, def.table, { timeout: WORKER_TIMEOUT });
      useCapabilities(fn, def.uses);
      return { def, fn };
    });
    if (streamWorkers.length > 0) {
      const dispatcher = fleetFunction(STREAM_DISPATCHER.id, STREAM_DISPATCHER.entry, undefined, { timeout: WORKER_TIMEOUT });
      this.streamDispatch = new StreamDispatch(this, 'StreamDispatch', { table, dispatcher, workers: streamWorkers });
      alarms.add(
        `${STREAM_DISPATCHER.id}DlqDepth`,
        this.streamDispatch.deadLetterQueue.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        'Stream records could not be copied to the workers\' queues after every retry; their stream positions wait in the dispatcher\'s dead-letter queue',
      );
      new CfnOutput(this, `${STREAM_DISPATCHER.id}DlqName`, { value: this.streamDispatch.deadLetterQueue.queue.queueName });
    }
    for (const { def } of streamWorkers) {
      const dlq = this.streamDispatch?.workerQueues.get(def.id)?.deadLetterQueue as DeadLetterQueue;
      this.deadLetterQueues.set(def.id, dlq);
      alarms.add(
        `${def.id}DlqDepth`,
        dlq.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        `Stream records for ${def.id} failed every receive; the records wait in its dead-letter queue`,
      );
      new CfnOutput(this, `${def.id}DlqName`, { value: dlq.queue.queueName });
    }

    // --- Queue-fed workers (SQS, with a DLQ and its alarm) -----------------------------------------
    for (const def of queueWorkers) {
      const f = fleetFunction(def.id, def.entry, def.table, { timeout: Duration.seconds(def.timeoutSeconds) });
      useCapabilities(f, def.uses);
      const work = new WorkQueue(this, `${def.id}Work`, { def, worker: f });
      this.workQueues.set(def.id, work);
      alarms.add(
        `${def.id}DlqDepth`,
        work.deadLetterQueue.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        `Jobs for ${def.id} failed every receive; they wait in its dead-letter queue`,
      );
      new CfnOutput(this, `${def.id}DlqName`, { value: work.deadLetterQueue.queue.queueName });
      if (def.alarmOnAgeMinutes) {
        alarms.add(
          `${def.id}Backlog`,
          work.queue.metricApproximateAgeOfOldestMessage({ period: ALARM_PERIOD, statistic: 'Maximum' }),
          `Messages for ${def.id} have waited over ${def.alarmOnAgeMinutes} minutes: the worker is falling behind`,
          def.alarmOnAgeMinutes * 60,
        );
      }
    }

    // The console's crash connector settings (issue 18): seal a new token (GenerateDataKey only, under a
    // connector token's context: the organization id alone), and queue "Sync now" for the ConnectorSync
    // worker, which alone may decrypt. No function serving people can open a stored token.
    for (const route of routes) {
      const f = this.functions.get(route.functionId ?? route.id);
      if (!f || route !== routes.find((r) => (r.functionId ?? r.id) === (route.functionId ?? route.id))) continue;
      if (route.uses?.includes('connectorTokenSeal')) {
        const key = connectorKey();
        f.fn.addEnvironment(CONNECTOR_ENV.kmsKeyId, key.keyArn);
        f.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['kms:GenerateDataKey'],
            resources: [key.keyArn],
            conditions: { 'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId'] }, Null: { 'kms:EncryptionContextKeys': 'false' } },
          }),
        );
      }
      if (route.uses?.includes('connectorSyncQueue')) {
        const work = this.workQueues.get(CONNECTOR_SYNC_WORKER);
        if (!work) throw new Error(`Route ${route.id} uses "connectorSyncQueue" but there is no ${CONNECTOR_SYNC_WORKER} queue worker`);
        work.allowSend(f);
      }
    }

    if (webhookQueueUsers.length > 0) {
      const work = this.workQueues.get(WEBHOOK_DELIVERY_WORKER);
      if (!work) throw new Error(`Functions use "webhookQueue" but there is no ${WEBHOOK_DELIVERY_WORKER} queue worker`);
      for (const f of webhookQueueUsers) work.allowSend(f);
    }

    // Webhook signing secrets are sealed with the connector tokens' key, under their own encryption
    // context: each grant holds only for that context, so these functions cannot open a connector token.
    const secretGrants = new Map<string, Set<RouteCapability>>();
    for (const def of [...routes, ...workers, ...queueWorkers, ...schedules]) {
      const functionId = ('functionId' in def && def.functionId) || def.id;
      for (const use of def.uses ?? []) {
        if (use === 'webhookSecretSeal' || use === 'webhookSecretOpen') secretGrants.set(functionId, (secretGrants.get(functionId) ?? new Set()).add(use));
      }
    }
    for (const [functionId, uses] of secretGrants) {
      const f = this.functions.get(functionId);
      if (!f) continue;
      const key = connectorKey();
      f.fn.addEnvironment(WEBHOOK_SECRET_ENV.kmsKeyId, key.keyArn);
      f.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: [...(uses.has('webhookSecretSeal') ? ['kms:GenerateDataKey'] : []), ...(uses.has('webhookSecretOpen') ? ['kms:Decrypt'] : [])],
          resources: [key.keyArn],
          conditions: { StringEquals: { 'kms:EncryptionContext:purpose': WEBHOOK_SECRET_CONTEXT_PURPOSE } },
        }),
      );
    }

    // --- Schedules (EventBridge) -------------------------------------------------------------------
    for (const schedule of schedules) {
      const f = fleetFunction(schedule.id, schedule.entry, schedule.table, { timeout: SCHEDULE_TIMEOUT });
      useCapabilities(f, schedule.uses);
      if (schedule.feeds) {
        const work = this.workQueues.get(schedule.feeds);
        if (!work) throw new Error(`Schedule ${schedule.id} feeds "${schedule.feeds}", which is not a queue worker`);
        work.allowSend(f);
      }
      const everyMinutes = scheduleMinutes(this.node, schedule);
      const dlq = new DeadLetterQueue(this, `${schedule.id}Dlq`);
      this.deadLetterQueues.set(schedule.id, dlq);
      new Rule(this, `${schedule.id}Schedule`, {
        description: `Fleetdesk ${schedule.id}, every ${everyMinutes} minutes`,
        schedule: Schedule.rate(Duration.minutes(everyMinutes)),
        // A missed run is not worth more than the next one: two retries, then the DLQ and its alarm.
        targets: [new LambdaFunction(f.fn, { deadLetterQueue: dlq.queue, retryAttempts: 2, maxEventAge: Duration.minutes(everyMinutes) })],
      });
      alarms.add(
        `${schedule.id}DlqDepth`,
        dlq.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        `Scheduled ${schedule.id} could not be invoked; the events wait in its dead-letter queue`,
      );
    }

    // --- Ingestion through IoT Core (MQTT) ---------------------------------------------------------
    const iotRules = ingestion.filter((d) => d.source === 'iotRule');
    const unsupported = ingestion.filter((d) => d.source !== 'iotRule' && d.source !== 's3');
    if (unsupported.length > 0) {
      throw new Error(`Ingestion ${unsupported.map((d) => `${d.id} (source ${d.source})`).join(', ')}: the stack does not wire this source yet`);
    }
    // The rule SQL is the telemetry contract; a second iotRule entry would be a second rule on the same topics (double ingestion).
    if (iotRules.length > 1) throw new Error(`Only one iotRule ingestion is supported (the telemetry rule); got ${iotRules.map((d) => d.id).join(', ')}`);
    if (config.iotIngestion) {
      let telemetryRule: string | undefined;
      for (const def of iotRules) {
        const queues: IngestionQueues = {
          ruleErrors: new DeadLetterQueue(this, `${def.id}RuleErrors`),
          functionFailures: new DeadLetterQueue(this, `${def.id}Failures`),
        };
        this.ingestionQueues.set(def.id, queues);
        // Invalid messages are recorded by the function and return normally; only real failures (a
        // crash, a timeout, DynamoDB unavailable) are retried twice and then land in functionFailures.
        const f = fleetFunction(def.id, def.entry, def.table, { timeout: INGESTION_TIMEOUT, asyncFailureQueue: queues.functionFailures.queue });
        const rule = new IotLambdaRule(this, `${def.id}Rule`, {
          ruleName: topicRuleName('fleetdesk', config.stage, def.id),
          sql: TELEMETRY_RULE_SQL,
          sqlVersion: TELEMETRY_RULE_SQL_VERSION,
          fn: f.fn,
          errorQueue: queues.ruleErrors.queue,
          description: `Fleetdesk ${config.stage}: device telemetry over MQTT to ${def.id}`,
        });
        this.topicRules.set(def.id, rule);
        telemetryRule = rule.ruleName;
        alarms.add(
          `${def.id}RuleErrorsDepth`,
          queues.ruleErrors.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
          `IoT could not invoke ${def.id}; the original messages wait in its rule error queue`,
        );
        alarms.add(
          `${def.id}FailuresDepth`,
          queues.functionFailures.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
          `${def.id} failed on every retry; the events and the errors wait in its failure queue`,
        );
        new CfnOutput(this, `${def.id}RuleName`, { value: rule.ruleName });
        new CfnOutput(this, `${def.id}RuleErrorsQueueName`, { value: queues.ruleErrors.queue.queueName });
        new CfnOutput(this, `${def.id}FailuresQueueName`, { value: queues.functionFailures.queue.queueName });
      }
      // Basic Ingest targets the telemetry rule by name; without one, only the plain topic is allowed.
      this.devicePolicy = new DevicePolicy(this, 'DevicePolicy', { telemetryRuleName: telemetryRule ?? telemetryRuleName(config.stage) });
      new CfnOutput(this, 'DevicePolicyName', { value: DEVICE_POLICY_NAME, description: 'IoT policy `admin iot provision` attaches to device certificates' });
    }

    // --- Ingestion from S3 (backfill): bucket, notification queue and grants in their own construct ---
    const s3Sources = ingestion.filter((d) => d.source === 's3');
    // The bucket name is per stage; a second s3 entry would be a second bucket under the same name.
    if (s3Sources.length > 1) throw new Error(`Only one s3 ingestion is supported (the backfill bucket); got ${s3Sources.map((d) => d.id).join(', ')}`);
    for (const def of s3Sources) {
      const f = fleetFunction(def.id, def.entry, def.table, BACKFILL_FUNCTION);
      this.backfillBuckets.set(def.id, new BackfillBucket(this, `${def.id}Bucket`, { fn: f, table, stage: config.stage, alarms, uploaders: config.backfillUploaders }));
    }

    // Bedrock failures are logged and absorbed (the ticket stays uncategorised, the embedded summary
    // stands); a few in five minutes (an AccessDenied fails every call) raise the alarm (issue 22 #5).
    const bedrock = [...this.functions.values()].find((f) => f.bedrockFailures)?.bedrockFailures;
    if (bedrock) {
      alarms.add('BedrockFailures', bedrock, 'Calls to Bedrock failed (model access not enabled, AccessDenied, throttling or timeouts); tickets are left uncategorised or get the embedded summary', BEDROCK_FAILURE_THRESHOLD);
    }

    alarms.add(
      'Api5xx',
      this.api.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' }),
      'The API answered 5xx: an internal error in a handler or a failed integration',
    );

    new CfnOutput(this, 'ApiUrl', { value: this.stage.url, description: 'Host URL ({host_url}); /api/telemetry hangs off it' });
    new CfnOutput(this, 'ApiBaseUrl', {
      value: `${this.api.apiEndpoint}${API_PREFIX}`,
      description: 'External API v1 base URL ({base_url}) for integrators',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName, description: 'TABLE_NAME for the operator CLI' });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
  }
}
