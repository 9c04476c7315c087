// The setup wizard's route, for the roles that run it (domain/access/pages.ts: the admins).
import { lazy, Suspense } from 'react';
import { CustomRoutes, Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { SETUP_PAGE } from './paths';

const SetupWizardPage = lazy(() => import('./SetupWizard'));

export function setupRoutes(permissions: unknown) {
  if (!mayOpenPage(permissions, SETUP_PAGE)) return null;
  return (
    <CustomRoutes key="setup">
      <Route
        path="/setup"
        element={
          <Suspense fallback={<Loading />}>
            <SetupWizardPage />
          </Suspense>
        }
      />
    </CustomRoutes>
  );
}
