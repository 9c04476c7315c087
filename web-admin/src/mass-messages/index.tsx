// Mass and welcome messages in the console: pages loaded on first visit (their own chunk), routed only for the
// roles domain/access/pages.ts lets open them.
import { lazy, Suspense, type ReactNode } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { MANAGE_MASS_MESSAGES_PAGE, MASS_MESSAGES_PAGE, MASS_PURCHASED_BY_PAGE, STAGGER_SETTINGS_PAGE, WELCOME_MESSAGES_PAGE, WELCOME_PURCHASED_BY_PAGE } from './paths';

export { MASS_CONSOLE_PAGES } from './paths';

const MassMessagesPage = lazy(async () => ({ default: (await import('./MassMessagesPage')).MassMessagesPage }));
const ManageMassMessagesPage = lazy(async () => ({ default: (await import('./ManageMassMessagesPage')).ManageMassMessagesPage }));
const WelcomeMessagesPage = lazy(async () => ({ default: (await import('./WelcomeMessagesPage')).WelcomeMessagesPage }));
const PurchasedByPage = lazy(async () => ({ default: (await import('./PurchasedByPage')).PurchasedByPage }));
const StaggerSettingsPage = lazy(async () => ({ default: (await import('./StaggerSettings')).StaggerSettingsPage }));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

const ROUTES: { page: string; path: string; element: ReactNode }[] = [
  { page: MASS_MESSAGES_PAGE, path: '/mass-messages', element: page(<MassMessagesPage />) },
  { page: MANAGE_MASS_MESSAGES_PAGE, path: '/manage-mass-messages', element: page(<ManageMassMessagesPage />) },
  { page: WELCOME_MESSAGES_PAGE, path: '/welcome-messages', element: page(<WelcomeMessagesPage />) },
  { page: MASS_PURCHASED_BY_PAGE, path: '/purchased-by/mass-message/:_id/:promotion_id?', element: page(<PurchasedByPage kind="mass" />) },
  { page: WELCOME_PURCHASED_BY_PAGE, path: '/purchased-by/welcome-message/:_id', element: page(<PurchasedByPage kind="welcome" />) },
  { page: STAGGER_SETTINGS_PAGE, path: '/settings/stagger-message-settings', element: page(<StaggerSettingsPage />) },
];

/** The routes this role may open, as react-admin custom routes (inside the layout). */
export function massMessageRoutes(permissions: unknown) {
  const allowed = ROUTES.filter(r => mayOpenPage(permissions, r.page));
  if (allowed.length === 0) return null;
  return (
    <CustomRoutes key="mass-messages">
      {allowed.map(r => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
    </CustomRoutes>
  );
}
