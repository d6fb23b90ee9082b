import type { ReactNode } from 'react';
import { Link, Route, Switch, useRoute } from 'wouter';
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
        <SettingsLink href="/integrations/developer">Integrations › Developer</SettingsLink>
        {/* Settings (issue 18): categories, routing, chat, auto-close/proactive, team */}
        <SettingsLink href="/categories">Categories</SettingsLink>
        <SettingsLink href="/routing">Routing rules</SettingsLink>
        <SettingsLink href="/chat">Chat</SettingsLink>
        <SettingsLink href="/automation">Automation</SettingsLink>
        <SettingsLink href="/team">Team</SettingsLink>
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

/** A Settings tab: the current page's link says so (`aria-current`), for screen readers and the eye. */
function SettingsLink({ href, children }: { href: string; children: ReactNode }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
