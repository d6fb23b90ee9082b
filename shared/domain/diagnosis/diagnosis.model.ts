/**
 * The diagnosis as stored and computed (issue 11): its environment, statuses, types and values, without zod
 * (diagnosis.schema.ts re-exports all of it and adds the response schema), for the ticket repository and the workers.
 */

/** Environment variables that choose and tune the diagnosis generator (set by the CDK stack). */
export const DIAGNOSIS_ENV = {
  /** `embedded` (default, no network) or `bedrock` (summary by Bedrock, embedded findings as fallback). */
  generator: 'DIAGNOSIS',
  /** Bedrock model or inference-profile id; required when DIAGNOSIS=bedrock. */
  modelId: 'DIAGNOSIS_MODEL_ID',
  /** Milliseconds before Bedrock is abandoned for the embedded summary (default 8000). */
  timeoutMs: 'DIAGNOSIS_TIMEOUT_MS',
} as const;

export const DIAGNOSIS_STATUSES = ['ready', 'pending', 'unavailable'] as const;
export type DiagnosisStatus = (typeof DIAGNOSIS_STATUSES)[number];
export const FINDING_SEVERITIES = ['high', 'medium', 'low'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export const FINDING_KINDS = ['battery_low', 'silent', 'no_data', 'crash_loop_after_update', 'crashing', 'open_incident', 'sync_error'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const SUMMARY_MAX = 600;

export type EvidenceValue = string | number | boolean | null;

export interface Finding {
  deviceIdentifier: string;
  kind: FindingKind;
  severity: FindingSeverity;
  text: string;
  evidence: Record<string, EvidenceValue>;
}

export interface Diagnosis {
  status: DiagnosisStatus;
  summary: string;
  findings: Finding[];
  generatedAt: string | null;
  /** `embedded`, or `bedrock:<model id>` when Bedrock wrote the summary; null while pending. */
  generator: string | null;
}

/** What every new ticket is stored with; the TicketDiagnosis worker replaces it. */
export const pendingDiagnosis = (): Diagnosis => ({ status: 'pending', summary: '', findings: [], generatedAt: null, generator: null });

/** Tickets stored before diagnoses existed. */
export const LEGACY_DIAGNOSIS: Diagnosis = {
  status: 'unavailable',
  summary: 'This ticket was created before automated diagnosis was available.',
  findings: [],
  generatedAt: null,
  generator: null,
};

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
/** A summary within {@link SUMMARY_MAX} characters. */
export const clipSummary = (text: string) => clip(text.trim(), SUMMARY_MAX);
