import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { createWebhook as create } from '../../../shared/domain/webhook/webhook.service';
import { CreateWebhookBody, type CreateWebhookInput } from '../../../shared/domain/webhook/webhook.schema';

/** POST /api/ext-v1/webhooks: registers an endpoint; the answer is the only one that shows its secret. */
export const createWebhook = ({ org, body }: ApiRequest<CreateWebhookInput>) => create(org, body);

export const handler = httpHandler({ body: CreateWebhookBody }, createWebhook);
