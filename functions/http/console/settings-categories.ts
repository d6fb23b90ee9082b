import * as z from 'zod/mini';
import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import * as settings from '../../../shared/domain/console/settings.service';

/** Settings > Categories (admins): `category list|add|update` of the operator CLI, same service. */

/** GET /api/console/v1/settings/categories. */
export const listCategories = (request: ApiRequest) => settings.listCategories(request.org.organizationId);
export const listHandler = httpHandler({}, listCategories);

/** POST /api/console/v1/settings/categories `{ name, description?, keywords? }`. */
export const addCategory = (request: ApiRequest<unknown>) => settings.addCategory(request.org.organizationId, request.body);
export const addHandler = httpHandler({ body: z.unknown() }, addCategory);

/** PATCH /api/console/v1/settings/categories/{name} `{ description?, keywords? }`. */
export const updateCategory = (request: ApiRequest<unknown>) => settings.updateCategory(request.org.organizationId, request.pathParameters.name ?? '', request.body);
export const updateHandler = httpHandler({ body: z.unknown() }, updateCategory);
