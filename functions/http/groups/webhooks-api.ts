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

/** The webhook endpoints API (`/api/ext-v1/webhooks…`, issue 19) as one Lambda: each route keeps its own handler. */
export const handler = routeGroup({
  CreateWebhook: createWebhook,
  ListWebhooks: listWebhooks,
  GetWebhook: getWebhook,
  UpdateWebhook: updateWebhook,
  DeleteWebhook: deleteWebhook,
  RotateWebhookSecret: rotateWebhookSecret,
  TestWebhook: testWebhook,
  ListWebhookDeliveries: listWebhookDeliveries,
  RedeliverWebhook: redeliverWebhook,
});
