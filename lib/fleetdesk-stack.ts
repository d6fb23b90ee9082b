import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { CHAT_DELIVERY_STREAM, CHAT_ENV } from '../shared/domain/ticket/notification/chat-delivery';
import {
  API_PREFIX,
  notFoundRoute,
  type RouteDefinition,
  routes as defaultRoutes,
  type TableAccess,
  type WorkerDefinition,
  workers as defaultWorkers,
} from '../shared/routes';
import type { DeploymentConfig } from './config';
import { ALARM_PERIOD, Alarms } from './constructs/alarms';
import { DeadLetterQueue } from './constructs/dead-letter-queue';
import { FleetFunction, type FleetFunctionProps } from './constructs/fleet-function';
import { FleetTable } from './constructs/fleet-table';

export interface FleetdeskStackProps extends StackProps {
  config: DeploymentConfig;
  /** Defaults to the route table; tests pass their own lists to cover shapes the table lacks today. */
  routes?: readonly RouteDefinition[];
  workers?: readonly WorkerDefinition[];
}

/** Stage-wide API Gateway throttle; per-organization limits are not part of v1. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

const WORKER_TIMEOUT = Duration.seconds(30);

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

  constructor(scope: Construct, id: string, props: FleetdeskStackProps) {
    super(scope, id, props);
    const { config } = props;
    const routes = props.routes ?? defaultRoutes;
    const workers = props.workers ?? defaultWorkers;
    Tags.of(this).add('app', 'fleetdesk');
    Tags.of(this).add('stage', config.stage);

    this.tableConstruct = new FleetTable(this, 'Data');
    const table = this.tableConstruct.table;
    const alarms = new Alarms(this, 'Alarms', { email: config.alarmEmail });

    const fleetFunction = (id: string, entry: string, access: TableAccess | undefined, extra: Partial<FleetFunctionProps> = {}) => {
      if (this.functions.has(id)) throw new Error(`Duplicate route/worker id "${id}"`);
      const f = new FleetFunction(this, id, {
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
      );
      return f;
    };

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
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorization is the per-organization x-api-key check in the handler factory (spec: 401 `Missing API key` / `Invalid API key` with exact texts on every route). An API Gateway authorizer cannot produce those bodies and would add a Lambda hop to every request.',
    });

    for (const route of routes) {
      if (route.path.length > 1 && route.path.endsWith('/')) {
        // HTTP API rejects such route keys at deploy time; fail at synth with a useful message.
        throw new Error(`Route ${route.id}: path "${route.path}" ends with "/"; declare it without the slash`);
      }
      const f = fleetFunction(route.id, route.entry, route.table);
      for (const capability of route.uses ?? []) {
        if (capability === 'chatOutbox') f.fn.addEnvironment(CHAT_ENV.delivery, CHAT_DELIVERY_STREAM);
        if (capability === 'classifier' && config.classifier.kind === 'bedrock') f.useBedrockClassifier(config.classifier.modelId);
      }
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}Integration`, f.fn),
      });
    }

    // Unmatched requests get Fleetdesk's 404 body instead of API Gateway's own `{"message":"Not Found"}`.
    const notFound = fleetFunction(notFoundRoute.id, notFoundRoute.entry, undefined);
    const defaultRoute = new HttpRoute(this, 'DefaultRoute', {
      httpApi: this.api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration(`${notFoundRoute.id}Integration`, notFound.fn),
    });
    Validations.of(defaultRoute).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The $default route only answers 404 {"error":"Not found"} for paths no route declares: it reads no data and has no table access, so there is nothing to authorize, and an authorizer would answer 401 where API Gateway and the local stack answer 404.',
    });

    // --- Table-stream workers -------------------------------------------------------------------
    for (const worker of workers) {
      const f = fleetFunction(worker.id, worker.entry, worker.table, { timeout: WORKER_TIMEOUT });
      const dlq = new DeadLetterQueue(this, `${worker.id}Dlq`);
      this.deadLetterQueues.set(worker.id, dlq);
      f.consumeTableStream(table, worker.filter, dlq.queue);
      alarms.add(
        `${worker.id}DlqDepth`,
        dlq.queue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        `Stream records for ${worker.id} failed every retry; their positions wait in its dead-letter queue`,
      );
      new CfnOutput(this, `${worker.id}DlqName`, { value: dlq.queue.queueName });
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
