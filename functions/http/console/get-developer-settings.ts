import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { developerSettings } from '../../../shared/domain/console/developer-key';

/** GET /api/console/v1/settings/developer (admins): the key masked, with its creation time. */
export const getDeveloperSettings = (request: ApiRequest) => developerSettings(request.org);

export const handler = httpHandler({}, getDeveloperSettings);
