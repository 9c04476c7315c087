// Tiers and bundles in the console (web-admin/src/tiers): the list with the bundles, and a tier's create and edit
// forms, loaded on first visit and routed only for the roles domain/access/pages.ts lets open them.
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { TIER_CREATE_PAGE, TIER_EDIT_PAGE, TIERS_PAGE } from './paths';

export { TIERS_CONSOLE_PAGES } from './paths';

const TiersPage = lazy(async () => ({ default: (await import('./TiersPage')).TiersPage }));
const TierCreate = lazy(async () => ({ default: (await import('./TierForm')).TierCreate }));
const TierEdit = lazy(async () => ({ default: (await import('./TierForm')).TierEdit }));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

const ROUTES: { page: string; path: string; element: ReactNode }[] = [
  { page: TIERS_PAGE, path: '/membership-tiers', element: page(<TiersPage />) },
  { page: TIER_CREATE_PAGE, path: '/membership-tiers/create', element: page(<TierCreate />) },
  { page: TIER_EDIT_PAGE, path: '/membership-tiers/:id', element: page(<TierEdit />) },
];

/** The routes this role may open, as react-admin custom routes (inside the layout). */
export function tierRoutes(permissions: unknown) {
  const allowed = ROUTES.filter(r => mayOpenPage(permissions, r.page));
  if (allowed.length === 0) return null;
  return (
    <CustomRoutes key="membership-tiers">
      {allowed.map(r => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
    </CustomRoutes>
  );
}
