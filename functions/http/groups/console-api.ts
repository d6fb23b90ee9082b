import { routeGroup } from '../../../shared/http/route-group';
import { handler as getMe } from '../console/get-me';
import { handler as signOut } from '../console/sign-out';
import { handler as listUsers } from '../console/list-users';
// Settings > Team (issue 18)
import * as team from '../console/team';
// Settings > Developer: the organization key.
import { handler as getDeveloperSettings } from '../console/get-developer-settings';
import { handler as regenerateKey } from '../console/regenerate-key';

/**
 * The console's API (`/api/console/v1`, issue 18) is ten route groups by feature (routes.ts
 * CONSOLE_GROUPS). This one: who is signed in, sign-out, Settings > Team and the developer key; behind the console's
 * catch-all greedy route (routes.ts PROXY_ROUTES) it also answers 404 for console paths no route declares.
 * Each route keeps its own handler and its auth/admin flags.
 */
export const handler = routeGroup({
  ConsoleMe: getMe,
  ConsoleSignOut: signOut,
  ConsoleListUsers: listUsers,
  ConsoleInviteUser: team.inviteHandler,
  ConsoleChangeUserRole: team.changeRoleHandler,
  ConsoleRemoveUser: team.removeHandler,
  ConsoleDeveloperSettings: getDeveloperSettings,
  ConsoleRegenerateKey: regenerateKey,
});
