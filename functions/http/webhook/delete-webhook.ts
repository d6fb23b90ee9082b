import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { deleteWebhook as remove } from '../../../shared/domain/webhook/webhook.service';

/** DELETE /api/ext-v1/webhooks/{webhookId}: `{ "success": true }`; pending deliveries to it stop. */
export const deleteWebhook = ({ org, pathParameters }: ApiRequest) => remove(org, pathParameters.webhookId);

export const handler = httpHandler({}, deleteWebhook);
