// Routes of the site configuration pages, each for the roles that may open it (domain/access/pages.ts).
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { SITE_CONFIG_CONSOLE_PAGES } from './paths';

const EmailConfigurationPage = lazy(() => import('./EmailConfigurationPage'));
const SeoSettingsPage = lazy(() => import('./SeoSettingsPage'));
const PlatformSettingsPage = lazy(() => import('./PlatformSettingsPage'));
const BotCheckSettingsPage = lazy(() => import('./BotCheckSettingsPage'));
const CsvDownloadPage = lazy(() => import('./CsvDownloadPage'));
const StorageSettingsPage = lazy(() => import('./EnvironmentPages').then((m) => ({ default: m.StorageSettingsPage })));
const CacheSettingsPage = lazy(() => import('./EnvironmentPages').then((m) => ({ default: m.CacheSettingsPage })));

const ELEMENTS: Record<string, ReactNode> = {
  '/settings/email-configuration': <EmailConfigurationPage />,
  '/settings/aws-settings': <StorageSettingsPage />,
  '/settings/redis-cache': <CacheSettingsPage />,
  '/settings/platform-settings': <PlatformSettingsPage />,
  '/settings/seo-setting': <SeoSettingsPage />,
  '/settings/recaptcha-setting': <BotCheckSettingsPage />,
  '/settings/csv-download': <CsvDownloadPage />,
};

export function siteConfigRoutes(permissions: unknown) {
  const pages = SITE_CONFIG_CONSOLE_PAGES.filter((p) => mayOpenPage(permissions, p.page));
  if (pages.length === 0) return null;
  return (
    <CustomRoutes key="site-config">
      {pages.map((p) => (
        <Route key={p.to} path={p.to} element={<Suspense fallback={<Loading />}>{ELEMENTS[p.to]}</Suspense>} />
      ))}
    </CustomRoutes>
  );
}

export { SITE_CONFIG_CONSOLE_PAGES } from './paths';
