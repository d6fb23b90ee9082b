import * as z from 'zod/mini';

export const ORG_NAME_MAX = 200;

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
});
export type Organization = z.infer<typeof Organization>;

/** What an authenticated request knows about its caller. */
export interface OrgContext {
  organizationId: string;
}
