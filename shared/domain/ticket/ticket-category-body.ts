import * as z from 'zod/mini';
import { optionalString } from '../common.schema';
import { CATEGORY_NAME_MAX } from '../ticket-config/ticket-config.limits';
import { CATEGORY_REQUIRED } from './ticket.limits';

/* On its own (ticket.schema.ts re-exports it): the function that sets a category parses this body and builds none of the ticket's other schemas. */

/**
 * POST /ticket/{ticketId}/category body: `{ "category": "<name>" }`, validated like createTicket's
 * `category` (trimmed, at most CATEGORY_NAME_MAX characters), but required here.
 */
export const SetTicketCategoryBody = z.pipe(
  z.object({ category: optionalString('category', CATEGORY_NAME_MAX) }),
  z.transform((body, ctx) => {
    if (!body.category) {
      ctx.issues.push({ code: 'custom', message: CATEGORY_REQUIRED, input: body });
      return z.NEVER;
    }
    return { category: body.category };
  }),
);
export type SetTicketCategoryInput = z.output<typeof SetTicketCategoryBody>;
