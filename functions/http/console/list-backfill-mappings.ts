import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listConsoleMappings } from '../../../shared/domain/console/integrations';

/** GET /api/console/v1/settings/backfill-mappings (admins): `mapping list`. */
export const listBackfillMappings = ({ org }: ApiRequest) => listConsoleMappings(org);

export const handler = httpHandler({}, listBackfillMappings);
