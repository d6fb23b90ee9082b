import { routeGroup } from '../../../shared/http/route-group';
import { handler as getDeveloperSettings } from '../console/get-developer-settings';
import { handler as regenerateKey } from '../console/regenerate-key';
// The crash connector (`connector set|show|remove|sync`): the token is write-only.
import { handler as getConnector } from '../console/get-connector';
import { handler as setConnector } from '../console/set-connector';
import { handler as removeConnector } from '../console/remove-connector';
import { handler as syncConnector } from '../console/sync-connector';

/** The console's developer key and crash connector settings (routes.ts CONSOLE_GROUPS). */
export const handler = routeGroup({
  ConsoleDeveloperSettings: getDeveloperSettings,
  ConsoleRegenerateKey: regenerateKey,
  ConsoleGetConnector: getConnector,
  ConsoleSetConnector: setConnector,
  ConsoleRemoveConnector: removeConnector,
  ConsoleSyncConnector: syncConnector,
});
