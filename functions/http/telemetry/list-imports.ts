import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listImports as list } from '../../../shared/domain/backfill/backfill.service';

/** GET /api/ext-v1/telemetry/imports?status=&cursor=&limit=: the organization's S3 backfill imports, newest first. */
export const listImports = ({ org, query }: ApiRequest) => list(org, query);

export const handler = httpHandler({}, listImports);
