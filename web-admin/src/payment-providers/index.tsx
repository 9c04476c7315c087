// Routes of the payment providers' settings pages, each for the roles that may open it (domain/access/pages.ts),
// and the ForumPay keys added under the Wallet and crypto settings form (forum-pay-setting).
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import CurrencyBitcoinOutlinedIcon from '@mui/icons-material/CurrencyBitcoinOutlined';
import { mayCall, mayOpenPage } from '../access';
import { SettingsPage } from '../settings-index/SettingsPage';
import { SETTINGS_FORM_PAGE } from '../settings-index/registry';
import { ProviderSettingsCard } from './ProviderSettingsCard';
import { CCBILL_REST_API_SETTINGS_PAGE, CCBILL_SETTINGS_PAGE, STICKY_IO_SETTING_PAGE } from './paths';

const CcbillSettingsPage = lazy(() => import('./CcbillSettingsPage'));
const CcbillRestApiSettingsPage = lazy(() => import('./CcbillRestApiSettingsPage'));
const StickyIoSettingPage = lazy(() => import('./StickyIoSettingPage'));

const PAGES: readonly { to: string; page: string; element: ReactNode }[] = [
  { to: '/settings/ccbill-settings', page: CCBILL_SETTINGS_PAGE, element: <CcbillSettingsPage /> },
  { to: '/settings/ccbill-rest-api-settings', page: CCBILL_REST_API_SETTINGS_PAGE, element: <CcbillRestApiSettingsPage /> },
  { to: '/settings/sticky-io-setting', page: STICKY_IO_SETTING_PAGE, element: <StickyIoSettingPage /> },
];

/** The ForumPay keys, for those the API lets read them (admins); the form's other roles see the form only. */
const forumPayKeys = (permissions: unknown) =>
  mayCall(permissions, 'GET /api/settings/payment-providers/forumpay') ? (
    <ProviderSettingsCard provider="forumpay" icon={<CurrencyBitcoinOutlinedIcon />} subtitle="The ForumPay API user, secret and POS ID crypto top-ups are received with; live or sandbox." />
  ) : null;

export function paymentProviderRoutes(permissions: unknown) {
  const pages = PAGES.filter((p) => mayOpenPage(permissions, p.page));
  const forumPay = mayOpenPage(permissions, SETTINGS_FORM_PAGE);
  if (pages.length === 0 && !forumPay) return null;
  return (
    <CustomRoutes key="payment-providers">
      {pages.map((p) => (
        <Route key={p.to} path={p.to} element={<Suspense fallback={<Loading />}>{p.element}</Suspense>} />
      ))}
      {forumPay ? <Route path="/settings/forum-pay-setting" element={<SettingsPage slug="forum-pay-setting" after={forumPayKeys(permissions)} />} /> : null}
    </CustomRoutes>
  );
}
