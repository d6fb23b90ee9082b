import { pure } from '../../pure';
import { isMeasurementName, isStorableNumber } from '../telemetry/telemetry-names';
import type { AnomalyKind, EvidenceValue, ThresholdRule } from './detectors';

/**
 * Incident statuses and list limits, the incident view, and the operator's threshold rules: the constants, texts and
 * checks of anomaly.schema.ts that need no zod (anomaly.schema.ts re-exports all of it), so the detector and the
 * dropout sweep, which parse nothing with zod, import them without the schema module's zod declarations.
 */

export const INCIDENT_STATUSES = ['open', 'resolved', 'withdrawn'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENTS_DEFAULT_LIMIT = 20;
export const INCIDENTS_MAX_LIMIT = 100;
export const STATUS_INVALID = 'status must be open, resolved or withdrawn';
export const INCIDENT_LIMIT_INVALID = /* @__PURE__ */ pure(() => `limit must be an integer from 1 to ${INCIDENTS_MAX_LIMIT}`);
export const INCIDENT_CURSOR_INVALID = 'cursor is invalid for this query';

/** One incident of `GET /device/{identifier}/incidents` (times ISO 8601, UTC). */
export interface IncidentView {
  incidentId: string;
  kind: AnomalyKind;
  /** The measurement; null for a dropout (the whole device went silent). */
  measurement: string | null;
  status: IncidentStatus;
  /** Event time of the first abnormal record (dropout: of the last record before the silence). */
  startedAt: string;
  /** Wall-clock time of detection. */
  detectedAt: string;
  resolvedAt: string | null;
  anomalyCount: number;
  ticketId: string | null;
  evidence: { values: EvidenceValue[]; baseline: Record<string, number | string | null> };
}

// --- threshold rules (operator CLI) ---------------------------------------------------------------

export const RULES_PER_ORG_MAX = 50;
export const MONITOR_RULE_NOT_FOUND = 'Monitor rule not found';
export const MAX_FOR_MINUTES = 7 * 24 * 60;

/** Checks `monitor rule add` options; throws with the one-line message the CLI prints. */
export function parseRuleOptions(options: { measurement?: string; below?: string; above?: string; forMinutes?: string }): Omit<ThresholdRule, 'ruleId'> {
  const measurement = options.measurement?.trim() ?? '';
  if (measurement === '') throw new Error('Missing required option --measurement');
  if (!isMeasurementName(measurement)) throw new Error(`--measurement "${measurement.slice(0, 64)}" is not a valid measurement name`);
  if ((options.below === undefined) === (options.above === undefined)) throw new Error('Give exactly one of --below <value> or --above <value>');
  const raw = (options.below ?? options.above) as string;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || !isStorableNumber(value)) {
    throw new Error(`--${options.below !== undefined ? 'below' : 'above'} must be a number: 0, or between 1e-130 and 1e125 in magnitude`);
  }
  let forMinutes = 0;
  if (options.forMinutes !== undefined) {
    forMinutes = Number(options.forMinutes);
    if (!Number.isInteger(forMinutes) || forMinutes < 0 || forMinutes > MAX_FOR_MINUTES) throw new Error(`--for-minutes must be an integer from 0 to ${MAX_FOR_MINUTES}`);
  }
  return { measurement, operator: options.below !== undefined ? 'below' : 'above', value, forMinutes };
}
