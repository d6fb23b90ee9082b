import * as z from 'zod/mini';
import { PRIORITIES, type Priority } from '../ticket-config/ticket-config.limits';
import { DiagnosisResource, type Diagnosis } from '../diagnosis/diagnosis.schema';
import {
  MESSAGE_ROLES,
  TICKET_CREATED,
  TICKET_NOT_FOUND,
  TICKET_OWNERS_MAX,
  TICKET_SOURCES,
  TICKET_STATUSES,
  type TicketStatus,
  type TicketSource,
} from './ticket.limits';
export * from './ticket.limits';
export * from './ticket-create.schema';

export { PRIORITIES, type Priority };

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

/**
 * Where a ticket's category came from: the create request, the classifier (`auto`), a person
 * later (`agent`, POST /ticket/{ticketId}/category), or nowhere (`none`: no match, or the
 * classifier's confidence was below its threshold).
 */
export type CategorySource = 'request' | 'auto' | 'agent' | 'none';

export { SetTicketCategoryBody, type SetTicketCategoryInput } from './ticket-category-body';

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
