import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { regenerateKey as regenerate } from '../../../shared/domain/console/developer-key';
import { RegenerateKeyBody } from '../../../shared/domain/console/console-bodies';

/** POST /api/console/v1/settings/developer/regenerate `{ "confirm": "REGENERATE" }` (admins): the new key, once; the old one fails at once. */
export const regenerateKey = (request: ApiRequest<unknown>) => regenerate(request.org);

export const handler = httpHandler({ body: RegenerateKeyBody }, regenerateKey);
