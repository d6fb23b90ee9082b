import * as z from 'zod/mini';

export const ORG_NAME_MAX = 200;
/** Telemetry retention (days) when an organization never set one, and the longest it may set. */
export const DEFAULT_RETENTION_DAYS = 90;
export const MAX_RETENTION_DAYS = 3650;

/** Operator input for `org create`. */
export const OrganizationName = z.string().check(
  z.trim(),
  z.minLength(1, 'Organization name is required'),
  z.maxLength(ORG_NAME_MAX, `Organization name must be at most ${ORG_NAME_MAX} characters`),
);

/** Organization as stored (keys stripped). */
export const Organization = z.object({
  organizationId: z.string(),
  name: z.string(),
  keyHash: z.string(),
  createdAt: z.string(),
  keyRotatedAt: z.optional(z.string()),
  /** Days telemetry is kept (unset: the default, 90). Copied onto the key item, which auth reads anyway. */
  telemetryRetentionDays: z.optional(z.number()),
});
export type Organization = z.infer<typeof Organization>;

/** What an authenticated request knows about its caller. */
export interface OrgContext {
  organizationId: string;
  /** Settings that hot paths need, denormalised onto the API key item so auth's one read brings them. */
  telemetryRetentionDays?: number;
}
