import type { RoutingRule, RuleCondition } from '../ticket-config/ticket-config.schema';
import { searchableText, type TicketText } from './ticket-text';

/** The facts a routing rule is evaluated against. */
export interface RoutableTicket extends TicketText {
  category: string | null;
  priority: string;
}

function matches(condition: RuleCondition, ticket: RoutableTicket, text: () => string): boolean {
  const value = condition.value.toLowerCase();
  switch (condition.field) {
    case 'category':
      return ticket.category !== null && ticket.category.toLowerCase() === value;
    case 'priority':
      return ticket.priority === value;
    case 'contains':
      return text().includes(value);
  }
}

/**
 * The assignee of the first rule (in position order) whose conditions all match, or null.
 * All comparisons are case-insensitive; `contains` looks at title, description and messages.
 */
export function route(rules: RoutingRule[], ticket: RoutableTicket): string | null {
  let lowered: string | undefined;
  const text = () => (lowered ??= searchableText(ticket));
  const ordered = [...rules].sort((a, b) => a.position - b.position);
  const rule = ordered.find((r) => r.conditions.length > 0 && r.conditions.every((c) => matches(c, ticket, text)));
  return rule?.assignee ?? null;
}
