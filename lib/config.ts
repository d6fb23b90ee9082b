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
  /**
   * Ticket classifier: the embedded one (default, no network), Bedrock with a model id, or hybrid
   * (the embedded one, and Bedrock with a model id only for the tickets it abstains on).
   */
  classifier: ClassifierChoice;
  /**
   * Deploy MQTT ingestion (the IoT topic rule, its function and queues, the device policy). IoT
   * topics and policy names are per account and Region, so only one stage there may own them.
   */
  iotIngestion: boolean;
  /** Ticket diagnosis summary: embedded (default) or Bedrock with a model id (findings are always embedded). */
  diagnosis: ClassifierChoice;
  /** The retained connector token key of an earlier deployment of this stage, reused instead of a new key. */
  connectorKeyArn?: string;
  /** Makers' principals allowed to upload to their organization's backfill prefix (bucket policy generated from context). */
  backfillUploaders: readonly BackfillUploader[];
  /** Makers' accounts running the IoT connector: their destination confirmations are accepted (besides this account's). */
  iotConnectorAccounts: readonly string[];
}

/** One maker principal (an account id, or an IAM role, user or account-root ARN) and the organization whose prefix it may write. */
export interface BackfillUploader {
  organizationId: string;
  principal: string;
}

/** Which classifier CreateTicket runs; Bedrock needs the model it may invoke. */
export type ClassifierChoice = { kind: 'embedded' } | { kind: 'bedrock' | 'hybrid'; modelId: string };

/**
 * Geographic prefixes of Bedrock cross-Region inference profile ids (`us.anthropic.…`); a model
 * id with one of them is invoked through the profile, which needs its own grant.
 */
export const INFERENCE_PROFILE_PREFIXES = ['us', 'us-gov', 'eu', 'apac', 'jp', 'au', 'ca', 'global'] as const;

// Model ids look like `anthropic.claude-3-haiku-20240307-v1:0` or `amazon.nova-lite-v1:0`;
// anything else (an ARN, a name with spaces or wildcards) would end up in an IAM resource.
const MODEL_ID = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+(:[a-z0-9-]+)*$/i;

/** True when a Bedrock model id names a cross-Region inference profile (`us.…`, `eu.…`, `global.…`). */
export function isInferenceProfileId(modelId: string): boolean {
  const prefix = modelId.split('.')[0] ?? '';
  return (INFERENCE_PROFILE_PREFIXES as readonly string[]).includes(prefix) && modelId.split('.').length >= 3;
}

/** Context keys, documented in docs/operations.md. */
export const CONTEXT_KEYS = {
  stage: 'stage',
  logRetentionDays: 'logRetentionDays',
  alarmEmail: 'alarmEmail',
  sourceMaps: 'sourceMaps',
  classifier: 'classifier',
  bedrockModelId: 'bedrockModelId',
  iotIngestion: 'iotIngestion',
  diagnosis: 'diagnosis',
  diagnosisModelId: 'diagnosisModelId',
  connectorKeyArn: 'connectorKeyArn',
  backfillUploaders: 'backfillUploaders',
  iotConnectorAccounts: 'iotConnectorAccounts',
} as const;

