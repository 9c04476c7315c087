// Live streaming in the console: Go Live (group), the live settings and the sessions report, loaded on first
// visit so the console's first chunk stays small. The one-to-one call from the chat header is a chat page
// (web-admin/src/chat/OneToOne.tsx): the chat shows the live actions, so live never imports the chat.
import { lazy, Suspense, type ReactElement } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { GO_LIVE_PAGE, LIVE_SESSIONS_PAGE, LIVE_SETTINGS_PAGE, LIVE_SETTINGS_PATH } from './paths';

export { LIVE_CONSOLE_PAGES } from './paths';

const GoLive = lazy(async () => ({ default: (await import('./GoLive')).GoLivePage }));
const Settings = lazy(async () => ({ default: (await import('./LiveSettingsPage')).LiveSettingsPage }));
const Sessions = lazy(async () => ({ default: (await import('./LiveSessionsPage')).LiveSessionsPage }));
export const GoLiveHomeCard = lazy(async () => ({ default: (await import('./GoLive')).GoLiveHomeCard }));

const page = (el: ReactElement) => <Suspense fallback={<Loading />}>{el}</Suspense>;

export function liveRoutes(permissions: unknown) {
  const routes = [
    mayOpenPage(permissions, GO_LIVE_PAGE) ? <Route key="go-live" path="/go-live" element={page(<GoLive />)} /> : null,
    mayOpenPage(permissions, LIVE_SETTINGS_PAGE) ? <Route key="live-settings" path={LIVE_SETTINGS_PATH} element={page(<Settings />)} /> : null,
    mayOpenPage(permissions, LIVE_SESSIONS_PAGE) ? <Route key="live-sessions" path="/live-stream-sessions/:id?" element={page(<Sessions />)} /> : null,
  ].filter(Boolean);
  return routes.length ? <CustomRoutes key="live">{routes}</CustomRoutes> : null;
}
