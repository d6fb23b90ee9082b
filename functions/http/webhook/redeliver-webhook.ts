import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { redeliver } from '../../../shared/domain/webhook/webhook.service';

/** POST /api/ext-v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver: the same event again now. */
export const redeliverWebhook = ({ org, pathParameters }: ApiRequest) => redeliver(org, pathParameters.webhookId, pathParameters.deliveryId);

export const handler = httpHandler({}, redeliverWebhook);
