import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Route, Switch, useRoute } from 'wouter';
import type { MeResponse } from '../../api/types';
import { ErrorMessage } from '../../ui/primitives';
import { ApiError } from '../../api/client';
import { DeveloperPage } from './DeveloperPage';
import { TeamPage } from './TeamPage';
import { CategoriesPage } from './CategoriesPage';
import { RoutingRulesPage } from './RoutingRulesPage';
import { ChatPage } from './ChatPage';
import { AutomationPage } from './AutomationPage';
import { Loading } from '../../ui/primitives';
import '../integrations/integrations.css';

// Integrations pages (issues 18, 19): loaded when opened.
const WebhooksPage = lazy(() => import('../integrations/WebhooksPage'));
const ConnectorPage = lazy(() => import('../integrations/ConnectorPage'));
const MappingsPage = lazy(() => import('../integrations/MappingsPage'));
const MonitorRulesPage = lazy(() => import('../integrations/MonitorRulesPage'));

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
        {/* Integrations (issues 18, 19) */}
        <SettingsLink href="/integrations/webhooks">Integrations › Webhooks</SettingsLink>
        <SettingsLink href="/integrations/crash-connector">Integrations › Crash connector</SettingsLink>
        <SettingsLink href="/integrations/backfill">Integrations › Backfill</SettingsLink>
        <SettingsLink href="/integrations/monitor-rules">Integrations › Monitor rules</SettingsLink>
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
        <Route path="/integrations/webhooks" nest>
          <Suspense fallback={<Loading what="webhooks" />}>
            <WebhooksPage />
          </Suspense>
        </Route>
        <Route path="/integrations/crash-connector">
          <Suspense fallback={<Loading what="the crash connector" />}>
            <ConnectorPage />
          </Suspense>
        </Route>
        <Route path="/integrations/backfill">
          <Suspense fallback={<Loading what="backfill mappings" />}>
            <MappingsPage />
          </Suspense>
        </Route>
        <Route path="/integrations/monitor-rules">
          <Suspense fallback={<Loading what="monitor rules" />}>
            <MonitorRulesPage />
          </Suspense>
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
