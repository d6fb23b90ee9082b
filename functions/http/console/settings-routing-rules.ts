import * as z from 'zod/mini';
import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { json, RawResponse } from '../../../shared/http/response';
import * as settings from '../../../shared/domain/console/settings.service';
import type { RoutingRulesResponse } from '../../../shared/domain/console/settings.schema';

/**
 * Settings > Routing rules (admins): the ordered list, add (`rule add`), remove and reorder. Every
 * answer carries the list's version as `ETag`; remove and move honour `If-Match` (412 with the
 * current list when it changed since).
 */
const withEtag = async (list: Promise<RoutingRulesResponse>) => {
  const body = await list;
  const response = json(200, body);
  return new RawResponse({ ...response, headers: { ...response.headers, etag: `"${body.version}"` } });
};
const expected = (request: ApiRequest<unknown>) => settings.expectedRulesVersion(request.event.headers['if-match']);

/** GET /api/console/v1/settings/routing-rules. */
export const listRules = (request: ApiRequest) => withEtag(settings.listRoutingRules(request.org.organizationId));
export const listHandler = httpHandler({}, listRules);

/** POST /api/console/v1/settings/routing-rules `{ assignee, conditions: [{ field, value }] }`. */
export const addRule = (request: ApiRequest<unknown>) => withEtag(settings.addRoutingRule(request.org.organizationId, request.body));
export const addHandler = httpHandler({ body: z.unknown() }, addRule);

/** DELETE /api/console/v1/settings/routing-rules/{position}. */
export const removeRule = (request: ApiRequest<unknown>) => withEtag(settings.removeRoutingRule(request.org.organizationId, request.pathParameters.position, expected(request)));
export const removeHandler = httpHandler({}, removeRule);

/** POST /api/console/v1/settings/routing-rules/{position}/move `{ direction: "up" | "down" }`. */
export const moveRule = (request: ApiRequest<unknown>) =>
  withEtag(settings.moveRoutingRule(request.org.organizationId, request.pathParameters.position, request.body, expected(request)));
export const moveHandler = httpHandler({ body: z.unknown() }, moveRule);
