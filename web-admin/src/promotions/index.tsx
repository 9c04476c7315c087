// Promotions, coupons and the resubscribe offer in the console: pages loaded on first visit (their own chunk),
// routed only for the roles domain/access/pages.ts lets open them.
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { COUPON_DETAILS_PAGE, COUPON_REPORTS_PAGE, PROMOTION_BUYERS_PAGE, PROMOTION_REPORTS_PAGE, PROMOTIONS_PAGE, RESUBSCRIBE_OFFER_PAGE } from './paths';

export { PROMOTION_CONSOLE_PAGES } from './paths';

const PromotionsPage = lazy(async () => ({ default: (await import('./PromotionsPage')).PromotionsPage }));
const PromotionReports = lazy(async () => ({ default: (await import('./PromotionReports')).PromotionReports }));
const PromotionBuyers = lazy(async () => ({ default: (await import('./PromotionBuyers')).PromotionBuyers }));
const CouponReports = lazy(async () => ({ default: (await import('../coupons/CouponReports')).CouponReports }));
const CouponDetails = lazy(async () => ({ default: (await import('../coupons/CouponDetails')).CouponDetails }));
const ResubscribeOfferPage = lazy(async () => ({ default: (await import('../offers/ResubscribeOfferPage')).ResubscribeOfferPage }));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

const ROUTES: { page: string; path: string; element: ReactNode }[] = [
  { page: PROMOTIONS_PAGE, path: '/promotions', element: page(<PromotionsPage />) },
  { page: PROMOTION_REPORTS_PAGE, path: '/promotion-reports', element: page(<PromotionReports />) },
  { page: PROMOTION_BUYERS_PAGE, path: '/promotion-subscribe-users/:promotion_id', element: page(<PromotionBuyers />) },
  { page: COUPON_REPORTS_PAGE, path: '/coupon-reports', element: page(<CouponReports />) },
  { page: COUPON_DETAILS_PAGE, path: '/coupon-reports/coupon-details/:couponId', element: page(<CouponDetails />) },
  { page: RESUBSCRIBE_OFFER_PAGE, path: '/resubscribe-offer', element: page(<ResubscribeOfferPage />) },
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
