import * as z from 'zod/mini';
import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import * as settings from '../../../shared/domain/console/settings.service';
import type { UserContext } from '../../../shared/domain/user/user.schema';

/** Settings > Chat (admins): the webhook (`org set-chat-webhook`, plus clear and a test post) and `org set-chat-notify`. */

/** GET /api/console/v1/settings/chat. */
export const getChat = (request: ApiRequest) => settings.getChatSettings(request.org.organizationId);
export const getHandler = httpHandler({}, getChat);

/** PATCH /api/console/v1/settings/chat `{ notifyOnSolved?, notifyCustomerMessages? }`. */
export const updateChat = (request: ApiRequest<unknown>) => settings.updateChatSettings(request.org.organizationId, request.body);
export const updateHandler = httpHandler({ body: z.unknown() }, updateChat);

/** PUT /api/console/v1/settings/chat/webhook `{ url }`. */
export const setWebhook = (request: ApiRequest<unknown>) => settings.setChatWebhook(request.org.organizationId, request.body);
export const setWebhookHandler = httpHandler({ body: z.unknown() }, setWebhook);

/** DELETE /api/console/v1/settings/chat/webhook. */
export const clearWebhook = (request: ApiRequest) => settings.clearChatWebhook(request.org.organizationId);
export const clearWebhookHandler = httpHandler({}, clearWebhook);

/** POST /api/console/v1/settings/chat/test: one test line to the saved URL; the outcome, never a 500. */
export const sendTest = (request: ApiRequest) => settings.sendChatTest(request.org.organizationId, (request.user as UserContext).email);
export const sendTestHandler = httpHandler({}, sendTest);
