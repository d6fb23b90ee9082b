import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { removeConsoleConnector } from '../../../shared/domain/console/integrations';

/** DELETE /api/console/v1/settings/connector (admins): `connector remove`; device connections stay and stop syncing. */
export const removeConnector = ({ org }: ApiRequest) => removeConsoleConnector(org);

export const handler = httpHandler({}, removeConnector);
