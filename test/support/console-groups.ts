import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { handler as consoleApi } from '../../functions/http/groups/console-api';
import { handler as consoleQueueApi } from '../../functions/http/groups/console-queue-api';
import { handler as consoleTicketPageApi } from '../../functions/http/groups/console-ticket-page-api';
import { handler as consoleTicketWorkApi } from '../../functions/http/groups/console-ticket-work-api';
import { handler as consoleDevicesApi } from '../../functions/http/groups/console-devices-api';
import { handler as consoleCustomersApi } from '../../functions/http/groups/console-customers-api';
import { handler as consoleWebhooksApi } from '../../functions/http/groups/console-webhooks-api';
import { handler as consoleSettingsApi } from '../../functions/http/groups/console-settings-api';
import { handler as consoleConnectorApi } from '../../functions/http/groups/console-connector-api';
import { handler as consoleBackfillApi } from '../../functions/http/groups/console-backfill-api';
import { type ConsoleGroupId, gatewayRouteKey, routes } from '../../shared/routes';

type GroupHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/** The console's route-group functions by function id (routes.ts CONSOLE_GROUPS). */
export const CONSOLE_GROUP_HANDLERS: Record<ConsoleGroupId, GroupHandler> = {
  ConsoleApi: consoleApi,
  ConsoleQueueApi: consoleQueueApi,
  ConsoleTicketPageApi: consoleTicketPageApi,
  ConsoleTicketWorkApi: consoleTicketWorkApi,
  ConsoleDevicesApi: consoleDevicesApi,
  ConsoleCustomersApi: consoleCustomersApi,
  ConsoleWebhooksApi: consoleWebhooksApi,
  ConsoleSettingsApi: consoleSettingsApi,
  ConsoleConnectorApi: consoleConnectorApi,
  ConsoleBackfillApi: consoleBackfillApi,
};

/** Every route key the stack gives API Gateway (routes.ts gatewayRouteKey), with the function behind it. */
const GATEWAY_ROUTES = [...new Map(routes.map((r) => [gatewayRouteKey(r), r.functionId ?? r.id])).entries()].map(([key, functionId]) => {
  const [method, path] = key.split(' ') as [string, string];
  return { key, method, path, functionId, greedy: path.endsWith('/{proxy+}') };
});

/**
 * What API Gateway (HTTP API) does with `method path`: a route whose every segment matches (literal, or a
 * `{name}` path parameter) and whose method is the request's wins, the one with more literal segments
 * first; otherwise the greedy route (`ANY <prefix>/{proxy+}`) with the longest prefix the path extends.
 * Returns the function's id and handler, the route key and the path parameters the event carries.
 */
export function gatewayTargetFor(method: string, path: string):
  | { id: string; fn: GroupHandler | undefined; key: string; pathParameters: Record<string, string> }
  | undefined {
  const segments = path.split('/');
  const explicit = GATEWAY_ROUTES.filter((r) => !r.greedy && (r.method === method || r.method === 'ANY'))
    .map((r) => {
      const parts = r.path.split('/');
      if (parts.length !== segments.length) return undefined;
      const pathParameters: Record<string, string> = {};
      let literals = 0;
      for (const [i, part] of parts.entries()) {
        const segment = segments[i] as string;
        const param = /^\{(\w+)\}$/.exec(part);
        if (param) {
          if (segment === '') return undefined;
          pathParameters[param[1] as string] = decodeURIComponent(segment);
        } else if (part === segment) literals += 1;
        else return undefined;
      }
      return { r, pathParameters, literals };
    })
    .filter((m) => m !== undefined)
    .sort((a, b) => b.literals - a.literals)[0];
  const pick = (r: (typeof GATEWAY_ROUTES)[number], pathParameters: Record<string, string>) => ({
    id: r.functionId,
    fn: CONSOLE_GROUP_HANDLERS[r.functionId as ConsoleGroupId],
    key: r.key,
    pathParameters,
  });
  if (explicit) return pick(explicit.r, explicit.pathParameters);
  const greedy = GATEWAY_ROUTES.filter((r) => r.greedy)
    .map((r) => ({ r, prefix: r.path.replace('/{proxy+}', '') }))
    .filter((c) => path.startsWith(`${c.prefix}/`) && path.length > c.prefix.length + 1)
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return greedy ? pick(greedy.r, { proxy: path.slice(greedy.prefix.length + 1) }) : undefined;
}

/** The console group API Gateway sends `method path` to (undefined when it is not a console group). */
export function consoleGroupFor(method: string, path: string) {
  const target = gatewayTargetFor(method, path);
  if (!target || !target.fn) return undefined;
  return { ...target, fn: target.fn };
}
