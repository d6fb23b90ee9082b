import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listDeliveries } from '../../../shared/domain/webhook/webhook.service';

/** GET /api/ext-v1/webhooks/{webhookId}/deliveries?cursor=&limit=: one entry per attempt, newest first. */
export const listWebhookDeliveries = ({ org, pathParameters, query }: ApiRequest) => listDeliveries(org, pathParameters.webhookId, query);

export const handler = httpHandler({}, listWebhookDeliveries);