export const DEFAULTS = { stage: 'dev', logRetentionDays: 30, classifier: 'embedded' } as const;

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
  // Lower case only: S3, and people, do not tell `Prod` from `prod`, so two stages differing only in
  // case would collide on every name derived from the stage. Refused here rather than at deploy.
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context "${CONTEXT_KEYS.stage}" must be 1-20 lower-case letters, digits or dashes, starting with a letter (got "${stage}")`);
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
    classifier: readClassifier(node),
    iotIngestion: readBoolean(node, CONTEXT_KEYS.iotIngestion, true),
    diagnosis: readDiagnosis(node),
    connectorKeyArn: readKeyArn(node),
    backfillUploaders: readBackfillUploaders(node),
    iotConnectorAccounts: readAccounts(node, CONTEXT_KEYS.iotConnectorAccounts),
  };
}

const ORGANIZATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// An account id, or the ARN of an account root, IAM role or IAM user (names without commas).
const UPLOADER_PRINCIPAL = /^(\d{12}|arn:aws(-[a-z]+)*:iam::\d{12}:(root|(role|user)\/[\w+=.@/-]{1,512}))$/;

/**
 * `-c backfillUploaders=<organizationId>=<principal>,…` (or, in cdk.json, an array of
 * `{ "organizationId", "principal" }`): each principal may put objects under its organization's
 * `backfill/<organizationId>/` prefix only. Generated into the bucket policy, so a deploy keeps them.
 */
function readBackfillUploaders(node: Node): BackfillUploader[] {
  const key = CONTEXT_KEYS.backfillUploaders;
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined || raw === null || raw === '') return [];
  const entries: unknown[] = Array.isArray(raw)
    ? raw
    : String(raw)
        .split(/[,\s]+/)
        .filter((e) => e !== '')
        .map((e) => {
          const at = e.indexOf('=');
          return at < 0 ? { organizationId: e, principal: '' } : { organizationId: e.slice(0, at), principal: e.slice(at + 1) };
        });
  return entries.map((entry) => {
    const { organizationId, principal } = (entry ?? {}) as Record<string, unknown>;
    if (typeof organizationId !== 'string' || !ORGANIZATION_ID.test(organizationId)) {
      throw new Error(`Context "${key}" entries are <organizationId>=<account id or IAM ARN>; "${String(organizationId)}" is not an organization id`);
    }
    if (typeof principal !== 'string' || !UPLOADER_PRINCIPAL.test(principal)) {
      throw new Error(`Context "${key}": the principal for ${organizationId} must be a 12-digit account id or an IAM role, user or root ARN (got "${String(principal)}")`);
    }
    return { organizationId, principal };
  });
}

/** A comma-separated list (or, in cdk.json, an array) of 12-digit account ids. */
function readAccounts(node: Node, key: string): string[] {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined || raw === null || raw === '') return [];
  const list = (Array.isArray(raw) ? raw.map(String) : String(raw).split(/[,\s]+/)).filter((a) => a !== '');
  for (const account of list) if (!/^\d{12}$/.test(account)) throw new Error(`Context "${key}" must list 12-digit AWS account ids (got "${account}")`);
  return [...new Set(list)];
}

function readKeyArn(node: Node): string | undefined {
  const arn = str(node, CONTEXT_KEYS.connectorKeyArn);
  if (arn !== undefined && !/^arn:aws(-[a-z]+)*:kms:[a-z]{2}(-[a-z]+)+-\d:\d{12}:key\/[0-9a-f-]{36}$/.test(arn)) {
    throw new Error(`Context "${CONTEXT_KEYS.connectorKeyArn}" must be a KMS key ARN (arn:aws:kms:<region>:<account>:key/<id>) (got "${arn}")`);
  }
  return arn;
}

/** `-c diagnosis=bedrock` with `-c diagnosisModelId=…` (or the classifier's `bedrockModelId`). */
function readDiagnosis(node: Node): ClassifierChoice {
  const kind = str(node, CONTEXT_KEYS.diagnosis) ?? 'embedded';
  if (kind === 'embedded') return { kind };
  if (kind !== 'bedrock') throw new Error(`Context "${CONTEXT_KEYS.diagnosis}" must be "embedded" or "bedrock" (got "${kind}")`);
  const modelId = str(node, CONTEXT_KEYS.diagnosisModelId) ?? str(node, CONTEXT_KEYS.bedrockModelId);
  if (modelId === undefined) throw new Error(`Context "${CONTEXT_KEYS.diagnosisModelId}" is required when "${CONTEXT_KEYS.diagnosis}" is "bedrock"`);
  if (!MODEL_ID.test(modelId)) throw new Error(`Context "${CONTEXT_KEYS.diagnosisModelId}" must be a Bedrock model or inference profile id (got "${modelId}")`);
  return { kind, modelId };
}

/** A schedule's interval: its `everyMinutesContext` key when set (1-1440 minutes), else its default. */
export function scheduleMinutes(node: Node, schedule: { everyMinutes: number; everyMinutesContext?: string }): number {
  const raw = schedule.everyMinutesContext ? str(node, schedule.everyMinutesContext) : undefined;
  if (raw === undefined) return schedule.everyMinutes;
  const minutes = Number(raw);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) throw new Error(`Context "${schedule.everyMinutesContext}" must be an integer from 1 to 1440 (got "${raw}")`);
  return minutes;
}

function readBoolean(node: Node, key: string, fallback: boolean): boolean {
  const raw = str(node, key);
  if (raw === undefined) return fallback;
  if (raw !== 'true' && raw !== 'false') throw new Error(`Context "${key}" must be "true" or "false" (got "${raw}")`);
  return raw === 'true';
}

function readClassifier(node: Node): ClassifierChoice {
  const kind = str(node, CONTEXT_KEYS.classifier) ?? DEFAULTS.classifier;
  const modelId = str(node, CONTEXT_KEYS.bedrockModelId);
  if (kind === 'embedded') {
    // A model id without `classifier=bedrock` is almost certainly a forgotten second flag.
    if (modelId !== undefined) {
      throw new Error(`Context "${CONTEXT_KEYS.bedrockModelId}" is set but "${CONTEXT_KEYS.classifier}" is "embedded"; add -c ${CONTEXT_KEYS.classifier}=bedrock or drop the model id`);
    }
    return { kind };
  }
  if (kind !== 'bedrock' && kind !== 'hybrid') throw new Error(`Context "${CONTEXT_KEYS.classifier}" must be "embedded", "hybrid" or "bedrock" (got "${kind}")`);
  if (modelId === undefined) throw new Error(`Context "${CONTEXT_KEYS.bedrockModelId}" is required when "${CONTEXT_KEYS.classifier}" is "${kind}"`);
  if (!MODEL_ID.test(modelId)) {
    throw new Error(`Context "${CONTEXT_KEYS.bedrockModelId}" must be a Bedrock model or inference profile id such as anthropic.claude-3-haiku-20240307-v1:0 (got "${modelId}")`);
  }
  return { kind, modelId };
}
