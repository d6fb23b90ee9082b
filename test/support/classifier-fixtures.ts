import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import type { TicketMessage } from '../../shared/domain/ticket/ticket.schema';

/** The nine categories of the classifier's unit tests: the bench's own (scripts/bench/classifier-set.ts). */
export { BENCH_CATEGORIES as NINE_CATEGORIES } from '../../scripts/bench/classifier-set';

/** A ticket from its title and (role, content) messages. */
export const ticket = (title: string, ...messages: [TicketMessage['role'], string][]): TicketText => ({
  title,
  description: '',
  messages: messages.map(([role, content]) => ({ role, content })),
});
