import type { TicketMessage } from './ticket.schema';

/** Longest excerpt of the first message a generated description quotes. */
export const GENERATED_EXCERPT_MAX = 500;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const excerpt = (text: string, max: number) => {
  const flat = collapse(text);
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** The first message written by the customer (the one the team-chat notification quotes). */
export const firstCustomerMessage = (messages: TicketMessage[]) => messages.find((m) => m.role === 'customer' && m.content.trim() !== '');

/**
 * Description for a ticket created without one, derived only from the messages so the same
 * input always gives the same text: the first customer message (or, lacking one, the first
 * non-empty message with its role), then a count of the conversation by role.
 * No usable message gives an empty description.
 */
export function generateDescription(messages: TicketMessage[]): string {
  const lead = firstCustomerMessage(messages) ?? messages.find((m) => m.content.trim() !== '');
  if (!lead) return '';
  const quote = lead.role === 'customer' ? excerpt(lead.content, GENERATED_EXCERPT_MAX) : `${lead.role}: ${excerpt(lead.content, GENERATED_EXCERPT_MAX)}`;
  if (messages.length === 1) return quote;
  const counts = (['customer', 'agent', 'bot'] as const)
    .map((role) => [role, messages.filter((m) => m.role === role).length] as const)
    .filter(([, n]) => n > 0)
    .map(([role, n]) => `${n} ${role}`);
  return `${quote} (conversation of ${messages.length} messages: ${counts.join(', ')})`;
}

/** What classifiers and `contains` rules look at. */
export interface TicketText {
  title: string;
  description: string;
  messages: TicketMessage[];
}

/** Title, description and message contents as one lowercase string for `contains` matching. */
export const searchableText = (text: TicketText) =>
  [text.title, text.description, ...text.messages.map((m) => m.content)].join('\n').toLowerCase();
