import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { getConsoleConnector } from '../../../shared/domain/console/integrations';

/** GET /api/console/v1/settings/connector (admins): the crash connector without its token, and the last sync. */
export const getConnector = ({ org }: ApiRequest) => getConsoleConnector(org);

export const handler = httpHandler({}, getConnector);
