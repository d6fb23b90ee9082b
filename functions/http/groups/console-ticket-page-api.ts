import { routeGroup } from '../../../shared/http/route-group';
import { handler as getTicketPage } from '../console/get-ticket-page';
import { handler as listTicketEvents } from '../console/list-ticket-events';

/** The console's ticket page and its activity (routes.ts CONSOLE_GROUPS). */
export const handler = routeGroup({
  ConsoleTicketPage: getTicketPage,
  ConsoleTicketEvents: listTicketEvents,
});
