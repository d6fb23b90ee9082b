import { routeGroup } from '../../../shared/http/route-group';
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
 * Webhook endpoints from the console (issue 19; routes.ts CONSOLE_GROUPS): the ext-v1 handlers and
 * services; the route key the group sets makes the handler factory apply the console's user auth and admin flag.
 */
export const handler = routeGroup({
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
