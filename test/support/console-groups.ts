import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { handler as consoleApi } from '../../functions/http/groups/console-api';
import { handler as consoleSettingsApi } from '../../functions/http/groups/console-settings-api';
import { PROXY_ROUTES } from '../../shared/routes';

/** The console's route-group functions by function id (routes.ts PROXY_ROUTES). */
export const CONSOLE_GROUPS = { ConsoleApi: consoleApi, ConsoleSettingsApi: consoleSettingsApi } as const;
export type ConsoleGroupId = keyof typeof CONSOLE_GROUPS;

/**
 * The group API Gateway sends `path` to: of the greedy routes whose prefix the path extends, the most
 * specific (longest) one; with its route key and the prefix `pathParameters.proxy` is taken after.
 */
export function consoleGroupFor(path: string):
  | { id: ConsoleGroupId; fn: (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>; key: string; prefix: string }
  | undefined {
  const best = Object.entries(PROXY_ROUTES)
    .map(([id, proxy]) => ({ id, proxy, prefix: proxy.replace('/{proxy+}', '') }))
    .filter((c) => path.startsWith(`${c.prefix}/`) && path.length > c.prefix.length + 1)
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (!best || !(best.id in CONSOLE_GROUPS)) return undefined;
  const id = best.id as ConsoleGroupId;
  return { id, fn: CONSOLE_GROUPS[id], key: `ANY ${best.proxy}`, prefix: best.prefix };
}
