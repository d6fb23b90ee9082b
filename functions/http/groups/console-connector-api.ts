import { routeGroup } from '../../../shared/http/route-group';
// The crash connector (`connector set|show|remove|sync`): the token is write-only.
import { handler as getConnector } from '../console/get-connector';
import { handler as setConnector } from '../console/set-connector';
import { handler as removeConnector } from '../console/remove-connector';
import { handler as syncConnector } from '../console/sync-connector';

/** The console's crash connector settings (routes.ts CONSOLE_GROUPS). */
export const handler = routeGroup({
  ConsoleGetConnector: getConnector,
  ConsoleSetConnector: setConnector,
  ConsoleRemoveConnector: removeConnector,
  ConsoleSyncConnector: syncConnector,
});
