// /admin/welcome-messages: the welcome message in use and its earlier versions,
// each with its delivery, purchases and revenue (and who bought it), and the dialog to set or update it. A version
// whose media still render shows the spec's processing text, one whose media failed its error text; the
// list follows MASS_MESSAGE_UPDATED (processing → sent, → error) without a reload.
import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Box, Button, Card, Chip, Link, Stack, Typography } from '@mui/material';
import WavingHandOutlinedIcon from '@mui/icons-material/WavingHandOutlined';
import { useBasename, usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayOpenPage } from '../access';
import { ApiRequestError } from '../api';
import { formatDate, money, relative } from '../format';
import { PageGuard } from '../promotions/PageGuard';
import { useLiveQuery, useQueryClient } from '../query';
import { useDebounced, useFrame } from '../realtime';
import { massApi, type MassMessageUpdated, type WelcomeMessageView } from './api';
import { RowsSkeleton } from './MassRows';
import { WELCOME_MESSAGES_PAGE, WELCOME_PURCHASED_BY_PAGE, welcomePurchasedByPath } from './paths';
import { AUDIENCE_LABELS, formatDelay, MASS_TEXTS } from './rules';

const WelcomeMessageDialog = lazy(async () => ({ default: (await import('./WelcomeMessageDialog')).WelcomeMessageDialog }));

function WelcomeRow({ w, current, role }: { w: WelcomeMessageView; current: boolean; role: unknown }) {
  const basename = useBasename();
  const first = w.media_preview ?? w.media[0];
  const src = first ? first.thumbnail_url || first.blur_url : null;
  const state = w.isError ? 'error' : w.processing ? 'processing' : 'ready';
  return (
    <Card variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1.5, alignItems: 'center', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, .8fr)' } }} data-testid="welcome-row" data-id={w._id}>
      <Stack direction="row" spacing={1.5} sx={{ minWidth: 0, alignItems: 'center' }}>
        <Box sx={{ width: 56, height: 56, flexShrink: 0, borderRadius: 1.5, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
          {src ? <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <WavingHandOutlinedIcon color="action" />}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.25 }} data-testid="welcome-state" data-state={state}>
            {current ? <Chip size="small" color="success" label="In use" /> : <Chip size="small" label="Earlier version" />}
            {w.processing ? <Chip size="small" color="warning" label="Processing" /> : null}
            {w.isError ? <Chip size="small" color="error" label="Error" /> : null}
          </Stack>
          <Typography variant="body2" sx={{ overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', wordBreak: 'break-word' }}>
            {w.message || <em>Media only</em>}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {w.isLocked === 'locked' ? `Locked · $${w.amount}` : 'Free'} · {AUDIENCE_LABELS[w.sendTo]} ·{' '}
            {w.newUserMessageDelay === 'IMMEDIATELY' ? 'immediately' : `after ${formatDelay(w.delayByHours)} h`}
          </Typography>
          <Typography variant="caption" color="text.secondary" title={formatDate(w.updated)}>
            Updated {relative(w.updated)}
          </Typography>
        </Box>
      </Stack>
      <Box>
        <Typography variant="body2" data-testid="welcome-delivered">
          {w.stats.delivered.toLocaleString()} delivered
        </Typography>
        {w.processing ? (
          <Typography variant="caption" color="text.secondary" component="div" data-testid="welcome-processing-note">
            {MASS_TEXTS.processing}
          </Typography>
        ) : null}
        {w.isError ? (
          <Typography variant="caption" color="error" component="div" data-testid="welcome-error-note">
            {w.error || MASS_TEXTS.uploadError}
          </Typography>
        ) : null}
      </Box>
      <Box>
        {w.isLocked === 'locked' ? (
          <>
            <Typography variant="body2">{w.stats.revenue_cents === null ? '—' : money(w.stats.revenue_cents)}</Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {w.stats.purchases} purchase{w.stats.purchases === 1 ? '' : 's'}
            </Typography>
            {mayOpenPage(role, WELCOME_PURCHASED_BY_PAGE) ? (
              <Link component={RouterLink} to={`${basename}${welcomePurchasedByPath(w._id)}`} variant="caption" data-testid="welcome-purchased-by">
                Purchased by
              </Link>
            ) : null}
          </>
        ) : (
          <Typography variant="caption" color="text.secondary">
            Free message
          </Typography>
        )}
      </Box>
    </Card>
  );
}

/** The welcome versions in the read cache (under 'mass-messages': a send marks them stale too). */
const WELCOMES_KEY = ['mass-messages', 'welcomes'] as const;

export function WelcomeMessagesPage() {
  const { permissions: role } = usePermissions();
  const client = useQueryClient();
  const read = useLiveQuery(WELCOMES_KEY, signal => massApi.welcomes(signal));
  const items: WelcomeMessageView[] | null = read.data?.items ?? null;
  const error = read.error ? (read.error instanceof ApiRequestError && read.error.message) || 'Something went wrong' : null;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const load = useCallback(() => void client.invalidateQueries({ queryKey: WELCOMES_KEY }), [client]);
  // A version's media finished rendering or failed (MASS_MESSAGE_UPDATED; welcome versions are mass messages of
  // their own kind, and the frame does not say which): the list is read again, once per burst.
  const loadSoon = useDebounced(load, 300);
  useFrame<MassMessageUpdated>('MASS_MESSAGE_UPDATED', loadSoon);
  const current = items?.find(w => w.current) ?? null;
  return (
    <PageGuard page={WELCOME_MESSAGES_PAGE} title="Welcome messages">
      <Stack spacing={2.5} sx={{ mt: 2, mb: 4, maxWidth: 1200 }} data-testid="welcome-messages-page">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              Welcome messages
            </Typography>
            <Typography variant="body2" color="text.secondary">
              The message a fan gets in chat when they subscribe. Each fan gets a version once.
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<WavingHandOutlinedIcon />}
            onClick={() => {
              setUsed(true);
              setOpen(true);
            }}
            data-testid="open-welcome-message"
          >
            {current ? 'Update welcome message' : 'Set welcome message'}
          </Button>
        </Stack>
        {error ? (
          <Alert severity="error" action={<Button onClick={load}>Retry</Button>}>
            {error}
          </Alert>
        ) : items === null ? (
          <RowsSkeleton rows={2} />
        ) : items.length ? (
          <Stack spacing={1.5} data-testid="welcome-list">
            {items.map(w => (
              <WelcomeRow key={w._id} w={w} current={w.current} role={role} />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary" data-testid="welcome-empty">
            No welcome message yet. New subscribers get nothing in chat until you set one.
          </Typography>
        )}
      </Stack>
      <Suspense fallback={null}>
        {used ? <WelcomeMessageDialog open={open} onClose={() => setOpen(false)} role={role} onSaved={load} /> : null}
      </Suspense>
    </PageGuard>
  );
}
