// The cancellations report (/admin/cancellation) and the subscription settings page (/admin/subscription-settings):
// console pages that are not react-admin resources. domain/access/pages.ts says who may open them; AppMenu lists
// them under Money and Settings.
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import TuneIcon from '@mui/icons-material/Tune';
import { type ConsolePage } from '../consolePages';

export const CANCELLATION_PAGE = '/admin/cancellation';
export const SUBSCRIPTION_SETTINGS_PAGE = '/admin/subscription-settings';

/** Menu entries (AppMenu shows those the role may open). */
export const SUBSCRIPTION_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Money', to: '/cancellation', page: CANCELLATION_PAGE, label: 'Cancellations', icon: EventBusyIcon, testId: 'menu-cancellations' },
  { group: 'Settings', to: '/subscription-settings', page: SUBSCRIPTION_SETTINGS_PAGE, label: 'Subscriptions', icon: TuneIcon, testId: 'menu-subscription-settings' },
];

const List = lazy(async () => ({ default: (await import('./CancellationList')).CancellationList }));
const Settings = lazy(async () => ({ default: (await import('../subscribers/SubscriptionSettings')).SubscriptionSettings }));

export function CancellationsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <List />
    </Suspense>
  );
}

export function SubscriptionSettingsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <Settings />
    </Suspense>
  );
}
