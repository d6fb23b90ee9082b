import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { rotateSecret } from '../../../shared/domain/webhook/webhook.service';

/** POST /api/ext-v1/webhooks/{webhookId}/rotate-secret: a new secret; the old one signs beside it for 24 h. */
export const rotateWebhookSecret = ({ org, pathParameters }: ApiRequest) => rotateSecret(org, pathParameters.webhookId);

export const handler = httpHandler({}, rotateWebhookSecret);
