// The settings index (/admin/settings, the settings resource's list) and the generic settings pages
// (/admin/settings/<page>), loaded on first visit.
import { lazy, Suspense } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { SETTINGS_FORM_PAGE } from './registry';

const Index = lazy(async () => ({ default: (await import('./SettingsIndex')).SettingsIndex }));
const Page = lazy(async () => ({ default: (await import('./SettingsPage')).SettingsPage }));

export function SettingsIndexPage() {
  return (
    <Suspense fallback={<Loading />}>
      <Index />
    </Suspense>
  );
}

/** The settings resource: its list is the settings index; each page is /settings/<page>. */
export const settingsResource = {
  list: SettingsIndexPage,
  icon: SettingsIcon,
};

/** /settings/:page (more specific routes of pages of their own win over it). */
export function settingsPageRoutes(permissions: unknown) {
  return mayOpenPage(permissions, SETTINGS_FORM_PAGE) ? (
    <CustomRoutes key="settings-pages">
      <Route path="/settings/:page" element={<Suspense fallback={<Loading />}><Page /></Suspense>} />
    </CustomRoutes>
  ) : null;
}
