import { routeGroup } from '../../../shared/http/route-group';
import { handler as patchTicket } from '../console/patch-ticket';
import { handler as addTicketMessage } from '../console/add-ticket-message';
// Bulk assign / bulk status from the queue (issue 18).
import { handler as bulkUpdateTickets } from '../console/bulk-update-tickets';

/**
 * Working a case from the console (issue 16's lifecycle with the signed-in person as actor/author, and
 * bulk work; routes.ts CONSOLE_GROUPS): each route keeps its own handler and flags.
 */
export const handler = routeGroup({
  ConsoleUpdateTicket: patchTicket,
  ConsoleAddTicketMessage: addTicketMessage,
  ConsoleBulkUpdateTickets: bulkUpdateTickets,
});
