// Route of the web push settings page, for the roles that may open it (domain/access/pages.ts).
import { lazy, Suspense } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { SUBSCRIPTION_EMAIL_PAGE, WEB_PUSH_PAGE } from './paths';

const WebPushSettingsPage = lazy(() => import('./WebPushSettingsPage'));
const SubscriptionEmailSettingsPage = lazy(() => import('./SubscriptionEmailSettingsPage'));

export function pushRoutes(permissions: unknown) {
  const routes = [
    mayOpenPage(permissions, WEB_PUSH_PAGE) ? <Route key="push" path="/settings/web-push-notification" element={<Suspense fallback={<Loading />}><WebPushSettingsPage /></Suspense>} /> : null,
    mayOpenPage(permissions, SUBSCRIPTION_EMAIL_PAGE) ? <Route key="sub-mail" path="/settings/subscription-email-notification" element={<Suspense fallback={<Loading />}><SubscriptionEmailSettingsPage /></Suspense>} /> : null,
  ].filter(Boolean);
  return routes.length ? <CustomRoutes key="web-push">{routes}</CustomRoutes> : null;
}

export { PUSH_CONSOLE_PAGES } from './paths';
