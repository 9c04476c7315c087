import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { saveRedirect, useAuth } from '../auth';
import { Column, ErrorState, PageLoader } from './StatusViews';

/** Protected routes: guests go to /login, and login brings them back here (spec 1 §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, me, loadingMe, refresh } = useAuth();
  const location = useLocation();
  if (!token) {
    saveRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  if (loadingMe) return <PageLoader />;
  if (!me) {
    return (
      <Column>
        <ErrorState title="Could not load your account" onRetry={() => void refresh().catch(() => undefined)} />
      </Column>
    );
  }
  return <>{children}</>;
}
