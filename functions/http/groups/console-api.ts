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
// Integrations and bulk work (issues 18, 19): webhooks and imports reuse the ext-v1 handlers (the route
// key the group sets makes the handler factory apply the console's user auth and admin flag).
import { handler as bulkUpdateTickets } from '../console/bulk-update-tickets';
import { handler as createWebhook } from '../webhook/create-webhook';
import { handler as listWebhooks } from '../webhook/list-webhooks';
import { handler as getWebhook } from '../webhook/get-webhook';
import { handler as updateWebhook } from '../webhook/update-webhook';
import { handler as deleteWebhook } from '../webhook/delete-webhook';
import { handler as rotateWebhookSecret } from '../webhook/rotate-webhook-secret';
import { handler as testWebhook } from '../webhook/test-webhook';
import { handler as listWebhookDeliveries } from '../webhook/list-webhook-deliveries';
import { handler as redeliverWebhook } from '../webhook/redeliver-webhook';
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
  // Integrations and bulk work (issues 18, 19)
  ConsoleBulkUpdateTickets: bulkUpdateTickets,
  ConsoleCreateWebhook: createWebhook,
  ConsoleListWebhooks: listWebhooks,
  ConsoleGetWebhook: getWebhook,
  ConsoleUpdateWebhook: updateWebhook,
  ConsoleDeleteWebhook: deleteWebhook,
  ConsoleRotateWebhookSecret: rotateWebhookSecret,
  ConsoleTestWebhook: testWebhook,
  ConsoleListWebhookDeliveries: listWebhookDeliveries,
  ConsoleRedeliverWebhook: redeliverWebhook,
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
