import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { AddMappingBody, addConsoleMapping, type AddMappingInput } from '../../../shared/domain/console/integrations';

/** POST /api/console/v1/settings/backfill-mappings (admins): `mapping add`, same checks and texts (named as the body's fields). */
export const addBackfillMapping = ({ org, body }: ApiRequest<AddMappingInput>) => addConsoleMapping(org, body);

export const handler = httpHandler({ body: AddMappingBody }, addBackfillMapping);
