import type { Node } from 'constructs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** What an operator can set per deployment, from CDK context (`-c key=value` or cdk.json). */
export interface DeploymentConfig {
  /** Deployment name (`dev`, `prod`, ...): part of the stack name so stages can share an account. */
  stage: string;
  /** Retention of every Lambda and access log group. */
  logRetention: RetentionDays;
  /** Where alarm notifications are e-mailed; no subscription when unset. */
  alarmEmail?: string;
  /** Bundle with inline source maps (bigger bundles, slower cold starts; for debugging only). */
  sourceMaps: boolean;
}

/** Context keys, documented in docs/operations.md. */
export const CONTEXT_KEYS = {
  stage: 'stage',
  logRetentionDays: 'logRetentionDays',
  alarmEmail: 'alarmEmail',
  sourceMaps: 'sourceMaps',
} as const;

export const DEFAULTS = { stage: 'dev', logRetentionDays: 30 } as const;

// CloudWatch accepts only these values; checking here turns a CloudFormation failure minutes
// into a deploy into an error at synth time.
const ALLOWED_RETENTION_DAYS = new Set<number>(
  Object.values(RetentionDays).filter((v): v is number => typeof v === 'number' && v !== RetentionDays.INFINITE),
);

function str(node: Node, key: string): string | undefined {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined || raw === null) return undefined;
  const value = String(raw).trim();
  return value === '' ? undefined : value;
}

/** Reads and validates the deployment context; throws a message naming the bad key. */
export function readDeploymentConfig(node: Node): DeploymentConfig {
  const stage = str(node, CONTEXT_KEYS.stage) ?? DEFAULTS.stage;
  if (!/^[A-Za-z][A-Za-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context "${CONTEXT_KEYS.stage}" must be 1-20 letters, digits or dashes, starting with a letter (got "${stage}")`);
  }

  const daysRaw = str(node, CONTEXT_KEYS.logRetentionDays);
  const days = daysRaw === undefined ? DEFAULTS.logRetentionDays : Number(daysRaw);
  if (!ALLOWED_RETENTION_DAYS.has(days)) {
    const allowed = [...ALLOWED_RETENTION_DAYS].sort((a, b) => a - b).join(', ');
    throw new Error(`Context "${CONTEXT_KEYS.logRetentionDays}" must be one of ${allowed} (got "${daysRaw}")`);
  }

  const alarmEmail = str(node, CONTEXT_KEYS.alarmEmail);
  if (alarmEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail)) {
    throw new Error(`Context "${CONTEXT_KEYS.alarmEmail}" is not an e-mail address (got "${alarmEmail}")`);
  }

  return {
    stage,
    logRetention: days as RetentionDays,
    alarmEmail,
    sourceMaps: str(node, CONTEXT_KEYS.sourceMaps) === 'true',
  };
}
