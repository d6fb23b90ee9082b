import * as z from 'zod/mini';
import { isMeasurementName, isStorableNumber } from '../telemetry/telemetry.schema';
import type { AnomalyKind, EvidenceValue, ThresholdRule } from './detectors';

/**
 * Incidents as the API shows them, the query parameters that list them, and the operator's
 * threshold rules. Every text here is what callers see.
 */

export const INCIDENT_STATUSES = ['open', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export { LIVE_SOURCES } from './sources';

export const INCIDENTS_DEFAULT_LIMIT = 20;
export const INCIDENTS_MAX_LIMIT = 100;
export const STATUS_INVALID = 'status must be open or resolved';
export const INCIDENT_LIMIT_INVALID = `limit must be an integer from 1 to ${INCIDENTS_MAX_LIMIT}`;
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

/** Query parameters of the incident list, as strings from the URL. */
export const IncidentQuery = z.object({
  status: z.optional(z.string()),
  cursor: z.optional(z.string()),
  limit: z.optional(z.string()),
});
export type IncidentQuery = z.infer<typeof IncidentQuery>;

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

// --- Responses: the OpenAPI document and the MCP tools' output schemas are generated from these ---

/** One incident (describes IncidentView above; the OpenAPI validation pass keeps the two together). */
export const IncidentResource = z.object({
  incidentId: z.string(),
  kind: z.enum(['spike', 'level_shift', 'flatline', 'threshold', 'dropout', 'regime_change']),
  measurement: z.nullable(z.string()),
  status: z.enum(INCIDENT_STATUSES),
  startedAt: z.string(),
  detectedAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  anomalyCount: z.number(),
  ticketId: z.nullable(z.string()),
  evidence: z.object({
    values: z.array(z.object({ timestamp: z.string(), value: z.nullable(z.number()) })),
    baseline: z.record(z.string(), z.nullable(z.union([z.number(), z.string()]))),
  }),
});

/** 200 of GET /device/{identifier}/incidents: newest first; `nextCursor` null on the last page. */
export const IncidentListResponse = z.object({ incidents: z.array(IncidentResource), nextCursor: z.nullable(z.string()) });
