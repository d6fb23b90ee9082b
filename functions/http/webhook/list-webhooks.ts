import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listWebhooks as list } from '../../../shared/domain/webhook/webhook.service';

/** GET /api/ext-v1/webhooks: the organization's endpoints (at most 10), without secrets. */
export const listWebhooks = ({ org }: ApiRequest) => list(org);

export const handler = httpHandler({}, listWebhooks);
