// Whole-site states: maintenance and a blocked account (HTTP 430).
import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BlockRounded from '@mui/icons-material/BlockRounded';
import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import { api } from '../api';
import { useAuth, useModelName } from '../auth';
import { sanitizeHtml } from '../sanitize';
import { BLOCKED_REGION_MESSAGE } from '../../../domain/member/member';

function Frame({ children, testId }: { children: ReactNode; testId: string }) {
  const modelName = useModelName();
  const { settings } = useAuth();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 34,
            height: 34,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            backgroundImage: settings?.model_avatar_url ? `url("${settings.model_avatar_url.replace(/"/g, '')}")` : undefined,
            backgroundSize: 'cover',
          }}
        >
          {settings?.model_avatar_url ? '' : modelName.slice(0, 1).toUpperCase()}
        </Box>
        <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
          {modelName}
        </Typography>
      </Box>
      <Box component="main" id="main" sx={{ flex: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
        {children}
      </Box>
    </Box>
  );
}

export function MaintenancePage() {
  const query = useQuery({
    queryKey: ['pages', 'maintenance', 'html'],
    queryFn: async ({ signal }) => {
      const { data } = await api.get<{ html?: string } | string>('/api/pages/get_html', { slug: 'maintenance' }, signal);
      return typeof data === 'string' ? data : (data?.html ?? '');
    },
  });
  const html = query.data ?? null;
  const failed = query.isError;
  const safe = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  const loading = html === null && !failed;

  return (
    <Frame testId="maintenance-page">
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }}>
        <ConstructionRounded sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
        {loading ? (
          <Box role="status" aria-label="Loading">
            <Skeleton sx={{ mx: 'auto', mt: 2 }} width="60%" height={40} />
            <Skeleton sx={{ mx: 'auto' }} width="85%" />
            <Skeleton sx={{ mx: 'auto' }} width="70%" />
          </Box>
        ) : safe ? (
          <Box
            data-testid="maintenance-html"
            sx={{ mt: 2, wordBreak: 'break-word', '& a': { color: 'primary.main' }, '& img': { maxWidth: '100%', height: 'auto' }, '& h1, & h2, & h3': { mt: 1, mb: 1.5, lineHeight: 1.25 } }}
            dangerouslySetInnerHTML={{ __html: safe }}
          />
        ) : (
          <>
            <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
              We&apos;ll be back soon
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              The site is down for maintenance. Please check back in a little while.
            </Typography>
          </>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
          Staff?{' '}
          <Link component={RouterLink} to="/login" data-testid="maintenance-login">
            Log in
          </Link>
        </Typography>
      </Paper>
    </Frame>
  );
}

export function BlockedPage({ message }: { message: string }) {
  const { token, logout, clearBlocked } = useAuth();
  // A blocked region and a blocked account share the status (430); the server's message tells them apart.
  const region = message.trim() === BLOCKED_REGION_MESSAGE || /blocked in your area|region/i.test(message);
  // The title already says it; show only what the server adds (e.g. 'Please contact support.').
  const extra = region ? '' : message.trim().replace(/^your account has been blocked[.!]?\s*/i, '');
  return (
    <Frame testId="blocked-page">
      <Paper variant="outlined" role="alert" sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }}>
        <BlockRounded sx={{ fontSize: 56, color: 'error.main' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
          {region ? BLOCKED_REGION_MESSAGE : 'Your account has been blocked'}
        </Typography>
        {extra && (
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }} data-testid="blocked-message">
            {extra}
          </Typography>
        )}
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          If you think this is a mistake, please{' '}
          <Link href="/contact-us" data-testid="blocked-contact">
            contact us
          </Link>
          .
        </Typography>
        <Button
          variant="contained"
          size="large"
          sx={{ mt: 4 }}
          data-testid="blocked-leave"
          onClick={() => {
            if (token) logout();
            clearBlocked();
            window.location.assign('/');
          }}
        >
          {token ? 'Log out' : 'Go To Home'}
        </Button>
      </Paper>
    </Frame>
  );
}
