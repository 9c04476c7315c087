// Live streaming in the console (part U): Go Live (group), one-to-one from the chat header, the live
// settings and the sessions report; loaded on first visit so the console's first chunk stays small.
import { lazy, Suspense, type ReactElement } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { GO_LIVE_PAGE, LIVE_SESSIONS_PAGE, LIVE_SETTINGS_PAGE, LIVE_SETTINGS_PATH, ONE_TO_ONE_PAGE } from './paths';

export { LIVE_CONSOLE_PAGES } from './paths';

const GoLive = lazy(async () => ({ default: (await import('./GoLive')).GoLivePage }));
const OneToOne = lazy(async () => ({ default: (await import('./OneToOne')).OneToOneLivePage }));
const Settings = lazy(async () => ({ default: (await import('./LiveSettingsPage')).LiveSettingsPage }));
const Sessions = lazy(async () => ({ default: (await import('./LiveSessionsPage')).LiveSessionsPage }));
export const GoLiveHomeCard = lazy(async () => ({ default: (await import('./GoLive')).GoLiveHomeCard }));

const page = (el: ReactElement) => <Suspense fallback={<Loading />}>{el}</Suspense>;

export function liveRoutes(permissions: unknown) {
  const routes = [
    mayOpenPage(permissions, GO_LIVE_PAGE) ? <Route key="go-live" path="/go-live" element={page(<GoLive />)} /> : null,
    mayOpenPage(permissions, ONE_TO_ONE_PAGE) ? <Route key="one-to-one" path="/live-stream/:id" element={page(<OneToOne />)} /> : null,
    mayOpenPage(permissions, LIVE_SETTINGS_PAGE) ? <Route key="live-settings" path={LIVE_SETTINGS_PATH} element={page(<Settings />)} /> : null,
    mayOpenPage(permissions, LIVE_SESSIONS_PAGE) ? <Route key="live-sessions" path="/live-stream-sessions/:id?" element={page(<Sessions />)} /> : null,
  ].filter(Boolean);
  return routes.length ? <CustomRoutes key="live">{routes}</CustomRoutes> : null;
}
