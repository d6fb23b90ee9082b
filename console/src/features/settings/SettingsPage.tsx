import { Link, Route, Switch } from 'wouter';
import type { MeResponse } from '../../api/types';
import { ErrorMessage } from '../../ui/primitives';
import { ApiError } from '../../api/client';
import { DeveloperPage } from './DeveloperPage';
import { TeamPage } from './TeamPage';

/** Settings (admins). Integrations > Developer holds the organization key; Team lists the users. */
export default function SettingsPage({ me }: { me: MeResponse }) {
  if (me.user.role !== 'admin') return <ErrorMessage error={new ApiError(403, 'Admins only')} />;
  return (
    <div className="settings">
      <h1>Settings</h1>
      <nav aria-label="Settings" className="subnav">
        <Link href="/integrations/developer">Integrations › Developer</Link>
        <Link href="/team">Team</Link>
      </nav>
      <Switch>
        <Route path="/integrations/developer">
          <DeveloperPage />
        </Route>
        <Route path="/team">
          <TeamPage />
        </Route>
        <Route>
          <DeveloperPage />
        </Route>
      </Switch>
    </div>
  );
}
