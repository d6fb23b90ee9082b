import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { openApiDocumentFor } from '../../../shared/openapi/serve';

/** GET /api/ext-v1/openapi.json: the OpenAPI 3.1 document, generated from the route table and the zod schemas; public. */
export const openApiDocument = async ({ event }: ApiRequest) => openApiDocumentFor(event);

export const handler = httpHandler({}, openApiDocument);
