import { routeGroup } from '../../../shared/http/route-group';
import { handler as getCustomerPage } from '../console/get-customer-page';

/** The console's customer page (routes.ts CONSOLE_GROUPS). */
export const handler = routeGroup({
  ConsoleCustomerPage: getCustomerPage,
});
