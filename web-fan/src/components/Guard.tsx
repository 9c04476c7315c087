// Route guards from the shared page access table (domain/access/pages.ts): guests sent to /login come back
// after logging in; signed-in roles the table does not allow see the access-denied page.
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockPersonRounded from '@mui/icons-material/LockPersonRounded';
import { FAN_PAGES, mayOpen } from '../../../domain/access/pages';
import { saveRedirect, useAuth } from '../auth';
import { Column, ErrorState, PageLoader } from './StatusViews';

export type FanPage = keyof typeof FAN_PAGES & string;

export function AccessDeniedPage() {
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: { xs: 8, sm: 12 } }} data-testid="access-denied-page">
      <LockPersonRounded sx={{ fontSize: 72, color: 'primary.main' }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Access denied
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 420, mx: 'auto' }}>
        Your account does not have access to this page.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 4 }} data-testid="access-denied-home">
        Go To Home
      </Button>
    </Box>
  );
}

/** Renders `children` when the current role may open `page` (a FAN_PAGES pattern). */
export function Guard({ page, children }: { page: FanPage; children: ReactNode }) {
  const { token, me, loadingMe, refresh } = useAuth();
  const location = useLocation();
  if (FAN_PAGES[page] === 'public') return <>{children}</>;
  if (token && loadingMe) return <PageLoader />;
  if (token && !me) {
    return (
      <Column>
        <ErrorState title="Could not load your account" onRetry={() => void refresh().catch(() => undefined)} />
      </Column>
    );
  }
  const verdict = mayOpen(FAN_PAGES, page, me?.role ?? null);
  if (verdict === 'login') {
    saveRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  if (verdict === 'denied') return <AccessDeniedPage />;
  return <>{children}</>;
}

/** Whether a menu entry to `page` makes sense for the current viewer. */
export function useMayOpen(): (page: FanPage) => boolean {
  const { me } = useAuth();
  return (page) => mayOpen(FAN_PAGES, page, me?.role ?? null) === 'allow';
}
