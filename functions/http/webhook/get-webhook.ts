import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { getWebhook as get } from '../../../shared/domain/webhook/webhook.service';

/** GET /api/ext-v1/webhooks/{webhookId}: one endpoint, 404 for unknown ids and other organizations' endpoints. */
export const getWebhook = ({ org, pathParameters }: ApiRequest) => get(org, pathParameters.webhookId);

export const handler = httpHandler({}, getWebhook);
