import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { sendTestEvent } from '../../../shared/domain/webhook/webhook.service';

/** POST /api/ext-v1/webhooks/{webhookId}/test: sends a `webhook.test` event to this endpoint. */
export const testWebhook = ({ org, pathParameters }: ApiRequest) => sendTestEvent(org, pathParameters.webhookId);

export const handler = httpHandler({}, testWebhook);
