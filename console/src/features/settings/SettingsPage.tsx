import { Link, Route, Switch } from 'wouter';
import type { MeResponse } from '../../api/types';
import { ErrorMessage } from '../../ui/primitives';
import { ApiError } from '../../api/client';
import { DeveloperPage } from './DeveloperPage';
import { TeamPage } from './TeamPage';
// Settings (issue 18): categories, routing, chat, auto-close/proactive, team
import { CategoriesPage } from './CategoriesPage';
import { RoutingRulesPage } from './RoutingRulesPage';
import { ChatPage } from './ChatPage';
import { AutomationPage } from './AutomationPage';

/** Settings (admins). Integrations > Developer holds the organization key; the others run tickets and the team. */
export default function SettingsPage({ me }: { me: MeResponse }) {
  if (me.user.role !== 'admin') return <ErrorMessage error={new ApiError(403, 'Admins only')} />;
  return (
    <div className="settings">
      <h1>Settings</h1>
      <nav aria-label="Settings" className="subnav">
        <Link href="/integrations/developer">Integrations › Developer</Link>
        {/* Settings (issue 18): categories, routing, chat, auto-close/proactive, team */}
        <Link href="/categories">Categories</Link>
        <Link href="/routing">Routing rules</Link>
        <Link href="/chat">Chat</Link>
        <Link href="/automation">Automation</Link>
        <Link href="/team">Team</Link>
      </nav>
      <Switch>
        <Route path="/integrations/developer">
          <DeveloperPage />
        </Route>
        {/* Settings (issue 18): categories, routing, chat, auto-close/proactive, team */}
        <Route path="/categories">
          <CategoriesPage />
        </Route>
        <Route path="/routing">
          <RoutingRulesPage />
        </Route>
        <Route path="/chat">
          <ChatPage />
        </Route>
        <Route path="/automation">
          <AutomationPage />
        </Route>
        <Route path="/team">
          <TeamPage me={me} />
        </Route>
        <Route>
          <DeveloperPage />
        </Route>
      </Switch>
    </div>
  );
}
