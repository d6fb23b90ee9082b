import * as z from 'zod/mini';
import { REGENERATE_CONFIRMATION, REGENERATE_CONFIRM_REQUIRED } from './console.limits';

/**
 * Request bodies of the console's own routes, without the response schemas (console.schema.ts re-exports
 * them): a handler importing its body from here does not build the page responses at load.
 */

/** POST /api/console/v1/settings/developer/regenerate: the typed confirmation. */
export const RegenerateKeyBody = z.object({ confirm: z.string({ error: REGENERATE_CONFIRM_REQUIRED }).check(z.refine((v) => v === REGENERATE_CONFIRMATION, REGENERATE_CONFIRM_REQUIRED)) });
