// Routes of the fan-shell console pages, for the roles that may open each (domain/access/pages.ts).
import { lazy, Suspense } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { BANNER_PAGE, CONTACT_INBOX_PAGE, CONTACT_SETTINGS_PAGE, EDITOR_PATHS, MAINTENANCE_PAGE, MENU_LINKS_PAGE, MISC_POPUP_PAGE, PAGES_PAGE } from './paths';

const PagesEditor = () => import('./PagesEditor');
const ShellSettings = () => import('./ShellSettings');
const PageEditor = lazy(() => PagesEditor().then((m) => ({ default: m.PageEditor })));
const PagesList = lazy(() => PagesEditor().then((m) => ({ default: m.PagesList })));
const MaintenanceEditor = lazy(() => PagesEditor().then((m) => ({ default: m.MaintenanceEditor })));
const ContactInboxPage = lazy(() => import('./ContactInbox').then((m) => ({ default: m.ContactInboxPage })));
const AnnouncementBannerPage = lazy(() => ShellSettings().then((m) => ({ default: m.AnnouncementBannerPage })));
const CustomMenuLinksPage = lazy(() => import('./MenuLinksPage').then((m) => ({ default: m.CustomMenuLinksPage })));
const ContactSettingsPage = lazy(() => ShellSettings().then((m) => ({ default: m.ContactSettingsPage })));
const MiscPopupPage = lazy(() => ShellSettings().then((m) => ({ default: m.MiscPopupPage })));

const page = (path: string, element: React.ReactNode) => <Route key={path} path={path} element={<Suspense fallback={<Loading />}>{element}</Suspense>} />;

export function shellRoutes(permissions: unknown) {
  const routes = [
    ...(mayOpenPage(permissions, PAGES_PAGE)
      ? [
          page('/content-pages', <PagesList />),
          page('/content-pages/:slug', <PageEditor />),
          ...Object.entries(EDITOR_PATHS).map(([path, slug]) => page(path, <PageEditor key={slug} slug={slug} />)),
        ]
      : []),
    mayOpenPage(permissions, MAINTENANCE_PAGE) ? page('/edit-maintenance-mode', <MaintenanceEditor />) : null,
    mayOpenPage(permissions, CONTACT_INBOX_PAGE) ? page('/contact-messages', <ContactInboxPage />) : null,
    mayOpenPage(permissions, BANNER_PAGE) ? page('/settings/announcement-banner', <AnnouncementBannerPage />) : null,
    mayOpenPage(permissions, MENU_LINKS_PAGE) ? page('/settings/custom-menu-links', <CustomMenuLinksPage />) : null,
    mayOpenPage(permissions, MENU_LINKS_PAGE) ? page('/settings/menu-settings', <CustomMenuLinksPage />) : null,
    mayOpenPage(permissions, MENU_LINKS_PAGE) ? page('/settings/links-page-settings', <CustomMenuLinksPage />) : null,
    mayOpenPage(permissions, CONTACT_SETTINGS_PAGE) ? page('/settings/contact-us-settings', <ContactSettingsPage />) : null,
    mayOpenPage(permissions, MISC_POPUP_PAGE) ? page('/settings/miscellaneous-pop-up', <MiscPopupPage />) : null,
  ].filter(Boolean);
  return routes.length ? <CustomRoutes key="shell">{routes}</CustomRoutes> : null;
}

export { SHELL_CONSOLE_PAGES } from './paths';
