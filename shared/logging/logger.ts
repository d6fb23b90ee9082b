import type { Context } from 'aws-lambda';
import type { MiddlewareObj } from '@middy/core';

/**
 * The structured JSON logger every function shares: one JSON object per line, with the keys the
 * Powertools for AWS Lambda logger writes (`level`, `message`, `timestamp`, `service`, `cold_start`,
 * `function_name`, `function_request_id`, `xray_trace_id`, ...), so CloudWatch Logs Insights queries and
 * the stack's metric filters (`$.message`) read it as before. Request-scoped keys (organization id,
 * request id) are appended by the handler factory; bodies and API keys are never logged.
 *
 * Why our own and not `@aws-lambda-powertools/logger` (used until issue 21): it was 21 KiB of every
 * bundle (6.5% of the floor) for the four things used here: levels, appended keys, the Lambda context
 * and error serialisation. Level from `AWS_LAMBDA_LOG_LEVEL` (Lambda's advanced logging controls),
 * then `POWERTOOLS_LOG_LEVEL`, then `LOG_LEVEL`; default INFO. DEBUG and INFO go to stdout, WARN and
 * ERROR to stderr, written directly (not through `console`, which the Lambda runtime prefixes).
 */
export const LOG_LEVELS = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, SILENT: 28 } as const;
export type LogLevel = keyof typeof LOG_LEVELS;

type Extra = Record<string, unknown> | Error | string | undefined;

const levelOf = (value: string | undefined): LogLevel | undefined => {
  const upper = value?.trim().toUpperCase();
  // Lambda's advanced logging controls also say TRACE and FATAL; they map to the nearest we write.
  if (upper === 'TRACE') return 'DEBUG';
  if (upper === 'FATAL' || upper === 'CRITICAL') return 'ERROR';
  return upper && upper in LOG_LEVELS ? (upper as LogLevel) : undefined;
};

/** An error as a JSON value: name, where it was thrown, message, stack, and its cause (one level deep is what is useful). */
export function serializeError(error: Error): Record<string, unknown> {
  // The first frame: `at fn (file:line:col)` or, for an anonymous function, `at file:line:col`.
  const location = /at (?:.*\()?([^()\s]+:\d+:\d+)\)?\s*$/.exec(error.stack?.split('\n')[1] ?? '')?.[1] ?? '';
  return {
    name: error.name,
    location,
    message: error.message,
    stack: error.stack,
    ...(error.cause !== undefined ? { cause: error.cause instanceof Error ? serializeError(error.cause) : error.cause } : {}),
  };
}

/**
 * The logger's state and its four line writers. What only a handler or a test calls (the level, appended
 * keys, the Lambda context) are the functions below, not methods: esbuild cannot drop an unused method,
 * and a worker that only writes lines (the DropoutSweepWorker, at its size budget) then carries none of them.
 */
export class Logger {
  /** @internal read and set through {@link logLevelOf} and {@link setLogLevel} */
  level: LogLevel;
  private readonly serviceName: string;
  /** @internal */
  temporaryKeys: Record<string, unknown> = {};
  /** @internal */
  contextKeys: Record<string, unknown> = {};
  /** @internal */
  coldStart = true;

  constructor(options: { serviceName?: string } = {}) {
    this.serviceName = options.serviceName ?? process.env.POWERTOOLS_SERVICE_NAME ?? 'service_undefined';
    this.level = levelOf(process.env.AWS_LAMBDA_LOG_LEVEL) ?? levelOf(process.env.POWERTOOLS_LOG_LEVEL) ?? levelOf(process.env.LOG_LEVEL) ?? 'INFO';
  }

  debug(message: string, extra?: Extra): void {
    this.write('DEBUG', message, extra);
  }

  info(message: string, extra?: Extra): void {
    this.write('INFO', message, extra);
  }

  warn(message: string, extra?: Extra): void {
    this.write('WARN', message, extra);
  }

  error(message: string, extra?: Extra): void {
    this.write('ERROR', message, extra);
  }

  private write(level: Exclude<LogLevel, 'SILENT'>, message: string, extra: Extra): void {
    if (LOG_LEVELS[level] < LOG_LEVELS[this.level]) return;
    const traceId = process.env._X_AMZN_TRACE_ID?.split(';')[0]?.replace('Root=', '');
    const line: Record<string, unknown> = {
      level,
      message,
      timestamp: new Date().toISOString(),
      service: this.serviceName,
      ...this.contextKeys,
      ...(traceId ? { xray_trace_id: traceId } : {}),
      ...this.temporaryKeys,
    };
    if (extra instanceof Error) line.error = serializeError(extra);
    else if (typeof extra === 'string') line.extra = extra;
    else if (extra) for (const [key, value] of Object.entries(extra)) line[key] = value instanceof Error ? serializeError(value) : value;
    const stream = LOG_LEVELS[level] >= LOG_LEVELS.WARN ? process.stderr : process.stdout;
    stream.write(`${toJson(line)}\n`);
  }
}

/** JSON.stringify that never throws on what a log line may hold (bigints, cycles: then every repeated object is marked). */
function toJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return safeStringify(value);
  }
}

function safeStringify(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return '[Circular]';
      seen.add(v);
    }
    return v;
  });
}

export const logLevelOf = (target: Logger): LogLevel => target.level;

/** Sets the level; an unknown name keeps the current one. */
export function setLogLevel(target: Logger, level: LogLevel | string): void {
  target.level = levelOf(level) ?? target.level;
}

/** Keys on every line until {@link resetKeys} (the end of the invocation when the middleware says so). */
export function appendKeys(target: Logger, keys: Record<string, unknown>): void {
  Object.assign(target.temporaryKeys, keys);
}

export function resetKeys(target: Logger): void {
  target.temporaryKeys = {};
}

/** The invocation's Lambda context on every line from now on; the first call in a process is the cold start. */
export function addContext(target: Logger, context: Context): void {
  target.contextKeys = {
    cold_start: target.coldStart,
    function_arn: context.invokedFunctionArn,
    function_memory_size: context.memoryLimitInMB === undefined ? undefined : Number(context.memoryLimitInMB),
    function_name: context.functionName,
    function_request_id: context.awsRequestId,
  };
  target.coldStart = false;
}

/** middy middleware: the Lambda context on the logger's lines for the invocation; with `resetKeys`, appended keys end with it. */
export function injectLambdaContext(target: Logger, options: { resetKeys?: boolean } = {}): MiddlewareObj {
  const reset = () => {
    if (options.resetKeys) resetKeys(target);
  };
  return {
    before: (request) => {
      if (options.resetKeys) resetKeys(target);
      addContext(target, request.context as Context);
    },
    after: reset,
    onError: reset,
  };
}

export const logger = new Logger({ serviceName: 'fleetdesk' });
