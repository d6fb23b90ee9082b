import { routeGroup } from '../../../shared/http/route-group';
import { handler as getQueue } from '../console/get-queue';
import { handler as search } from '../console/search';

/** The console's queue and search (routes.ts CONSOLE_GROUPS): each route keeps its own handler and flags. */
export const handler = routeGroup({
  ConsoleQueue: getQueue,
  ConsoleSearch: search,
});
