// /admin/mass-messages: send a mass message, the messages that
// failed (GET /admin/get-error-mass-messages) with Resend, and the latest sends with their live progress.
import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { useBasename, usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PageGuard } from '../promotions/PageGuard';
import { massApi, type MassMessageView } from './api';
import { MassRow, RowsSkeleton, useMassList } from './MassRows';
import { ResendDialog } from './ResendDialog';
import { MANAGE_MASS_MESSAGES_PATH, MASS_MESSAGES_PAGE } from './paths';

const MassMessageDialog = lazy(async () => ({ default: (await import('./MassMessageDialog')).MassMessageDialog }));

export function MassMessagesPage() {
  const { permissions: role } = usePermissions();
  const basename = useBasename();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [resend, setResend] = useState<MassMessageView | null>(null);
  const failed = useMassList(['errors'], signal => massApi.errors(signal));
  const recent = useMassList(['list', 1, 5, undefined], signal => massApi.list({ page: 1, per_page: 5 }, signal));
  return (
    <PageGuard page={MASS_MESSAGES_PAGE} title="Mass messages">
      <Stack spacing={3} sx={{ mt: 2, mb: 4, maxWidth: 1200 }} data-testid="mass-messages-page">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              Mass messages
            </Typography>
            <Typography variant="body2" color="text.secondary">
              One message to every subscriber's chat, free or locked, now or scheduled.
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<CampaignOutlinedIcon />}
            onClick={() => {
              setUsed(true);
              setOpen(true);
            }}
            data-testid="open-mass-message"
          >
            Send Mass Message
          </Button>
        </Stack>

        <Box component="section" aria-labelledby="failed-title">
          <Typography variant="h6" component="h2" id="failed-title" sx={{ mb: 1 }}>
            Failed messages
          </Typography>
          {failed.error ? (
            <Alert severity="error" action={<Button onClick={failed.reload}>Retry</Button>}>
              {failed.error}
            </Alert>
          ) : failed.loading && !failed.data ? (
            <RowsSkeleton rows={1} />
          ) : failed.data?.items.length ? (
            <Stack spacing={1.5} data-testid="mass-error-list">
              {failed.data.items.map(m => (
                <MassRow key={m._id} m={m} role={role} onCancelled={failed.replace} onResend={setResend} />
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary" data-testid="mass-errors-empty">
              No failed mass messages.
            </Typography>
          )}
        </Box>

        <Box component="section" aria-labelledby="recent-title">
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2" id="recent-title" sx={{ flex: 1 }}>
              Latest
            </Typography>
            <Button component={RouterLink} to={`${basename}${MANAGE_MASS_MESSAGES_PATH}`} size="small">
              Manage all
            </Button>
          </Stack>
          {recent.error ? (
            <Alert severity="error" action={<Button onClick={recent.reload}>Retry</Button>}>
              {recent.error}
            </Alert>
          ) : recent.loading && !recent.data ? (
            <RowsSkeleton />
          ) : recent.data?.items.length ? (
            <Stack spacing={1.5}>
              {recent.data.items.map(m => (
                <MassRow key={m._id} m={m} role={role} onCancelled={recent.replace} onResend={setResend} />
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary" data-testid="mass-empty">
              No mass messages yet. Send one to reach all your subscribers at once.
            </Typography>
          )}
        </Box>
      </Stack>
      <ResendDialog
        message={resend}
        onClose={() => setResend(null)}
        onResent={() => {
          failed.reload();
          recent.reload();
        }}
      />
      <Suspense fallback={null}>
        {used ? (
          <MassMessageDialog
            open={open}
            role={role}
            onClose={() => {
              setOpen(false);
              recent.reload();
            }}
          />
        ) : null}
      </Suspense>
    </PageGuard>
  );
}
