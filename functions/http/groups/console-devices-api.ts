import { routeGroup } from '../../../shared/http/route-group';
import { handler as getDevicePage } from '../console/get-device-page';
import { handler as getDeviceSeries } from '../console/get-device-series';

/** The console's device page and its telemetry series (routes.ts CONSOLE_GROUPS). */
export const handler = routeGroup({
  ConsoleDevicePage: getDevicePage,
  ConsoleDeviceSeries: getDeviceSeries,
});
