import * as z from 'zod/mini';
import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import * as settings from '../../../shared/domain/console/settings.service';

/** Settings > Automation (admins): `org set-auto-close` and `org set-proactive`. */

/** GET /api/console/v1/settings/automation. */
export const getAutomation = (request: ApiRequest) => settings.getAutomationSettings(request.org.organizationId);
export const getHandler = httpHandler({}, getAutomation);

/** PATCH /api/console/v1/settings/automation `{ autoCloseDays?, proactiveAutoSolve? }`. */
export const updateAutomation = (request: ApiRequest<unknown>) => settings.updateAutomationSettings(request.org.organizationId, request.body);
export const updateHandler = httpHandler({ body: z.unknown() }, updateAutomation);
