import { autoCloseSolvedTickets } from '../../shared/domain/ticket/ticket-auto-close';
import { logger } from '../../shared/logging/logger';

/**
 * TicketAutoClose (EventBridge schedule, shared/routes.ts `schedules`; a timer in the local
 * stack): closes solved tickets after the organization's auto-close days. A throw fails the
 * invocation, which EventBridge retries; the next run covers whatever is still due anyway.
 */
export async function handler(): Promise<{ organizations: number; closed: number; skipped: number }> {
  const result = await autoCloseSolvedTickets();
  logger.info('ticket auto-close sweep', result);
  return result;
}
