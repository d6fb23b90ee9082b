import { routeGroup } from '../../../shared/http/route-group';
// Settings (issue 18): categories, routing, chat, auto-close/proactive
import * as categories from '../console/settings-categories';
import * as routingRules from '../console/settings-routing-rules';
import * as chat from '../console/settings-chat';
import * as automation from '../console/settings-automation';

/**
 * The console's ticket configuration (categories, routing rules), chat and automation settings
 * (routes.ts CONSOLE_GROUPS): each route keeps its own handler and its auth/admin flags.
 */
export const handler = routeGroup({
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
});
