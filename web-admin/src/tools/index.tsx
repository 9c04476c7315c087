// Routes of the admin tools: super-admin tools and lookup, subscription links, saved cards, health,
// redirect URLs, logs, and the spec's paths that open existing pages (banner settings, locked posts).
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { AdminNavigate } from './parts';
import { mayOpenPage } from '../access';
import {
  BANNER_IMAGE_TEXT_PAGE, HEALTH_PAGE, LOCKED_CONTENT_PAGE, LOGS_PAGE, LOOKUP_PAGE, REDIRECT_EDIT_PAGE, REDIRECT_LIST_PAGE, SUBSCRIPTION_URL_PAGE,
  SUPER_ADMIN_TOOLS_PAGE, USER_CARDS_PAGE,
} from './paths';

const SuperAdminToolsPage = lazy(() => import('./SuperAdminToolsPage'));
const LookupPage = lazy(() => import('./LookupPage'));
const SubscriptionUrlPage = lazy(() => import('./SubscriptionUrlPage'));
const UserCardListPage = lazy(() => import('./UserCardListPage'));
const HealthPage = lazy(() => import('./HealthPage'));
const RedirectListPage = lazy(() => import('./RedirectUrls').then(m => ({ default: m.RedirectListPage })));
const RedirectEditPage = lazy(() => import('./RedirectUrls').then(m => ({ default: m.RedirectEditPage })));
const LogsPage = lazy(() => import('./LogsPage'));

/** The settings page the spec's /admin/banner-image-text opens (the settings deep links, web-admin/src/settings-index). */
export const BANNER_SETTINGS_TARGET = '/settings/banner-image-text';
const LOCKED_POSTS_TARGET = `/posts?filter=${encodeURIComponent(JSON.stringify({ visibility: 'locked' }))}`;

const page = (el: ReactNode) => <Suspense fallback={<Loading />}>{el}</Suspense>;

export function toolsRoutes(permissions: unknown) {
  const may = (p: string) => mayOpenPage(permissions, p);
  const routes = [
    may(SUPER_ADMIN_TOOLS_PAGE) && <Route key="sat" path="/super-admin-tools" element={page(<SuperAdminToolsPage />)} />,
    may(LOOKUP_PAGE) && <Route key="lookup" path="/super-admin-tools/lookup" element={page(<LookupPage />)} />,
    may(SUBSCRIPTION_URL_PAGE) && <Route key="sub-url" path="/generate-subscription-url" element={page(<SubscriptionUrlPage />)} />,
    may(USER_CARDS_PAGE) && <Route key="cards" path="/user-card-list" element={page(<UserCardListPage />)} />,
    may(HEALTH_PAGE) && <Route key="health" path="/health-info" element={page(<HealthPage />)} />,
    may(REDIRECT_LIST_PAGE) && <Route key="redirects" path="/list-redirect-url" element={page(<RedirectListPage />)} />,
    may(REDIRECT_EDIT_PAGE) && <Route key="redirect" path="/redirect-url/:route?" element={page(<RedirectEditPage />)} />,
    may(LOGS_PAGE) && <Route key="logs" path="/logs" element={page(<LogsPage />)} />,
    may(BANNER_IMAGE_TEXT_PAGE) && <Route key="banner" path="/banner-image-text" element={<AdminNavigate to={BANNER_SETTINGS_TARGET} />} />,
    may(LOCKED_CONTENT_PAGE) && <Route key="locked" path="/locked-exclusive-content" element={<AdminNavigate to={LOCKED_POSTS_TARGET} />} />,
  ].filter(Boolean);
  if (routes.length === 0) return null;
  return <CustomRoutes key="admin-tools">{routes}</CustomRoutes>;
}

export { TOOLS_CONSOLE_PAGES } from './paths';
