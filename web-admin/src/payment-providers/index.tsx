// Routes of the payment providers' settings pages, each for the roles that may open it (domain/access/pages.ts),
// and the ForumPay keys added under the Wallet and crypto settings form (forum-pay-setting).
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { SETTINGS_FORM_PAGE } from '../settings-index/registry';
import { CCBILL_REST_API_SETTINGS_PAGE, CCBILL_SETTINGS_PAGE, STICKY_IO_SETTING_PAGE } from './paths';

const CcbillSettingsPage = lazy(() => import('./CcbillSettingsPage'));
const CcbillRestApiSettingsPage = lazy(() => import('./CcbillRestApiSettingsPage'));
const StickyIoSettingPage = lazy(() => import('./StickyIoSettingPage'));
const ForumPaySettingPage = lazy(() => import('./ForumPaySettingPage'));

const PAGES: readonly { to: string; page: string; element: ReactNode }[] = [
  { to: '/settings/ccbill-settings', page: CCBILL_SETTINGS_PAGE, element: <CcbillSettingsPage /> },
  { to: '/settings/ccbill-rest-api-settings', page: CCBILL_REST_API_SETTINGS_PAGE, element: <CcbillRestApiSettingsPage /> },
  { to: '/settings/sticky-io-setting', page: STICKY_IO_SETTING_PAGE, element: <StickyIoSettingPage /> },
];

export function paymentProviderRoutes(permissions: unknown) {
  const pages = PAGES.filter((p) => mayOpenPage(permissions, p.page));
  const forumPay = mayOpenPage(permissions, SETTINGS_FORM_PAGE);
  if (pages.length === 0 && !forumPay) return null;
  return (
    <CustomRoutes key="payment-providers">
      {pages.map((p) => (
        <Route key={p.to} path={p.to} element={<Suspense fallback={<Loading />}>{p.element}</Suspense>} />
      ))}
      {forumPay ? <Route path="/settings/forum-pay-setting" element={<Suspense fallback={<Loading />}><ForumPaySettingPage /></Suspense>} /> : null}
    </CustomRoutes>
  );
}
