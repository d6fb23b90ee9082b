import { routeGroup } from '../../../shared/http/route-group';
import { handler as getMe } from '../console/get-me';
import { handler as signOut } from '../console/sign-out';
import { handler as getQueue } from '../console/get-queue';
import { handler as getTicketPage } from '../console/get-ticket-page';
import { handler as patchTicket } from '../console/patch-ticket';
import { handler as addTicketMessage } from '../console/add-ticket-message';
import { handler as listTicketEvents } from '../console/list-ticket-events';
import { handler as getDevicePage } from '../console/get-device-page';
import { handler as getDeviceSeries } from '../console/get-device-series';
import { handler as getCustomerPage } from '../console/get-customer-page';
import { handler as search } from '../console/search';
import { handler as getDeveloperSettings } from '../console/get-developer-settings';
import { handler as regenerateKey } from '../console/regenerate-key';
import { handler as listUsers } from '../console/list-users';
// Settings (issue 18): categories, routing, chat, auto-close/proactive, team
import * as categories from '../console/settings-categories';
import * as routingRules from '../console/settings-routing-rules';
import * as chat from '../console/settings-chat';
import * as automation from '../console/settings-automation';
import * as team from '../console/team';

/** The console's API (`/api/console/v1`, issue 18) as one Lambda: each route keeps its own handler and its auth/admin flags. */
export const handler = routeGroup({
  ConsoleMe: getMe,
  ConsoleSignOut: signOut,
  ConsoleQueue: getQueue,
  ConsoleTicketPage: getTicketPage,
  ConsoleUpdateTicket: patchTicket,
  ConsoleAddTicketMessage: addTicketMessage,
  ConsoleTicketEvents: listTicketEvents,
  ConsoleDevicePage: getDevicePage,
  ConsoleDeviceSeries: getDeviceSeries,
  ConsoleCustomerPage: getCustomerPage,
  ConsoleSearch: search,
  ConsoleDeveloperSettings: getDeveloperSettings,
  ConsoleRegenerateKey: regenerateKey,
  ConsoleListUsers: listUsers,
  // Settings (issue 18): categories, routing, chat, auto-close/proactive, team
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
  ConsoleInviteUser: team.inviteHandler,
  ConsoleChangeUserRole: team.changeRoleHandler,
  ConsoleRemoveUser: team.removeHandler,
});
