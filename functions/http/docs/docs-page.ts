import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { docsAsset, docsPage } from '../../../shared/docs/docs-page';

/** GET /api/ext-v1/docs (the page) and GET /api/ext-v1/docs/{asset} (Swagger UI's files): public, no CDN. */
export const docs = async ({ pathParameters, event }: ApiRequest) =>
  pathParameters.asset === undefined ? docsPage() : docsAsset(pathParameters.asset, event.headers['accept-encoding']);

export const handler = httpHandler({}, docs);
