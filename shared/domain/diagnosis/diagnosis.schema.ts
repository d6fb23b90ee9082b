import * as z from 'zod/mini';
import { DIAGNOSIS_STATUSES, FINDING_KINDS, FINDING_SEVERITIES } from './diagnosis.model';
export * from './diagnosis.model';

/**
 * A ticket's diagnosis (issue 11): what Fleetdesk knew about the devices concerned when the ticket
 * was created, and what it suggests. Stored on the ticket item; `GET /ticket/{id}` shows it.
 */

/** `diagnosis` of the Ticket resource (OpenAPI, MCP output schemas). */
export const DiagnosisResource = z.object({
  status: z.enum(DIAGNOSIS_STATUSES),
  summary: z.string(),
  findings: z.array(
    z.object({
      deviceIdentifier: z.string(),
      kind: z.enum(FINDING_KINDS),
      severity: z.enum(FINDING_SEVERITIES),
      text: z.string(),
      evidence: z.record(z.string(), z.nullable(z.union([z.string(), z.number(), z.boolean()]))),
    }),
  ),
  generatedAt: z.nullable(z.string()),
  generator: z.nullable(z.string()),
});
