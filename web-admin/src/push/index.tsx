// Route of the web push settings page (issue 16), for the roles that may open it (domain/access/pages.ts).
import { lazy, Suspense } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { WEB_PUSH_PAGE } from './paths';

const WebPushSettingsPage = lazy(() => import('./WebPushSettingsPage'));

export function pushRoutes(permissions: unknown) {
  if (!mayOpenPage(permissions, WEB_PUSH_PAGE)) return null;
  return (
    <CustomRoutes key="web-push">
      <Route path="/settings/web-push-notification" element={<Suspense fallback={<Loading />}><WebPushSettingsPage /></Suspense>} />
    </CustomRoutes>
  );
}

export { PUSH_CONSOLE_PAGES } from './paths';
