// Promotions in the console: pages loaded on first visit (their own chunk), routed only for the roles
// domain/access/pages.ts lets open them. Coupons and the resubscribe offer route their own pages
// (web-admin/src/coupons, web-admin/src/offers): they build on this folder (its page paths, the purchases table),
// so this folder never imports them.
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { PROMOTION_BUYERS_PAGE, PROMOTION_REPORTS_PAGE, PROMOTIONS_PAGE } from './paths';

export { PROMOTION_CONSOLE_PAGES } from './paths';

const PromotionsPage = lazy(async () => ({ default: (await import('./PromotionsPage')).PromotionsPage }));
const PromotionReports = lazy(async () => ({ default: (await import('./PromotionReports')).PromotionReports }));
const PromotionBuyers = lazy(async () => ({ default: (await import('./PromotionBuyers')).PromotionBuyers }));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

const ROUTES: { page: string; path: string; element: ReactNode }[] = [
  { page: PROMOTIONS_PAGE, path: '/promotions', element: page(<PromotionsPage />) },
  { page: PROMOTION_REPORTS_PAGE, path: '/promotion-reports', element: page(<PromotionReports />) },
  { page: PROMOTION_BUYERS_PAGE, path: '/promotion-subscribe-users/:promotion_id', element: page(<PromotionBuyers />) },
];

/** The routes this role may open, as react-admin custom routes (inside the layout). */
export function promotionRoutes(permissions: unknown) {
  const allowed = ROUTES.filter(r => mayOpenPage(permissions, r.page));
  if (allowed.length === 0) return null;
  return (
    <CustomRoutes key="promotions">
      {allowed.map(r => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
    </CustomRoutes>
  );
}
