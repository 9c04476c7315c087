// Coupons in the console: the coupon reports and one coupon's details, loaded on first visit (their own chunk),
// routed only for the roles domain/access/pages.ts lets open them. Their paths are listed with the promotions'
// (web-admin/src/promotions/paths.ts), which this folder builds on.
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { COUPON_DETAILS_PAGE, COUPON_REPORTS_PAGE } from '../promotions/paths';

const CouponReports = lazy(async () => ({ default: (await import('./CouponReports')).CouponReports }));
const CouponDetails = lazy(async () => ({ default: (await import('./CouponDetails')).CouponDetails }));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

const ROUTES: { page: string; path: string; element: ReactNode }[] = [
  { page: COUPON_REPORTS_PAGE, path: '/coupon-reports', element: page(<CouponReports />) },
  { page: COUPON_DETAILS_PAGE, path: '/coupon-reports/coupon-details/:couponId', element: page(<CouponDetails />) },
];

/** The routes this role may open, as react-admin custom routes (inside the layout). */
export function couponRoutes(permissions: unknown) {
  const allowed = ROUTES.filter(r => mayOpenPage(permissions, r.page));
  if (allowed.length === 0) return null;
  return (
    <CustomRoutes key="coupons">
      {allowed.map(r => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
    </CustomRoutes>
  );
}
