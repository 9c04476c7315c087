// Routes of the help items editor and the staff notification settings, for the roles that may open them.
import { lazy, Suspense } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { HELP_SETTING_PAGE, PURCHASE_NOTIFICATION_SETTINGS_PAGE } from './paths';

const HelpSettingPage = lazy(() => import('./HelpSettingPage'));
const PurchaseNotificationSettingsPage = lazy(() => import('./PurchaseNotificationSettingsPage'));

export function helpRoutes(permissions: unknown) {
  const help = mayOpenPage(permissions, HELP_SETTING_PAGE);
  const notif = mayOpenPage(permissions, PURCHASE_NOTIFICATION_SETTINGS_PAGE);
  if (!help && !notif) return null;
  return (
    <CustomRoutes key="help-setting">
      {help && <Route path="/settings/help-setting" element={<Suspense fallback={<Loading />}><HelpSettingPage /></Suspense>} />}
      {notif && <Route path="/settings/purchase-notification-settings" element={<Suspense fallback={<Loading />}><PurchaseNotificationSettingsPage /></Suspense>} />}
    </CustomRoutes>
  );
}

export { HELP_CONSOLE_PAGES } from './paths';
