import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { getImport as get } from '../../../shared/domain/backfill/backfill.service';

/** GET /api/ext-v1/telemetry/imports/{importId}: one import with its first rejected rows; 404 for unknown ids and other orgs' imports. */
export const getImport = ({ org, pathParameters }: ApiRequest) => get(org, pathParameters.importId);

export const handler = httpHandler({}, getImport);
