import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { MeResponse } from './api/types';
import { QueuePage } from './features/tickets/QueuePage';
import { Empty, Loading } from './ui/primitives';

/** URLs → feature pages. The queue is in the first bundle; every other page loads on demand. */
const TicketPage = lazy(() => import('./features/tickets/TicketPage'));
const DevicePage = lazy(() => import('./features/devices/DevicePage'));
const CustomerPage = lazy(() => import('./features/customers/CustomerPage'));
const SearchPage = lazy(() => import('./features/customers/SearchPage'));
const SettingsPage = lazy(() => import('./features/settings/SettingsPage'));

export function AppRoutes({ me }: { me: MeResponse }) {
  return (
    <Suspense fallback={<Loading what="the page" />}>
      <Switch>
        <Route path="/">
          <QueuePage me={me} />
        </Route>
        <Route path="/tickets/:ticketId">{(p) => <TicketPage ticketId={p.ticketId} me={me} />}</Route>
        <Route path="/devices/:identifier">{(p) => <DevicePage identifier={p.identifier} />}</Route>
        <Route path="/customers/:customerId">{(p) => <CustomerPage customerId={p.customerId} />}</Route>
        <Route path="/search">
          <SearchPage />
        </Route>
        <Route path="/settings" nest>
          <SettingsPage me={me} />
        </Route>
        <Route path="/signed-out">
          <Empty>You are signed out.</Empty>
        </Route>
        <Route>
          <Empty>This page does not exist.</Empty>
        </Route>
      </Switch>
    </Suspense>
  );
}
