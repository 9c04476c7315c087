// The resubscribe offer in the console, loaded on first visit (its own chunk), routed only for the roles
// domain/access/pages.ts lets open it. Its path is listed with the promotions' (web-admin/src/promotions/paths.ts).
import { lazy, Suspense } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { RESUBSCRIBE_OFFER_PAGE } from '../promotions/paths';

const ResubscribeOfferPage = lazy(async () => ({ default: (await import('./ResubscribeOfferPage')).ResubscribeOfferPage }));

export function offerRoutes(permissions: unknown) {
  if (!mayOpenPage(permissions, RESUBSCRIBE_OFFER_PAGE)) return null;
  return (
    <CustomRoutes key="offers">
      <Route path="/resubscribe-offer" element={<Suspense fallback={<Loading />}><ResubscribeOfferPage /></Suspense>} />
    </CustomRoutes>
  );
}
