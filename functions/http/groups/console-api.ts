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
import { handler as listUsers } from '../console/list-users';
// Settings > Team (issue 18)
import * as team from '../console/team';
// Bulk work and webhooks (issues 18, 19): webhooks reuse the ext-v1 handlers (the route key the group
// sets makes the handler factory apply the console's user auth and admin flag).
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

/**
 * The console's API (`/api/console/v1`, issue 18) as one Lambda, except `/settings/...`
 * (functions/http/groups/console-settings-api.ts, behind a more specific greedy route): each route
 * keeps its own handler and its auth/admin flags.
 */
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
  ConsoleListUsers: listUsers,
  ConsoleInviteUser: team.inviteHandler,
  ConsoleChangeUserRole: team.changeRoleHandler,
  ConsoleRemoveUser: team.removeHandler,
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
});
