// The creator's reports in the console: loaded on first visit so the console's first chunk stays small.
import { lazy, Suspense, type ReactElement } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import {
  INFLUENCER_ACTIVITY_PAGE, OPT_IN_REPORT_PAGE, POST_BUYERS_PAGE, PURCHASE_HISTORY_PAGE, REPORTING_PAGE, REPORTING_SETTINGS_PAGE, REVERSALS_PAGE, UNLOCKED_CONTENT_PAGE,
  USER_REPORT_PAGE, UTM_PAGE,
} from './paths';

export { REPORT_CONSOLE_PAGES } from './paths';

const Reporting = lazy(async () => ({ default: (await import('./ReportingPage')).ReportingPage }));
const money = () => import('./MoneyReports');
const fans = () => import('./FanReports');
const Reversals = lazy(async () => ({ default: (await money()).ReversalsPage }));
const UserReport = lazy(async () => ({ default: (await money()).UserReportPage }));
const PurchaseHistory = lazy(async () => ({ default: (await money()).PurchaseHistoryPage }));
const Unlocks = lazy(async () => ({ default: (await money()).UnlockedContentPage }));
const PostBuyers = lazy(async () => ({ default: (await money()).PostBuyersPage }));
const Utm = lazy(async () => ({ default: (await fans()).UtmParamsPage }));
const OptIn = lazy(async () => ({ default: (await fans()).OptInReportPage }));
const Activity = lazy(async () => ({ default: (await fans()).InfluencerActivityPage }));
const Settings = lazy(async () => ({ default: (await fans()).ReportingSettingsPage }));

const page = (el: ReactElement) => <Suspense fallback={<Loading />}>{el}</Suspense>;

/** The console routes of the reports (path under /admin → the page table's key → the page). */
const ROUTES: [string, string, ReactElement][] = [
  ['/reporting', REPORTING_PAGE, <Reporting />],
  ['/voids-refund-and-chargeback', REVERSALS_PAGE, <Reversals />],
  ['/user-report', USER_REPORT_PAGE, <UserReport />],
  ['/user-purchase-history', PURCHASE_HISTORY_PAGE, <PurchaseHistory />],
  ['/unlocked-content-user-list', UNLOCKED_CONTENT_PAGE, <Unlocks />],
  ['/purchased-by/locked-exclusive-content/:blogId/:promotion_id?', POST_BUYERS_PAGE, <PostBuyers />],
  ['/user-utm-params', UTM_PAGE, <Utm />],
  ['/settings/opt-in-report', OPT_IN_REPORT_PAGE, <OptIn />],
  ['/settings/reporting-page', REPORTING_SETTINGS_PAGE, <Settings />],
  ['/influencer-activity', INFLUENCER_ACTIVITY_PAGE, <Activity />],
];

export function reportRoutes(permissions: unknown) {
  const routes = ROUTES.filter(([, key]) => mayOpenPage(permissions, key)).map(([path, , el]) => <Route key={path} path={path} element={page(el)} />);
  return routes.length ? <CustomRoutes key="reports">{routes}</CustomRoutes> : null;
}
