import * as z from 'zod/mini';
import { EMAIL_MAX, isValidEmail, isWellFormedText, optionalString, wellFormedText } from '../common.schema';
import { INVALID_EMAIL } from '../customer/customer.schema';
import { CATEGORY_NAME_MAX, PRIORITIES, type Priority } from '../ticket-config/ticket-config.schema';
import { DiagnosisResource, type Diagnosis } from '../diagnosis/diagnosis.schema';

export { PRIORITIES, type Priority };

export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 10_000;
export const MESSAGES_MAX = 100;
export const MESSAGE_CONTENT_MAX = 10_000;
/** Sum of all message contents; keeps a ticket item well under DynamoDB's 400 KB item limit. */
export const MESSAGES_TOTAL_MAX = 100_000;
export const TICKET_CUSTOMER_ID_MAX = 100;
export const MESSAGE_ROLES = ['customer', 'agent', 'bot'] as const;
/**
 * Ticket statuses (issue 16): `new` → `open` → `pending` (waiting on the customer) / `on_hold`
 * (waiting on a third party) → `solved` → `closed` (final). The allowed moves are in
 * ticket-lifecycle.ts.
 */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

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
  /** Messages added after creation (POST /ticket/{ticketId}/messages) carry these; the create request's messages do not. */
  messageId?: string;
  /** An internal note: agents only, never shown to the customer. */
  internal?: boolean;
  author?: string | null;
  createdAt?: string;
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

/**
 * Where a ticket's category came from: the create request, the classifier (`auto`), a person
 * later (`agent`, POST /ticket/{ticketId}/category), or nowhere (`none`: no match, or the
 * classifier's confidence was below its threshold).
 */
export type CategorySource = 'request' | 'auto' | 'agent' | 'none';

/** Not in the spec: texts of POST /ticket/{ticketId}/category (sets the category as an agent). */
export const CATEGORY_REQUIRED = 'category is required';
export const categoryUnknown = (name: string) => `Unknown category "${name}"`;

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

/** The Ticket resource as GET /ticket/{ticketId} returns it. */
export interface Ticket {
  ticketId: string;
  title: string;
  description: string;
  priority: Priority;
  category: string | null;
  categorySource: CategorySource;
  /**
   * The embedded classifier's calibrated confidence (0-1) in its best category; also set when it
   * abstained (`none`), null when a person chose the category or Bedrock did.
   */
  categoryConfidence: number | null;
  assignee: string | null;
  /** The customer the ticket is for; null for a proactive ticket on a device without owners. */
  customerId: string | null;
  messages: TicketMessage[];
  status: TicketStatus;
  createdAt: string;
  /** Increases by one with every change; the ETag is `"<version>"` (0 for tickets stored before versions existed). */
  version: number;
  /** When the ticket last changed (its creation time until then). */
  updatedAt: string;
  /** The first agent reply that is not an internal note. */
  firstResponseAt: string | null;
  /** The last time it was solved. */
  solvedAt: string | null;
  closedAt: string | null;
  /** Who opened it: `api` (POST /ticket/createTicket) or `anomaly` (proactive, from an incident). */
  source: TicketSource;
  /** The device a proactive ticket is about; null for `api` tickets. */
  deviceIdentifier: string | null;
  /** The incident that opened a proactive ticket; null for `api` tickets. */
  incidentId: string | null;
  /**
   * The device's owners when the incident was detected (the first is `customerId`), at most the
   * first {@link TICKET_OWNERS_MAX}; empty for `api` tickets. The device lists all of them.
   */
  owners: { customerId: string; email: string }[];
  /** How many owners the device had when the incident was detected (`owners` holds the first ones); 0 for `api` tickets. */
  ownerCount: number;
  /** Automated diagnosis (issue 11): `pending` until the TicketDiagnosis worker has run. */
  diagnosis: Diagnosis;
}

/**
 * Owners copied onto a proactive ticket: a device may have thousands, and a ticket item must stay
 * far below DynamoDB's 400 KB (1,300 owners with long emails did not fit, and the incident's whole
 * transaction failed on every attempt). `ownerCount` tells how many there were.
 */
export const TICKET_OWNERS_MAX = 50;

/** Where a ticket came from. */
export const TICKET_SOURCES = ['api', 'anomaly'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

// --- Responses: the OpenAPI document and the MCP tools' output schemas are generated from these.
// TicketResource describes the Ticket interface above; the OpenAPI validation pass
// (test/e2e/openapi.test.ts) fails when the two drift apart.

const TicketOwner = z.object({ customerId: z.string(), email: z.string() });

/** The Ticket resource as GET /ticket/{ticketId} (and POST /ticket/{ticketId}/category) return it. */
export const TicketResource = z.object({
  ticketId: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(PRIORITIES),
  category: z.nullable(z.string()),
  categorySource: z.enum(['request', 'auto', 'agent', 'none']),
  categoryConfidence: z.nullable(z.number()),
  assignee: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  messages: z.array(
    z.object({
      role: z.enum(MESSAGE_ROLES),
      content: z.string(),
      messageId: z.optional(z.string()),
      internal: z.optional(z.boolean()),
      author: z.optional(z.nullable(z.string())),
      createdAt: z.optional(z.string()),
    }),
  ),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  version: z.number(),
  updatedAt: z.string(),
  firstResponseAt: z.nullable(z.string()),
  solvedAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  source: z.enum(TICKET_SOURCES),
  deviceIdentifier: z.nullable(z.string()),
  incidentId: z.nullable(z.string()),
  owners: z.array(TicketOwner),
  ownerCount: z.number(),
  diagnosis: DiagnosisResource,
});

/** 200 of POST /ticket/createTicket (spec 4.10). */
export const CreateTicketResponse = z.object({ success: z.literal(true), ticketId: z.string(), message: z.literal(TICKET_CREATED) });

/** Path parameter of the routes under /ticket/{ticketId} (anything but a ticket of the organization is 404 `Ticket not found`). */
export const TicketIdParams = z.object({ ticketId: z.string({ error: TICKET_NOT_FOUND }) });

/** Query parameters of GET /ticket (the list), as strings from the URL; checked by shared/domain/ticket/ticket-list.service.ts. */
export const TicketListParams = z.object({
  status: z.optional(z.string()),
  assignee: z.optional(z.string()),
  priority: z.optional(z.string()),
  category: z.optional(z.string()),
  updatedSince: z.optional(z.string()),
  source: z.optional(z.string()),
  deviceIdentifier: z.optional(z.string()),
  customerId: z.optional(z.string()),
  limit: z.optional(z.string()),
  cursor: z.optional(z.string()),
});

/** 200 of GET /ticket: most recently updated first; `nextCursor` null on the last page. */
export const TicketListResponse = z.object({ tickets: z.array(TicketResource), nextCursor: z.nullable(z.string()) });
