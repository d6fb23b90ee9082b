import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { removeConsoleMapping } from '../../../shared/domain/console/integrations';

/** DELETE /api/console/v1/settings/backfill-mappings?prefix= (admins): `mapping remove` (a prefix may hold "/", so it is a query parameter). */
export const removeBackfillMapping = ({ org, query }: ApiRequest) => removeConsoleMapping(org, query.prefix);

export const handler = httpHandler({}, removeBackfillMapping);
