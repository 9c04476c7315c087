// Private chat in the console and its settings pages: loaded on first visit so the console's first
// chunk stays small.
import { lazy, Suspense } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { ONE_TO_ONE_PAGE } from '../live/paths';
import { CHAT_SETTINGS_PAGE, CHAT_SETTINGS_PATH, PURCHASED_CONTENT_SETTINGS_PAGE, PURCHASED_CONTENT_SETTINGS_PATH } from './paths';

export { CHAT_CONSOLE_PAGES, CHAT_PAGE } from './paths';

const Page = lazy(async () => ({ default: (await import('./ChatPage')).ChatPage }));
const Settings = lazy(async () => ({ default: (await import('./ChatSettingsPage')).ChatSettingsPage }));
const PurchasedSettings = lazy(async () => ({ default: (await import('./ChatSettingsPage')).PurchasedContentSettingsPage }));
const OneToOne = lazy(async () => ({ default: (await import('./OneToOne')).OneToOneLivePage }));

export function ChatPage() {
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** /admin/settings/chat-settings and /admin/settings/purchased-content-settings, for the roles that may open them. */
export function chatSettingsRoutes(permissions: unknown) {
  const routes = [
    mayOpenPage(permissions, CHAT_SETTINGS_PAGE) ? <Route key="chat" path={CHAT_SETTINGS_PATH} element={<Suspense fallback={<Loading />}><Settings /></Suspense>} /> : null,
    mayOpenPage(permissions, PURCHASED_CONTENT_SETTINGS_PAGE) ? (
      <Route key="purchased" path={PURCHASED_CONTENT_SETTINGS_PATH} element={<Suspense fallback={<Loading />}><PurchasedSettings /></Suspense>} />
    ) : null,
  ].filter(Boolean);
  return routes.length ? <CustomRoutes key="chat-settings">{routes}</CustomRoutes> : null;
}

/** /admin/live-stream/:id, the one-to-one call beside the fan's conversation, for the roles that may open it. */
export function oneToOneRoutes(permissions: unknown) {
  if (!mayOpenPage(permissions, ONE_TO_ONE_PAGE)) return null;
  return (
    <CustomRoutes key="one-to-one">
      <Route path="/live-stream/:id" element={<Suspense fallback={<Loading />}><OneToOne /></Suspense>} />
    </CustomRoutes>
  );
}
