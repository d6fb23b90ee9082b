import { routeGroup } from '../../../shared/http/route-group';
import { handler as getDeveloperSettings } from '../console/get-developer-settings';
import { handler as regenerateKey } from '../console/regenerate-key';
// Settings (issue 18): categories, routing, chat, auto-close/proactive
import * as categories from '../console/settings-categories';
import * as routingRules from '../console/settings-routing-rules';
import * as chat from '../console/settings-chat';
import * as automation from '../console/settings-automation';
// Integrations (issues 18, 19): the crash connector, backfill mappings and imports, monitor rules.
import { handler as getConnector } from '../console/get-connector';
import { handler as setConnector } from '../console/set-connector';
import { handler as removeConnector } from '../console/remove-connector';
import { handler as syncConnector } from '../console/sync-connector';
import { handler as listBackfillMappings } from '../console/list-backfill-mappings';
import { handler as addBackfillMapping } from '../console/add-backfill-mapping';
import { handler as removeBackfillMapping } from '../console/remove-backfill-mapping';
import { handler as listBackfillImports } from '../telemetry/list-imports';
import { handler as listMonitorRules } from '../console/list-monitor-rules';
import { handler as addMonitorRule } from '../console/add-monitor-rule';
import { handler as removeMonitorRule } from '../console/remove-monitor-rule';

/**
 * The console's admin pages (`/api/console/v1/settings/...`, issue 18) as one Lambda behind their own
 * greedy route (routes.ts PROXY_ROUTES): each route keeps its own handler and its auth/admin flags.
 * The rest of the console's API is functions/http/groups/console-api.ts.
 */
export const handler = routeGroup({
  ConsoleDeveloperSettings: getDeveloperSettings,
  ConsoleRegenerateKey: regenerateKey,
  ConsoleListCategories: categories.listHandler,
  ConsoleAddCategory: categories.addHandler,
  ConsoleUpdateCategory: categories.updateHandler,
  ConsoleListRoutingRules: routingRules.listHandler,
  ConsoleAddRoutingRule: routingRules.addHandler,
  ConsoleRemoveRoutingRule: routingRules.removeHandler,
  ConsoleMoveRoutingRule: routingRules.moveHandler,
  ConsoleChatSettings: chat.getHandler,
  ConsoleUpdateChatSettings: chat.updateHandler,
  ConsoleSetChatWebhook: chat.setWebhookHandler,
  ConsoleClearChatWebhook: chat.clearWebhookHandler,
  ConsoleTestChatWebhook: chat.sendTestHandler,
  ConsoleAutomationSettings: automation.getHandler,
  ConsoleUpdateAutomationSettings: automation.updateHandler,
  ConsoleGetConnector: getConnector,
  ConsoleSetConnector: setConnector,
  ConsoleRemoveConnector: removeConnector,
  ConsoleSyncConnector: syncConnector,
  ConsoleListBackfillMappings: listBackfillMappings,
  ConsoleAddBackfillMapping: addBackfillMapping,
  ConsoleRemoveBackfillMapping: removeBackfillMapping,
  ConsoleListBackfillImports: listBackfillImports,
  ConsoleListMonitorRules: listMonitorRules,
  ConsoleAddMonitorRule: addMonitorRule,
  ConsoleRemoveMonitorRule: removeMonitorRule,
});
