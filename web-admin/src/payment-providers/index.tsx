// Routes of the payment providers' settings pages and console pages (the Sticky.io lookup, payments and products,
// the CCBill test FlexForm), each for the roles that may open it (domain/access/pages.ts), and the ForumPay keys
// added under the Wallet and crypto settings form (forum-pay-setting).
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { SETTINGS_FORM_PAGE } from '../settings-index/registry';
import {
  CCBILL_REST_API_SETTINGS_PAGE, CCBILL_SETTINGS_PAGE, CCBILL_TEST_FLEX_FORM_PAGE, STICKY_IO_LOOKUP_PAGE, STICKY_IO_PRODUCTS_PAGE, STICKY_IO_SETTING_PAGE,
  STICKY_IO_TRANSACTIONS_PAGE,
} from './paths';

const CcbillSettingsPage = lazy(() => import('./CcbillSettingsPage'));
const CcbillRestApiSettingsPage = lazy(() => import('./CcbillRestApiSettingsPage'));
const StickyIoSettingPage = lazy(() => import('./StickyIoSettingPage'));
const ForumPaySettingPage = lazy(() => import('./ForumPaySettingPage'));
const StickyIoLookupPage = lazy(() => import('./StickyIoLookupPage'));
const StickyIoTransactionsPage = lazy(() => import('./StickyIoTransactionsPage'));
const StickyIoProductsPage = lazy(() => import('./StickyIoProductsPage'));
const CcbillTestFlexFormPage = lazy(() => import('./CcbillTestFlexFormPage'));

const PAGES: readonly { to: string; page: string; element: ReactNode }[] = [
  { to: '/settings/ccbill-settings', page: CCBILL_SETTINGS_PAGE, element: <CcbillSettingsPage /> },
  { to: '/settings/ccbill-rest-api-settings', page: CCBILL_REST_API_SETTINGS_PAGE, element: <CcbillRestApiSettingsPage /> },
  { to: '/settings/sticky-io-setting', page: STICKY_IO_SETTING_PAGE, element: <StickyIoSettingPage /> },
  { to: '/super-admin-tools/sticky-io-lookup', page: STICKY_IO_LOOKUP_PAGE, element: <StickyIoLookupPage /> },
  { to: '/sticky-io-transactions', page: STICKY_IO_TRANSACTIONS_PAGE, element: <StickyIoTransactionsPage /> },
  { to: '/sticky-io-subscription-products', page: STICKY_IO_PRODUCTS_PAGE, element: <StickyIoProductsPage /> },
  { to: '/ccbill-test-flex-form', page: CCBILL_TEST_FLEX_FORM_PAGE, element: <CcbillTestFlexFormPage /> },
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
