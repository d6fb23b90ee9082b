import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { updateWebhook as update } from '../../../shared/domain/webhook/webhook.service';
import { UpdateWebhookBody, type UpdateWebhookInput } from '../../../shared/domain/webhook/webhook.schema';

/** PATCH /api/ext-v1/webhooks/{webhookId}: url, events, description, enabled. */
export const updateWebhook = ({ org, pathParameters, body }: ApiRequest<UpdateWebhookInput>) => update(org, pathParameters.webhookId, body);

export const handler = httpHandler({ body: UpdateWebhookBody }, updateWebhook);
