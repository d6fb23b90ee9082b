import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { SetConnectorBody, setConsoleConnector, type SetConnectorInput } from '../../../shared/domain/console/integrations';

/** PUT /api/console/v1/settings/connector (admins): `connector set`; the token is write-only, blank keeps it. */
export const setConnector = ({ org, body }: ApiRequest<SetConnectorInput>) => setConsoleConnector(org, body);

export const handler = httpHandler({ body: SetConnectorBody }, setConnector);
