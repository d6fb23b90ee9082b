import { lazy, Suspense } from 'react';
import { Link, Route, Switch } from 'wouter';
import type { MeResponse } from '../../api/types';
import { ErrorMessage } from '../../ui/primitives';
import { ApiError } from '../../api/client';
import { DeveloperPage } from './DeveloperPage';
import { TeamPage } from './TeamPage';
import { Loading } from '../../ui/primitives';
import '../integrations/integrations.css';

// Integrations pages (issues 18, 19): loaded when opened.
const WebhooksPage = lazy(() => import('../integrations/WebhooksPage'));
const ConnectorPage = lazy(() => import('../integrations/ConnectorPage'));
const MappingsPage = lazy(() => import('../integrations/MappingsPage'));
const MonitorRulesPage = lazy(() => import('../integrations/MonitorRulesPage'));

/** Settings (admins). Integrations > Developer holds the organization key; Team lists the users. */
export default function SettingsPage({ me }: { me: MeResponse }) {
  if (me.user.role !== 'admin') return <ErrorMessage error={new ApiError(403, 'Admins only')} />;
  return (
    <div className="settings">
      <h1>Settings</h1>
      <nav aria-label="Settings" className="subnav">
        <Link href="/integrations/developer">Integrations › Developer</Link>
        <Link href="/team">Team</Link>
        <Link href="/integrations/webhooks">Integrations › Webhooks</Link>
        <Link href="/integrations/crash-connector">Integrations › Crash connector</Link>
        <Link href="/integrations/backfill">Integrations › Backfill</Link>
        <Link href="/integrations/monitor-rules">Integrations › Monitor rules</Link>
      </nav>
      <Switch>
        <Route path="/integrations/developer">
          <DeveloperPage />
        </Route>
        <Route path="/team">
          <TeamPage />
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
