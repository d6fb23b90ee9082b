import * as z from 'zod/mini';
import { EMAIL_MAX, isValidEmail, optionalString } from '../common.schema';
import { INVALID_EMAIL } from '../customer/customer.schema';
import { CATEGORY_NAME_MAX, PRIORITIES, type Priority } from '../ticket-config/ticket-config.schema';

export { PRIORITIES, type Priority };

export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 10_000;
export const MESSAGES_MAX = 100;
export const MESSAGE_CONTENT_MAX = 10_000;
/** Sum of all message contents; keeps a ticket item well under DynamoDB's 400 KB item limit. */
export const MESSAGES_TOTAL_MAX = 100_000;
export const TICKET_CUSTOMER_ID_MAX = 100;
export const MESSAGE_ROLES = ['customer', 'agent', 'bot'] as const;

// Exact texts of spec 4.10.
export const TITLE_REQUIRED = 'title is required';
export const CUSTOMER_REQUIRED = 'Either customerEmail or customerId is required';
export const PRIORITY_INVALID = `priority must be one of: ${PRIORITIES.join(', ')}`;
export const TICKET_CREATED = 'Ticket created successfully';
// Not in the spec: limits and types the spec leaves open.
export const TICKET_NOT_FOUND = 'Ticket not found';
export const TITLE_TOO_LONG = `title must be at most ${TITLE_MAX} characters`;
export const MESSAGES_INVALID = 'messages must be an array of { role, content }';
export const MESSAGES_TOO_MANY = `messages must have at most ${MESSAGES_MAX} entries`;
export const MESSAGES_TOO_LONG = `messages must have at most ${MESSAGES_TOTAL_MAX} characters of content in total`;


/** Who the ticket is for: an existing customer's id, or an email (customer created when unknown). */
export type TicketCustomerRef = { id: string } | { email: string };

export interface TicketMessage {
  role: (typeof MESSAGE_ROLES)[number];
  content: string;
}

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
    title: z.string({ error: TITLE_REQUIRED }).check(z.trim(), z.minLength(1, TITLE_REQUIRED), z.maxLength(TITLE_MAX, TITLE_TOO_LONG)),
    description: optionalString('description', DESCRIPTION_MAX),
    priority: z.optional(
      z.pipe(z.string({ error: PRIORITY_INVALID }).check(z.trim(), z.toLowerCase()), z.enum(PRIORITIES, { error: PRIORITY_INVALID })),
    ),
    customerEmail: z.optional(
      z.string({ error: 'customerEmail must be a string' }).check(
        z.trim(),
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

export type CategorySource = 'request' | 'auto' | 'none';

/** The Ticket resource as GET /ticket/{ticketId} returns it. */
export interface Ticket {
  ticketId: string;
  title: string;
  description: string;
  priority: Priority;
  category: string | null;
  categorySource: CategorySource;
  assignee: string | null;
  customerId: string;
  messages: TicketMessage[];
  status: 'open';
  createdAt: string;
}
