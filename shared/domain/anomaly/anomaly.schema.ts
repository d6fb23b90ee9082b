import * as z from 'zod/mini';
import { INCIDENT_STATUSES } from './anomaly.limits';
export * from './anomaly.limits';

/**
 * Incidents as the API shows them, the query parameters that list them, and the operator's
 * threshold rules. Every text here is what callers see.
 */

export { LIVE_SOURCES } from './sources';

/** Query parameters of the incident list, as strings from the URL. */
export const IncidentQuery = z.object({
  status: z.optional(z.string()),
  cursor: z.optional(z.string()),
  limit: z.optional(z.string()),
});
export type IncidentQuery = z.infer<typeof IncidentQuery>;

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
