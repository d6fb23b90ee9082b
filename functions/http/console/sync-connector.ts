import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { syncConsoleConnector } from '../../../shared/domain/console/integrations';

/** POST /api/console/v1/settings/connector/sync (admins): `connector sync`, one sync now. */
export const syncConnector = ({ org }: ApiRequest) => syncConsoleConnector(org);

export const handler = httpHandler({}, syncConnector);
