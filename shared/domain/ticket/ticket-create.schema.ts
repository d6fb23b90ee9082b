import * as z from 'zod/mini';
import { EMAIL_MAX, isValidEmail, isWellFormedText, optionalString, wellFormedText } from '../common.schema';
import { INVALID_EMAIL } from '../customer/customer.limits';
import { CATEGORY_NAME_MAX, PRIORITIES } from '../ticket-config/ticket-config.limits';
import {
  CUSTOMER_REQUIRED,
  DESCRIPTION_MAX,
  MESSAGE_CONTENT_MAX,
  MESSAGE_ROLES,
  MESSAGES_INVALID,
  MESSAGES_MAX,
  MESSAGES_TOO_LONG,
  MESSAGES_TOO_MANY,
  MESSAGES_TOTAL_MAX,
  PRIORITY_INVALID,
  TICKET_CUSTOMER_ID_MAX,
  TITLE_MAX,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
} from './ticket.limits';
import type { TicketCustomerRef, TicketMessage } from './ticket.schema';

/**
 * The createTicket body on its own (ticket.schema.ts re-exports it): the createTicket function validates with it
 * without loading the ticket response schemas, which only the OpenAPI document, MCP and the tests use.
 */

/** Checks each message in order and names the first bad one by index. */
function messageIssue(messages: unknown[]): string | undefined {
  let total = 0;
  for (const [i, message] of messages.entries()) {
    if (message === null || typeof message !== 'object' || Array.isArray(message)) return `messages[${i}] must be an object with role and content`;
    const { role, content } = message as Record<string, unknown>;
    if (typeof role !== 'string' || !(MESSAGE_ROLES as readonly string[]).includes(role)) {
      return `messages[${i}].role must be one of: ${MESSAGE_ROLES.join(', ')}`;
    }
    if (typeof content !== 'string') return `messages[${i}].content must be a string`;
    if (!isWellFormedText(content)) return `messages[${i}].content must be valid Unicode text`;
    if (content.length > MESSAGE_CONTENT_MAX) return `messages[${i}].content must be at most ${MESSAGE_CONTENT_MAX} characters`;
    total += content.length;
  }
  return total > MESSAGES_TOTAL_MAX ? MESSAGES_TOO_LONG : undefined;
}

const messagesSchema = z.pipe(
  z.array(z.unknown(), { error: MESSAGES_INVALID }).check(
    z.maxLength(MESSAGES_MAX, { error: MESSAGES_TOO_MANY, abort: true }),
    z.superRefine((messages, ctx) => {
      const message = messageIssue(messages);
      if (message) ctx.issues.push({ code: 'custom', message, input: messages });
    }),
  ),
  // Only role and content are kept (extra fields are dropped, content is stored verbatim).
  z.transform((messages) => messages.map((m) => ({ role: (m as TicketMessage).role, content: (m as TicketMessage).content }))),
);

/**
 * POST /ticket/createTicket (spec 4.10). Blank optional strings count as absent. Priority is
 * matched case-insensitively and stored lowercase. When both customer fields are sent,
 * customerId wins (it names one customer exactly).
 */
export const CreateTicketBody = z.pipe(
  z.object({
    title: z.string({ error: TITLE_REQUIRED }).check(
      z.trim(),
      wellFormedText('title'),
      z.minLength(1, TITLE_REQUIRED),
      z.maxLength(TITLE_MAX, TITLE_TOO_LONG),
    ),
    description: optionalString('description', DESCRIPTION_MAX),
    priority: z.optional(
      z.pipe(z.string({ error: PRIORITY_INVALID }).check(z.trim(), z.toLowerCase()), z.enum(PRIORITIES, { error: PRIORITY_INVALID })),
    ),
    customerEmail: z.optional(
      z.string({ error: 'customerEmail must be a string' }).check(
        z.trim(),
        wellFormedText('customerEmail'),
        z.refine((email) => email === '' || isValidEmail(email), { error: INVALID_EMAIL }),
        z.maxLength(EMAIL_MAX, INVALID_EMAIL),
      ),
    ),
    customerId: optionalString('customerId', TICKET_CUSTOMER_ID_MAX),
    category: optionalString('category', CATEGORY_NAME_MAX),
    messages: z.optional(messagesSchema),
  }),
  z.transform((body, ctx) => {
    if (!body.customerId && !body.customerEmail) {
      ctx.issues.push({ code: 'custom', message: CUSTOMER_REQUIRED, input: body });
      return z.NEVER;
    }
    return {
      title: body.title,
      description: body.description || undefined,
      priority: body.priority ?? 'medium',
      customer: (body.customerId ? { id: body.customerId } : { email: body.customerEmail as string }) as TicketCustomerRef,
      category: body.category || undefined,
      messages: body.messages ?? [],
    };
  }),
);
export type CreateTicketInput = z.output<typeof CreateTicketBody>;
